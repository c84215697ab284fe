package io.statlens.cli;

import io.statlens.analysis.StatsRequest;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code RUN [--tool T]... [--key K]... [--since-boot] [--from X] [--to Y] [--tz ZONE]}: whose samples {@code stats}
 * and {@code top} summarise, spelled and explained the same in both. The metrics are each command's own: any number
 * for {@code stats}, one to rank by for {@code top}.
 */
public final class RunMetricOptions {
    @Parameters(paramLabel = "RUN", description = "Run name.")
    String run;

    @Option(names = "--tool", paramLabel = "T",
            description = "Data sets: a tool (iostat: all of its data sets) or one (iostat.cpu); repeatable.")
    List<String> tools = new ArrayList<>();

    @Option(names = "--key", paramLabel = "K", description = "Only these keys (CPUs, devices, interfaces); repeatable.")
    List<String> keys = new ArrayList<>();

    @Option(names = "--since-boot", description = "Include the since-boot sample that vmstat/iostat/mpstat print first.")
    boolean sinceBoot;

    @Mixin
    WindowOptions window;

    /** What to summarise of these metrics (none: all), the window resolved against the run's times and annotations. */
    StatsRequest request(Repository repo, List<String> metrics) {
        return new StatsRequest(run, tools, metrics, keys, window.resolve(repo, run), sinceBoot);
    }
}
