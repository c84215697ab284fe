package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.stats.SeriesSummary;
import io.statlens.store.stats.StoredStats;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Statistics of a run's metrics per key (and per host, for a run of several hosts), and Top-N keys. Without a window (and without the
 * since-boot samples) they come from the summaries stored at import, merged across the files of a
 * data set, and so do those of a data set whose rows all lie in the window; for a data set the window
 * cuts they are computed from the rows in it, in one pass with bounded memory.
 */
public final class RunStatistics {
    private static final int KEYS_LISTED = 30;
    private final Repository repo;

    public RunStatistics(Repository repo) {
        this.repo = repo;
    }

    /** Per data set, then metric (in table order), then key (numbers by value). */
    public List<MetricStats> stats(StatsRequest request) {
        SeriesReader reader = new SeriesReader(repo);
        // Each host's data sets have statistics of their own: two hosts' CPUs or devices of one name are not one.
        List<SeriesReader.Selection> selections = choose(reader.selectAll(request.run()), request).stream()
                .flatMap(s -> reader.byHost(s).stream()).toList();
        Set<String> keysSeen = new LinkedHashSet<>();
        // A window that holds every row of a data set changes nothing: its statistics are those stored at import
        // (since-boot samples excluded, as there), and reading its rows again would only cost time.
        Set<Integer> fromStore = new HashSet<>();
        for (int d = 0; d < selections.size(); d++) {
            if (request.precomputed() || !request.sinceBoot() && reader.within(selections.get(d), request.window())) fromStore.add(d);
        }
        List<Ranked> ranked = new ArrayList<>();
        if (!fromStore.isEmpty()) ranked.addAll(stored(request, selections, fromStore, keysSeen));
        if (fromStore.size() < selections.size()) ranked.addAll(computed(request, selections, fromStore, reader, keysSeen));
        ranked.sort(Comparator.comparingInt(Ranked::dataset).thenComparingInt(Ranked::metric)
                .thenComparing(r -> r.stats().key(), KeyOrder.INSTANCE));
        List<MetricStats> out = ranked.stream().map(Ranked::stats).toList();
        checkKeys(request, out, keysSeen);
        if (out.isEmpty()) {
            throw new UserException("run '" + request.run() + "' has no values" + (request.metrics().isEmpty() ? ""
                    : " of " + String.join(", ", request.metrics())) + (request.window().bounded() ? " between "
                    + (request.window().from() == null ? "its start" : request.window().from()) + " and "
                    + (request.window().to() == null ? "its end" : request.window().to()) : ""));
        }
        return out;
    }

    /**
     * The {@code n} keys with the highest (or lowest) value of a statistic. The aggregate key
     * {@code all} that mpstat and sar print is not a CPU and is left out, unless asked for with a key filter.
     */
    public List<MetricStats> top(StatsRequest request, Statistic by, int n, boolean ascending) {
        if (n < 1) throw new UserException("-n must be at least 1");
        boolean allAsked = request.keys().stream().anyMatch(k -> k.equalsIgnoreCase("all"));
        Comparator<MetricStats> order = Comparator.comparingDouble(s -> by.of(s.stats()));
        if (!ascending) order = order.reversed();
        return stats(request).stream().filter(s -> allAsked || !s.key().equalsIgnoreCase("all"))
                .sorted(order.thenComparing(MetricStats::dataset).thenComparing(MetricStats::key, KeyOrder.INSTANCE))
                .limit(n).toList();
    }

    /** A result with the positions of its data set and metric, for ordering. */
    private record Ranked(int dataset, int metric, MetricStats stats) {
    }

    /** The requested data sets, each narrowed to the requested metrics. */
    private static List<SeriesReader.Selection> choose(List<SeriesReader.Selection> all, StatsRequest request) {
        for (String tool : request.tools()) {
            if (all.stream().noneMatch(s -> isOf(s.dataset(), tool, request.exact()))) {
                throw new UserException("run '" + request.run() + "' has no data set '" + tool + "'; it has: "
                        + all.stream().map(SeriesReader.Selection::dataset).collect(Collectors.joining(", ")));
            }
        }
        List<SeriesReader.Selection> chosen = all.stream().filter(s -> request.tools().isEmpty()
                || request.tools().stream().anyMatch(t -> isOf(s.dataset(), t, request.exact()))).toList();
        if (request.metrics().isEmpty()) return chosen;
        for (String metric : request.metrics()) {
            if (chosen.stream().flatMap(s -> s.metrics().stream()).noneMatch(m -> isMetric(m, metric))) {
                throw new UserException("no metric '" + metric + "' in " + chosen.stream().map(SeriesReader.Selection::dataset)
                        .collect(Collectors.joining(", ")) + "; metrics: " + chosen.stream().flatMap(s -> s.metrics().stream())
                        .map(DataTable.MetricColumn::label).distinct().collect(Collectors.joining(" ")));
            }
        }
        List<SeriesReader.Selection> out = new ArrayList<>();
        for (SeriesReader.Selection s : chosen) {
            List<DataTable.MetricColumn> metrics = s.metrics().stream()
                    .filter(m -> request.metrics().stream().anyMatch(r -> isMetric(m, r))).toList();
            if (!metrics.isEmpty()) {
                out.add(s.withMetrics(metrics));
            }
        }
        return out;
    }

