package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.ChartData;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartProgress;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartResult;
import io.statlens.chart.ChartService;
import io.statlens.chart.Dashboard;
import io.statlens.chart.DashboardCatalog;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.PresetCatalog;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import io.statlens.model.Cancellation;
import io.statlens.report.ChartPageWriter;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.saved.TimeWindows;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.jfree.chart.JFreeChart;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The dashboard tab: several charts of the same runs stacked on one time axis, with one zoom (every chart shows the
 * same time) and one crosshair (every chart's values at the mouse's time). Opening runs shows their default
 * dashboard ({@link DashboardCatalog#defaultFor}); charts are added from the presets that apply, removed and moved,
 * and the whole is saved by name, opened again, and exported as one PNG, SVG or PDF page.
 *
 * <p>All charts of a dashboard are drawn in one request to {@link ChartService}, so a key has one colour in all of
 * them; moving or removing a chart draws nothing again. Drawing runs in the background with progress and Cancel.
 * A zoom is applied at once to every chart (the view sets the axes); {@link #refine} then draws the charts again
 * from the data they hold for the zoomed time and the charts' width, so that the peaks a zoom brings into view
 * are drawn (the charts first drawn were cut to pixel columns of the whole run).
 *
 * <p><b>Live</b>: a run being filled by {@code statlens collect} is followed by {@link #setLive}: every
 * {@link #follow()} (the view calls it every {@link #LIVE_PERIOD_MS} ms) reads the samples of the last minutes again
 * ({@link ChartRequest#since}), with the notes that came, in the background, and shows the last
 * {@link #liveMinutesProperty} minutes up to the latest sample. A follow is skipped while another drawing is under
 * way, so that a slow repository never queues reads behind the window. A zoom or pan of the user's ends Live; the
 * whole run is then read again, at the time shown.
 */
public final class DashboardViewModel {
    /** Each chart of a dashboard is drawn this high (pixels); the page export uses it too. */
    public static final int CHART_HEIGHT = 330;
    /** How often a live dashboard reads its runs again (ms): the shortest interval a collect takes is 1 s. */
    public static final int LIVE_PERIOD_MS = 2000;
    /** The minutes a live dashboard shows when the user has not chosen. */
    public static final int LIVE_MINUTES = 10;
    /** The width charts are first drawn for, before the view knows its own. */
    static final int DEFAULT_WIDTH = 1200;

    /** The part of the shared x axis shown, in the charts' units (epoch ms on a clock, seconds when elapsed). */
    public record Window(double from, double to) {
        public Window {
            if (!(to > from)) throw new IllegalArgumentException("empty window " + from + " .. " + to);
        }
    }

    private final ChartService chartService;
    private final DashboardCatalog dashboardCatalog;
    private final TimeWindows timeWindows;
    private final ActiveCollects activeCollects;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final ReadableNumbers numbers;
    private final Consumer<String> status;
    private final ReadOnlyObjectWrapper<Dashboard> dashboard = new ReadOnlyObjectWrapper<>();
    private final ObservableList<DrawnChart> charts = FXCollections.observableArrayList();
    private final ObservableList<DrawnChart> chartsShown = FXCollections.unmodifiableObservableList(charts);
    private final ObservableList<String> savedNames = FXCollections.observableArrayList();
    private final ObservableList<PresetCatalog.Preset> addable = FXCollections.observableArrayList();
    private final ObservableList<String> windows = FXCollections.observableArrayList();
    /** By run, the elapsed time of its last sample as the charts were drawn for all of the time ({@link #position}). */
    private Map<String, Double> drawnEnds = Map.of();
    private final ReadOnlyObjectWrapper<Window> zoom = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper live = new ReadOnlyBooleanWrapper();
    private final IntegerProperty liveMinutes = new SimpleIntegerProperty(LIVE_MINUTES);
    /** Whether a live read is under way: the next follow waits for it rather than queue behind it. */
    private boolean following;
    /** The drawing under way (a dashboard opened, a live read): a newer one drops it. */
    private final TaskSlot drawing;
    private int width = DEFAULT_WIDTH;

    /** @param status the main window's status line */
    public DashboardViewModel(ChartService chartService, DashboardCatalog dashboardCatalog, TimeWindows timeWindows,
                              ActiveCollects activeCollects, TaskExecutor executor, ZoneId zone, ReadableNumbers numbers,
                              Consumer<String> status) {
        this.chartService = chartService;
        this.dashboardCatalog = dashboardCatalog;
        this.timeWindows = timeWindows;
        this.activeCollects = activeCollects;
        this.executor = executor;
        this.drawing = new TaskSlot(executor);
        this.zone = zone;
        this.numbers = numbers;
        this.status = status;
    }

    /** Shows the default dashboard of these runs (opened in the browser). */
    public void open(List<String> runs) {
        if (runs.isEmpty()) return;
        live.set(false);
        load("the dashboard of " + String.join(", ", runs), () -> dashboardCatalog.defaultFor(runs), false, true);
    }

    /** Shows a saved dashboard, for the runs it was saved with. */
    public void openSaved(String name) {
        live.set(false);
        load("dashboard '" + name + "'", () -> dashboardCatalog.find(name)
                .orElseThrow(() -> new UserException("no saved dashboard named '" + name + "'")), false, true);
    }

    /** Adds a chart at the bottom and draws the dashboard again, at the time shown (a zoom stays). */
    public void add(ChartDefinition definition) {
        Dashboard d = dashboard.get();
        if (d == null) return;
        List<ChartDefinition> more = new ArrayList<>(d.charts());
        more.add(definition);
        Dashboard next = d.withCharts(more);
        load("the dashboard with " + label(definition), () -> next, true, false);
    }

    /** Removes a chart (with the other charts its definition gave: an area chart per run); nothing is drawn again. */
    public void remove(DrawnChart chart) {
        Dashboard d = dashboard.get();
        if (d == null) return;
        List<ChartDefinition> rest = new ArrayList<>(d.charts());
        rest.removeIf(x -> x == chart.definition());
        dashboard.set(d.withCharts(rest));
        charts.removeIf(c -> c.definition() == chart.definition());
        message.set("removed " + label(chart.definition()));
    }

    /**
     * Moves the chart at {@code from} to {@code to} (positions among the charts shown); its definition moves with it
     * among the dashboard's, so that a saved dashboard keeps the order. Nothing is drawn again.
     */
    public void move(int from, int to) {
        if (from == to || from < 0 || to < 0 || from >= charts.size() || to >= charts.size()) return;
        List<DrawnChart> order = new ArrayList<>(charts);
        DrawnChart moved = order.remove(from);
        order.add(to, moved);
        charts.setAll(order);
        // By identity: the same preset may be on a dashboard twice.
        List<ChartDefinition> definitions = new ArrayList<>();
        for (DrawnChart c : order) addOnce(definitions, c.definition());
        // Definitions that gave no chart (the runs lack their data) keep their place at the end.
        for (ChartDefinition d : dashboard.get().charts()) addOnce(definitions, d);
        dashboard.set(dashboard.get().withCharts(definitions));
    }

    private static void addOnce(List<ChartDefinition> list, ChartDefinition d) {
        if (list.stream().noneMatch(x -> x == d)) list.add(d);
    }

    /**
     * Saves the dashboard under a name; the message says what was saved or why not. A saved dashboard of that name
     * other than the one shown (another run's, or one not opened) is replaced only if {@code replace} answers yes to
     * the question it is asked.
     */
    public void save(String name, Predicate<String> replace) {
        Dashboard d = dashboard.get();
        if (d == null) return;
        executor.run(() -> dashboardCatalog.find(name), existing -> {
            if (existing.isPresent() && !existing.get().name().equals(d.name())) {
                String other = "a dashboard '" + existing.get().name() + "' of " + String.join(", ", existing.get().runs());
                if (!replace.test("Replace " + other + " with this one of " + String.join(", ", d.runs()) + "?")) {
                    message.set("not saved: " + other + " is saved already");
                    return;
                }
            }
            save(name, d);
        }, e -> message.set(text(e)));
    }

    private void save(String name, Dashboard d) {
        executor.run(() -> {
            Dashboard saved = dashboardCatalog.save(name, d);
            return new Saved(saved, dashboardCatalog.names());
        }, s -> {
            dashboard.set(s.dashboard());
            savedNames.setAll(s.names());
            message.set("saved dashboard '" + s.dashboard().name() + "' (" + s.dashboard().charts().size() + " charts of "
                    + String.join(", ", s.dashboard().runs()) + ")");
        }, e -> message.set(text(e)));
    }

    private record Saved(Dashboard dashboard, List<String> names) {
    }

    /** Deletes the saved dashboard shown; the charts stay, as a dashboard not saved. */
    public void deleteSaved() {
        Dashboard d = dashboard.get();
        if (d == null || d.name() == null) return;
        executor.run(() -> {
            dashboardCatalog.delete(d.name());
            return dashboardCatalog.names();
        }, names -> {
            savedNames.setAll(names);
            dashboard.set(d.withName(null));
            message.set("deleted dashboard '" + d.name() + "'");
        }, e -> message.set(text(e)));
    }

    /** Reads the names of the saved dashboards again (when the tab is first shown). */
    public void reloadNames() {
        executor.run(() -> dashboardCatalog.names(), savedNames::setAll, e -> message.set(text(e)));
    }

    /** Stops the drawing under way; the charts shown before stay. */
    public void cancel() {
        if (loading.get()) drawing.cancel();
    }

    /**
     * @param keepZoom        whether the time shown stays (a chart added), or the new charts show all of it (other runs)
     * @param liveIfCollected whether a dashboard opened for a run that a collect is filling now follows it (Live on)
     */
    private void load(String what, java.util.concurrent.Callable<Dashboard> which, boolean keepZoom, boolean liveIfCollected) {
        String title = "drawing " + what + "...";
        loading.set(true);
        progress.set(0);
        message.set(title);
        status.accept(title);
        int drawWidth = width;
        drawing.start(BackgroundTask.<Drawn>of(title, task -> draw(which.call(), task, drawWidth, null, liveIfCollected))
                .onProgress(progress::set).onSuccess(drawn -> {
            loading.set(false);
            progress.set(1);
            Window kept = keepZoom ? zoom.get() : null;
            zoom.set(kept);
            dashboard.set(drawn.dashboard());
            addable.setAll(drawn.addable());
            windows.setAll(drawn.windows());
            charts.setAll(drawn.result().charts());
            drawnEnds = lastSamples(charts);
            // The charts came drawn for all of the time: cut again for the part shown.
            if (kept != null) refine(width);
            List<String> skipped = drawn.result().skipped();
            String done = drawn.result().charts().size() + " chart(s) of " + String.join(", ", drawn.dashboard().runs())
                    + (skipped.isEmpty() ? "" : "; not drawn: " + String.join("; ", skipped));
            message.set(done);
            status.accept(title(drawn.dashboard()) + ": " + done);
            if (drawn.collected()) setLive(true);
        }).onFailure(e -> {
            loading.set(false);
            progress.set(0);
            String why = e instanceof CancellationException ? "cancelled: the charts shown before stay" : text(e);
            message.set(why);
            status.accept("dashboard " + why);
        }));
    }

    /** Says {@code what} in the dashboard's message line (a chart of it exported from its menu). */
    public void say(String what) {
        message.set(what);
    }

    /**
     * @param collected whether a run of it is being collected now, for Live to be turned on
     * @param windows the names of the time windows saved with the runs, each once
     */
    private record Drawn(Dashboard dashboard, ChartResult result, List<PresetCatalog.Preset> addable, boolean collected,
                         List<String> windows) {
    }

    /**
     * In the background: every chart of the dashboard in one request, saying how far it got; and, when asked, whether
     * a collect is filling one of its runs now.
     */
    private Drawn draw(Dashboard d, BackgroundTask<Drawn> task, int drawWidth, Instant since, boolean askIfCollected) {
        // One time axis for every chart: several runs each from 0 s, whatever their dates and lengths.
        ChartRequest request = new ChartRequest(d.charts(), d.runs(), List.of(), new RenderSize(drawWidth, CHART_HEIGHT, 1), true, 0)
                .onOneAxis();
        if (since != null) request = request.since(since);
        ChartResult result = chartService.draw(request, new ChartProgress() {
            @Override
            public void loading(int index, int count, ChartDefinition definition) {
                task.progress((double) index / count);
            }

            @Override
            public Cancellation cancellation() {
                return task.cancellation();
            }
        });
        Instant now = Instant.now();
        boolean collected = askIfCollected && activeCollects.list().stream()
                .anyMatch(a -> d.runs().contains(a.run()) && a.alive(now));
        return new Drawn(d, result, dashboardCatalog.applicable(d.runs()), collected, windowNames(d.runs()));
    }

    /**
     * Shows this part of the time axis in every chart (null: all of it). The view follows {@link #zoomProperty}; the
     * charts are drawn again for it by {@link #refine}.
     */
    public void zoom(Window window) {
        if (live.get()) setLive(false);
        Window whole = whole();
        if (window != null && whole != null && window.from() <= whole.from() && window.to() >= whole.to()) window = null;
        zoom.set(window);
    }

    /**
     * Shows the time window of this name (saved with the runs) in every chart, as a zoom to it would: on a dashboard of
     * several runs, from the earliest to the latest of their windows of that name on the shared elapsed axis.
     */
    public void showWindow(String name) {
        Dashboard d = dashboard.get();
        if (d == null) return;
        executor.run(() -> {
            Map<String, TimeWindow> found = new LinkedHashMap<>();
            for (String run : d.runs()) timeWindows.find(run, name).ifPresent(w -> found.put(run, w.window()));
            return found;
        }, found -> {
            Window w = axisWindow(found);
            if (w == null) {
                message.set("no samples in time window '" + name + "'");
                return;
            }
            zoom(w);
            message.set("time window '" + name + "' of " + String.join(", ", found.keySet()) + ": " + position(w.from())
                    + " to " + position(w.to()));
        }, e -> message.set(text(e)));
    }

    /**
     * Saves the time shown (the zoom, else the whole time) as a time window of this name with each run of the dashboard,
     * for the dashboard, stats, report and compare ({@code --window NAME}). A run that has a window of that name keeps it
     * unless {@code replace} answers yes to the question it is asked.
     */
    public void saveWindow(String name, Predicate<String> replace) {
        Dashboard d = dashboard.get();
        Window shown = zoom.get() != null ? zoom.get() : whole();
        String n = name == null ? "" : name.strip();
        if (d == null || shown == null || n.isEmpty()) return;
        Map<String, TimeWindow> perRun = new LinkedHashMap<>();
        for (String run : d.runs()) {
            TimeWindow w = runWindow(run, shown);
            if (w != null) perRun.put(run, w);
        }
        executor.run(() -> perRun.keySet().stream().filter(run -> timeWindows.find(run, n).isPresent()).toList(), having -> {
            if (!having.isEmpty() && !replace.test("Replace the time window '" + n + "' of " + String.join(", ", having) + "?")) {
                message.set("not saved: " + String.join(", ", having) + " has a time window '" + n + "' already");
                return;
            }
            executor.run(() -> {
                perRun.forEach((run, w) -> timeWindows.save(run, n, w));
                return windowNames(d.runs());
            }, names -> {
                windows.setAll(names);
                message.set("saved time window '" + n + "' of " + String.join(", ", perRun.keySet()) + ": " + position(shown.from())
                        + " to " + position(shown.to()));
            }, e -> message.set(text(e)));
        }, e -> message.set(text(e)));
    }

    /** The names of the windows saved with these runs, each once, in the order of their starts. */
    private List<String> windowNames(List<String> runs) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (String run : runs) timeWindows.list(run).forEach(w -> names.add(w.name()));
        return List.copyOf(names);
    }

    /**
     * The runs' windows on the shared axis: a clock time (epoch ms) on a clock axis, seconds since each run's 0 s on an
     * elapsed one; an open end is the end of the time shown. Null when no run's window lies on the charts.
     */
    private Window axisWindow(Map<String, TimeWindow> found) {
        Window all = whole();
        if (all == null) return null;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Map.Entry<String, TimeWindow> e : found.entrySet()) {
            Double origin = origin(e.getKey());
            if (!clockAxis() && origin == null) continue;
            double offset = clockAxis() ? 0 : origin;
            double scale = clockAxis() ? 1 : 1000.0;
            TimeWindow w = e.getValue();
            lo = Math.min(lo, w.from() == null ? all.from() : (w.from().toEpochMilli() - offset) / scale);
            hi = Math.max(hi, w.to() == null ? all.to() : (w.to().toEpochMilli() - offset) / scale);
        }
        lo = Math.max(lo, all.from());
        hi = Math.min(hi, all.to());
        return hi > lo ? new Window(lo, hi) : null;
    }

    /**
     * The time shown as a run's clock times, widened to whole seconds (the tools' samples are): null when the
     * dashboard's axis says nothing of that run.
     */
    private TimeWindow runWindow(String run, Window shown) {
        double offset = 0;
        double scale = 1;
        if (!clockAxis()) {
            Double origin = origin(run);
            if (origin == null) return null;
            offset = origin;
            scale = 1000;
        }
        return new TimeWindow(Instant.ofEpochSecond((long) Math.floor((offset + shown.from() * scale) / 1000)),
                Instant.ofEpochSecond((long) Math.ceil((offset + shown.to() * scale) / 1000)));
    }

    private boolean clockAxis() {
        return charts.stream().filter(this::linked).findFirst().map(c -> c.data().domain() == ChartData.Domain.TIME).orElse(false);
    }

    /** On an elapsed axis, the clock time (epoch ms) of the run's 0 s. */
    private Double origin(String run) {
        return charts.stream().filter(this::linked).map(c -> c.data().origins().get(run)).filter(java.util.Objects::nonNull)
                .findFirst().orElse(null);
    }

    /**
     * Draws the charts again from the data they hold, for the time shown and the width the view has (pixels), so
     * that a zoomed chart is cut to the pixel columns it shows rather than those of the whole run. Nothing is read
     * from the repository.
     */
    public void refine(int viewWidth) {
        if (charts.isEmpty() || dashboard.get() == null) return;
        width = Math.max(200, Math.min(viewWidth, 10_000));
        Window w = zoom.get();
        List<DrawnChart> before = List.copyOf(charts);
        List<String> runs = dashboard.get().runs();
        RenderSize size = new RenderSize(width, CHART_HEIGHT, 1);
        BackgroundTask<?> drawn = drawing.current();
        executor.run(() -> chartService.redraw(runs, before, size,
                w == null ? Double.NaN : w.from(), w == null ? Double.NaN : w.to()), redrawn -> {
            // A drawing, a move or a removal since then wins: it shows what the user asked for last.
            if (drawing.current() != drawn || !charts.equals(before) || zoom.get() != w) return;
            charts.setAll(redrawn);
        }, e -> message.set("cannot draw the zoomed charts: " + text(e)));
    }

    /**
     * Follows the runs as they are filled (on) or stops (off). Off, the whole run is read again at the time shown, as
     * the charts of a live dashboard hold its last minutes only.
     */
    public void setLive(boolean on) {
        if (on == live.get()) return;
        live.set(on);
        Dashboard d = dashboard.get();
        if (on) {
            follow();
        } else if (d != null) {
            load("the dashboard of " + String.join(", ", d.runs()), () -> d, true, false);
        }
    }

    /**
     * Live: reads the runs' last minutes again, with their notes, and shows the last {@link #liveMinutesProperty}
     * minutes up to the latest sample. Nothing happens when not live, or while a drawing is under way.
     */
    public void follow() {
        Dashboard d = dashboard.get();
        if (!live.get() || d == null || following || loading.get()) return;
        following = true;
        double span = liveMinutes.get() * 60.0;
        Window shown = whole();
        // What the last drawing reached: the new window starts at most the span before it (and a little earlier,
        // so that the lines reach its left edge); a dashboard of no samples yet, or of several runs on elapsed time
        // (whose 0 s is each run's first sample read), reads all there is.
        Instant since = shown == null ? null : since(shown.to(), span * 1.1);
        int drawWidth = width;
        // A default dashboard opened before the collect's first samples has no charts: the data sets that came since
        // choose them.
        boolean derive = d.name() == null && charts.isEmpty();
        drawing.start(BackgroundTask.<Drawn>of("reading the runs' last minutes",
                task -> draw(derive ? dashboardCatalog.defaultFor(d.runs()) : d, task, drawWidth, since, false))
                .onFinished(() -> following = false).onProgress(progress::set).onSuccess(drawn -> {
            if (!live.get()) return;
            dashboard.set(drawn.dashboard());
            addable.setAll(drawn.addable());
            charts.setAll(drawn.result().charts());
            Window now = whole();
            if (now == null) {
                message.set("live: no samples yet; reading again every " + LIVE_PERIOD_MS / 1000 + " s");
                return;
            }
            double scale = timeScale();
            zoom.set(new Window(now.to() - span * scale, now.to()));
            message.set("live: the last " + liveMinutes.get() + " min, up to " + position(now.to()));
        }).onFailure(e -> message.set("live: cannot read the runs: " + text(e))));
    }

    /** Seconds to the axis's units: milliseconds on a clock, seconds on an elapsed axis. */
    private double timeScale() {
        return charts.stream().filter(this::linked).findFirst()
                .map(c -> c.data().domain() == ChartData.Domain.TIME ? 1000.0 : 1.0).orElse(1000.0);
    }

    /**
     * The clock time {@code seconds} before the axis position {@code x}, from which a live dashboard reads again; null
     * (all of it) on an elapsed axis, whose 0 s is each run's first sample read.
     */
    private Instant since(double x, double seconds) {
        boolean clock = charts.stream().filter(this::linked).findFirst().map(c -> c.data().domain() == ChartData.Domain.TIME)
                .orElse(false);
        return clock ? Instant.ofEpochMilli((long) Math.floor(x - seconds * 1000)) : null;
    }

    /** The time every linked chart spans: from the earliest sample of any to the latest; null without charts. */
    public Window whole() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (DrawnChart c : charts) {
            if (!linked(c)) continue;
            for (ChartData.PlotSeries s : c.data().series()) {
                if (s.size() == 0) continue;
                lo = Math.min(lo, s.x()[0]);
                hi = Math.max(hi, s.x()[s.size() - 1]);
            }
        }
        return hi > lo ? new Window(lo, hi) : null;
    }

    /**
     * Whether a chart follows the shared axis: a chart over time (clock or elapsed) of the same kind as the first
     * chart's; a query's chart over plain numbers keeps its own axis.
     */
    public boolean linked(DrawnChart chart) {
        if (charts.isEmpty() || chart.data().series().isEmpty()) return false;
        ChartData.Domain first = charts.stream().filter(c -> !c.data().series().isEmpty()).findFirst()
                .map(c -> c.data().domain()).orElse(ChartData.Domain.NUMBER);
        return first != ChartData.Domain.NUMBER && chart.data().domain() == first;
    }

    /** The time of the sample nearest to {@code x} in this chart: where every chart's crosshair goes. */
    public double snap(DrawnChart chart, double x) {
        return new CrosshairReadout(chart.data(), zone, numbers).snap(x);
    }

    /**
     * The time at {@code x} as the readout writes it: a clock time, or h:mm:ss since each run's start followed by each
     * run's clock time at that point (runs of different dates share the elapsed axis).
     */
    public String position(double x) {
        DrawnChart first = charts.stream().filter(this::linked).findFirst().orElse(null);
        if (first == null) return "";
        Map<String, Double> origins = new LinkedHashMap<>();
        for (String run : dashboard.get() == null ? List.<String>of() : dashboard.get().runs()) {
            charts.stream().filter(this::linked).map(c -> c.data().origins().get(run)).filter(java.util.Objects::nonNull)
                    .findFirst().ifPresent(origin -> origins.put(run, origin));
        }
        return new CrosshairReadout(first.data(), zone, numbers).position(x, origins, runEnds());
    }

    /**
     * On an elapsed axis, by run, the elapsed time of its last sample: the latest of the charts as first drawn (a zoom
     * cuts them to the time shown) and as shown now (a live dashboard's grow).
     */
    private Map<String, Double> runEnds() {
        Map<String, Double> ends = new LinkedHashMap<>(drawnEnds);
        lastSamples(charts).forEach((run, end) -> ends.merge(run, end, Math::max));
        return ends;
    }

    /** The runs a series is of: a chart's one run, else the run its name starts with (run, or run + key). */
    private List<String> runsOf(ChartData data, ChartData.PlotSeries s) {
        if (data.runs().size() == 1) return data.runs();
        return data.runs().stream().filter(r -> s.name().equals(r) || s.name().startsWith(r + " ")).toList();
    }

    /** By run, the elapsed time of its last sample in these charts. */
    private Map<String, Double> lastSamples(List<DrawnChart> drawn) {
        Map<String, Double> ends = new LinkedHashMap<>();
        for (DrawnChart c : drawn) {
            if (!linked(c) || c.data().domain() != ChartData.Domain.ELAPSED) continue;
            for (ChartData.PlotSeries s : c.data().series()) {
                if (s.size() == 0) continue;
                for (String run : runsOf(c.data(), s)) ends.merge(run, s.x()[s.size() - 1], Math::max);
            }
        }
        return ends;
    }

    /**
     * A chart's values at time {@code x} (where the crosshair stands): {@code name: value unit} per series, its sample
     * nearest to that time, with the sample's own time when it differs (another tool's clock).
     */
    public List<String> readout(DrawnChart chart, double x) {
        if (!linked(chart)) return List.of();
        List<String> lines = new CrosshairReadout(chart.data(), zone, numbers).at(x);
        return lines.subList(1, lines.size());
    }

    /**
     * Writes the dashboard as one page (PNG, SVG or PDF by the file's extension), the charts drawn again for the
     * page's width from the data they hold, showing the time the dashboard shows.
     */
    public void export(Path file, int pageWidth) {
        Dashboard d = dashboard.get();
        if (d == null || charts.isEmpty()) return;
        ChartPageWriter.Format.of(file); // a wrong extension is said at once, before anything is drawn
        List<DrawnChart> now = List.copyOf(charts);
        Window w = zoom.get();
        String heading = title(d) + (w == null ? "" : ",  " + position(w.from()) + " to " + position(w.to()));
        executor.run(() -> {
            List<DrawnChart> page = chartService.redraw(d.runs(), now, new RenderSize(pageWidth, CHART_HEIGHT, 1),
                    w == null ? Double.NaN : w.from(), w == null ? Double.NaN : w.to());
            List<JFreeChart> drawn = page.stream().map(DrawnChart::chart).toList();
            return ChartPageWriter.write(heading, drawn, pageWidth, CHART_HEIGHT, file);
        }, bytes -> message.set("wrote " + file + " (" + bytes + " bytes)"), e -> message.set("cannot write " + file + ": " + text(e)));
    }

    /** What the dashboard is, for a heading: its name, or that it is the runs' default one. */
    public static String title(Dashboard d) {
        String runs = String.join(", ", d.runs());
        return d.name() == null ? "Dashboard of " + runs : d.name() + " (" + runs + ")";
    }

    private static String label(ChartDefinition d) {
        return d.name() != null ? d.name() : d.title() != null ? d.title() : "the chart";
    }

    private static String text(Throwable e) {
        return e instanceof UserException ? e.getMessage() : e.toString();
    }

    public ReadOnlyObjectProperty<Dashboard> dashboardProperty() {
        return dashboard.getReadOnlyProperty();
    }

    /** The charts drawn, top to bottom (a definition may give several: an area chart per run). */
    public ObservableList<DrawnChart> charts() {
        return chartsShown;
    }

    /** The names of the saved dashboards. */
    public ObservableList<String> savedNames() {
        return savedNames;
    }

    /** The names of the time windows saved with the dashboard's runs ({@link #showWindow}). */
    public ObservableList<String> windows() {
        return windows;
    }

    /** The presets that chart data of the dashboard's runs: what can be added. */
    public ObservableList<PresetCatalog.Preset> addable() {
        return addable;
    }

    /** The part of the time axis every chart shows; null for all of it. */
    public ReadOnlyObjectProperty<Window> zoomProperty() {
        return zoom.getReadOnlyProperty();
    }

    /** Whether the dashboard follows its runs as they are filled ({@link #setLive}). */
    public ReadOnlyBooleanProperty liveProperty() {
        return live.getReadOnlyProperty();
    }

    /** How many minutes a live dashboard shows, up to its latest sample; the user's to set (at least 1). */
    public IntegerProperty liveMinutesProperty() {
        return liveMinutes;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** How far the drawing got, 0 to 1 (charts loaded of charts to load). */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** What the last action did, or why it could not. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
