package io.statlens.analysis;

import io.statlens.store.TimeWindow;

import java.util.List;

/**
 * Which statistics to compute.
 *
 * @param tools     data sets: {@code iostat} (all of iostat's) or {@code iostat.cpu}; empty = all
 * @param metrics   metric labels as printed ({@code %util}) or column names ({@code PCT_UTIL}); empty = all
 * @param keys      keys ({@code sda}, {@code 0}); empty = all
 * @param window    sample times to include
 * @param sinceBoot whether to include the since-boot samples
 */
public record StatsRequest(String run, List<String> tools, List<String> metrics, List<String> keys, TimeWindow window,
                           boolean sinceBoot) {
    public StatsRequest {
        tools = List.copyOf(tools);
        metrics = List.copyOf(metrics);
        keys = List.copyOf(keys);
    }

    public static StatsRequest all(String run) {
        return new StatsRequest(run, List.of(), List.of(), List.of(), TimeWindow.ALL, false);
    }

    /** Whether the statistics stored at import answer this request. */
    public boolean precomputed() {
        return !window.bounded() && !sinceBoot;
    }
}
