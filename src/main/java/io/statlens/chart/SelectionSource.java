package io.statlens.chart;

import io.statlens.analysis.KeyOrder;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.store.stats.GroupedOverviews;
import io.statlens.store.stats.Overviews;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.SelectionQuery;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.read.WholeKeys;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Loads the metrics a definition selects (tool, metric alternatives, keys) from one run. */
final class SelectionSource {
    /** More keys than this in one chart (a heat map of every CPU) keep fewer samples each. */
    private static final int MANY_KEYS = 32;

    private final RunCatalog catalog;
    private final SeriesReader reader;
    private final BusiestKeys busiestKeys;
    private final Overviews overviews;
    private final GroupedOverviews grouped;

    SelectionSource(Repository repo) {
        this.catalog = new RunCatalog(repo);
        this.reader = new SeriesReader(repo);
        this.overviews = new Overviews(repo);
        this.grouped = new GroupedOverviews(repo);
        this.busiestKeys = new BusiestKeys(repo);
    }

    /**
     * What one run gave.
     *
     * @param columns the data set and metric columns read
     * @param data    the traces read
     * @param keys    every key of the data set, read or not, as people read them ({@code all, 0, 1, ..., 10})
     * @param sql     the query that gives the data, when it is not the selection's ({@link SelectionSql}): summary values
     */
    record RunData(SeriesReader.Selection columns, LoadedData data, List<String> keys, Optional<String> sql) {
        RunData(SeriesReader.Selection columns, LoadedData data, List<String> keys) {
            this(columns, data, keys, Optional.empty());
        }
    }

    /** Every sample of the run (see {@link #load(ChartDefinition, String, boolean, TimeWindow)}). */
    Optional<RunData> load(ChartDefinition def, String run, boolean lenient) {
        return load(def, run, lenient, TimeWindow.ALL);
    }

    /**
     * @param lenient skip (empty result) rather than fail when the run lacks the data set or every metric;
     *                for presets applied to whatever a run holds
     * @param times   the samples read, by their time (a summary value has none and is read whatever this says)
     */
    Optional<RunData> load(ChartDefinition def, String run, boolean lenient, TimeWindow times) {
        return load(def, run, lenient, times, ChartReads.NONE);
    }

    /** As {@link #load(ChartDefinition, String, boolean, TimeWindow)}, from what was prepared of it, if it was. */
    Optional<RunData> load(ChartDefinition def, String run, boolean lenient, TimeWindow times, ChartReads planned) {
        if (planned.has(def, run, times)) return planned.take(def, run, times).map(this::finish);
        Optional<Prepared> prepared = prepare(def, run, lenient, times);
        if (prepared.isEmpty()) return Optional.empty();
        for (RowsToRead r : prepared.get().reads()) reader.read(r.lane(), r.sinceBoot(), r.times(), r.keys(), r.samples());
        return Optional.of(finish(prepared.get()));
    }

    /**
     * A run's data of a definition before its rows are read ({@link #prepare}): what came from summary values or overviews,
     * and for each host's lane that reads rows, where they go. {@link #finish} makes the run's data of it once the rows
     * are read.
     *
     * @param ready    the data, when nothing is to be read (summary values)
     * @param lanes    per lane, its traces from overviews, or the rows it reads
     * @param mostKeys the most keys of a lane (the "top 8 of 48" of a chart's title)
     */
    record Prepared(ChartDefinition def, String run, boolean lenient, RunData ready, Columns columns, List<String> keys,
                    List<Lane> lanes, int mostKeys) {
        /** The rows to read, lane by lane. */
        List<RowsToRead> reads() {
            return lanes.stream().filter(l -> l.rows() != null).map(Lane::rows).toList();
        }
    }

    /** One host's part of a chart: its traces from overviews, or (rows not null) the rows it reads. */
    record Lane(List<Trace> traces, RowsToRead rows) {
    }

