package io.statlens.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a command as a process of its own and measures it whole: its wall time and its CPU time (user + system,
 * all its threads, from its start to its exit). Java cannot read the CPU time of a child that has exited, so the
 * command runs under {@code sh}, which waits for it and then reads its own accumulated children's time from
 * {@code /proc/self/stat} (Linux; the kernel's clock ticks, usually 10 ms).
 */
public final class ChildProcess {
    /** Runs the command, waits for it, then prints the shell's stat line and the clock's ticks per second. */
    private static final String MEASURE = "\"$@\" >/dev/null 2>\"$STATLENS_BENCH_ERR\" || exit $?; cat /proc/$$/stat; getconf CLK_TCK";

    private ChildProcess() {
    }

    /** Whether this machine can measure a child process (Linux's /proc and a POSIX shell). */
    public static boolean supported() {
        return Files.isReadable(Path.of("/proc/self/stat")) && Files.isExecutable(Path.of("/bin/sh"));
    }

    /**
     * @param command the program and its arguments
     * @param errors  where the command's standard error goes (read back when it fails)
     */
    public static Measurement run(List<String> command, Path errors) throws IOException, InterruptedException {
        return run(command, java.util.Map.of(), errors);
    }

    /** @param environment variables set for the command besides this process's own (a password, never on its command line) */
    public static Measurement run(List<String> command, java.util.Map<String, String> environment, Path errors)
            throws IOException, InterruptedException {
        return run(command, environment, errors, null);
    }

    /** What a child cost, its peak resident memory included. */
    public record Watched(Measurement cost, long peakResidentBytes) {
    }

    /** The same, with the child's peak resident memory ({@link PeakResident}: the largest of the processes it ran). */
    public static Watched runWatched(List<String> command, java.util.Map<String, String> environment, Path errors)
            throws IOException, InterruptedException {
        PeakResident[] peak = new PeakResident[1];
        Measurement cost = run(command, environment, errors, p -> peak[0] = PeakResident.watch(p.toHandle()));
        return new Watched(cost, peak[0].stop());
    }

    private static Measurement run(List<String> command, java.util.Map<String, String> environment, Path errors,
                                   java.util.function.Consumer<Process> started) throws IOException, InterruptedException {
        List<String> shell = new ArrayList<>(List.of("/bin/sh", "-c", MEASURE, "statlens-bench"));
        shell.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(shell).redirectErrorStream(false).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().putAll(environment);
        pb.environment().put("STATLENS_BENCH_ERR", errors.toAbsolutePath().toString());
        long start = System.nanoTime();
        Process p = pb.start();
        if (started != null) started.accept(p);
        p.getErrorStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int code = p.waitFor();
        long wall = System.nanoTime() - start;
        if (code != 0) {
            String err = Files.exists(errors) ? Files.readString(errors) : "";
            throw new IOException("exit code " + code + " from " + String.join(" ", command) + (err.isBlank() ? "" : ":\n" + err.strip()));
        }
        return Measurement.ofProcess(wall, childrenCpuNanos(out));
    }

    /** The children's user and system time (fields 16 and 17 of the stat line), in nanoseconds. */
    static long childrenCpuNanos(String statAndTicks) throws IOException {
        String[] lines = statAndTicks.strip().split("\n");
        if (lines.length < 2) throw new IOException("cannot read the child's CPU time from: " + statAndTicks);
        // fields after the command name, which is in parentheses and may hold spaces: state is field 3
        String[] f = lines[0].substring(lines[0].lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(f[16 - 3]) + Long.parseLong(f[17 - 3]);
        long perSecond = Long.parseLong(lines[lines.length - 1].strip());
        return ticks * 1_000_000_000L / perSecond;
    }
}
