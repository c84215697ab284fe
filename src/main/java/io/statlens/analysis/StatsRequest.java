package io.statlens.analysis;

import io.statlens.store.read.TimeWindow;

import java.util.List;

/**
 * Which statistics to compute.
 *
 * @param tools     data sets: {@code iostat} (all of iostat's) or {@code iostat.cpu}; empty = all
 * @param metrics   metric labels as printed ({@code %util}) or column names ({@code PCT_UTIL}); empty = all
 * @param keys      keys ({@code sda}, {@code 0}); empty = all
 * @param window    sample times to include
 * @param sinceBoot whether to include the since-boot samples
 * @param exact     whether {@code tools} name data sets exactly: {@code sysbench} is then that data set alone,
 *                  without {@code sysbench.stddev}, the spread an averaged run keeps beside its means
 */
public record StatsRequest(String run, List<String> tools, List<String> metrics, List<String> keys, TimeWindow window,
                           boolean sinceBoot, boolean exact) {
    public StatsRequest {
        tools = List.copyOf(tools);
        metrics = List.copyOf(metrics);
        keys = List.copyOf(keys);
    }

    /** Tools as {@code statlens stats --tool} takes them: {@code iostat} names all of iostat's data sets. */
    public StatsRequest(String run, List<String> tools, List<String> metrics, List<String> keys, TimeWindow window,
                        boolean sinceBoot) {
        this(run, tools, metrics, keys, window, sinceBoot, false);
    }

    /** One metric of one data set named exactly (what a chart shows), since-boot samples left out. */
    public static StatsRequest ofDataset(String run, String dataset, String metric, TimeWindow window) {
        return new StatsRequest(run, List.of(dataset), List.of(metric), List.of(), window, false, true);
    }

    public static StatsRequest all(String run) {
        return new StatsRequest(run, List.of(), List.of(), List.of(), TimeWindow.ALL, false);
    }

    /** Whether the statistics stored at import answer this request. */
    public boolean precomputed() {
        return !window.bounded() && !sinceBoot;
    }
}
