package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.ChartData;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartFormat;
import io.statlens.chart.ChartKind;
import io.statlens.chart.ChartProgress;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.HotEnd;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import io.statlens.model.Cancellation;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.title.TextTitle;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The chart pane: one metric of a data set for one or more runs (several runs share an elapsed-time
 * axis), drawn by the chart layer as on the command line, and exported to PNG or SVG. Multi-key data is cut to
 * the N hottest keys or to keys picked by hand; the SQL that gives the chart's data is shown, and an edited
 * query (or one from the SQL console) is charted through the chart layer's SQL charts. The crosshair's readout
 * comes from the loaded data ({@link CrosshairReadout}).
 */
public final class ChartViewModel {
    /** What is charted: the runs and the data set and metric. */
    public record Selection(List<String> runs, String dataset, String metric) {
        public Selection {
            runs = List.copyOf(runs);
        }
    }

    /**
     * Which keys of multi-key data are drawn: the {@code top} hottest by mean at the {@code hot} end, or, when
     * any are picked, exactly the {@code picked} ones.
     */
    public record KeyFilter(int top, HotEnd hot, List<String> picked) {
        /** As the command line draws a chart nobody limited: at most the ten busiest keys. */
        public static final KeyFilter DEFAULT = new KeyFilter(10, HotEnd.HIGH, List.of());

        public KeyFilter {
            if (top < 1) throw new IllegalArgumentException("top must be 1 or more, not " + top);
            picked = List.copyOf(picked);
        }
    }

    /**
     * Where the chart's data comes from: the browser's selection, or a query (edited in the pane, with the
     * selection's runs for {@code :run}; or from the SQL console, with no selection).
     */
    private record Source(Selection selection, String sql) {
        List<String> runs() {
            return selection == null ? List.of() : selection.runs();
        }
    }

    private final ChartService chartService;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final ReadableNumbers numbers;
    private final Consumer<String> status;
    private final ReadOnlyObjectWrapper<JFreeChart> chart = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Selection> shown = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<ChartData> data = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<KeyFilter> filter = new ReadOnlyObjectWrapper<>(KeyFilter.DEFAULT);
    private final ObservableList<String> keys = FXCollections.observableArrayList();
    // One wrapper for all: it listens to the list weakly, so a wrapper made per call would lose its listeners.
    private final ObservableList<String> keysShown = FXCollections.unmodifiableObservableList(keys);
    private final StringProperty sql = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper sqlMessage = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper fromSql = new ReadOnlyBooleanWrapper();
    private Source source;
    /** The chart shown, with the data it was drawn from; what a zoom draws again. */
    private DrawnChart drawn;
    /** The part of the axis and the width the shown chart's lines were last cut to: a zoom asks once for each. */
    private List<Double> refined = List.of();
    /** The zoom whose lines are being cut again: a newer zoom drops it, as its cut would show what is no longer asked. */
    private final TaskSlot refining;
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper loadingWhat = new ReadOnlyStringWrapper("");
    /** The chart being drawn: a newer one, or Cancel, drops it. */
    private final TaskSlot drawing;
    /** The size of the window's chart: a chart is cut to its pixel columns (a narrower window draws fewer points). */
    private volatile RenderSize viewSize = RenderSize.DEFAULT;
    /** The unit of the selection's values, for a query edited from it. */
    private String selectionUnit = "";

    public ChartViewModel(ChartService chartService, TaskExecutor executor, ZoneId zone, ReadableNumbers numbers, Consumer<String> status) {
        this.chartService = chartService;
        this.executor = executor;
        this.drawing = new TaskSlot(executor);
        this.refining = new TaskSlot(executor);
        this.zone = zone;
        this.numbers = numbers;
        this.status = status;
    }

    /**
     * The size the window shows charts at: charts drawn from now on are cut to its pixel columns rather than to a
     * file's ({@link RenderSize#DEFAULT}); a zoom cuts them again for the size of that moment ({@link #refine}).
     */
    public void viewSize(int width, int height) {
        if (width >= 50 && height >= 50) viewSize = shownAt(width, height);
    }

