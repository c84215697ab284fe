package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.read.AnnotationStore;
import io.statlens.store.schema.Repository;
import io.statlens.store.read.RunCatalog;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
        Map<String, Instant> starts = new HashMap<>();
        Map<String, List<ChartNote>> notes = new HashMap<>();
        for (String run : request.runs()) {
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
        for (ChartDefinition def : request.definitions()) {
            String tool = toolOf(def);
            if (request.perTool() > 0 && perTool.getOrDefault(tool, 0) >= request.perTool()) continue;
            ChartDataLoader.Loaded loaded;
            try {
                // A query without :run draws what it selects; every other chart is of the runs named.
                loaded = loader.load(def, def.drawsRuns() ? request.runs() : List.of(), notes, starts, request.lenient());
            } catch (UserException e) {
                // Lenient requests apply presets to whatever the runs hold: what does not fit is skipped, with the reason.
                if (!request.lenient()) throw e;
                skipped.add((def.name() != null ? "chart '" + def.name() + "'" : "the chart") + ": " + e.getMessage());
                continue;
            }
            perTool.merge(tool, 1, Integer::sum);
            for (ChartData data : loaded.charts()) {
                drawn.add(new DrawnChart(def, data, builder.build(data, request.size()), request.size(), loaded.sql(),
                        loaded.keys()));
            }
        }
        return new ChartResult(drawn, skipped);
    }

    /** {@code sar} of a chart of {@code sar.cpu}; a query's charts count as one tool. */
    private static String toolOf(ChartDefinition def) {
        if (def.tool() == null) return "";
        String dataset = def.tool().toLowerCase(Locale.ROOT);
        int dot = dataset.indexOf('.');
        return dot < 0 ? dataset : dataset.substring(0, dot);
    }
}
