package io.statlens.chart;

import io.statlens.analysis.KeyOrder;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a chart definition and runs into the data of the charts to draw: loads the selected metrics
 * (or runs the definition's query), shapes them with the {@link ChartAssembler}, and writes the selection it read as
 * the query that gives the same data.
 */
final class ChartDataLoader {
    private final SelectionSource selections;
    private final SqlSource queries;
    private final ChartAssembler assembler;

    /**
     * @param zone the zone of times shown in subtitles (the axis of a chart has its own, see {@link ChartBuilder})
     */
    ChartDataLoader(Repository repo, ZoneId zone) {
        this.selections = new SelectionSource(repo);
        this.queries = new SqlSource(repo);
        this.assembler = new ChartAssembler(zone);
    }

    /**
     * The charts of one definition, with what a viewer shows beside them.
     *
     * @param sql  the query giving the data (see {@link DrawnChart#sql})
     * @param keys the keys of the data set in the runs read; empty for a query
     */
    record Loaded(List<ChartData> charts, String sql, List<String> keys) {
    }

    /**
     * @param notes   each run's notes
     * @param starts  each run's start, to place notes on an elapsed-time axis
     * @param lenient leave out, rather than fail on, runs that lack the definition's data set or metrics; a
     *                definition no run has data for is still an error
     * @param oneAxis several runs on one elapsed-time axis whatever their lengths ({@link ChartRequest#oneAxis})
     * @param times   the samples read of each run, by their time ({@link ChartRequest#timesOf}); a query reads what it selects
     */
    Loaded load(ChartDefinition def, List<String> runs, Map<String, List<ChartNote>> notes, Map<String, Instant> starts,
                boolean lenient, boolean oneAxis, java.util.function.Function<String, TimeWindow> times) {
        return load(def, runs, notes, starts, lenient, oneAxis, times, ChartReads.NONE);
    }

    /** As above, from what {@code planned} prepared of the definition's runs (their rows read), the others read now. */
    Loaded load(ChartDefinition def, List<String> runs, Map<String, List<ChartNote>> notes, Map<String, Instant> starts,
                boolean lenient, boolean oneAxis, java.util.function.Function<String, TimeWindow> times, ChartReads planned) {
        LoadedData data;
        String sql;
        List<String> keys = List.of();
        if (def.isSql()) {
            data = queries.load(def, runs);
            sql = def.sql();
        } else {
            List<Trace> traces = new ArrayList<>();
            List<SeriesReader.Selection> read = new ArrayList<>();
            Set<String> allKeys = new TreeSet<>(KeyOrder.INSTANCE);
            LoadedData first = null;
            int mostKeys = 0;
            Map<String, String> wholeKeys = new HashMap<>();
            String summarySql = null;
            for (String run : runs) {
                Optional<SelectionSource.RunData> one = selections.load(def, run, lenient, times.apply(run), planned);
                if (one.isEmpty()) continue;
                LoadedData loaded = one.get().data();
                if (first == null) first = loaded;
                traces.addAll(loaded.traces());
                wholeKeys.putAll(loaded.wholeKeys());
                mostKeys = Math.max(mostKeys, loaded.mostKeys());
                if (one.get().columns() != null) read.add(one.get().columns());
                summarySql = summarySql == null ? one.get().sql().orElse(null) : summarySql;
                allKeys.addAll(one.get().keys());
            }
            if (first == null) {
                String who = runs.size() == 1 ? "run " + runs.get(0) + " has no" : "none of the runs " + String.join(", ", runs) + " has";
                throw new UserException(who + " " + def.tool() + " data with " + metricNames(def));
            }
            data = new LoadedData(first.source(), first.keyLabel(), null, traces, mostKeys, wholeKeys);
            sql = read.isEmpty() ? summarySql : query(def, read);
            List<String> hosts = traces.stream().map(Trace::host).filter(h -> !h.isEmpty()).distinct().toList();
            if (sql != null && !hosts.isEmpty()) {
                // The view has no column that tells the hosts' files apart: the query cannot draw them apart as the chart does.
                sql = "-- the chart draws the hosts " + String.join(", ", hosts) + " apart; this query gives their rows together\n" + sql;
            }
            keys = List.copyOf(allKeys);
        }
        List<ChartData> charts = assembler.assemble(def, runs, data, notes, starts, oneAxis);
        if (charts.isEmpty()) {
            throw new UserException("no values to draw" + (runs.isEmpty() ? "" : " in " + String.join(", ", runs))
                    + (def.keys().isEmpty() ? "" : " for key(s) " + String.join(", ", def.keys())));
        }
        return new Loaded(charts, sql, keys);
    }

    /**
     * Prepares the definition's runs into {@code planned} ({@link SelectionSource#prepare}): a run whose preparation fails is
     * left to fail again, and be told, when drawn.
     */
    void prepare(ChartDefinition def, List<String> runs, boolean lenient, java.util.function.Function<String, TimeWindow> times,
                 ChartReads planned) {
        if (def.isSql()) return;
        for (String run : runs) {
            TimeWindow window = times.apply(run);
            if (planned.has(def, run, window)) continue;
            Optional<SelectionSource.Prepared> p;
            try {
                p = selections.prepare(def, run, lenient, window);
            } catch (RuntimeException e) {
                continue;
            }
            planned.add(def, run, window, p);
        }
    }

    /** The selection as a query, from the very columns read; a selection without a query form says why, as a comment. */
    private static String query(ChartDefinition def, List<SeriesReader.Selection> read) {
        try {
            return SelectionSql.query(def, read);
        } catch (UserException e) {
            return "-- " + e.getMessage();
        }
    }

    private static String metricNames(ChartDefinition def) {
        return String.join(", ", def.metrics().stream().map(m -> String.join(" | ", m)).toList());
    }
}
