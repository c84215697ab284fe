package io.statlens.gui;

import io.statlens.model.StatlensHome;
import io.statlens.model.UserException;
import io.statlens.store.load.BundledSamples;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportResult;
import io.statlens.store.load.ImportService;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.collections.FXCollections;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Import of files and folders into a run, in the background, with progress, cancel (which leaves the
 * repository unchanged: {@link ImportService} rolls back) and the warnings of the files afterwards. The plan
 * before it ({@link #plan}) shows the tool detected per file and stays open until the import succeeded; the inputs of
 * every import, failed ones too, are remembered as recent, so that an import to be fixed is one click away.
 */
public final class ImportViewModel {
    private final CatalogBoundImport imports;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final Consumer<String> status;
    private final Runnable imported;
    private final RecentInputs recent;
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyListWrapper<String> warnings = new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    /** The import under way, or the last one; null before the first. */
    private BackgroundTask<List<ImportResult>> task;

    /** Recent inputs are remembered for this window only. */
    public ImportViewModel(CatalogBoundImport imports, TaskExecutor executor, ZoneId zone, Consumer<String> status, Runnable imported) {
        this(imports, executor, zone, status, imported, RecentInputs.forSession());
    }

    /**
     * @param imported called on the UI thread after a successful import (to reload the browser)
     * @param recent   where the inputs of successful imports are remembered
     */
    public ImportViewModel(CatalogBoundImport imports, TaskExecutor executor, ZoneId zone, Consumer<String> status, Runnable imported,
                           RecentInputs recent) {
        this.imports = imports;
        this.executor = executor;
        this.zone = zone;
        this.status = status;
        this.imported = imported;
        this.recent = recent;
    }


    /** The plan for these inputs, computed in the background; its Import imports the choices through this view model. */
    public ImportPlanViewModel plan(List<Path> inputs) {
        ImportPlanViewModel plan = new ImportPlanViewModel(inputs, executor, imports::catalog, this::importChosen, zone);
        plan.compute();
        return plan;
    }

    /** A run name for files: the first file's name without its extension. */
    public static String suggestedRun(List<Path> inputs) {
        if (inputs.isEmpty()) return "run";
        String name = inputs.get(0).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** Imports files and folders with the tools detection finds. */
    public void importFiles(List<Path> inputs, String run) {
        importChosen(new ImportChoices(inputs, run, inputs, Map.of()), () -> { }, failure -> { });
    }

    /**
     * Imports the files chosen in a plan with their tools and times, then tells the plan how it went; the plan's sources
     * become the most recent inputs.
     *
     * @param succeeded called on the UI thread once the import is committed
     * @param failed    called on the UI thread with why the import failed (the repository is unchanged)
     */
    public void importChosen(ImportChoices choices, Runnable succeeded, Consumer<String> failed) {
        List<Path> inputs = choices.files();
        String run = choices.run();
        ImportRequest chosen = new ImportRequest(inputs, run, Optional.empty(), List.of(), Optional.empty(), choices.start(),
                choices.interval(), choices.zone().orElse(zone), false, false, false, choices.tools()).choosingParts(choices.partTools());
        ImportRequest request = choices.locale().map(chosen::inLocale).orElse(chosen);
        // Remembered whatever the outcome: a failed import is fixed and tried again from Import recent.
        recent.remember(choices.sources());
        run("importing " + inputs.size() + " item(s) into run '" + run + "'...", false, task -> {
            ImportResult result = imports.service().run(request, new Progress(task), task.cancellation());
            return List.of(result);
        }, results -> {
            ImportResult result = results.get(0);
            // as statlens import says it: a file read a part at a time is one file
            long parts = result.partCount();
            return "imported " + result.rows() + " rows from " + result.fileCount() + " file(s)"
                    + (parts == 0 ? "" : " (" + parts + " parts read by their own parsers)") + " into run '" + run + "'";
        }, succeeded, failed);
    }

    /**
     * Imports the demo's runs, the real tool outputs bundled with statlens ({@code statlens demo} imports the same into a
     * repository of its own), into this repository: copied into the statlens folder's {@code samples} first (a repository
     * records where each file came from), then one run after another. Cancel undoes the run being imported; the runs
     * imported before it stay.
     */
    public void importSamples() {
        Path folder = StatlensHome.path().resolve("samples");
        run("importing the demo's runs (the samples bundled with statlens)...", true, task -> {
            Map<String, List<Path>> runs = BundledSamples.extract(folder);
            Progress progress = new Progress(totalBytes(runs.values().stream().flatMap(List::stream).toList()), task);
            ImportService service = imports.service();
            List<ImportResult> results = new ArrayList<>();
            for (Map.Entry<String, List<Path>> run : runs.entrySet()) {
                try {
                    results.add(service.run(BundledSamples.request(run.getKey(), run.getValue()), progress, task.cancellation()));
                } catch (RuntimeException e) {
                    // "the repository is unchanged" is said of this run: the ones before it were committed
                    if (results.isEmpty()) throw e;
                    throw new UserException("run '" + run.getKey() + "': " + e.getMessage() + " (the " + results.size()
                            + " run(s) imported before it stay)", e);
                }
            }
            return results;
        }, results -> "imported the demo's " + results.size() + " runs (" + results.stream().mapToLong(ImportResult::rows).sum()
                + " rows) from the samples bundled with statlens, copied to " + folder, () -> { }, failure -> { });
    }

    /**
     * Runs an import in the background: progress, Cancel, the warnings of its files afterwards and the browser read again.
     * A failure is said; the repository is as it was, except after an import of several runs, where the runs imported
     * before the failure stay: the browser is read again then.
     *
     * @param severalRuns whether the work imports several runs, each committed on its own
     * @param succeeded   told once the status line said what was imported
     * @param failed      told why the import failed, in full (the status line may cut it)
     */
    private void run(String starting, boolean severalRuns, BackgroundTask.Work<List<ImportResult>> work,
                     Function<List<ImportResult>, String> done, Runnable succeeded, Consumer<String> failed) {
        if (running.get()) throw new IllegalStateException("an import is already running");
        running.set(true);
        progress.set(0);
        warnings.clear();
        status.accept(starting);
        task = BackgroundTask.of(starting, work).onProgress(progress::set).onSuccess(results -> {
            running.set(false);
            progress.set(1);
            List<String> lines = new ArrayList<>();
            results.forEach(r -> lines.addAll(warningLines(r)));
            warnings.setAll(lines);
            String did = done.apply(results);
            status.accept(did + (warnings.isEmpty() ? "" : ", " + warnings.size() + " warning(s)"));
            imported.run();
            succeeded.run();
        }).onFailure(e -> {
            running.set(false);
            progress.set(0);
            String why = e instanceof UserException ? e.getMessage() : String.valueOf(e);
            status.accept("import failed: " + e.getMessage());
            if (severalRuns) imported.run();
            failed.accept(why);
        });
        // Kept before it starts: Cancel may come while it runs, and a synchronous executor (the tests') runs it right here.
        task.executeWith(executor);
    }

    /** Asks the running import to stop; it rolls back, so the repository stays as it was. */
    public void cancel() {
        if (task != null) task.cancel();
    }

    static List<String> warningLines(ImportResult result) {
        List<String> out = new ArrayList<>();
        for (ImportResult.FileResult f : result.files()) {
            if (!f.holdsOnly().isEmpty()) out.add(f.name() + " holds " + f.holdsOnly());
            // a line says where it is in the file; a message about the whole output names the part it is about
            String file = f.path().getFileName().toString();
            f.warnings().forEach(w -> out.add(inPlanTerms(w.format(w.line() > 0 || f.part().isEmpty() ? file : f.name()))));
            long unlisted = f.warningCount() - f.warnings().size();
            if (unlisted > 0) out.add(f.name() + ": ... and " + unlisted + " more");
        }
        return out;
    }

    /**
     * A parser's advice in the words of the import plan, whose fields take what the command line's options do: the
     * window has no {@code --start}, {@code --interval} or {@code --tz} to give.
     */
    static String inPlanTerms(String message) {
        return message
                .replace("give --start to set it", "set “Undated output starts at” in the import plan to set it")
                .replace("give --interval to set it", "set “every … s” in the import plan to set it")
                .replace("--start or the fallback start", "the plan's start or the file's time")
                .replaceAll("--start\\b", "the plan's start")
                .replaceAll("--interval\\b", "the plan's interval")
                .replaceAll("--tz\\b", "the plan's zone");
    }

    private static long totalBytes(List<Path> inputs) {
        long total = 0;
        for (Path p : inputs) {
            try (Stream<Path> files = Files.walk(p)) {
                total += files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Math.max(total, 1);
    }

    /** Bytes read over all files, reported to the UI thread as a fraction. */
    private final class Progress implements ImportProgress {
        private long total;
        /** Whether {@link #total} is the one import's plan ({@link #planned}) rather than the inputs' sizes. */
        private final boolean fromPlan;
        private final BackgroundTask<?> task;
        private long finished;

        /** The progress of several imports, over these bytes of their inputs (none of them a file of several parts). */
        Progress(long total, BackgroundTask<?> task) {
            this.total = total;
            this.fromPlan = false;
            this.task = task;
        }

        /** The progress of one import, over the bytes its plan reads. */
        Progress(BackgroundTask<?> task) {
            this.total = 1;
            this.fromPlan = true;
            this.task = task;
        }

        @Override
        public void planned(long bytesToRead) {
            // a file of several parts is read once per part: the inputs' sizes alone filled the bar at its first part
            if (fromPlan) total = Math.max(bytesToRead, 1);
        }

        @Override
        public void advanced(Path file, long bytesRead, long sizeBytes, long rows) {
            double done = Math.min(1, (finished + bytesRead) / (double) total);
            task.progress(done);
        }

        @Override
        public void fileFinished(ImportResult.FileResult result) {
            finished += result.path().toFile().length();
            double done = Math.min(1, finished / (double) total);
            task.progress(done);
        }
    }

    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public ReadOnlyListProperty<String> warnings() {
        return warnings.getReadOnlyProperty();
    }

    public RecentInputs recent() {
        return recent;
    }
}
