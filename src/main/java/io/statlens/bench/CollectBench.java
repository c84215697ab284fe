package io.statlens.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code statlens bench --workload collect}: the collector's own cost (issue 24, item 5). A collect of local tools at a
 * 1 s interval runs as the process {@code statlens collect start} would start ({@code collect run} in the foreground);
 * its CPU time (user and system, without the tools it runs: they are its children, counted apart by Linux) and its peak
 * resident memory are read from {@code /proc} after a warm-up (the JVM's start and the first commit are not the steady
 * cost) and at the end.
 */
public final class CollectBench {
    /** Linux's USER_HZ, the unit of /proc's times. */
    private static final double TICKS_PER_SECOND = 100;

    private CollectBench() {
    }

    /**
     * @param cpuSeconds the collector's CPU over the measured seconds
     * @param maxRssBytes its peak resident memory over the whole collect (VmHWM)
     */
    public record Result(List<String> tools, int seconds, double cpuSeconds, long maxRssBytes, String heapLimit) {
        /** Percent of one core. */
        public double percentOfOneCore() {
            return 100 * cpuSeconds / seconds;
        }

        public double percentPerTool() {
            return percentOfOneCore() / tools.size();
        }
    }

    /**
     * Collects {@code tools} on this host every second for {@code warmUp + seconds} seconds into a repository under
     * {@code work}, and measures the last {@code seconds}.
     *
     * @param jvmOptions the JVM options {@code statlens collect start} gives its daemon
     */
    public static Result run(Path work, List<String> jvmOptions, List<String> tools, int warmUp, int seconds,
                             Consumer<String> progress) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"),
                "io.statlens.cli.Main", "collect", "run", "--repo", work.resolve("repo").toString(),
                "--run", "bench-collect", "--interval", "1"));
        command.addAll(tools);
        Path log = work.resolve("collector.log");
        Process collector = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            progress.accept("collector pid " + collector.pid() + ": " + String.join(" ", tools) + " every 1 s; warm-up " + warmUp + " s");
            if (collector.waitFor(warmUp, TimeUnit.SECONDS)) throw new IllegalStateException(ended(collector, log));
            long before = cpuTicks(collector.pid());
            progress.accept("measuring " + seconds + " s");
            if (collector.waitFor(seconds, TimeUnit.SECONDS)) throw new IllegalStateException(ended(collector, log));
            long after = cpuTicks(collector.pid());
            long rss = PeakResident.highWaterMark(collector.pid());
            String heap = command.stream().filter(a -> a.startsWith("-Xmx")).map(a -> a.substring(4)).findFirst().orElse("the JVM's default");
            return new Result(List.copyOf(tools), seconds, (after - before) / TICKS_PER_SECOND, rss, heap);
        } finally {
            collector.destroy();
            if (!collector.waitFor(1, TimeUnit.MINUTES)) collector.destroyForcibly();
        }
    }

    private static String ended(Process collector, Path log) throws IOException {
        return "the collector ended (exit " + collector.exitValue() + "): " + Files.readString(log, StandardCharsets.UTF_8).strip();
    }

    /** User and system time of the process itself (fields 14 and 15 of /proc/PID/stat), not of its children. */
    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        // the command name, field 2, is in parentheses and may hold spaces: count from its end
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
