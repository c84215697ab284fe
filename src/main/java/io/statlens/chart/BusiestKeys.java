package io.statlens.chart;

import io.statlens.analysis.KeyOrder;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.stats.StoredStats;
import io.statlens.store.schema.Repository;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The keys a chart will draw, chosen before reading any row: the busiest N by the means stored at import, the
 * same ranking {@link ChartAssembler} applies to loaded traces. A chart of 10 of 256 CPUs over ten million rows
 * then reads 10/256 of them, instead of holding every CPU's samples in memory to throw most away.
 */
final class BusiestKeys {
    /** The keys to read, and how many the run has. */
    record Choice(Set<String> keys, int keysInRun) {
    }

    private final StoredStats stats;

    BusiestKeys(Repository repo) {
        this.stats = new StoredStats(repo);
    }

    /**
     * Empty when every key is to be read: the chart names its keys, is not cut to a top N, or counts samples the
     * stored statistics leave out (since boot).
     *
     * @param read       the columns read
     * @param ranked     the table columns of the first metric drawn, which ranks the keys
     * @param complement whether it is drawn as 100 minus their sum ({@code 100 - %idle - %iowait}): its mean is 100 minus
     *                   the sum of their means
     */
    Optional<Choice> choose(ChartDefinition def, SeriesReader.Selection read, List<String> ranked, boolean complement) {
        if (!def.keys().isEmpty() || def.sinceBoot() || ranked.isEmpty()) return Optional.empty();
        // Every key with statistics of any metric counts (the run's CPUs: "top 10 of 48"); only the ranked columns are read.
        Set<String> keys = new HashSet<>(stats.keys(read.datasetIds()));
        keys.remove(KeyOrder.ALL);
        Map<String, double[][]> sumAndCount = new HashMap<>();
        // Each key's parts added in data set order (one per file), so that a mean's last digits, and thus a tie, never
        // depend on the order the database returns the rows in.
        List<StoredStats.KeyStats> stored = stats.columns(read.datasetIds(), ranked).stream()
                .sorted(Comparator.comparingLong(StoredStats.KeyStats::datasetId)).toList();
        for (StoredStats.KeyStats e : stored) {
            if (!keys.contains(e.key()) || e.stats().n() == 0) continue;
            double[] acc = sumAndCount.computeIfAbsent(e.key(), k -> new double[ranked.size()][2])[ranked.indexOf(e.column())];
            acc[0] += e.stats().mean() * e.stats().n();
            acc[1] += e.stats().n();
        }
        int limit = ChartAssembler.keyLimit(def, keys.size());
        if (limit == 0) return Optional.empty();
        Map<String, Double> means = new HashMap<>();
        sumAndCount.forEach((key, parts) -> {
            // The first column must have values (%idle); a missing %iowait counts as none, as the samples drawn do.
            if (parts[0][1] == 0) return;
            double sum = 0;
            for (double[] acc : parts) sum += acc[1] == 0 ? 0 : acc[0] / acc[1];
            means.put(key, complement ? 100 - sum : sum);
        });
        List<String> top = keys.stream().sorted(ChartAssembler.busiestFirst(means, def.hot())).limit(limit).toList();
        return Optional.of(new Choice(Set.copyOf(top), keys.size()));
    }
}
