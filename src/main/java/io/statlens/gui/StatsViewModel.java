package io.statlens.gui;

import io.statlens.analysis.KeyOrder;
import io.statlens.analysis.MetricStats;
import io.statlens.analysis.RunStatistics;
import io.statlens.analysis.StatsRequest;
import io.statlens.chart.ChartData;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.stats.SeriesSummary;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.read.WholeKeys;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The statistics pane under the chart: count, min, max, mean, stddev and percentiles of the charted metric,
 * per run and key, over the time the chart shows. Zooming or panning the chart changes that window.
 */
public final class StatsViewModel {
    /**
     * One line of the pane: a run's key of the charted metric, and the metric's unit.
     *
     * @param wholeKey the key whole, where it was too long for a data table and {@code key} is its start and a hash
     */
    public record Row(String run, String key, String unit, SeriesStats stats, String wholeKey) {
        public Row(String run, String key, String unit, SeriesStats stats) {
            this(run, key, unit, stats, key);
        }
    }

    /**
     * The part of the chart's x axis shown, in the chart's units: epoch milliseconds for a time axis, seconds
     * since each run's start for an elapsed axis (runs overlaid).
     */
    public record Window(boolean elapsed, double from, double to) {
    }

    private final RunStatistics runStatistics;
    private final RunCatalog runCatalog;
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper("");
    /** The latest ask: only it is computed and shown. */
    private final TaskSlot asked;

    public StatsViewModel(RunStatistics runStatistics, RunCatalog runCatalog, TaskExecutor executor) {
        this.runStatistics = runStatistics;
        this.runCatalog = runCatalog;
        this.asked = new TaskSlot(executor);
    }

    /**
     * Computes the statistics of a chart's selection.
     *
     * @param window null for the whole of each run (the chart not zoomed): then the summaries stored at
     *               import answer, exactly as {@code statlens stats} without {@code --from/--to}
     */
    public void show(ChartViewModel.Selection selection, Window window) {
        // A pan moves the axis many times a second: asks queued behind a newer one are skipped, not computed.
        asked.start(BackgroundTask.<List<Row>>of("statistics of " + selection.metric(),
                task -> task.dropped() ? List.of() : compute(selection, window)).onSuccess(computed -> {
            rows.setAll(computed);
            caption.set(selection.dataset() + " " + selection.metric() + ", " + (window == null ? "whole run"
                    : window.elapsed() ? "elapsed " + seconds(window.from()) + " to " + seconds(window.to())
                    : Instant.ofEpochMilli(Math.round(window.from())) + " to "
                    + Instant.ofEpochMilli(Math.round(window.to()))));
        }).onFailure(e -> {
            rows.clear();
            caption.set(e instanceof UserException ? e.getMessage() : "cannot compute statistics: " + e);
        }));
    }

    /**
     * The statistics of a chart drawn from a query (the SQL console's, or the chart's edited one): its own values, those
     * in the window shown (null: all of them), one row per line of the chart. The repository holds no summaries of a
     * query's result, and the metric charted before has nothing to do with it.
     */
    public void showResult(ChartData data, Window window) {
        asked.start(BackgroundTask.<List<Row>>of("statistics of " + data.title(),
                task -> task.dropped() ? List.of() : resultStats(data, window)).onSuccess(computed -> {
            rows.setAll(computed);
            caption.set(data.title() + ", " + (window == null ? "whole result"
                    : data.domain() == ChartData.Domain.TIME ? Instant.ofEpochMilli(Math.round(window.from())) + " to "
                    + Instant.ofEpochMilli(Math.round(window.to()))
                    : "x " + window.from() + " to " + window.to()));
        }).onFailure(e -> {
            rows.clear();
            caption.set(e instanceof UserException ? e.getMessage() : "cannot compute statistics: " + e);
        }));
    }

    private static List<Row> resultStats(ChartData data, Window window) {
        String run = data.runs().isEmpty() ? "query" : String.join(", ", data.runs());
        List<Row> out = new ArrayList<>();
        for (ChartData.PlotSeries s : data.series()) {
            SeriesSummary summary = new SeriesSummary();
            for (int i = 0; i < s.size(); i++) {
                if (window == null || (s.x()[i] >= window.from() && s.x()[i] <= window.to())) summary.add(s.y()[i]);
            }
            if (summary.count() > 0) out.add(new Row(run, s.name(), data.unit(), summary.stats()));
        }
        if (out.isEmpty()) throw new UserException("no values of " + data.title() + " in the shown " + (window == null ? "result" : "time"));
        return out;
    }

    private List<Row> compute(ChartViewModel.Selection selection, Window window) {
        List<Row> out = new ArrayList<>();
        for (String run : selection.runs()) {
            TimeWindow times = window == null ? TimeWindow.ALL : times(window, runCatalog.run(run).start());
            // Exactly the charted data set: an averaged run's sysbench.stddev has the same metric labels as sysbench.
            StatsRequest request = StatsRequest.ofDataset(run, selection.dataset(), selection.metric(), times);
            List<MetricStats> stats;
            try {
                stats = runStatistics.stats(request);
            } catch (UserException noValuesInWindow) {
                continue; // an overlaid run may be shorter than the window; the others still count
            }
            WholeKeys whole = runCatalog.wholeKeys(run);
            // The busiest keys first, as the chart's top N picks them; the average over all keys leads.
            stats.stream().sorted(Comparator.comparing((MetricStats s) -> !s.key().isEmpty() && !s.key().equals(KeyOrder.ALL))
                            .thenComparing(s -> -s.stats().mean()))
                    .forEach(s -> out.add(new Row(run, s.key(), s.unit(), s.stats(), whole.whole(s.dataset(), s.key()))));
        }
        if (out.isEmpty()) throw new UserException("no values of " + selection.metric() + " in the shown time");
        return out;
    }

    private static TimeWindow times(Window w, Instant runStart) {
        if (!w.elapsed()) return new TimeWindow(Instant.ofEpochMilli((long) Math.ceil(w.from())),
                Instant.ofEpochMilli((long) Math.floor(w.to())));
        return new TimeWindow(runStart.plusMillis((long) Math.ceil(w.from() * 1000)),
                runStart.plusMillis((long) Math.floor(w.to() * 1000)));
    }

    private static String seconds(double s) {
        return Math.round(s) + " s";
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public ReadOnlyStringProperty captionProperty() {
        return caption.getReadOnlyProperty();
    }
}
