package io.statlens.cli;

import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.gui.ResponsivenessBench;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.awt.GraphicsEnvironment;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;

/**
 * {@code statlens bench --gui}: generated {@code mpstat -P ALL} output imported and charted in the real window
 * while the FX thread's answer delay is measured; each phase is reported against the idle window.
 */
final class GuiBench {
    private GuiBench() {
    }

    static void run(PrintWriter out, Path work, int cpus, int seconds) throws Exception {
        if (GraphicsEnvironment.isHeadless()) throw new UserException("bench --gui needs a display (is DISPLAY set? Xvfb will do)");
        Path input = work.resolve("mpstat-P-ALL.txt");
        long rows = MpstatWorkload.write(input, cpus, seconds, 42);
        out.printf("input: %s, %d rows, %s, max heap %s%n", input.getFileName(), rows, Format.bytes(Files.size(input)),
                Format.bytes(Runtime.getRuntime().maxMemory()));
        out.flush();
        List<ResponsivenessBench.Phase> phases;
        try (Repository repo = Repository.open(RepositoryLocation.embedded(work.resolve("repo-gui")))) {
            phases = ResponsivenessBench.run(repo, input, new MetricNode("bench", "mpstat", "%usr", null), ZoneOffset.UTC, p -> {
                out.printf("  done: %s (%.1f s)%n", p.name(), p.seconds());
                out.flush();
            });
        }
        ResponsivenessBench.Phase idle = phases.get(0);
        TextTable t = new TextTable("PHASE", "SECONDS", "PINGS", "P50 MS", "P99 MS", "MAX MS", "P99 VS IDLE", "MAX VS IDLE")
                .right(1, 2, 3, 4, 5, 6, 7);
        for (ResponsivenessBench.Phase p : phases) {
            t.add(p.name(), String.format("%.1f", p.seconds()), p.pings(), String.format("%.1f", p.p50Millis()),
                    String.format("%.1f", p.p99Millis()), String.format("%.1f", p.maxMillis()),
                    String.format("%.2fx", p.p99Millis() / idle.p99Millis()), String.format("%.2fx", p.maxMillis() / idle.maxMillis()));
        }
        t.print(out);
        out.println("delays: how long a task posted to the FX thread every 10 ms waited to run (what a click would wait).");
    }
}