    /** Rows of a lane to read: these keys (all when empty) in the window, each handed to {@code samples}. */
    record RowsToRead(SeriesReader.Selection lane, boolean sinceBoot, TimeWindow times, Set<String> keys, SamplesByKey samples) {
    }

    /**
     * Everything of {@link #load} but reading the rows: the columns, keys and busiest keys chosen, the overviews read;
     * empty when the run has nothing for the definition (lenient).
     */
    Optional<Prepared> prepare(ChartDefinition def, String run, boolean lenient, TimeWindow times) {
        if (def.tool() != null && !catalog.datasetNames(run).contains(def.tool().toLowerCase(Locale.ROOT))) {
            // A benchmark that prints only its result (DBT-2, Faban, a sysbench run without intervals): its summary values.
            Optional<RunData> summary = summary(def, run);
            if (summary.isPresent() || lenient) {
                return summary.map(d -> new Prepared(def, run, lenient, d, null, List.of(), List.of(), 0));
            }
        }
        Columns columns = columns(def, run, lenient);
        List<Drawn> drawn = columns.drawn();
        if (drawn.isEmpty()) return Optional.empty();
        List<String> keys = reader.keys(columns.read()).stream().sorted(KeyOrder.INSTANCE).toList();
        // Each host's data sets are read apart (HostLanes): one host's samples are one series, its busiest keys its own.
        List<Lane> lanes = new ArrayList<>();
        int mostKeys = 0;
        for (SeriesReader.Selection ofLane : reader.byHost(columns.read())) {
            Optional<BusiestKeys.Choice> busiest = busiestKeys.choose(def, ofLane, drawn.get(0).columns(ofLane), drawn.get(0).complement());
            mostKeys = Math.max(mostKeys, busiest.map(BusiestKeys.Choice::keysInRun).orElse(0));
            Set<String> wanted = busiest.map(BusiestKeys.Choice::keys).orElse(new HashSet<>(def.keys()));
            // A heat map leaves out the average row (ChartAssembler): of a data set with no other key (plain mpstat 1) it
            // draws nothing, and reading its rows, all of the run's, would be for nothing.
            if (def.kind() == ChartKind.HEATMAP && wanted.isEmpty() && keys.equals(List.of(KeyOrder.ALL))) continue;
            int reading = wanted.isEmpty() ? keys.size() : wanted.size();
            int buckets = reading > MANY_KEYS ? KeySamples.BUCKETS_OF_MANY : KeySamples.BUCKETS;
            List<Trace> fromOverviews = new ArrayList<>();
            if (fromOverviews(def, drawn, ofLane, times, wanted, keys, buckets, run, ofLane.host(), fromOverviews)) {
                lanes.add(new Lane(fromOverviews, null));
                continue;
            }
            // One pass over the data set for all metrics: the rows come in time order, each key's samples in turn, reduced to
            // what a chart can show as they come (a run of millions of rows is never held whole). A complement is computed
            // per sample, before the reduction, so that its peaks are the samples' own.
            lanes.add(new Lane(List.of(), new RowsToRead(ofLane, def.sinceBoot(), times, wanted, new SamplesByKey(drawn, buckets))));
        }
        return Optional.of(new Prepared(def, run, lenient, null, columns, keys, lanes, mostKeys));
    }

    /** The run's data of a prepared definition whose rows were read. */
    RunData finish(Prepared p) {
        if (p.ready() != null) return p.ready();
        List<Drawn> drawn = p.columns().drawn();
        List<Trace> traces = new ArrayList<>();
        for (Lane lane : p.lanes()) {
            if (lane.rows() == null) {
                traces.addAll(lane.traces());
                continue;
            }
            Map<String, KeySamples> byKey = lane.rows().samples().byKey;
            for (int m = 0; m < drawn.size(); m++) {
                DataTable.MetricColumn column = drawn.get(m).shown();
                for (Map.Entry<String, KeySamples> e : byKey.entrySet()) {
                    KeySamples k = e.getValue();
                    traces.add(new Trace(p.run(), column.label(), column.unit() == null ? "" : column.unit(), e.getKey(), k.time(),
                            k.elapsed(), k.values(m), k.mean(m), k.samples(m), lane.rows().lane().host()));
                }
            }
        }
        if (!p.lenient()) checkKeys(p.def(), p.run(), p.columns().shown(), p.keys(), traces);
        String keyLabel = p.columns().shown().keyLabel() == null ? "" : p.columns().shown().keyLabel();
        LoadedData data = new LoadedData(p.columns().shown().dataset(), keyLabel, null, traces, p.mostKeys(),
                wholeKeys(p.run(), p.columns().shown().dataset(), traces));
        return new RunData(p.columns().shown(), data, p.keys());
    }

