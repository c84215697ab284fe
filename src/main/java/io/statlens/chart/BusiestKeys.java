package io.statlens.chart;

import io.statlens.analysis.KeyOrder;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.read.StoredStats;
import io.statlens.store.schema.Repository;

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
     */
    Optional<Choice> choose(ChartDefinition def, SeriesReader.Selection columns) {
        if (!def.keys().isEmpty() || def.sinceBoot() || columns.metrics().isEmpty()) return Optional.empty();
        String ranked = columns.metrics().get(0).column();
        Map<String, double[]> sumAndCount = new HashMap<>();
        Set<String> keys = new HashSet<>();
        for (StoredStats.Entry e : stats.datasets(columns.datasetIds())) {
            if (e.key().isEmpty() || e.key().equals(KeyOrder.ALL)) continue;
            keys.add(e.key());
            if (e.column().equals(ranked) && e.stats().n() > 0) {
                double[] acc = sumAndCount.computeIfAbsent(e.key(), k -> new double[2]);
                acc[0] += e.stats().mean() * e.stats().n();
                acc[1] += e.stats().n();
            }
        }
        int limit = ChartAssembler.keyLimit(def, keys.size());
        if (limit == 0) return Optional.empty();
        Map<String, Double> means = new HashMap<>();
        sumAndCount.forEach((key, acc) -> means.put(key, acc[0] / acc[1]));
        // 100 - %idle is busiest where %idle is lowest: the stored statistics are of %idle.
        HotEnd hot = ChartDefinition.isComplement(columns.metrics().get(0).label())
                ? (def.hot() == HotEnd.HIGH ? HotEnd.LOW : HotEnd.HIGH) : def.hot();
        List<String> top = keys.stream().sorted(ChartAssembler.busiestFirst(means, hot)).limit(limit).toList();
        return Optional.of(new Choice(Set.copyOf(top), keys.size()));
    }
}