    /** A size of the window's chart as a drawing size: one narrower or lower than a file may be is drawn as that. */
    private static RenderSize shownAt(int width, int height) {
        return new RenderSize(Math.clamp(width, 200, 10_000), Math.clamp(height, 150, 10_000), 1);
    }

    /** Charts a selection of the browser; keys picked for the previous one are forgotten, N and the hot end kept. */
    public void show(Selection selection) {
        KeyFilter f = filter.get();
        filter.set(new KeyFilter(f.top(), f.hot(), List.of()));
        draw(new Source(selection, null), () -> sqlMessage.set(""),
                e -> status.accept("cannot chart " + selection.metric() + ": " + e));
    }

    /** Draws the shown chart again (a note was added). */
    public void redraw() {
        if (source != null) draw(source, () -> { }, e -> status.accept("cannot chart: " + e));
    }

    /** Draws the {@code n} hottest keys (a filter of picked keys stays until cleared). */
    public void top(int n) {
        KeyFilter f = filter.get();
        refilter(new KeyFilter(n, f.hot(), f.picked()));
    }

    /** Which end of the values is hot: high for %util, low for %idle. */
    public void hot(HotEnd end) {
        KeyFilter f = filter.get();
        refilter(new KeyFilter(f.top(), end, f.picked()));
    }

    /** Draws exactly these keys; none for the N hottest again. */
    public void pick(List<String> picked) {
        KeyFilter f = filter.get();
        refilter(new KeyFilter(f.top(), f.hot(), picked));
    }

    private void refilter(KeyFilter f) {
        filter.set(f);
        redraw();
    }

    /** Charts the edited query for the shown runs; an error is said in {@link #sqlMessageProperty}, the chart stays. */
    public void applySql() {
        String text = sql.get().strip();
        if (source == null) return;
        if (text.isEmpty()) {
            sqlMessage.set("the query is empty");
            return;
        }
        draw(new Source(source.selection(), text), () -> sqlMessage.set("charted the query"), sqlMessage::set);
    }

    /** Back from an edited query to the selection's own data and query. */
    public void resetSql() {
        if (source == null || source.selection() == null) return;
        draw(new Source(source.selection(), null), () -> sqlMessage.set(""), sqlMessage::set);
    }

    /**
     * Charts a query of the SQL console (no run: a {@code :run} in it cannot be bound).
     *
     * @param shown  called once the chart is shown
     * @param failed gets why the result cannot be charted
     */
    public void showSql(String query, Runnable shown, Consumer<String> failed) {
        draw(new Source(null, query.strip()), () -> {
            sqlMessage.set("");
            shown.run();
        }, failed);
    }

    private void draw(Source next, Runnable done, Consumer<String> failed) {
        KeyFilter f = filter.get();
        String unit = selectionUnit;
        String what = "charting " + (next.selection() == null || next.sql() != null ? "the query"
                : next.selection().dataset() + " " + next.selection().metric() + " of " + String.join(", ", next.runs())) + "...";
        status.accept(what);
        loadingWhat.set(what);
        loading.set(true);
        RenderSize size = viewSize;
        drawing.start(BackgroundTask.<DrawnChart>of(what, task -> build(next, f, unit, size, task.cancellation())).onSuccess(drawn -> {
            loading.set(false);
            source = next;
            if (next.sql() == null) selectionUnit = drawn.data().unit();
            shown.set(next.selection()); // before the chart: listeners of the chart ask what it shows
            data.set(drawn.data());
            // An edited query keeps the selection's keys to pick from; an open key menu is rebuilt only for new keys.
            List<String> drawnKeys = next.sql() == null || next.selection() == null ? drawn.keys() : List.copyOf(keys);
            if (!keys.equals(drawnKeys)) keys.setAll(drawnKeys);
            sql.set(drawn.sql());
            fromSql.set(next.sql() != null);
            this.drawn = drawn;
            refined = List.of();
            chart.set(drawn.chart());
            status.accept(drawn.chart().getTitle().getText());
            done.run();
        }).onFailure(e -> {
            loading.set(false);
            failed.accept(e instanceof UserException ? e.getMessage() : e.toString());
        }));
    }

