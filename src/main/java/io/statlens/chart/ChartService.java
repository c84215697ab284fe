package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.schema.Repository;
import io.statlens.store.read.RowPass;
import io.statlens.store.read.RunCatalog;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * The one way from chart definitions and runs to drawn charts, for the command line, the reports and every chart of
 * the desktop window: reads the runs' starts and notes once, loads each definition's data
 * ({@link ChartDataLoader}), gives keys and runs their colours from one {@link KeyPalette} (runs first, then keys
 * chart by chart, so that a key has one colour in all charts of a request) and builds each JFreeChart
 * ({@link ChartBuilder}). Each chart comes with the query that gives its data, written from the columns it read, and
 * the keys of its data set.
 */
public final class ChartService {
    private final RunCatalog catalog;
    private final AnnotationStore annotations;
    private final ChartDataLoader loader;
    private final ZoneId zone;
    /** What the subtitle of a chart of derived times says. */
    static final String DERIVED_NOTE = "times derived: the output has no time stamps";
    /** What the subtitle of a chart of times of day on a date statlens chose says. */
    static final String DATES_NOTE = "dates derived: the output prints no date";

    /**
     * @param zone the zone of the time axes and of the times in subtitles
     */
    public ChartService(Repository repo, ZoneId zone) {
        this.catalog = new RunCatalog(repo);
        this.annotations = new AnnotationStore(repo);
        this.loader = new ChartDataLoader(repo, zone);
        this.zone = zone;
    }

    public ChartResult draw(ChartRequest request) {
        return draw(request, ChartProgress.NONE);
    }

    /**
     * Draws as {@link #draw(ChartRequest)}, saying before each definition which one is loaded, and stopping with a
     * {@link CancellationException} before the next one once {@code progress} is cancelled.
     */
    public ChartResult draw(ChartRequest request, ChartProgress progress) {
        return draw(request, progress, ChartReads.NONE);
    }

    /**
     * Prepares the request's charts without reading their rows: the rows are planned in {@code pass}, so that whoever else
     * reads the same rows before the charts are drawn (a report's findings) reads them with the charts, once. Draw them
     * with {@link #draw(ChartRequest, ChartReads)}.
     */
    public ChartReads plan(ChartRequest request, RowPass pass) {
        ChartReads planned = new ChartReads(pass);
        for (ChartDefinition def : request.definitions()) {
            if (def.drawsRuns()) loader.prepare(def, request.runs(), request.lenient(), request::timesOf, planned);
        }
        return planned;
    }

    /**
     * Draws as {@link #draw(ChartRequest)}: first the rows {@code planned} still waits for, in one read of each data set's
     * rows, then each chart, those prepared from what was read.
     */
    public ChartResult draw(ChartRequest request, ChartReads planned) {
        return draw(request, ChartProgress.NONE, planned);
    }

    private ChartResult draw(ChartRequest request, ChartProgress progress, ChartReads planned) {
        planned.finish();
        Map<String, Instant> starts = new HashMap<>();
        Map<String, List<ChartNote>> notes = new HashMap<>();
        List<RunCatalog.DerivedTimes> derived = new ArrayList<>();
        List<RunCatalog.DerivedTimes> dated = new ArrayList<>();
        for (String run : request.runs()) {
            catalog.derivedTimes(run).forEach(d -> (d.datesOnly() ? dated : derived).add(d));
            Instant start = catalog.run(run).start();
            List<ChartNote> ofRun = new ArrayList<>();
            annotations.list(run).forEach(a -> ofRun.add(new ChartNote(a.time(), a.text())));
            request.marks().forEach(m -> ofRun.add(m.on(start)));
            starts.put(run, start);
            notes.put(run, ofRun);
        }
        ChartBuilder builder = new ChartBuilder(new KeyPalette().register(request.runs()), zone);
        List<DrawnChart> drawn = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        Map<String, Integer> perTool = new HashMap<>();
        int index = 0;
        for (ChartDefinition def : request.definitions()) {
            if (progress.cancellation().isCancelled()) throw new CancellationException("chart drawing cancelled");
            progress.loading(index++, request.definitions().size(), def);
            String tool = toolOf(def);
            if (request.perTool() > 0 && perTool.getOrDefault(tool, 0) >= request.perTool()) continue;
            ChartDataLoader.Loaded loaded;
            try {
                // A query without :run draws what it selects; every other chart is of the runs named.
                loaded = loader.load(def, def.drawsRuns() ? request.runs() : List.of(), notes, starts, request.lenient(),
                        request.oneAxis(), request::timesOf, planned);
            } catch (UserException e) {
                // Lenient requests apply presets to whatever the runs hold: what does not fit is skipped, with the reason.
                if (!request.lenient()) throw e;
                skipped.add(chartName(def) + ": " + e.getMessage());
                continue;
            } catch (CancellationException e) {
                throw e;
            } catch (RuntimeException e) {
                // A dashboard or report of many charts is not lost to one that cannot be drawn: that one says why instead.
                if (!request.lenient()) throw e;
                skipped.add(chartName(def) + ": " + reason(e));
                ChartData none = new ChartData(ChartFiles.slug(def.name() != null ? def.name() : String.valueOf(def.tool())) + "_failed",
                        def.kind(), titleOf(def), "", ChartData.Domain.NUMBER, null, "", "", "", def.hot(), List.of(), List.of(), List.of(),
                        def.drawsRuns() ? request.runs() : List.of());
                drawn.add(new DrawnChart(def, none, ChartBuilder.failed(none.title(), reason(e)), request.size(), "", List.of()));
                continue;
            }
            if (request.lenient() && request.skipFlat() && loaded.charts().stream().allMatch(ChartService::allZero)) {
                skipped.add((def.name() != null ? "chart '" + def.name() + "'" : "the chart") + ": every value is 0");
                continue;
            }
            // Two presets of one metric (a line and a heat map of %util) both become bars of one sample: one is enough.
            Optional<DrawnChart> same = request.lenient() ? drawn.stream().filter(d -> sameBars(d.data(), loaded.charts())).findFirst()
                    : Optional.empty();
            if (same.isPresent()) {
                skipped.add((def.name() != null ? "chart '" + def.name() + "'" : "the chart") + ": the same bars as chart '"
                        + same.get().definition().name() + "'");
                continue;
            }
            perTool.merge(tool, 1, Integer::sum);
            // times (or dates) the output did not print are placed by statlens: the chart says so
            String note = drawsAny(def, derived) ? DERIVED_NOTE : drawsAny(def, dated) ? DATES_NOTE : null;
            for (ChartData chart : loaded.charts()) {
                ChartData data = note != null ? chart.noted(note) : chart;
                JFreeChart built;
                try {
                    built = builder.build(data, request.size());
                } catch (RuntimeException e) {
                    if (!request.lenient()) throw e;
                    skipped.add(chartName(def) + ": " + reason(e));
                    built = ChartBuilder.failed(data.title(), reason(e));
                }
                drawn.add(new DrawnChart(def, data, built, request.size(), loaded.sql(), loaded.keys()));
            }
        }
        return new ChartResult(drawn, skipped);
    }

