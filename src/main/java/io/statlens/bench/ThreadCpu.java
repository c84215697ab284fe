package io.statlens.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The CPU time this process's threads have spent, by what they do: the window's FX thread and renderer, the background
 * worker, the thread drawing charts into pixels, the JIT compilers, the garbage collector, and the rest. Read from Linux's {@code /proc/self/task}, which
 * also lists the JVM's own threads (compilers, collector) that Java's thread bean does not; empty elsewhere. A phase
 * that costs more CPU than its work needs often spends it compiling: this says so.
 */
record ThreadCpu(Map<String, Double> seconds) {
    /** The groups, in the order they are shown. */
    static final java.util.List<String> GROUPS = java.util.List.of("worker", "drawing", "FX", "renderer", "JIT", "GC", "other");
    private static final Path TASKS = Path.of("/proc/self/task");
    /** Clock ticks per second of {@code /proc}'s times (USER_HZ: 100 on every Linux architecture Java runs on). */
    private static final double TICKS = 100;

    ThreadCpu {
        seconds = Map.copyOf(seconds);
    }

    /** What the threads have spent until now; empty where there is no {@code /proc/self/task}. */
    static ThreadCpu now() {
        Map<String, Double> out = new LinkedHashMap<>();
        if (!Files.isDirectory(TASKS)) return new ThreadCpu(out);
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException ended) {
                    continue; // the thread ended meanwhile: its time is gone from every later reading too
                }
                int open = stat.indexOf('(');
                int close = stat.lastIndexOf(')');
                if (open < 0 || close < open) continue;
                String[] fields = stat.substring(close + 2).split(" ");
                if (fields.length < 13) continue;
                // fields after the name: state is 0, utime 11, stime 12 (proc(5) numbers them 3, 14 and 15)
                double spent = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS;
                out.merge(group(stat.substring(open + 1, close)), spent, Double::sum);
            }
        } catch (IOException | RuntimeException unreadable) {
            return new ThreadCpu(Map.of());
        }
        return new ThreadCpu(out);
    }

    /** The group of a thread by its name as Linux keeps it (15 characters at most). */
    static String group(String name) {
        if (name.startsWith("statlens-worker")) return "worker";
        if (name.startsWith("statlens-drawin")) return "drawing";
        if (name.startsWith("JavaFX Applicat")) return "FX";
        if (name.startsWith("QuantumRenderer")) return "renderer";
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) return "JIT";
        if (name.startsWith("GC Thread") || name.startsWith("G1 ")) return "GC";
        return "other";
    }

    /** What was spent between {@code earlier} and this reading. */
    ThreadCpu since(ThreadCpu earlier) {
        Map<String, Double> out = new LinkedHashMap<>();
        seconds.forEach((group, s) -> out.put(group, s - earlier.seconds.getOrDefault(group, 0.0)));
        return new ThreadCpu(out);
    }

    /** {@code worker 0.66, drawing 0.20, FX 0.42, renderer 0.43, JIT 1.55, GC 0.18, other 0.05}; empty without readings. */
    @Override
    public String toString() {
        if (seconds.isEmpty()) return "";
        StringBuilder b = new StringBuilder();
        for (String g : GROUPS) {
            if (!b.isEmpty()) b.append(", ");
            b.append(g).append(' ').append(String.format(Locale.ROOT, "%.2f", seconds.getOrDefault(g, 0.0)));
        }
        return b.toString();
    }
}
