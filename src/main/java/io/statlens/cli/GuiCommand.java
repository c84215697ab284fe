package io.statlens.cli;

import io.statlens.gui.BrowserNode;
import io.statlens.gui.StatlensApp;
import io.statlens.model.UserException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.awt.GraphicsEnvironment;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code statlens gui}: the desktop window over a repository (also what the jar opens without arguments). */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = {"Open the desktop window: browse runs, import files, chart metrics, export charts.",
                "Without --repo/--db it opens the repository used last (else the default one)."})
public final class GuiCommand implements Callable<Integer> {
    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Option(names = "--run", paramLabel = "NAME", description = "Chart a metric of this run at start (with --tool and --metric).")
    String run;

    @Option(names = "--tool", paramLabel = "T", description = "Data set of the metric to chart at start (iostat, sar.cpu).")
    String tool;

    @Option(names = "--metric", paramLabel = "M", description = "Metric to chart at start (%%util).")
    String metric;

    @Option(names = "--screenshot", paramLabel = "FILE",
            description = "Write a PNG of the window once the chart is shown, then quit (for documentation).")
    Path screenshot;

    @Option(names = "--tz", paramLabel = "ZONE", defaultValue = "UTC", description = "Zone of chart time axes (default: ${DEFAULT-VALUE}).")
    String tz;

    @Override
    public Integer call() {
        if (GraphicsEnvironment.isHeadless()) throw new UserException("no display for the window (is DISPLAY set?)");
        boolean any = run != null || tool != null || metric != null;
        if (any && (run == null || tool == null || metric == null)) {
            throw new UserException("to chart at start give all of --run, --tool and --metric");
        }
        BrowserNode.MetricNode show = any ? new BrowserNode.MetricNode(run, tool, metric, null) : null;
        boolean explicit = repository.repo != null || repository.db != null;
        StatlensApp.launch(new StatlensApp.Options(explicit ? repository.location() : null, show, screenshot, ChartCommand.zone(tz),
                numberOptions.locale == null ? null : numberOptions.numbers()));
        return ExitCodes.OK;
    }
}
