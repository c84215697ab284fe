package io.statlens.chart;

import io.statlens.analysis.MetricSeries;
import io.statlens.analysis.SeriesLoader;
import io.statlens.model.UserException;
import io.statlens.store.DataTable;
import io.statlens.store.Repository;
import io.statlens.store.RunCatalog;
import io.statlens.store.SeriesReader;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/** Loads the metrics a definition selects (tool, metric alternatives, keys) from one run. */
final class SelectionSource {
    private final RunCatalog catalog;
    private final SeriesReader reader;
    private final SeriesLoader loader;

    SelectionSource(Repository repo) {
        this.catalog = new RunCatalog(repo);
        this.reader = new SeriesReader(repo);
        this.loader = new SeriesLoader(repo);
    }

    /**
     * @param lenient skip (empty result) rather than fail when the run lacks the data set or every metric;
     *                for presets applied to whatever a run holds
     */
    Optional<LoadedData> load(ChartDefinition def, String run, boolean lenient) {
        if (lenient && def.tool() != null && !catalog.datasetNames(run).contains(def.tool().toLowerCase(Locale.ROOT))) {
            return Optional.empty();
        }
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
        if (chosen.isEmpty()) return Optional.empty();
        Set<String> wanted = new HashSet<>(def.keys());
        Predicate<String> keys = wanted.isEmpty() ? k -> true : wanted::contains;
        List<Trace> traces = new ArrayList<>();
        for (DataTable.MetricColumn column : chosen) {
            for (MetricSeries s : loader.load(run, selection.dataset(), column.label(), keys, def.sinceBoot())) {
                double[] time = new double[s.size()];
                for (int i = 0; i < time.length; i++) time[i] = s.times()[i].toEpochMilli();
                traces.add(new Trace(run, s.label(), s.unit() == null ? "" : s.unit(), s.key(), time, s.elapsed(), s.values()));
            }
        }
        if (!lenient) checkKeys(def, run, selection, traces);
        return Optional.of(new LoadedData(selection.dataset(), selection.keyLabel() == null ? "" : selection.keyLabel(), null, traces));
    }

    /** A key the user named that the run does not have is a typo worth reporting, with the keys there are. */
    private void checkKeys(ChartDefinition def, String run, SeriesReader.Selection selection, List<Trace> traces) {
        Set<String> found = new HashSet<>();
        traces.forEach(t -> found.add(t.key()));
        List<String> missing = def.keys().stream().filter(k -> !found.contains(k)).toList();
        if (missing.isEmpty()) return;
        List<String> keys;
        try {
            keys = catalog.datasets(catalog.id(run)).stream().filter(d -> d.qualifiedName().equals(selection.dataset()))
                    .flatMap(d -> d.keys().stream()).distinct().sorted(KeyOrder.NATURAL).toList();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        String label = selection.keyLabel() == null || selection.keyLabel().isEmpty() ? "key" : selection.keyLabel();
        throw new UserException("data set '" + selection.dataset() + "' of run '" + run + "' has no " + label + " '"
                + String.join("', '", missing) + "'" + (keys.isEmpty() ? " (it has no keys)" : "; it has: " + String.join(", ", keys)
                + (keys.size() > 50 ? ", ..." : "")));
    }
}