    /**
     * {@code iostat} names iostat's data sets ({@code iostat}, {@code iostat.cpu}); {@code iostat.cpu} names one.
     * Exact, {@code iostat} names only {@code iostat}.
     */
    private static boolean isOf(String dataset, String tool, boolean exact) {
        String t = tool.toLowerCase(Locale.ROOT);
        return dataset.equals(t) || !exact && dataset.startsWith(t + ".");
    }

    private static boolean isMetric(DataTable.MetricColumn m, String requested) {
        return m.label().equals(requested) || m.column().equalsIgnoreCase(requested);
    }

    /**
     * The stored statistics of the selections at these positions: only their data sets' requested metric columns
     * (the statistics pane asks for one metric of one data set, not the whole run's), merged across the files of a
     * data set in file order.
     */
    private List<Ranked> stored(StatsRequest request, List<SeriesReader.Selection> selections, Set<Integer> positions,
                                Set<String> keysSeen) {
        record Series(String key, String column) {
        }
        StoredStats store = new StoredStats(repo);
        List<Ranked> out = new ArrayList<>();
        for (int d : positions) {
            SeriesReader.Selection s = selections.get(d);
            Map<Series, List<StoredStats.KeyStats>> bySeries = new LinkedHashMap<>();
            for (StoredStats.KeyStats e : store.columns(s.datasetIds(), s.metrics().stream().map(DataTable.MetricColumn::column).toList())) {
                bySeries.computeIfAbsent(new Series(e.key(), e.column()), k -> new ArrayList<>()).add(e);
            }
            bySeries.forEach((series, parts) -> {
                int m = columnIndex(s.metrics(), series.column());
                keysSeen.add(series.key());
                if (!request.keys().isEmpty() && !request.keys().contains(series.key())) return;
                parts.sort(Comparator.comparingInt(p -> s.datasetIds().indexOf(p.datasetId())));
                SeriesStats merged = SeriesSummary.merge(parts.stream().map(StoredStats.KeyStats::part).toList());
                DataTable.MetricColumn c = s.metrics().get(m);
                out.add(new Ranked(d, m, new MetricStats(s.dataset(), s.keyLabel(), series.key(), c.label(), c.unit(), merged,
                        s.host())));
            });
        }
        return out;
    }

    /** Statistics computed from the rows in the window, of the selections not at these positions: one pass each. */
    private static List<Ranked> computed(StatsRequest request, List<SeriesReader.Selection> selections, Set<Integer> skipped,
                                         SeriesReader reader, Set<String> keysSeen) {
        List<Ranked> out = new ArrayList<>();
        for (int d = 0; d < selections.size(); d++) {
            if (skipped.contains(d)) continue;
            SeriesReader.Selection s = selections.get(d);
            int width = s.metrics().size();
            Map<String, SeriesSummary[]> byKey = new LinkedHashMap<>();
            reader.scan(s, request.sinceBoot(), request.window(), (key, values) -> {
                keysSeen.add(key);
                if (!request.keys().isEmpty() && !request.keys().contains(key)) return;
                SeriesSummary[] summaries = byKey.computeIfAbsent(key, k -> new SeriesSummary[width]);
                for (int i = 0; i < width; i++) {
                    if (Double.isNaN(values[i])) continue;
                    if (summaries[i] == null) summaries[i] = new SeriesSummary();
                    summaries[i].add(values[i]);
                }
            });
            for (Map.Entry<String, SeriesSummary[]> e : byKey.entrySet()) {
                for (int m = 0; m < width; m++) {
                    SeriesSummary summary = e.getValue()[m];
                    if (summary == null) continue;
                    DataTable.MetricColumn c = s.metrics().get(m);
                    out.add(new Ranked(d, m, new MetricStats(s.dataset(), s.keyLabel(), e.getKey(), c.label(), c.unit(),
                            summary.stats(), s.host())));
                }
            }
        }
        return out;
    }

    private static int columnIndex(List<DataTable.MetricColumn> metrics, String column) {
        for (int i = 0; i < metrics.size(); i++) if (metrics.get(i).column().equals(column)) return i;
        return -1;
    }

    private static void checkKeys(StatsRequest request, List<MetricStats> found, Set<String> keysSeen) {
        Set<String> foundKeys = found.stream().map(MetricStats::key).collect(Collectors.toSet());
        List<String> missing = request.keys().stream().filter(k -> !foundKeys.contains(k)).toList();
        if (missing.isEmpty()) return;
        List<String> keys = keysSeen.stream().filter(k -> !k.isEmpty()).sorted(KeyOrder.INSTANCE).toList();
        String listed = String.join(" ", keys.size() > KEYS_LISTED ? keys.subList(0, KEYS_LISTED) : keys)
                + (keys.size() > KEYS_LISTED ? " ..." : "");
        throw new UserException("no values for key " + String.join(", ", missing)
                + (keys.isEmpty() ? " (the data sets have no keys)" : "; keys: " + listed));
    }
}