    /**
     * Stops the chart being loaded: the chart shown before stays, and the status line says so. The loading stops
     * before its next chart (an overlay's run); a result that still arrives is not shown.
     */
    public void cancel() {
        if (!loading.get()) return;
        drawing.drop();
        loading.set(false);
        status.accept("chart cancelled; the chart shown before stays");
    }

    /** One trip down into the chart layer: the chart, its data, its query and the data set's keys. */
    private DrawnChart build(Source s, KeyFilter f, String selectionUnit, RenderSize size, Cancellation mine) {
        Selection selection = s.selection();
        ChartDefinition def;
        if (selection == null) {
            def = ChartDefinition.builder().sql(s.sql()).top(f.top()).hot(f.hot()).build();
        } else {
            ChartDefinition.Builder b = ChartDefinition.builder().tool(selection.dataset()).metric(List.of(selection.metric()))
                    .top(f.picked().isEmpty() ? f.top() : 0).hot(f.hot());
            f.picked().forEach(b::key);
            ChartDefinition chosen = b.build();
            // An edited query keeps the selection's options and the unit of its values.
            def = s.sql() == null ? chosen : chosen.withSql(s.sql(), selectionUnit);
        }
        DrawnChart drawn = chartService.draw(ChartRequest.of(def, s.runs()).withSize(size), new ChartProgress() {
            @Override
            public Cancellation cancellation() {
                return mine;
            }
        }).charts().get(0);
        // The viewer pans a plot along x (a middle-button drag, the arrow keys) only if the plot allows it; files written
        // from it are the same.
        if (drawn.chart().getPlot() instanceof XYPlot plot) {
            plot.setDomainPannable(true);
            // The viewer collects what it draws for tooltips: an entity with a hot spot for every point, on every
            // drawing (each crosshair move draws again). Nothing here asks for them (the readout comes from the data).
            for (int i = 0; i < plot.getRendererCount(); i++) {
                if (plot.getRenderer(i) instanceof AbstractRenderer r) r.setDefaultCreateEntities(false);
            }
        }
        return drawn;
    }

    /**
     * Cuts the shown chart's lines again to the pixel columns of the part of the time axis shown, {@code from} to
     * {@code to} (NaN for all of it), at {@code width} x {@code height} pixels: a zoom into a long run then shows every
     * peak of that part instead of the few points the whole run left in those columns. Drawn in the background from
     * the data the chart holds (nothing is read again); then the chart's data set is swapped, its axes, colours and
     * crosshair staying, so that the window never waits for it. A chart drawn meanwhile wins.
     */
    public void refine(double from, double to, int width, int height) {
        DrawnChart current = drawn;
        if (current == null || width < 50 || height < 50 || !(current.chart().getPlot() instanceof XYPlot plot)) return;
        if (current.data().kind() == ChartKind.HEATMAP || current.data().kind() == ChartKind.BARS) return;
        List<Double> wanted = List.of(from, to, (double) width);
        if (wanted.equals(refined)) return;
        refined = wanted;
        List<String> runs = source == null ? List.of() : source.runs();
        RenderSize size = shownAt(width, height);
        refining.start(BackgroundTask.<DrawnChart>of("cutting the zoomed chart's lines",
                task -> chartService.redraw(runs, List.of(current), size, from, to).get(0)).onSuccess(redrawn -> {
            if (drawn != current || !(redrawn.chart().getPlot() instanceof XYPlot cut)) return;
            if (plot.getDataset() != null && cut.getDataset() != null
                    && plot.getDataset().getSeriesCount() == cut.getDataset().getSeriesCount()) {
                plot.setDataset(cut.getDataset());
            }
            // The subtitle follows the zoom: the part of the time shown.
            if (current.chart().getSubtitleCount() > 0 && redrawn.chart().getSubtitleCount() > 0
                    && current.chart().getSubtitle(0) instanceof TextTitle shownTitle
                    && redrawn.chart().getSubtitle(0) instanceof TextTitle cutTitle
                    && !shownTitle.getText().equals(cutTitle.getText())) {
                shownTitle.setText(cutTitle.getText());
            }
        }).onFailure(e -> status.accept("cannot draw the zoomed chart: " + e)));
    }