    /** The whole keys of the traces' keys that were too long to be stored whole, by their stored form. */
    private Map<String, String> wholeKeys(String run, String dataset, List<Trace> traces) {
        WholeKeys whole = catalog.wholeKeys(run);
        Map<String, String> out = new HashMap<>();
        for (Trace t : traces) {
            String named = whole.whole(dataset, t.key());
            if (!named.equals(t.key())) out.put(t.key(), named);
        }
        return out;
    }

    /**
     * The lane's traces from the overviews kept at import, when the view holds enough samples per key for them
     * ({@link Overviews}): about as many values read as a chart has pixel columns, whatever the length of the run. Else,
     * for a view of more samples per key than the chart keeps, from the same buckets grouped by the database from the
     * rows where it can ({@link GroupedOverviews}): a complement (computed per sample) too, which no overview holds.
     * Since-boot samples and the layers of a stacked area are read from the rows.
     *
     * @return false when the rows are to be read
     */
    private boolean fromOverviews(ChartDefinition def, List<Drawn> drawn, SeriesReader.Selection lane, TimeWindow times,
                                  Set<String> wanted, List<String> keys, int buckets, String run, String host, List<Trace> traces) {
        // The layers of a stacked area share their samples' times (ChartBuilder.area); a column's overview has its own.
        if (def.sinceBoot() || def.kind() == ChartKind.AREA && drawn.size() > 1) return false;
        boolean kept = drawn.stream().noneMatch(Drawn::complement);
        Optional<Map<String, Overviews.Line[]>> read = kept ? overviews.read(lane, times, wanted, keys, buckets) : Optional.empty();
        if (read.isEmpty()) {
            // grouped as drawn: a line per metric in the order drawn
            read = grouped.read(lane.withMetrics(drawn.stream().map(Drawn::shown).toList()), times, wanted, keys, buckets);
            kept = false;
        }
        if (read.isEmpty()) return false;
        for (int m = 0; m < drawn.size(); m++) {
            DataTable.MetricColumn column = drawn.get(m).shown();
            int at = kept ? drawn.get(m).read()[0] : m;
            for (Map.Entry<String, Overviews.Line[]> e : read.get().entrySet()) {
                Overviews.Line line = e.getValue()[at];
                traces.add(new Trace(run, column.label(), column.unit() == null ? "" : column.unit(), e.getKey(), line.time(),
                        line.elapsed(), line.values(), line.mean(), line.samples(), host));
            }
        }
        return true;
    }

    /**
     * A metric as drawn: as a query writes it (a complement's column is its expression, {@link SelectionQuery#complement}),
     * the indexes of the columns read for it, and whether it is a complement.
     */
    record Drawn(DataTable.MetricColumn shown, int[] read, boolean complement) {
        /** The table columns it is computed from. */
        List<String> columns(SeriesReader.Selection readSelection) {
            return Arrays.stream(read).mapToObj(i -> readSelection.metrics().get(i).column()).toList();
        }
    }

    /** The metrics a definition draws ({@code shown}), the columns read for them ({@code read}), and how one comes from the other. */
    record Columns(SeriesReader.Selection shown, SeriesReader.Selection read, List<Drawn> drawn) {
    }

