package io.statlens.gui;

import io.statlens.analysis.RunAverager;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.jfree.chart.JFreeChart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The average window: a new run from the per-interval mean of the runs selected in the browser, built by
 * {@link RunAverager} with the options of {@code statlens average} (name, grid interval, the run the facts
 * come from, replace). Shows what was averaged as the command does, reloads the browser, and charts a chosen
 * metric of the new run over its input runs.
 */
public final class AverageViewModel {
    /** What one averaging produced: the averager's result and, per averaged data set, the new run's metric labels. */
    record Outcome(RunAverager.Result result, Map<String, List<String>> metrics) {
    }

    private final RunAverager runAverager;
    private final RunCatalog runCatalog;
    private final ChartService chartService;
    private final TaskExecutor executor;
    private final Runnable reload;
    private final ObservableList<String> runs = FXCollections.observableArrayList();
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty interval = new SimpleStringProperty("");
    private final StringProperty textFrom = new SimpleStringProperty("");
    private final BooleanProperty replace = new SimpleBooleanProperty();
    private final ObservableList<RunAverager.DatasetResult> datasets = FXCollections.observableArrayList();
    private final ObservableList<String> notes = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<MetricNode> created = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> chartDatasets = FXCollections.observableArrayList();
    private final ObservableList<String> chartMetrics = FXCollections.observableArrayList();
    private final StringProperty chartDataset = new SimpleStringProperty();
    private final StringProperty chartMetric = new SimpleStringProperty();
    private final ReadOnlyObjectWrapper<JFreeChart> chart = new ReadOnlyObjectWrapper<>();
    private Map<String, List<String>> metricsByDataset = Map.of();
    private RunAverager.Result last;

    /** @param reload reads the browser's runs again (on the UI thread), so that the new run shows there */
    public AverageViewModel(RunAverager runAverager, RunCatalog runCatalog, ChartService chartService, TaskExecutor executor,
                            Runnable reload) {
        this.runAverager = runAverager;
        this.runCatalog = runCatalog;
        this.chartService = chartService;
        this.executor = executor;
        this.reload = reload;
        chartDataset.addListener((o, was, now) -> {
            chartMetrics.setAll(now == null ? List.of() : metricsByDataset.getOrDefault(now, List.of()));
            chartMetric.set(chartMetrics.isEmpty() ? null : chartMetrics.get(0));
        });
        chartMetric.addListener((o, was, now) -> chart());
    }

    /** Starts over with these runs (the browser's selection); the new run's name defaults to {@code avg-of-<first>}. */
    public void open(List<String> selected) {
        runs.setAll(selected);
        name.set(selected.isEmpty() ? "" : "avg-of-" + selected.get(0));
        textFrom.set("");
        datasets.clear();
        notes.clear();
        summary.set("");
        created.set(null);
        last = null;
        metricsByDataset = Map.of();
        chartDataset.set(null);
        chartDatasets.clear();
        chart.set(null);
        message.set(selected.size() < 2 ? "select two or more runs in the browser (Ctrl-click) to average them" : "");
    }

    /** Builds the new run in the background; what was averaged, or why not, is shown afterwards. */
    public void average() {
        List<String> sources = List.copyOf(runs);
        String newName = name.get() == null ? "" : name.get().strip();
        if (sources.size() < 2) {
            message.set("averaging needs at least two runs, got " + sources.size() + "; select them in the browser (Ctrl-click)");
            return;
        }
        if (newName.isEmpty()) {
            message.set("give the new run a name");
            return;
        }
        OptionalDouble step;
        try {
            step = step(interval.get());
        } catch (UserException e) {
            message.set(e.getMessage());
            return;
        }
        String from = textFrom.get() == null ? "" : textFrom.get();
        RunAverager.Request request = new RunAverager.Request(sources, newName,
                from.isEmpty() ? Optional.empty() : Optional.of(from), step, replace.get());
        running.set(true);
        message.set("averaging " + String.join(", ", sources) + " into run '" + newName + "'...");
        executor.run(() -> build(request), this::show, e -> {
            running.set(false);
            message.set(e instanceof UserException ? e.getMessage() : "cannot average: " + e);
        });
    }

