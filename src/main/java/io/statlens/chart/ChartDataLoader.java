package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns a chart definition and runs into the data of the charts to draw: loads the selected metrics
 * (or runs the definition's query), then shapes them with the {@link ChartAssembler}.
 */
public final class ChartDataLoader {
    private final RunCatalog catalog;
    private final SelectionSource selections;
    private final SqlSource queries;
    private final ChartAssembler assembler;

    /**
     * @param zone the zone of times shown in subtitles (the axis of a chart has its own, see {@link ChartBuilder})
     */
    public ChartDataLoader(Repository repo, ZoneId zone) {
        this.catalog = new RunCatalog(repo);
        this.selections = new SelectionSource(repo);
        this.queries = new SqlSource(repo);
        this.assembler = new ChartAssembler(zone);
    }

    /**
     * @param charts  the charts, ready for {@link ChartBuilder}
     * @param skipped why a definition gave no chart (lenient loading only)
     */
    public record Result(List<ChartData> charts, List<String> skipped) {
    }

    /**
     * @param lenient skip, with a reason, what the runs do not hold (a preset for a tool a run lacks)
     *                instead of failing
     */
    public Result load(ChartDefinition def, List<String> runs, NoteSource notes, boolean lenient) {
        Map<String, Instant> starts = new HashMap<>();
        Map<String, List<ChartNote>> notesByRun = new HashMap<>();
        for (String run : runs) {
            starts.put(run, catalog.run(run).start());
            notesByRun.put(run, notes.notes(run));
        }
        String what = def.name() != null ? "chart '" + def.name() + "'" : "the chart";
        try {
            return new Result(load(def, runs, notesByRun, starts, lenient), List.of());
        } catch (UserException e) {
            // Lenient loading applies presets to whatever runs hold: what does not fit is skipped, with the reason.
            if (!lenient) throw e;
            return new Result(List.of(), List.of(what + ": " + e.getMessage()));
        }
    }

    private List<ChartData> load(ChartDefinition def, List<String> runs, Map<String, List<ChartNote>> notesByRun,
                                 Map<String, Instant> starts, boolean lenient) {
        LoadedData data;
        if (def.isSql()) {
            data = queries.load(def, runs);
        } else {
            List<Trace> traces = new ArrayList<>();
            LoadedData first = null;
            int mostKeys = 0;
            for (String run : runs) {
                Optional<LoadedData> one = selections.load(def, run, lenient);
                if (one.isEmpty()) continue;
                if (first == null) first = one.get();
                traces.addAll(one.get().traces());
                mostKeys = Math.max(mostKeys, one.get().mostKeys());
            }
            if (first == null) {
                String who = runs.size() == 1 ? "run " + runs.get(0) + " has no" : "none of the runs " + String.join(", ", runs) + " has";
                throw new UserException(who + " " + def.tool() + " data with " + metricNames(def));
            }
            data = new LoadedData(first.source(), first.keyLabel(), null, traces, mostKeys);
        }
        List<ChartData> charts = assembler.assemble(def, runs, data, notesByRun, starts);
        if (charts.isEmpty()) {
            throw new UserException("no values to draw" + (runs.isEmpty() ? "" : " in " + String.join(", ", runs))
                    + (def.keys().isEmpty() ? "" : " for key(s) " + String.join(", ", def.keys())));
        }
        return charts;
    }

    private static String metricNames(ChartDefinition def) {
        return String.join(", ", def.metrics().stream().map(m -> String.join(" | ", m)).toList());
    }
}