    /**
     * The rows read, each key's in its {@link KeySamples}: the last row's key's at hand, so that the rows of one key (an
     * unkeyed or one-key series, the usual long run) need no map look-up each; a row's drawn values go through one
     * array, which {@link KeySamples#add} copies, or are the row's own when drawn as read.
     */
    static final class SamplesByKey implements SeriesReader.RowHandler {
        final Map<String, KeySamples> byKey = new LinkedHashMap<>();
        private final int metrics;
        private final int buckets;
        /** Per metric drawn, the columns read for it (a complement's several), and whether it is a complement. */
        private final int[][] read;
        private final boolean[] complement;
        /** Whether the row's values are the drawn ones as they are (no complement, the columns in the order drawn): no copy. */
        private final boolean asRead;
        private final double[] values;
        private String lastKey;
        private KeySamples last;

        SamplesByKey(List<Drawn> drawn, int buckets) {
            this.metrics = drawn.size();
            this.buckets = buckets;
            this.read = new int[metrics][];
            this.complement = new boolean[metrics];
            boolean same = true;
            for (int m = 0; m < metrics; m++) {
                read[m] = drawn.get(m).read();
                complement[m] = drawn.get(m).complement();
                same &= !complement[m] && read[m][0] == m;
            }
            this.asRead = same;
            this.values = new double[metrics];
        }

        @Override
        public void row(SeriesReader.SeriesRow row) {
            if (!row.key().equals(lastKey)) {
                lastKey = row.key();
                last = byKey.computeIfAbsent(lastKey, k -> new KeySamples(metrics, buckets));
            }
            last.add(row.epochMilli(), row.elapsed(), asRead ? row.values() : drawnValues(row.values()));
        }

        /**
         * One row's drawn values. A complement is 100 minus its columns' sum, never below 0 (rounding makes %idle and
         * %iowait add up to 100.01); a missing %iowait counts as none, as in the findings' busy time.
         */
        private double[] drawnValues(double[] row) {
            for (int m = 0; m < metrics; m++) {
                int[] columns = read[m];
                double v = row[columns[0]];
                if (complement[m]) {
                    double sum = v;
                    for (int i = 1; i < columns.length; i++) sum += Double.isNaN(row[columns[i]]) ? 0 : row[columns[i]];
                    v = Double.isNaN(v) ? Double.NaN : Math.max(0, 100 - sum);
                }
                values[m] = v;
            }
            return values;
        }
    }

    /**
     * The run's data set with only the columns the definition's metrics choose: of each metric's alternatives the
     * first whose labels the data set has (a complement such as {@code 100 - %idle - %iowait} needs them all). A metric
     * none of whose alternatives exists is an error, or left out when lenient.
     */
    Columns columns(ChartDefinition def, String run, boolean lenient) {
        SeriesReader.Selection selection = reader.select(run, def.tool());
        Map<String, DataTable.MetricColumn> byLabel = new LinkedHashMap<>();
        selection.metrics().forEach(m -> byLabel.putIfAbsent(m.label(), m));
        List<DataTable.MetricColumn> read = new ArrayList<>();
        List<Drawn> drawn = new ArrayList<>();
        for (List<String> alternatives : def.metrics()) {
            Optional<String> held = alternatives.stream()
                    .filter(a -> byLabel.keySet().containsAll(ChartDefinition.readLabels(a))).findFirst();
            if (held.isEmpty()) {
                if (lenient) continue;
                throw new UserException("data set '" + selection.dataset() + "' of run '" + run + "' has no metric '"
                        + String.join("' or '", alternatives) + "'; it has: "
                        + String.join(", ", selection.metrics().stream().map(DataTable.MetricColumn::label).toList()));
            }
            List<DataTable.MetricColumn> parts = ChartDefinition.readLabels(held.get()).stream().map(byLabel::get).toList();
            int[] indexes = new int[parts.size()];
            for (int i = 0; i < indexes.length; i++) {
                if (!read.contains(parts.get(i))) read.add(parts.get(i));
                indexes[i] = read.indexOf(parts.get(i));
            }
            DataTable.MetricColumn first = parts.get(0);
            boolean complement = ChartDefinition.isComplement(held.get());
            // A complement keeps its alternative's label (100 - %idle) and reads the columns of its labels (PCT_IDLE).
            DataTable.MetricColumn shown = complement ? new DataTable.MetricColumn(
                    SelectionQuery.complement(parts.stream().map(DataTable.MetricColumn::column).toList()), held.get(), first.unit(),
                    first.description()) : first;
            drawn.add(new Drawn(shown, indexes, complement));
        }
        return new Columns(new SeriesReader.Selection(selection.run(), selection.dataset(), selection.table(), selection.keyLabel(),
                selection.datasetIds(), drawn.stream().map(Drawn::shown).toList()),
                new SeriesReader.Selection(selection.run(), selection.dataset(), selection.table(), selection.keyLabel(),
                        selection.datasetIds(), read), drawn);
    }

