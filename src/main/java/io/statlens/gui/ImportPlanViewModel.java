package io.statlens.gui;

import io.statlens.model.UserException;
import io.statlens.parse.FileOutline;
import io.statlens.parse.FileParts;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ImportPlanner.FileDetection;
import io.statlens.parse.CollectSideFile;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportTimes;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The import plan: every file of the dropped or chosen inputs (folders walked as the import walks them) with the
 * tool detected for it, a tick to import it and the tool to read it with, plus the run's name. A file that holds several
 * tools' or hosts' output is a row per part ({@link FileParts}), named as {@code statlens import} names it
 * ({@code notes.txt:1-64}, {@code pdsh.txt:node1}), each with its own tick and tool, or, as the user chooses, one row that
 * reads the file whole by one parser ({@code statlens import --tool}); every row shows the host its lines
 * name and how many lines it reads ({@link FileOutline}). Files no parser
 * recognises start unticked; giving one a tool ticks it. The start, interval and time zone of output that does not say
 * them, and the locale of what a file leaves open (a slashed date's order), are asked here too, as
 * {@code statlens import --start/--interval/--tz/--file-locale} take them. Import hands the ticked files, their tools and
 * those choices on; the plan is done once the import succeeded, and keeps a failed one's reasons to be
 * read, fixed and tried again.
 */
public final class ImportPlanViewModel {
    private final List<Path> inputs;
    private final TaskExecutor executor;
    private final Supplier<ParserCatalog> catalog;
    private final Importer importer;
    private final ZoneId windowZone;
    private final StringProperty run = new SimpleStringProperty();
    private final StringProperty start = new SimpleStringProperty("");
    private final StringProperty interval = new SimpleStringProperty("");
    private final StringProperty zone = new SimpleStringProperty("");
    private final StringProperty locale = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper failure = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper importing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper done = new ReadOnlyBooleanWrapper();
    private final ObservableList<FileRow> rows = FXCollections.observableArrayList();
    private final ObservableList<String> tools = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper planning = new ReadOnlyBooleanWrapper();
    /** The rows of each file of parts read whole for now, to go back to (with their ticks and tools as they were). */
    private final Map<Path, List<FileRow>> partsSetAside = new LinkedHashMap<>();
    /** What the plan says after its summary of the rows: the files left out, the parser definitions that failed. */
    private String summaryTail = "";

    /** Imports the choices, then says how it went (on the UI thread). */
    interface Importer {
        void importChosen(ImportChoices choices, Runnable succeeded, Consumer<String> failed);
    }

    /**
     * @param catalog    the parsers, asked for in the background (loading them reads the user's parser folder)
     * @param importer   receives the choices when the user imports
     * @param windowZone the zone of times printed without one when the user gives none
     */
    ImportPlanViewModel(List<Path> inputs, TaskExecutor executor, Supplier<ParserCatalog> catalog, Importer importer,
                        ZoneId windowZone) {
        this.inputs = List.copyOf(inputs);
        this.executor = executor;
        this.catalog = catalog;
        this.importer = importer;
        this.windowZone = windowZone;
        run.set(ImportViewModel.suggestedRun(inputs));
    }

    /** One file of the plan, or one part of a file that holds several tools' or hosts' output: a row of the table. */
    public static final class FileRow {
        private final FileDetection detection;
        /** The part of the file this row reads, with what detection says of it; empty for the whole file. */
        private final Optional<FileParts.Detected> part;
        private final FileOutline outline;
        private final Optional<String> skipped;
        /** What the collect keeps this side file with (a raw file's receive times, the collector's log), if it is one. */
        private final Optional<String> keptWith;
        private final BooleanProperty included;
        private final ObjectProperty<String> tool;

        /** @param skipped why {@code statlens import} of the inputs leaves the file out (a pt-stalk listing), if it does */
        FileRow(FileDetection detection, Optional<String> skipped, FileOutline outline) {
            this(detection, Optional.empty(), outline, skipped);
        }

        /** A part of a file, as the import reads it. */
        FileRow(FileDetection file, FileParts.Detected part, FileOutline outline) {
            this(file, Optional.of(part), outline, Optional.empty());
        }

        private FileRow(FileDetection detection, Optional<FileParts.Detected> part, FileOutline outline, Optional<String> skipped) {
            this.detection = detection;
            this.part = part;
            this.outline = outline;
            this.skipped = skipped;
            this.keptWith = CollectSideFile.keptWith(detection.file());
            String detected = keptWith.isPresent() ? null : parser().map(p -> p.info().tool()).orElse(null);
            included = new SimpleBooleanProperty(detected != null && skipped.isEmpty());
            tool = new SimpleObjectProperty<>(detected);
            // Choosing a tool for a file nothing recognised says the user wants it imported.
            tool.addListener((o, was, now) -> {
                if (was == null && now != null) included.set(true);
            });
        }

        public Path file() {
            return detection.file();
        }

        /**
         * The path below the dropped folder, or the file's name when the file itself was given; a part's after a colon, as
         * {@code statlens import} names it ({@code notes.txt:1-64}, {@code pdsh.txt:node1}).
         */
        public String name() {
            return part.map(p -> p.part().name(detection.name())).orElse(detection.name());
        }

        /** The part's label ({@code 1-64}, {@code node1}); empty for a whole file. */
        public Optional<String> partLabel() {
            return part.map(p -> p.part().label());
        }

        /** The host the row's lines name (a pdsh prefix, a banner), or "—" when they name none: the import uses the run's. */
        public String host() {
            return outline.host().orElse(NO_HOST);
        }

        /** How many lines of the file the row reads: all of them, or the part's. */
        public String lines() {
            return String.format(Locale.ROOT, "%,d", outline.lines());
        }

        /** The file's size, or the bytes of the part's own lines (the size the import records for a part). */
        public String size() {
            return size(part.isPresent() ? outline.bytes() : detection.sizeBytes());
        }

        /** The parser detection chose for the file, or for the part. */
        private Optional<io.statlens.parse.spi.Parser> parser() {
            return part.isPresent() ? part.get().detection().parser() : detection.detected();
        }

        /** What detection says of the file, or of the part. */
        private io.statlens.parse.spi.Detection detection() {
            return part.isPresent() ? part.get().detection() : detection.detection();
        }

        /** "vmstat 100%": the detected tool and its confidence; "unknown" when no parser is sure enough. */
        public String detected() {
            if (keptWith.isPresent()) return "kept with " + keptWith.get();
            if (skipped.isPresent()) return "skipped: " + skipped.get();
            return parser()
                    .map(p -> p.info().tool() + String.format(Locale.ROOT, " %.0f%%", detection().candidates().get(0).confidence() * 100))
                    .orElse("unknown");
        }

        /** The most confident parsers, for a tool tip. */
        public String candidates() {
            return skipped.map(why -> "skipped, as statlens import skips it: " + why).orElseGet(() -> detection().closest());
        }

        public BooleanProperty includedProperty() {
            return included;
        }

        /** The tool to import the file with; null while none is chosen. */
        public ObjectProperty<String> toolProperty() {
            return tool;
        }

        static String size(long bytes) {
            if (bytes < 1024) return bytes + " B";
            if (bytes < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0);
            if (bytes < 1024L * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024));
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
        }
    }

    /** What a row shows of a file whose lines name no host. */
    static final String NO_HOST = "—";

    private record Found(List<FileRow> rows, List<String> tools, List<String> catalogProblems) {
    }

    /**
     * A row per file, or per part of a file that holds several tools' or hosts' output, as the import would read them.
     * A file the import leaves out (a pt-stalk listing, a collect's side file) is not looked into for parts.
     */
    private static List<FileRow> rows(ImportPlanner planner, List<FileDetection> files, Map<Path, String> skipped) {
        List<FileRow> rows = new ArrayList<>();
        for (FileDetection file : files) {
            Optional<String> skip = Optional.ofNullable(skipped.get(file.file()));
            List<FileParts.Detected> parts = skip.isPresent() || CollectSideFile.keptWith(file.file()).isPresent() ? List.of()
                    : planner.parts(file.file());
            if (parts.isEmpty()) {
                rows.add(new FileRow(file, skip, FileOutline.of(file.file(), file.detected())));
            } else {
                parts.forEach(part -> rows.add(new FileRow(file, part, FileOutline.of(file.file(), part))));
            }
        }
        return rows;
    }

    /**
     * The files {@code statlens import} of the inputs would leave out, with the reason: pt-stalk's listings and
     * duplicates, a collect's side files. Nothing when nothing would be imported (the import says why).
     */
    private Map<Path, String> skipped(ImportPlanner planner) {
        try {
            Map<Path, String> out = new LinkedHashMap<>();
            planner.plan(inputs, new ImportPlanner.Choices(Optional.empty(), Map.of(), true)).skipped()
                    .forEach(s -> out.put(s.file(), s.reason()));
            return out;
        } catch (UserException e) {
            return Map.of();
        }
    }

    /** Walks the inputs and detects each file's tool in the background (a folder may hold hundreds of files). */
    void compute() {
        planning.set(true);
        message.set("looking at " + inputs.size() + " item(s)...");
        executor.run(() -> {
            ParserCatalog parsers = catalog.get();
            ImportPlanner planner = new ImportPlanner(parsers);
            return new Found(rows(planner, planner.detect(inputs), skipped(planner)), parsers.tools().stream().sorted().toList(),
                    parsers.problems());
        }, found -> {
            tools.setAll(found.tools());
            rows.setAll(found.rows());
            partsSetAside.clear();
            planning.set(false);
            summaryTail = skippedSummary((int) rows.stream().filter(r -> r.keptWith.isEmpty() && r.skipped.isPresent()).count())
                    + catalogProblems(found.catalogProblems());
            message.set(summary() + summaryTail);
        }, e -> {
            planning.set(false);
            message.set(e instanceof UserException ? e.getMessage() : "cannot look at the files: " + e.getMessage());
        });
    }

    /**
     * Reads the file of a part row whole, by one parser, as {@code statlens import --tool} does: the file's part rows
     * become one row with the tool detected for the whole file (or none, to be chosen), ticked when there is one. For a
     * file the search for parts split where it should not have. Its lines are counted in the background.
     */
    public void readWhole(FileRow part) {
        if (part.partLabel().isEmpty() || planning.get() || importing.get()) return;
        Path file = part.file();
        FileDetection detection = part.detection;
        executor.run(() -> new FileRow(detection, Optional.empty(), FileOutline.of(file, detection.detected())), whole -> {
            List<FileRow> parts = rows.stream().filter(r -> r.file().equals(file)).toList();
            if (parts.isEmpty() || parts.stream().anyMatch(r -> r.partLabel().isEmpty())) return; // changed meanwhile
            int at = rows.indexOf(parts.get(0));
            partsSetAside.put(file, parts);
            rows.removeAll(parts);
            rows.add(at, whole);
            message.set(summary() + summaryTail + "; " + whole.name() + " is read whole by "
                    + (whole.toolProperty().get() == null ? "the parser chosen in its row" : whole.toolProperty().get()));
        }, e -> message.set("cannot read " + file + ": " + e.getMessage()));
    }

    /** Whether the row is a file of parts read whole for now, which {@link #readInParts} takes back to its parts. */
    public boolean readsWhole(FileRow row) {
        return row.partLabel().isEmpty() && partsSetAside.containsKey(row.file());
    }

    /** Goes back to reading a file read whole by {@link #readWhole} in its parts, each part's tick and tool as they were. */
    public void readInParts(FileRow whole) {
        if (!readsWhole(whole) || importing.get()) return;
        int at = rows.indexOf(whole);
        if (at < 0) return;
        rows.remove(at);
        rows.addAll(at, partsSetAside.remove(whole.file()));
        message.set(summary() + summaryTail);
    }

    private String summary() {
        if (rows.isEmpty()) return "no files in " + String.join(", ", inputs.stream().map(Path::toString).toList());
        // A collect's side files are read with its raw files or are the collector's own: neither unrecognised nor imported.
        long kept = rows.stream().filter(r -> r.keptWith.isPresent()).count();
        String side = kept == 0 ? "" : "; " + kept + (kept == 1 ? " file" : " files") + " the collect keeps with it, not imported";
        long importable = rows.stream().filter(r -> r.keptWith.isEmpty()).map(FileRow::file).distinct().count();
        long parts = rows.stream().filter(r -> r.part.isPresent()).count();
        long parted = rows.stream().filter(r -> r.part.isPresent()).map(FileRow::file).distinct().count();
        String inParts = parts == 0 ? "" : "; " + (parted == 1 ? (importable == 1 ? "it holds" : "1 of them holds")
                : parted + " of them hold") + " several tools' or hosts' output: " + parts + " parts, each read by its own parser";
        long unknown = rows.stream().filter(r -> r.keptWith.isEmpty() && r.skipped.isEmpty() && r.toolProperty().get() == null).count();
        String files = importable == 1 ? "1 file" : importable + " files";
        if (unknown == 0) return files + (importable == 1 ? ", recognised" : ", all recognised") + inParts + side;
        return files + "; " + unknown + (parts == 0 ? "" : unknown == 1 ? " file or part" : " files or parts")
                + " not recognised, left unticked: choose a tool to import " + (unknown == 1 ? "it" : "them") + inParts + side;
    }

    private static String skippedSummary(int skipped) {
        return skipped == 0 ? "" : "; " + skipped + " left unticked as the import skips them (the reason is beside each)";
    }

    /** User parser definitions that could not be loaded: said after the summary, since their tools are missing. */
    private static String catalogProblems(List<String> problems) {
        if (problems.isEmpty()) return "";
        return problems.size() == 1 ? "; a parser definition was left out: " + problems.get(0)
                : "; " + problems.size() + " parser definitions were left out, the first: " + problems.get(0);
    }

    /** Why Import cannot go ahead yet, or empty. */
    public Optional<String> problem() {
        if (planning.get()) return Optional.of("still looking at the files");
        if (importing.get()) return Optional.of("the import is running");
        try {
            times();
        } catch (UserException e) {
            return Optional.of(e.getMessage());
        }
        if (run.get() == null || run.get().isBlank()) return Optional.of("give the run a name");
        List<FileRow> ticked = rows.stream().filter(r -> r.includedProperty().get()).toList();
        if (ticked.isEmpty()) return Optional.of("tick at least one file to import");
        return ticked.stream().filter(r -> r.toolProperty().get() == null).findFirst()
                .map(r -> "choose a tool for " + r.name() + ", or untick it");
    }

    /** Imports the ticked files with their tools; false, with the reason in the message, when something is missing. */
    public boolean importChosen() {
        Optional<String> problem = problem();
        if (problem.isPresent()) {
            message.set(problem.get());
            return false;
        }
        // A file dropped both alone and inside its folder is imported once; a file of parts with the tools of its ticked parts.
        LinkedHashSet<Path> files = new LinkedHashSet<>();
        Map<Path, String> chosen = new LinkedHashMap<>();
        Map<Path, Map<String, String>> parts = new LinkedHashMap<>();
        for (FileRow r : rows) {
            if (!r.includedProperty().get()) continue;
            files.add(r.file());
            if (r.partLabel().isPresent()) {
                parts.computeIfAbsent(r.file(), f -> new LinkedHashMap<>()).putIfAbsent(r.partLabel().get(), r.toolProperty().get());
            } else {
                chosen.putIfAbsent(r.file(), r.toolProperty().get());
            }
        }
        Times t = times();
        failure.set("");
        importing.set(true);
        message.set("importing...");
        importer.importChosen(new ImportChoices(inputs, run.get().strip(), List.copyOf(files), chosen, t.start(),
                t.interval(), t.zone(), t.locale(), parts), () -> {
            importing.set(false);
            done.set(true);
        }, why -> {
            importing.set(false);
            message.set("the import failed: fix the plan and import again, or cancel");
            failure.set("The import failed; nothing was imported:\n" + why);
        });
        return true;
    }

    private record Times(Optional<Instant> start, Optional<Duration> interval, Optional<ZoneId> zone, Optional<Locale> locale) {
    }

    /** The times typed in, read as the command line reads them; a blank field leaves that time to the files. */
    private Times times() {
        Optional<ZoneId> z = blank(zone) ? Optional.empty() : Optional.of(ImportTimes.zone(zone.get(), "time zone"));
        Optional<Instant> s = blank(start) ? Optional.empty()
                : Optional.of(ImportTimes.start(start.get(), z.orElse(windowZone), "start"));
        Optional<Duration> i = blank(interval) ? Optional.empty() : Optional.of(ImportTimes.interval(interval.get(), "interval"));
        Optional<Locale> l = blank(locale) ? Optional.empty() : Optional.of(ImportTimes.locale(locale.get(), "file locale"));
        return new Times(s, i, z, l);
    }

    private static boolean blank(StringProperty p) {
        return p.get() == null || p.get().isBlank();
    }

    /** The time of the first sample of output without dates, as typed (ISO, local to the zone); blank for the files'. */
    public StringProperty startProperty() {
        return start;
    }

    /** Seconds between samples of output without times, as typed; blank for the files'. */
    public StringProperty intervalProperty() {
        return interval;
    }

    /** The zone of times printed without one, as typed; blank for the window's. */
    public StringProperty zoneProperty() {
        return zone;
    }

    /**
     * The locale the files were printed in, as typed ({@code en_GB}, {@code fr_FR}, {@code C}), as
     * {@code statlens import --file-locale} takes it: what decides a slashed date ({@code 04/01/11}) or a zone
     * abbreviation ({@code CST}) that the files leave open; blank to leave it to them.
     */
    public StringProperty localeProperty() {
        return locale;
    }

    /** The window's zone, which a blank zone field means. */
    public ZoneId windowZone() {
        return windowZone;
    }

    /** Why the last import failed, in full; empty when none failed. */
    public ReadOnlyStringProperty failureProperty() {
        return failure.getReadOnlyProperty();
    }

    /** An import of the plan is running. */
    public ReadOnlyBooleanProperty importingProperty() {
        return importing.getReadOnlyProperty();
    }

    /** The import succeeded: the plan's window can close. */
    public ReadOnlyBooleanProperty doneProperty() {
        return done.getReadOnlyProperty();
    }

    public StringProperty runProperty() {
        return run;
    }

    public ObservableList<FileRow> rows() {
        return rows;
    }

    /** Every registered tool, by name: the choices of each file's tool. */
    public ObservableList<String> tools() {
        return tools;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty planningProperty() {
        return planning.getReadOnlyProperty();
    }
}
