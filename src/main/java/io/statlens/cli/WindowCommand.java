package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.WindowResolver;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.saved.TimeWindows;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code statlens window RUN NAME --from X --to Y}: save, list and delete a run's named time windows. */
@Command(name = "window", mixinStandardHelpOptions = true,
        description = {"Name a span of a run (warm-up, steady state, cool-down), saved with the run.",
                "stats, top, report and compare take it with --window NAME; the dashboard's Window menu shows it.",
                "See docs/stats.md."})
public final class WindowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(index = "0", paramLabel = "RUN", description = "Run name.")
    String run;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NAME", description = "The window to save (with --from and/or --to).")
    String name;

    @Option(names = "--from", paramLabel = "X", description = {"First time of the window (default: the run's start): elapsed"
            + " seconds (300, 5m), an ISO time, a clock time 10:05:00, or the text of an annotation, as for stats."})
    String from;

    @Option(names = "--to", paramLabel = "Y", description = "Last time of the window (default: the run's end); same forms.")
    String to;

    @Option(names = "--tz", paramLabel = "ZONE", description = "Zone of times given without one (default: this machine's zone).")
    String tz;

    @Option(names = "--list", description = "List the run's windows.")
    boolean list;

    @Option(names = "--delete", paramLabel = "NAME", description = "Delete a window of the run.")
    String delete;

    @Option(names = "--format", defaultValue = "table", description = "Of --list: table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        int actions = (name != null ? 1 : 0) + (list ? 1 : 0) + (delete != null ? 1 : 0);
        if (actions != 1) throw new UserException("give one of NAME --from X --to Y, --list or --delete NAME");
        if (name != null && from == null && to == null) {
            throw new UserException("window " + name + ": give --from X, --to Y or both (an end left out is the run's own)");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Repository repo = repository.openExisting()) {
            TimeWindows windows = new TimeWindows(repo);
            Instant start = new RunCatalog(repo).run(run).start();
            if (name != null) {
                TimeWindow w = new WindowResolver(repo).resolve(run, from, to, ImportCommand.zone(tz));
                boolean replaced = windows.save(run, name, w);
                out.println((replaced ? "replaced" : "saved") + " window '" + name.strip() + "' of run '" + run + "': "
                        + end(w.from(), start, "the start") + " to " + end(w.to(), start, "the end"));
            } else if (list) {
                list(windows.list(run), start, out);
            } else {
                windows.delete(run, delete);
                out.println("deleted window '" + delete + "' of run '" + run + "'");
            }
            out.flush();
        }
        return ExitCodes.OK;
    }

    private void list(List<TimeWindows.Named> windows, Instant start, PrintWriter out) {
        ReadableNumbers numbers = numberOptions.numbers();
        try (TabularWriter writer = TabularWriter.of(format, out, numbers)) {
            writer.header(List.of("name", "from", "to", "from_s", "to_s"), List.of(false, false, false, true, true));
            for (TimeWindows.Named w : windows) {
                writer.row(List.of(w.name(), text(w.window().from()), text(w.window().to()),
                        seconds(w.window().from(), start, numbers), seconds(w.window().to(), start, numbers)));
            }
        }
    }

    private static String text(Instant t) {
        return t == null ? "" : Format.time(t);
    }

    private static TabularWriter.Figure seconds(Instant t, Instant start, ReadableNumbers numbers) {
        double s = t == null || start == null ? Double.NaN : NoteCommand.seconds(start, t);
        return new TabularWriter.Figure(s, Double.isNaN(s) ? "" : numbers.number(s, "s"));
    }

    private static String end(Instant t, Instant start, String open) {
        if (t == null) return open;
        return Format.time(t) + (start == null ? "" : " (" + (t.isBefore(start) ? "" : "+")
                + ReadableNumbers.ROOT.number(NoteCommand.seconds(start, t), "s") + " s)");
    }
}