    /** Whether lines cut again for a zoom are being drawn (the responsiveness benchmark waits for them). */
    boolean refining() {
        return refining.running();
    }

    /** The readout of the crosshair at {@code x} (axis units); empty without a chart of samples. */
    public List<String> readout(double x) {
        ChartData d = data.get();
        return d == null ? List.of() : new CrosshairReadout(d, zone, numbers).lines(x);
    }

    /** Where the crosshair stands at {@code x}: the nearest sample's x; NaN without a chart of samples. */
    public double snap(double x) {
        ChartData d = data.get();
        return d == null ? Double.NaN : new CrosshairReadout(d, zone, numbers).snap(x);
    }

    /**
     * The time of the sample nearest to {@code x}, written for the note dialog: an ISO time on a clock axis,
     * seconds since the (first) run's start on an elapsed one; empty when the chart's x is not a time.
     */
    public String noteTime(double x) {
        ChartData d = data.get();
        double at = snap(x);
        if (d == null || Double.isNaN(at) || shown.get() == null) return "";
        return switch (d.domain()) {
            case TIME -> Instant.ofEpochMilli(Math.round(at)).toString();
            case ELAPSED -> ReadableNumbers.exact(at);
            case NUMBER -> "";
        };
    }

    /**
     * Writes the shown chart, the part of the x axis shown, drawn again from its data for the file's size (the window's
     * chart is cut to the window's pixel columns, a file gets its own, as on the command line); the format follows the
     * file's extension (.png or .svg).
     */
    public void export(Path file, RenderSize size) {
        JFreeChart current = chart.get();
        if (current == null) throw new IllegalStateException("no chart to export");
        ChartFormat format = ChartFormat.parse(extension(file));
        DrawnChart shownChart = drawn;
        List<String> runs = source == null ? List.of() : source.runs();
        double from = Double.NaN;
        double to = Double.NaN;
        if (current.getPlot() instanceof XYPlot plot && !plot.getDomainAxis().isAutoRange()) {
            from = plot.getDomainAxis().getLowerBound();
            to = plot.getDomainAxis().getUpperBound();
        }
        double shownFrom = from;
        double shownTo = to;
        executor.run(() -> ChartWriter.write(shownChart == null || shownChart.chart() != current ? current
                        : chartService.redraw(runs, List.of(shownChart), size, shownFrom, shownTo).get(0).chart(),
                        format, size, file),
                bytes -> status.accept("wrote " + file + " (" + bytes + " bytes)"),
                e -> status.accept("cannot write " + file + ": " + e.getMessage()));
    }

    private static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /** Whether a chart is being loaded (a progress indicator and Cancel show meanwhile). */
    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** What is being loaded: {@code charting sar.cpu %usr of hpux...}. */
    public ReadOnlyStringProperty loadingTextProperty() {
        return loadingWhat.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<JFreeChart> chartProperty() {
        return chart.getReadOnlyProperty();
    }

    /** The selection charted; null for a chart of the SQL console. */
    public ReadOnlyObjectProperty<Selection> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** The data of the shown chart, every stored sample (the drawn chart may hold fewer). */
    public ReadOnlyObjectProperty<ChartData> dataProperty() {
        return data.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<KeyFilter> filterProperty() {
        return filter.getReadOnlyProperty();
    }

    /** The keys of the charted data set, to pick from; empty for unkeyed data and SQL console charts. */
    public ObservableList<String> keys() {
        return keysShown;
    }

    /** The query giving the chart's data; the user edits it here and applies it with {@link #applySql}. */
    public StringProperty sqlProperty() {
        return sql;
    }

    public ReadOnlyStringProperty sqlMessageProperty() {
        return sqlMessage.getReadOnlyProperty();
    }

    /** Whether the chart is drawn from a query (edited or the console's) rather than from the selection. */
    public ReadOnlyBooleanProperty fromSqlProperty() {
        return fromSql.getReadOnlyProperty();
    }
}
