package io.statlens.bench;

import io.statlens.architecture.AllowedToUse;
import io.statlens.gui.WindowDriver;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.awt.GraphicsEnvironment;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code statlens bench --gui}: generated {@code mpstat -P ALL} output imported and charted in the real window, driven
 * through gui's {@link WindowDriver} through the heavy work a user starts (importing a big file, charting all its rows,
 * statistics of a zoomed window), while {@link FxLatencyProbe} measures how long the FX thread takes to answer. The
 * first phase is the idle window, the baseline.
 */
@AllowedToUse(value = "io.statlens.gui..", reason = "the benchmark drives the real window through gui's one WindowDriver,"
        + " which wires the window as the application does (Workbench, the view models, the background executor): that"
        + " wiring is package-private to gui, so the driver stays there rather than make the window's insides public")
public final class GuiBench {
    private static final long PROBE_INTERVAL_MILLIS = 10;
    private static final long WARM_UP_MILLIS = 3000;
    private static final long IDLE_MILLIS = 5000;

    /**
     * One phase: how long it took, the CPU time the whole process and the FX thread spent in it (on a shared machine
     * the wall time says more about the neighbours), and the FX thread's answer delays during it.
     */
    public record Phase(String name, double seconds, double cpuSeconds, double fxCpuSeconds, int pings, double p50Millis,
                        double p99Millis, double maxMillis, String threadsCpu) {
        static Phase of(FxLatencyProbe.Latencies l, CpuClock.Spent cpu) {
            return new Phase(l.phase(), l.seconds(), cpu.process(), cpu.fxThread(), l.pings(), l.percentileMillis(50),
                    l.percentileMillis(99), l.maxMillis(), cpu.threads().toString());
        }
    }

    /** The CPU time of this process and of the FX thread, read at the end of each phase. */
    private static final class CpuClock {
        /** @param threads the process's CPU by thread group (the JIT compilers and the collector too); empty off Linux */
        record Spent(double process, double fxThread, ThreadCpu threads) {
        }

        private final com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private final long fxThread;
        private long process;
        private long fx;
        private ThreadCpu byThread = ThreadCpu.now();

        CpuClock(long fxThread) {
            this.fxThread = fxThread;
            lap();
        }

        /** What was spent since the last lap. */
        Spent lap() {
            long processNow = os.getProcessCpuTime();
            long fxNow = threads.getThreadCpuTime(fxThread);
            ThreadCpu byThreadNow = ThreadCpu.now();
            Spent spent = new Spent((processNow - process) / 1e9, (fxNow - fx) / 1e9, byThreadNow.since(byThread));
            process = processNow;
            fx = fxNow;
            byThread = byThreadNow;
            return spent;
        }
    }

    private GuiBench() {
    }

    /** Fails with a clear message where there is no display to open the window on; call before generating the input. */
    public static void requireDisplay() {
        if (GraphicsEnvironment.isHeadless()) throw new UserException("bench --gui needs a display (is DISPLAY set? Xvfb will do)");
    }

    /** The metrics charted one after the other, each a first chart of its rows: mpstat's columns, as the workload prints them. */
    private static final List<String> METRICS = List.of("%usr", "%sys", "%iowait", "%idle", "%nice", "%irq", "%soft", "%steal",
            "%guest", "%gnice");
    /** The start of a chart's phase name, then the metric: what {@link #repeated} tells apart from a zoom. */
    public static final String CHART = "chart mpstat ";
    public static final String ZOOM = "zoom";
    /** The most metrics a window bench charts (--repeat). */
    public static final int MOST_CHARTS = METRICS.size();

    /**
     * @param work     a folder for the repository
     * @param input    the generated mpstat output, imported as run {@code bench}, then charted as {@code mpstat %usr},
     *                 {@code %sys}... one metric after the other, each chart zoomed to its middle half
     * @param charts   how many metrics are charted and zoomed, in the one window: JavaFX starts once in a process, so
     *                 the repeats of a window bench are charts of other metrics, each a first chart of its rows (at most
     *                 {@link #MOST_CHARTS})
     * @param progress told when each phase ends
     */
    public static List<Phase> run(Path work, Workload input, int charts, Consumer<Phase> progress) throws Exception {
        List<Phase> phases = new ArrayList<>();
        try (Repository repo = Repository.open(RepositoryLocation.embedded(work.resolve("repo-gui")));
             WindowDriver window = WindowDriver.open(repo, ZoneOffset.UTC);
             FxLatencyProbe probe = new FxLatencyProbe(window.fxThread(), PROBE_INTERVAL_MILLIS)) {
            CpuClock cpu = new CpuClock(window.fxThreadId());
            Consumer<FxLatencyProbe.Latencies> done = l -> {
                Phase p = Phase.of(l, cpu.lap());
                phases.add(p);
                progress.accept(p);
            };
            // The first layout and drawing of a new window take a while: not part of the idle baseline.
            Thread.sleep(WARM_UP_MILLIS);
            probe.endPhase("(start)");
            cpu.lap();
            Thread.sleep(IDLE_MILLIS);
            done.accept(probe.endPhase("idle window (baseline)"));
            String imported = window.importFile(input.file(), "bench");
            done.accept(probe.endPhase("import " + input.file().getFileName() + ": " + imported));
            // The phase ends once the chart's picture is shown too (and, for the zoom, its lines cut again and drawn),
            // so that the drawing the window waits for, or does not, is part of what is measured.
            for (String metric : METRICS.subList(0, charts)) {
                String charted = window.chart("bench", "mpstat", metric);
                done.accept(probe.endPhase(CHART + metric + ": " + charted));
                String zoomed = window.zoomToMiddleHalf();
                done.accept(probe.endPhase(ZOOM + ": " + zoomed));
            }
        }
        return phases;
    }

    /**
     * The longest waits of one kind of phase over its repeats, in milliseconds.
     *
     * @param count how many phases of the kind there were
     */
    public record Waits(int count, double min, double median, double max) {
    }

    /** The longest waits of the phases whose name starts with {@code kind} ({@link #CHART}, {@link #ZOOM}), over its repeats. */
    public static Waits repeated(List<Phase> phases, String kind) {
        double[] longest = phases.stream().filter(p -> p.name().startsWith(kind)).mapToDouble(Phase::maxMillis).sorted().toArray();
        if (longest.length == 0) throw new IllegalArgumentException("no phase " + kind);
        int n = longest.length;
        double median = n % 2 == 1 ? longest[n / 2] : (longest[n / 2 - 1] + longest[n / 2]) / 2;
        return new Waits(n, longest[0], median, longest[n - 1]);
    }
}