    /** The grid interval typed: empty for the CLI's default (per data set, the largest interval of the runs). */
    static OptionalDouble step(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) return OptionalDouble.empty();
        double seconds;
        try {
            seconds = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new UserException("interval '" + t + "': expected seconds > 0, or nothing for the runs' own interval");
        }
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new UserException("interval '" + t + "': expected seconds > 0, or nothing for the runs' own interval");
        }
        return OptionalDouble.of(seconds);
    }

    private Outcome build(RunAverager.Request request) {
        RunAverager.Result result = runAverager.average(request);
        Map<String, List<String>> metrics = new LinkedHashMap<>();
        List<String> averaged = result.datasets().stream().map(RunAverager.DatasetResult::dataset).toList();
        for (RunCatalog.DatasetInfo d : runCatalog.details(result.run()).datasets()) {
            if (averaged.contains(d.qualifiedName())) {
                metrics.put(d.qualifiedName(), d.metrics().stream().map(m -> m.label()).distinct().toList());
            }
        }
        return new Outcome(result, metrics);
    }

    private void show(Outcome outcome) {
        RunAverager.Result r = outcome.result();
        running.set(false);
        datasets.setAll(r.datasets());
        notes.setAll(r.notes());
        summary.set(summaryLine(r));
        message.set("run '" + r.run() + "' added to the repository");
        metricsByDataset = outcome.metrics();
        last = r;
        chartDatasets.setAll(metricsByDataset.keySet());
        chartDataset.set(chartDatasets.isEmpty() ? null : chartDatasets.get(0));
        reload.run();
        created.set(null); // a replaced run has the same name: its metric must still count as new
        if (chartMetric.get() != null) created.set(new MetricNode(r.run(), chartDataset.get(), chartMetric.get(), null));
    }

    /** The closing line of {@code statlens average}. */
    static String summaryLine(RunAverager.Result r) {
        return "averaged " + r.sources().size() + " runs (" + String.join(", ", r.sources()) + ") into run '" + r.run() + "': "
                + r.datasets().size() + " data set(s), " + r.summaryValues() + " summary value(s); facts from " + r.textFrom();
    }

    /** Charts the chosen metric of the new run with its input runs on one elapsed-time axis. */
    private void chart() {
        RunAverager.Result r = last;
        String dataset = chartDataset.get();
        String metric = chartMetric.get();
        if (r == null || dataset == null || metric == null) {
            chart.set(null);
            return;
        }
        List<String> shown = new ArrayList<>();
        shown.add(r.run());
        shown.addAll(r.sources());
        executor.run(() -> build(dataset, metric, shown), chart::set,
                e -> message.set("cannot chart " + metric + ": " + e.getMessage()));
    }

    private JFreeChart build(String dataset, String metric, List<String> shown) {
        ChartDefinition def = ChartDefinition.builder().tool(dataset).metric(List.of(metric)).build();
        return chartService.draw(ChartRequest.of(def, shown)).charts().get(0).chart();
    }

    /** The runs to average, in the browser's order. */
    public ObservableList<String> runs() {
        return runs;
    }

    public StringProperty nameProperty() {
        return name;
    }

    /** Grid step in seconds; empty for the runs' own (per data set, the largest typical interval). */
    public StringProperty intervalProperty() {
        return interval;
    }

    /** The run the textual facts come from; empty for the representative run. */
    public StringProperty textFromProperty() {
        return textFrom;
    }

    public BooleanProperty replaceProperty() {
        return replace;
    }

    /** The averaged data sets: grid interval, keys and rows, as the command's table. */
    public ObservableList<RunAverager.DatasetResult> datasets() {
        return datasets;
    }

    /** What was left out (data sets, metrics, keys, summary values not in every run). */
    public ObservableList<String> notes() {
        return notes;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** A metric of the run last built, once it is stored: the main window selects it in the browser, which charts it. */
    public ReadOnlyObjectProperty<MetricNode> createdProperty() {
        return created.getReadOnlyProperty();
    }

    /** Data sets of the new run to chart. */
    public ObservableList<String> chartDatasets() {
        return chartDatasets;
    }

    public ObservableList<String> chartMetrics() {
        return chartMetrics;
    }

    public StringProperty chartDatasetProperty() {
        return chartDataset;
    }

    public StringProperty chartMetricProperty() {
        return chartMetric;
    }

    public ReadOnlyObjectProperty<JFreeChart> chartProperty() {
        return chart.getReadOnlyProperty();
    }
}