    private static String chartName(ChartDefinition def) {
        return def.name() != null ? "chart '" + def.name() + "'" : "the chart";
    }

    /** Why a chart could not be drawn: a fault of statlens, named as such (the message alone may say little). */
    private static String reason(RuntimeException e) {
        return "could not be drawn (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
    }

    private static String titleOf(ChartDefinition def) {
        return def.title() != null ? def.title() : def.name() != null ? def.name() : def.tool() != null ? def.tool() : "query";
    }

    /** Whether a drawn chart shows the very bars of the one chart of a definition. */
    private static boolean sameBars(ChartData drawn, List<ChartData> charts) {
        return charts.size() == 1 && drawn.kind() == ChartKind.BARS && charts.get(0).kind() == ChartKind.BARS
                && drawn.bars().equals(charts.get(0).bars()) && drawn.runs().equals(charts.get(0).runs());
    }

    /** Whether a chart shows nothing but zeros (and gaps). */
    private static boolean allZero(ChartData data) {
        for (ChartData.PlotSeries s : data.series()) {
            for (double v : s.y()) if (!Double.isNaN(v) && v != 0) return false;
        }
        for (ChartData.BarValue b : data.bars()) if (!Double.isNaN(b.value()) && b.value() != 0) return false;
        return true;
    }

    /**
     * Charts drawn before, drawn again from the data they hold (no reading) for another size and part of the x axis:
     * each series cut to the samples in {@code [from, to]} (and one on either side, so that lines reach the edges),
     * then to the pixel columns of {@code size}, so that a zoomed chart shows every peak the zoom brings into view.
     * The colours are those of the first drawing: the runs and charts take them again in the same order.
     *
     * @param runs the runs of the request the charts were drawn for
     * @param from the first x to show, in the charts' domain units; NaN for the start of the data
     * @param to   the last x to show; NaN for the end of the data
     */
    public List<DrawnChart> redraw(List<String> runs, List<DrawnChart> charts, RenderSize size, double from, double to) {
        ChartBuilder builder = new ChartBuilder(new KeyPalette().register(runs), zone);
        List<DrawnChart> out = new ArrayList<>();
        for (DrawnChart c : charts) {
            if (c.data().series().isEmpty() && c.data().bars().isEmpty()) {
                // nothing to cut or draw anew (a chart that could not be drawn keeps saying why)
                out.add(new DrawnChart(c.definition(), c.data(), c.chart(), size, c.sql(), c.keys()));
                continue;
            }
            // The subtitle says the part of the time shown, not the whole run's.
            ChartData part = c.data().between(from, to).withSubtitle(new ChartAssembler(zone).subtitleOver(c.data(), from, to));
            JFreeChart chart;
            try {
                chart = builder.build(part, size);
            } catch (RuntimeException e) {
                chart = ChartBuilder.failed(part.title(), reason(e));
            }
            if (chart.getPlot() instanceof XYPlot plot && !Double.isNaN(from) && !Double.isNaN(to) && to > from) {
                plot.getDomainAxis().setRange(from, to);
            }
            out.add(new DrawnChart(c.definition(), c.data(), chart, size, c.sql(), c.keys()));
        }
        return out;
    }

    /** Whether a chart draws a data set of these files: its tool's, or one its query reads (as the store says). */
    private static boolean drawsAny(ChartDefinition def, List<RunCatalog.DerivedTimes> files) {
        if (def.isSql()) return def.drawsRuns() && files.stream().anyMatch(f -> f.readBy(def.sql()));
        if (def.tool() == null) return false;
        String tool = def.tool().toLowerCase(Locale.ROOT);
        return files.stream().anyMatch(f -> f.datasets().stream().anyMatch(ds -> ds.toLowerCase(Locale.ROOT).equals(tool)));
    }

    /** {@code sar} of a chart of {@code sar.cpu}; a query's charts count as one tool. */
    private static String toolOf(ChartDefinition def) {
        if (def.tool() == null) return "";
        String dataset = def.tool().toLowerCase(Locale.ROOT);
        int dot = dataset.indexOf('.');
        return dot < 0 ? dataset : dataset.substring(0, dot);
    }
}
