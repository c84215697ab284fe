package io.statlens.bench;

import io.statlens.architecture.AllowedToUse;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.gui.ResponsivenessBench;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.awt.GraphicsEnvironment;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code statlens bench --gui}: generated {@code mpstat -P ALL} output imported and charted in the real window
 * while the FX thread's answer delay is measured; the first phase is the idle window, the baseline.
 */
@AllowedToUse(value = "io.statlens.gui..", reason = "the benchmark drives the real window: gui's ResponsivenessBench"
        + " wires the window as the application does (Workbench, the view models, the background executor) and waits on"
        + " their JavaFX properties, and its FxLatencyProbe posts to the FX thread; that wiring is package-private to"
        + " gui, so those two classes stay there rather than make the window's insides public for a benchmark")
public final class GuiBench {
    private GuiBench() {
    }

    /** Fails with a clear message where there is no display to open the window on; call before generating the input. */
    public static void requireDisplay() {
        if (GraphicsEnvironment.isHeadless()) throw new UserException("bench --gui needs a display (is DISPLAY set? Xvfb will do)");
    }

    /**
     * @param work     a folder for the repository
     * @param input    the generated mpstat output
     * @param progress told when each phase ends
     */
    public static List<ResponsivenessBench.Phase> run(Path work, Workload input, Consumer<ResponsivenessBench.Phase> progress)
            throws Exception {
        try (Repository repo = Repository.open(RepositoryLocation.embedded(work.resolve("repo-gui")))) {
            return ResponsivenessBench.run(repo, input.file(), new MetricNode("bench", "mpstat", "%usr", null), ZoneOffset.UTC,
                    progress);
        }
    }
}
