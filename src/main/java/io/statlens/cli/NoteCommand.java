package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.AnnotationFile;
import io.statlens.analysis.TimeExpression;
import io.statlens.collect.CollectFolder;
import io.statlens.collect.Collects;
import io.statlens.model.UserException;
import io.statlens.store.saved.Annotation;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code statlens note RUN}: add, import, list and delete a run's annotations. */
@Command(name = "note", mixinStandardHelpOptions = true,
        description = {"Annotate a run with timestamped messages (\"warmup done\"), from the command line or a file.",
                "Annotations show in show and export, and bound the windows of stats and top (--from \"warmup done\").",
                "File format: one message per line, a time then the text; see docs/stats.md."})
public final class NoteCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(index = "0", paramLabel = "RUN", description = "Run name (with --active, the first word of the message).")
    String run;

    @Parameters(index = "1..*", paramLabel = "TEXT", description = "The message, with --at or --active.")
    List<String> text = new ArrayList<>();

    @Option(names = "--active", description = {"Mark the run of every running collect of the repository, now; the words are the message:"
            + " statlens note --active \"warmup done\".", "With an embedded repository the collector adds the note (this machine's"
            + " collects); with a server repository (--db) the note goes to the repository, from any machine that reaches it."})
    boolean active;

    @Option(names = "--collect", paramLabel = "NAME", description = "With --active: only these collects (repeatable; default: all).")
    List<String> collects = new ArrayList<>();

    @Option(names = "--at", paramLabel = "TIME", description = {"When: elapsed seconds since the run's start (300, 5m), " +
                    "an ISO time (2024-03-01T10:05:00, in --tz unless it ends in Z or an offset) or a clock time 10:05:00."})
    String at;

    @Option(names = "--file", paramLabel = "F", description = "Import a file of timestamped messages (all or nothing).")
    Path file;

    @Option(names = "--list", description = "List the run's annotations.")
    boolean list;

    @Option(names = "--delete", paramLabel = "ID", description = "Delete an annotation (IDs: --list).")
    Long delete;

    @Option(names = "--tz", paramLabel = "ZONE", description = "Zone of times given without one (default: this machine's zone).")
    String tz;

    @Option(names = "--format", defaultValue = "table",
            description = "Of --list: table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() throws IOException {
        if (active) return noteActiveCollects();
        int actions = (at != null ? 1 : 0) + (file != null ? 1 : 0) + (list ? 1 : 0) + (delete != null ? 1 : 0);
        if (!text.isEmpty() && at == null) throw new UserException("a message goes with --at TIME");
        if (actions != 1) throw new UserException("give one of --at TIME \"text\", --file F, --list or --delete ID");
        ZoneId zone = ImportCommand.zone(tz);
        PrintWriter out = spec.commandLine().getOut();
        try (Repository repo = repository.openExisting()) {
            AnnotationStore store = new AnnotationStore(repo);
            Instant start = new RunCatalog(repo).run(run).start();
            if (at != null) {
                String message = String.join(" ", text).strip();
                if (message.isEmpty()) {
                    throw new UserException("--at " + at + ": the message is missing: statlens note RUN --at TIME \"text\"");
                }
                Instant time = TimeExpression.parse(at).orElseThrow(() -> new UserException("--at " + at + ": expected "
                        + TimeExpression.FORMS)).resolve(start, zone);
                store.add(run, List.of(new AnnotationStore.Note(time, message)), "note");
                out.println("annotated run '" + run + "' at " + Format.time(time) + elapsed(start, time) + ": " + message);
            } else if (file != null) {
                List<AnnotationStore.Note> notes = AnnotationFile.parse(file.toString(), read(file), start, zone);
                store.add(run, notes, file.getFileName().toString());
                out.println("added " + notes.size() + " annotation" + (notes.size() == 1 ? "" : "s") + " from " + file
                        + " to run '" + run + "'");
            } else if (list) {
                list(store.list(run), start, out);
            } else {
                store.delete(run, delete);
                out.println("deleted annotation " + delete + " of run '" + run + "'");
            }
            out.flush();
        }
        return ExitCodes.OK;
    }

    private int noteActiveCollects() {
        if (at != null || file != null || list || delete != null) throw new UserException("--active takes only the message");
        List<String> words = new ArrayList<>(List.of(run));
        words.addAll(text);
        String message = String.join(" ", words).strip();
        if (message.isEmpty()) throw new UserException("--active: the message is missing: statlens note --active \"text\"");
        if (repository.location().embeddedDir() == null) return noteActiveInTheRepository(message);
        List<CollectFolder> running = Collects.running(CollectStartCommand.root(repository)).stream()
                .filter(f -> collects.isEmpty() || collects.contains(f.state().getProperty("run"))).toList();
        if (running.isEmpty()) throw new UserException(noneRunning());
        PrintWriter out = spec.commandLine().getOut();
        for (CollectFolder folder : running) {
            Instant time = Collects.note(folder, message);
            out.println("annotated run '" + folder.state().getProperty("run") + "' at "
                    + Format.time(time.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)) + ": " + message);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * A server repository records its active collects itself: the note is written to their runs directly (the
     * collector is one client among others), so a script needs the repository's URL alone, on any machine.
     */
    private int noteActiveInTheRepository(String message) {
        PrintWriter out = spec.commandLine().getOut();
        try (Repository repo = repository.openExisting()) {
            Instant now = Instant.now();
            List<ActiveCollects.Active> active = new ActiveCollects(repo).list().stream()
                    .filter(a -> collects.isEmpty() || collects.contains(a.run())).toList();
            int noted = 0;
            for (ActiveCollects.Active a : active) {
                if (!a.alive(now)) {
                    out.println("collect '" + a.run() + "' (" + a.collector() + ") has committed nothing since "
                            + Format.time(a.lastSample() != null ? a.lastSample() : a.since()) + ": it seems to have ended; not noted"
                            + " (statlens collect restart " + a.run() + " on its machine)");
                    continue;
                }
                new AnnotationStore(repo).add(a.run(), List.of(new AnnotationStore.Note(now, message)), "statlens note");
                out.println("annotated run '" + a.run() + "' at " + Format.time(now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS))
                        + ": " + message);
                noted++;
            }
            out.flush();
            if (noted == 0) throw new UserException(noneRunning());
        }
        return ExitCodes.OK;
    }

    private String noneRunning() {
        return collects.isEmpty() ? "no collect of this repository is running (statlens collect list)"
                : "no collect named " + String.join(", ", collects) + " is running (statlens collect list)";
    }

    private void list(List<Annotation> annotations, Instant start, PrintWriter out) {
        ReadableNumbers numbers = numberOptions.numbers();
        try (TabularWriter writer = TabularWriter.of(format, out, numbers)) {
            writer.header(List.of("id", "time", "elapsed_s", "text", "source"), List.of(true, false, true, false, false));
            for (Annotation a : annotations) {
                double elapsed = start == null ? Double.NaN : seconds(start, a.time());
                writer.row(List.of(a.id(), a.time(), new TabularWriter.Figure(elapsed, numbers.number(elapsed, "s")), a.text(),
                        a.source()));
            }
        }
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    static double seconds(Instant start, Instant t) {
        return Duration.between(start, t).toNanos() / 1e9;
    }

    private static String elapsed(Instant start, Instant t) {
        return start == null ? "" : " (" + (t.isBefore(start) ? "" : "+") + ReadableNumbers.ROOT.number(seconds(start, t), "s") + " s)";
    }
}