    /**
     * The summary values of the definition's data set that its metrics name, as one-sample traces at the run's start
     * (a summary value's key, such as Faban's driver, is the trace's key): drawn as bars. Empty when the run has none.
     */
    private Optional<RunData> summary(ChartDefinition def, String run) {
        String dataset = def.tool().toLowerCase(Locale.ROOT);
        long runId = catalog.id(run);
        List<SummaryValue> values = catalog.summary(runId).stream().filter(v -> v.dataset().equals(dataset)).toList();
        if (values.isEmpty()) return Optional.empty();
        Instant start = catalog.run(run).start();
        double at = start == null ? 0 : start.toEpochMilli();
        List<Trace> traces = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (List<String> alternatives : def.metrics()) {
            for (String name : alternatives) {
                List<SummaryValue> matching = values.stream().filter(v -> v.name().equals(name)
                        && (def.keys().isEmpty() || def.keys().contains(v.key()))).toList();
                if (matching.isEmpty()) continue;
                // Within a run the last value of a name and key wins (sysbench prints checkpoint summaries before the final one).
                Map<String, SummaryValue> lastByKey = new LinkedHashMap<>();
                matching.forEach(v -> lastByKey.put(v.key(), v));
                for (SummaryValue v : lastByKey.values()) {
                    traces.add(new Trace(run, name, v.unit() == null ? "" : v.unit(), v.key(), new double[]{at}, new double[]{0},
                            new double[]{v.value()}));
                }
                names.add(name);
                break;
            }
        }
        if (traces.isEmpty()) return Optional.empty();
        List<String> keys = traces.stream().map(Trace::key).filter(k -> !k.isEmpty()).distinct().sorted(KeyOrder.INSTANCE).toList();
        String sql = SelectionQuery.summary(dataset, names);
        LoadedData data = new LoadedData(dataset, keys.isEmpty() ? "" : "key", null, traces);
        return Optional.of(new RunData(null, data, keys, Optional.of(sql)));
    }

    /** A key the user named that the run does not have is a typo worth reporting, with the keys there are. */
    private static void checkKeys(ChartDefinition def, String run, SeriesReader.Selection selection, List<String> keys,
                                  List<Trace> traces) {
        Set<String> found = new HashSet<>();
        traces.forEach(t -> found.add(t.key()));
        List<String> missing = def.keys().stream().filter(k -> !found.contains(k)).toList();
        if (missing.isEmpty()) return;
        String label = selection.keyLabel() == null || selection.keyLabel().isEmpty() ? "key" : selection.keyLabel();
        throw new UserException("data set '" + selection.dataset() + "' of run '" + run + "' has no " + label + " '"
                + String.join("', '", missing) + "'"
                + (keys.isEmpty() ? " (it has no keys)"
                : "; it has: " + String.join(", ", keys.subList(0, Math.min(keys.size(), 51))) + (keys.size() > 50 ? ", ..." : "")));
    }
}
