package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.schema.Repository;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Drives the real window (the application's own view models and background executor) through the heavy work a
 * user starts - importing a big file, charting all its rows, statistics of a zoomed window - while
 * {@link FxLatencyProbe} measures how long the FX thread takes to answer. The idle window is the baseline.
 */
public final class ResponsivenessBench {
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
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        private final java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
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

    private static final long PROBE_INTERVAL_MILLIS = 10;
    private static final long TIMEOUT_MINUTES = 60;
    private static final long WARM_UP_MILLIS = 3000;
    private static final long IDLE_MILLIS = 5000;

    private ResponsivenessBench() {
    }

    /**
     * @param repository an empty repository to import into
     * @param input      the file to import as run {@code run}
     * @param chart      the metric to chart afterwards (its run, data set and label)
     * @param progress   told when each phase ends
     */
    public static List<Phase> run(Repository repository, Path input, MetricNode chart, ZoneId zone, Consumer<Phase> progress)
            throws Exception {
        CompletableFuture<Void> started = new CompletableFuture<>();
        Platform.startup(() -> started.complete(null));
        started.get();
        List<Phase> phases = new ArrayList<>();
        CpuClock cpu = new CpuClock(onFx(() -> Thread.currentThread().threadId()));
        Consumer<FxLatencyProbe.Latencies> done = l -> {
            Phase p = Phase.of(l, cpu.lap());
            phases.add(p);
            progress.accept(p);
        };
        try (BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
             FxLatencyProbe probe = new FxLatencyProbe(PROBE_INTERVAL_MILLIS)) {
            Workbench bench = onFx(() -> {
                Workbench w = Workbench.create(repository, executor, zone, ReadableNumbers.ROOT, RecentInputs.forSession(), file -> { });
                Stage stage = new Stage();
                stage.setScene(new Scene(w.view(), 1280, 800));
                stage.show();
                w.browser().reload();
                return w;
            });
            // The first layout and drawing of a new window take a while: not part of the idle baseline.
            Thread.sleep(WARM_UP_MILLIS);
            probe.endPhase("(start)");
            cpu.lap();
            Thread.sleep(IDLE_MILLIS);
            done.accept(probe.endPhase("idle window (baseline)"));

            awaitChange(bench.importer().runningProperty(), running -> !running,
                    () -> bench.importer().importFiles(List.of(input), chart.run()));
            done.accept(probe.endPhase("import " + input.getFileName() + ": " + bench.status().getText()));

            // The statistics follow the chart: their caption changing means both are loaded; the phase ends once the
            // chart's picture is shown too (and, for the zoom, its lines cut again and drawn), so that the drawing the
            // window waits for, or does not, is part of what is measured.
            awaitChange(bench.stats().captionProperty(), caption -> true, () -> bench.view().select(chart));
            awaitSettled(bench);
            done.accept(probe.endPhase("chart " + chart.dataset() + " " + chart.metric() + ": " + bench.status().getText()));

            awaitChange(bench.stats().captionProperty(), caption -> true, () -> zoomToMiddleHalf(bench));
            awaitSettled(bench);
            done.accept(probe.endPhase("zoom: " + onFx(() -> bench.stats().captionProperty().get())));
            Platform.runLater(() -> bench.view().getScene().getWindow().hide());
        } finally {
            Platform.exit();
        }
        return phases;
    }

    /** Zooms the chart's time axis to its middle half, as a user dragging a rectangle would; the statistics follow. */
    private static void zoomToMiddleHalf(Workbench bench) {
        XYPlot plot = (XYPlot) bench.charts().chartProperty().get().getPlot();
        Range all = plot.getDomainAxis().getRange();
        double quarter = all.getLength() / 4;
        plot.getDomainAxis().setRange(all.getLowerBound() + quarter, all.getUpperBound() - quarter);
    }

    /** Waits (not on the FX thread) until the chart has been drawn and nothing more is to come for it. */
    private static void awaitSettled(Workbench bench) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(TIMEOUT_MINUTES);
        // Twice in a row, a tick apart: a zoom's rest starts on the FX thread after the axis moved.
        int settled = 0;
        while (settled < 2) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("the chart did not settle");
            settled = onFx(() -> bench.view().chartSettled()) ? settled + 1 : 0;
            Thread.sleep(PROBE_INTERVAL_MILLIS);
        }
    }

    /** Starts {@code action} on the FX thread and waits (not on it) until {@code value} changes to what {@code wanted} accepts. */
    private static <T> void awaitChange(ObservableValue<T> value, java.util.function.Predicate<T> wanted, Runnable action)
            throws Exception {
        CompletableFuture<Void> reached = new CompletableFuture<>();
        ChangeListener<T> listener = (o, was, now) -> {
            if (wanted.test(now)) reached.complete(null);
        };
        onFx(() -> {
            value.addListener(listener);
            action.run();
            return null;
        });
        try {
            reached.get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
        } finally {
            onFx(() -> {
                value.removeListener(listener);
                return null;
            });
        }
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(TIMEOUT_MINUTES, TimeUnit.MINUTES);
    }
}
