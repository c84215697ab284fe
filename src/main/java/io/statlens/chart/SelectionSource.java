package io.statlens.chart;

import io.statlens.analysis.KeyOrder;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.schema.DataTable;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Loads the metrics a definition selects (tool, metric alternatives, keys) from one run. */
final class SelectionSource {
    private final RunCatalog catalog;
    private final SeriesReader reader;
    private final BusiestKeys busiestKeys;

    SelectionSource(Repository repo) {
        this.catalog = new RunCatalog(repo);
        this.reader = new SeriesReader(repo);
        this.busiestKeys = new BusiestKeys(repo);
    }

    /**
     * What one run gave.
     *
     * @param columns the data set and metric columns read
     * @param data    the traces read
     * @param keys    every key of the data set, read or not, as people read them ({@code all, 0, 1, ..., 10})
     */
    record RunData(SeriesReader.Selection columns, LoadedData data, List<String> keys) {
    }

    /**
     * @param lenient skip (empty result) rather than fail when the run lacks the data set or every metric;
     *                for presets applied to whatever a run holds
     */
    Optional<RunData> load(ChartDefinition def, String run, boolean lenient) {
        if (lenient && def.tool() != null && !catalog.datasetNames(run).contains(def.tool().toLowerCase(Locale.ROOT))) {
            return Optional.empty();
        }
        SeriesReader.Selection columns = columns(def, run, lenient);
        List<DataTable.MetricColumn> chosen = columns.metrics();
        if (chosen.isEmpty()) return Optional.empty();
        Optional<BusiestKeys.Choice> busiest = busiestKeys.choose(def, columns);
        Set<String> wanted = busiest.map(BusiestKeys.Choice::keys).orElse(new HashSet<>(def.keys()));
        // One pass over the data set for all metrics: the rows come in time order, each key's samples in turn.
        Map<String, KeySamples> byKey = new LinkedHashMap<>();
        reader.read(columns, def.sinceBoot(), wanted, row -> byKey.computeIfAbsent(row.key(), k -> new KeySamples(chosen.size())).add(row));
        List<Trace> traces = new ArrayList<>();
        for (int m = 0; m < chosen.size(); m++) {
            DataTable.MetricColumn column = chosen.get(m);
            for (Map.Entry<String, KeySamples> e : byKey.entrySet()) {
                KeySamples k = e.getValue();
                traces.add(new Trace(run, column.label(), column.unit() == null ? "" : column.unit(), e.getKey(),
                        Arrays.copyOf(k.time, k.size), Arrays.copyOf(k.elapsed, k.size), Arrays.copyOf(k.values[m], k.size)));
            }
        }
        List<String> keys = reader.keys(columns).stream().sorted(KeyOrder.INSTANCE).toList();
        if (!lenient) checkKeys(def, run, columns, keys, traces);
        String keyLabel = columns.keyLabel() == null ? "" : columns.keyLabel();
        LoadedData data = new LoadedData(columns.dataset(), keyLabel, null, traces, busiest.map(BusiestKeys.Choice::keysInRun).orElse(0));
        return Optional.of(new RunData(columns, data, keys));
    }

    /**
     * The run's data set with only the columns the definition's metrics choose: of each metric's alternatives the
     * first label the data set has. A metric none of whose labels exists is an error, or left out when lenient.
     */
    SeriesReader.Selection columns(ChartDefinition def, String run, boolean lenient) {
        SeriesReader.Selection selection = reader.select(run, def.tool());
        List<DataTable.MetricColumn> chosen = new ArrayList<>();
        for (List<String> alternatives : def.metrics()) {
            Optional<DataTable.MetricColumn> column = alternatives.stream()
                    .flatMap(label -> selection.metrics().stream().filter(m -> m.label().equals(label)))
                    .findFirst();
            if (column.isPresent()) {
                chosen.add(column.get());
            } else if (!lenient) {
                throw new UserException("data set '" + selection.dataset() + "' of run '" + run + "' has no metric '"
                        + String.join("' or '", alternatives) + "'; it has: "
                        + String.join(", ", selection.metrics().stream().map(DataTable.MetricColumn::label).toList()));
            }
        }
        return new SeriesReader.Selection(selection.run(), selection.dataset(), selection.table(), selection.keyLabel(),
                selection.datasetIds(), chosen);
    }

    /** The samples of one key, growing as rows are read. */
    private static final class KeySamples {
        double[] time = new double[256];
        double[] elapsed = new double[256];
        final double[][] values;
        int size;

        KeySamples(int metrics) {
            values = new double[metrics][256];
        }

        void add(SeriesReader.SeriesRow row) {
            if (size == time.length) {
                time = Arrays.copyOf(time, size * 2);
                elapsed = Arrays.copyOf(elapsed, size * 2);
                for (int m = 0; m < values.length; m++) values[m] = Arrays.copyOf(values[m], size * 2);
            }
            time[size] = row.time().toEpochMilli();
            elapsed[size] = row.elapsed();
            for (int m = 0; m < values.length; m++) values[m][size] = row.values()[m];
            size++;
        }
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
