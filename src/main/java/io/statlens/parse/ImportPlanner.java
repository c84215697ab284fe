package io.statlens.parse;

import io.statlens.model.UserException;
import io.statlens.parse.spi.CaptureInterval;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.Parser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which parser reads which file, decided before anything is written: folders are walked (sorted, hidden files
 * skipped) and each file's first lines are ranked by the {@link AutoDetectParser}. The import plans here, and
 * the GUI shows {@link #detect} to the user, who may choose other tools before importing.
 */
public final class ImportPlanner {
    private final AutoDetectParser detector;
    private final FileParts parts;

    public ImportPlanner(ParserCatalog catalog) {
        this(new AutoDetectParser(catalog));
    }

    public ImportPlanner(AutoDetectParser detector) {
        this.detector = detector;
        this.parts = new FileParts(detector);
    }

    /**
     * A file of the inputs and what detection says about it.
     *
     * @param input     the file or folder it was found in, as given
     * @param detection the parser detection chose (empty when none is sure enough or two are equally sure) and
     *                  every parser's confidence, highest first
     */
    public record FileDetection(Path input, Path file, long sizeBytes, Detection detection) {
        /** The file's name below the folder it was found in, or its own name when it was given itself. */
        public String name() {
            return (file.equals(input) ? file.getFileName() : input.relativize(file)).toString();
        }

        public Optional<Parser> detected() {
            return detection.parser();
        }

        public List<Detection.Candidate> candidates() {
            return detection.candidates();
        }

        /** The three most confident parsers ("closest: iostat 30%, sar 10%"), or a sentence when none sees anything. */
        public String closest() {
            return detection.closest();
        }
    }

    /**
     * A file, or a part of one, and how its parser was chosen; {@link #detection()} goes into the file's
     * {@link io.statlens.parse.spi.ParseContext} so that the {@link AutoDetectParser} uses that parser.
     *
     * @param capture the pt-stalk capture the file belongs to, whose time places output without time stamps
     * @param part    the lines of the file this parser reads, when the file holds several tools' or hosts' output
     *                ({@link FileParts}); empty for the whole file
     */
    public record Planned(Path file, Detection detection, Optional<Capture> capture, Optional<FilePart> part) {
        public Planned(Path file, Detection detection, Optional<Capture> capture) {
            this(file, detection, capture, Optional.empty());
        }

        public Planned(Path file, Detection detection) {
            this(file, detection, Optional.empty());
        }

        /** The file's name, and the part's after a colon ({@code notes.txt:12-40}). */
        public String name() {
            String name = file.getFileName().toString();
            return part.map(p -> p.name(name)).orElse(name);
        }

        public Parser parser() {
            return detection.parser().orElseThrow();
        }

        /** Whether the user chose the parser ({@code --tool}, or a tool for the file) rather than detection. */
        public boolean chosen() {
            return detection.candidates().isEmpty();
        }
    }

    /**
     * What the user chose instead of detection.
     *
     * @param tool        one tool for every file ({@code --tool})
     * @param fileTools   a tool per file (the GUI's choices), which reads the file whole; every key must be one of the
     *                    files the inputs name
     * @param skipUnknown in folders, leave out files no parser recognises instead of failing
     * @param partTools   per file that holds several tools' or hosts' output, a tool per part, by the part's
     *                    {@link FilePart#label() label} ({@code 1-64}, {@code node1}): the parts named are read with these
     *                    tools, the file's other parts are left out (the GUI's choices, a part at a time); every key must
     *                    be one of the files the inputs name, and every label one of its parts
     */
    public record Choices(Optional<String> tool, Map<Path, String> fileTools, boolean skipUnknown,
                          Map<Path, Map<String, String>> partTools) {
        public Choices {
            Map<Path, String> normalised = new java.util.LinkedHashMap<>();
            fileTools.forEach((file, t) -> normalised.put(key(file), t));
            fileTools = Map.copyOf(normalised);
            Map<Path, Map<String, String>> parts = new java.util.LinkedHashMap<>();
            partTools.forEach((file, tools) -> parts.put(key(file), Map.copyOf(tools)));
            partTools = Map.copyOf(parts);
        }

        public Choices(Optional<String> tool, Map<Path, String> fileTools, boolean skipUnknown) {
            this(tool, fileTools, skipUnknown, Map.of());
        }

        Optional<String> toolFor(Path file) {
            return Optional.ofNullable(fileTools.get(key(file)));
        }

        Optional<Map<String, String>> partToolsFor(Path file) {
            return Optional.ofNullable(partTools.get(key(file)));
        }
    }

    /**
     * A pt-stalk capture: the time in its files' names, the host's offset from UTC that TS lines show (its own, else
     * another capture's of the inputs: one host's), if any, and the interval it ran its tools at, as its files show it
     * ({@link PtStalkInterval}), if they do.
     *
     * @param offsetFrom where the offset was read ({@code its TS lines}, {@code the TS lines of capture 2026_12_02_04_58_08})
     */
    public record Capture(PtStalkFile file, Optional<ZoneOffset> offset, String offsetFrom, Optional<CaptureInterval> interval) {
        /** Where the capture's output without time stamps starts (see {@link PtStalkFile#start}). */
        public FallbackStart start(ZoneId zone) {
            return PtStalkFile.start(file, offset, offsetFrom, zone);
        }
    }

    /**
     * A file the plan leaves out, and why.
     *
     * @param label  what to call it in a list of skipped files ({@code df} for pt-stalk's {@code 2026_12_02_00_40_11-df})
     * @param reason why it is left out, the same words for every file left out for that reason
     */
    public record Skipped(Path file, String label, String reason) {
    }

    /**
     * What an import reads.
     *
     * @param files   the files to import and their parsers, in order
     * @param skipped files of pt-stalk captures and a collect's side files ({@link CollectSideFile}) left out, with the reason
     * @param host    the host a pt-stalk capture's {@code -hostname} file names, if any
     */
    public record Plan(List<Planned> files, List<Skipped> skipped, Optional<String> host) {
        public Plan {
            files = List.copyOf(files);
            skipped = List.copyOf(skipped);
        }
    }

    /** A file to import and the input that named it. */
    private record Source(Path input, Path file) {
        boolean inFolder() {
            return !file.equals(input);
        }
    }

    /** The parser that reads planned files: it follows each plan's {@link Detection}. */
    public AutoDetectParser parser() {
        return detector;
    }

    /** Every file of the inputs with its detection, unrecognised ones included (with no detected parser). */
    public List<FileDetection> detect(List<Path> inputs) {
        return files(inputs).stream().map(this::detect).toList();
    }

    /**
     * The files of the inputs and their parsers: the tool chosen for the file, else the one tool chosen, else
     * detection. An unrecognised file fails the whole plan, unless it lies in a folder and the choices skip
     * unknown files; so does a choice for a file the inputs do not name. The files of a pt-stalk capture
     * ({@link PtStalkFile}) are planned by what pt-stalk named them: the ones that hold no statistics, and the
     * ones that do not hold what their name says (an empty file, a client's error), are skipped with the reason.
     * A file that holds several tools' or hosts' output is planned one part at a time ({@link FileParts}), unless a tool
     * is chosen for it, which then reads it whole; tools chosen for its parts read those parts and leave out the others.
     */
    public Plan plan(List<Path> inputs, Choices choices) {
        List<Planned> plan = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        Map<String, Capture> captures = new HashMap<>();
        String host = null;
        Optional<Parser> forced = choices.tool().map(t -> parser(t, null));
        Set<Path> chosenFiles = new HashSet<>();
        List<Source> sources = files(inputs);
        for (Source source : sources) {
            Path file = source.file();
            Optional<String> chosen = choices.toolFor(file);
            Optional<PtStalkFile> stalked = PtStalkFile.of(file);
            // A tool chosen for a pt-stalk file (the GUI chooses one for every ticked file) keeps its capture's time.
            if (chosen.isPresent()) {
                chosenFiles.add(key(file));
                plan.add(new Planned(file, Detection.chosen(parser(chosen.get(), file)), stalked.map(f -> capture(f, captures, sources))));
                continue;
            }
            if (forced.isPresent()) {
                plan.add(new Planned(file, Detection.chosen(forced.get()), stalked.map(f -> capture(f, captures, sources))));
                continue;
            }
            Optional<String> sideFile = source.inFolder() ? CollectSideFile.reason(file) : Optional.empty();
            if (sideFile.isPresent()) {
                skipped.add(new Skipped(file, file.getFileName().toString(), sideFile.get()));
                continue;
            }
            Optional<PtStalkFile.Role> role = stalked.flatMap(PtStalkFile::role);
            if (role.isPresent() && role.get() instanceof PtStalkFile.Skip skip) {
                skipped.add(new Skipped(file, stalked.get().suffix(), "pt-stalk: " + skip.reason()));
                continue;
            }
            if (role.isPresent() && role.get() instanceof PtStalkFile.HostName) {
                String named = firstLine(file);
                if (host == null && !named.isEmpty()) host = named;
                skipped.add(new Skipped(file, stalked.get().suffix(), "pt-stalk: the host name, " + (named.isEmpty() ? "empty"
                        : "the run's host unless a file or --host names it")));
                continue;
            }
            Optional<Map<String, String>> partsChosen = choices.partToolsFor(file);
            if (partsChosen.isPresent()) {
                chosenFiles.add(key(file));
                plan.addAll(chosenParts(file, partsChosen.get()));
                continue;
            }
            Head head = head(file);
            FileDetection detection = detect(source, head);
            List<FileParts.Detected> parts = parts(file, head, detection.detection());
            if (!parts.isEmpty()) {
                for (FileParts.Detected part : parts) {
                    if (part.detection().parser().isPresent()) {
                        plan.add(new Planned(file, part.detection(), Optional.empty(), Optional.of(part.part())));
                    } else if (!(source.inFolder() && choices.skipUnknown())) {
                        throw new UserException(part.part().name(file.toString()) + ": no parser recognises this part of the file ("
                                + part.detection().closest() + "); give --tool to read the whole file with one parser");
                    }
                }
                continue;
            }
            if (stalked.isPresent()) {
                Optional<String> why = mismatch(role, detection);
                if (why.isPresent()) {
                    skipped.add(new Skipped(file, stalked.get().suffix(), why.get()));
                    continue;
                }
                if (sameAsEarlier(stalked.get(), plan)) {
                    skipped.add(new Skipped(file, stalked.get().suffix(), "pt-stalk: the same bytes as an earlier "
                            + "capture's file of that kind; the run holds it once"));
                    continue;
                }
                plan.add(new Planned(file, detection.detection(), Optional.of(capture(stalked.get(), captures, sources))));
            } else if (detection.detected().isPresent()) {
                plan.add(new Planned(file, detection.detection()));
            } else if (collected(file).isPresent()) {
                plan.add(new Planned(file, Detection.chosen(collected(file).get())));
            } else if (!(source.inFolder() && choices.skipUnknown())) {
                throw new UserException(file + ": no parser recognises this file (" + detection.closest() + "); give --tool to choose one"
                        + (source.inFolder() ? ", or --skip-unknown to skip such files" : "")
                        + detection.detection().notices().stream().map(n -> "; " + n).collect(Collectors.joining()));
            }
        }
        for (Path file : choices.fileTools().keySet()) {
            if (!chosenFiles.contains(file)) throw new UserException(file + ": a tool was chosen for this file, but the inputs do not name it");
        }
        for (Path file : choices.partTools().keySet()) {
            if (!chosenFiles.contains(file)) throw new UserException(file + ": tools were chosen for parts of this file, but the inputs do not name it");
        }
        if (plan.isEmpty()) {
            throw new UserException("no files to import in " + inputs + (skipped.isEmpty() ? "" : " (" + skipped.size()
                    + " pt-stalk file(s) skipped, such as " + skipped.get(0).file().getFileName() + ", " + skipped.get(0).reason() + ")"));
        }
        return new Plan(plan, skipped, Optional.ofNullable(host));
    }

    /**
     * The parts of a file the user chose a tool for, in file order, each with its tool: detection's own when it is the one
     * chosen (as an import without choices reads it), else that tool as chosen. The file's other parts are left out.
     */
    private List<Planned> chosenParts(Path file, Map<String, String> tools) {
        List<FileParts.Detected> parts = parts(file);
        Set<String> labels = parts.stream().map(p -> p.part().label()).collect(Collectors.toSet());
        for (String label : new java.util.TreeSet<>(tools.keySet())) {
            if (!labels.contains(label)) {
                throw new UserException(file + ":" + label + ": a tool was chosen for this part, but the file has no such part"
                        + (parts.isEmpty() ? " (it is read whole)" : " (its parts: "
                        + parts.stream().map(p -> p.part().label()).collect(Collectors.joining(", ")) + ")"));
            }
        }
        List<Planned> planned = new ArrayList<>();
        for (FileParts.Detected part : parts) {
            String tool = tools.get(part.part().label());
            if (tool == null) continue;
            boolean detected = part.detection().parser().map(p -> p.info().tool().equals(tool)).orElse(false);
            Detection detection = detected ? part.detection() : Detection.chosen(parser(tool, file));
            planned.add(new Planned(file, detection, Optional.empty(), Optional.of(part.part())));
        }
        return planned;
    }

    /**
     * The parts of a file that holds several tools' or hosts' output, each detected, as the plan reads them
     * ({@link FileParts}); none for a file read whole. A pt-stalk capture's file, a collect's raw file and a file a tool
     * wrote itself ({@link Parser#ownFile}) hold what one tool wrote and are always read whole.
     */
    public List<FileParts.Detected> parts(Path file) {
        if (oneToolByName(file)) return List.of();
        Head head = head(file);
        return parts(file, head, detector.detect(head));
    }

    /** The parts of a file, given what detection says of its head: none for a file read whole, without reading it again. */
    private List<FileParts.Detected> parts(Path file, Head head, Detection detection) {
        if (oneToolByName(file) || detection.parser().filter(p -> p.ownFile(head)).isPresent()) return List.of();
        return parts.of(file);
    }

    /** Whether the file is a pt-stalk capture's or a collect's raw file, by its name: what one tool wrote. */
    private boolean oneToolByName(Path file) {
        return PtStalkFile.of(file).isPresent() || collected(file).isPresent();
    }

    /**
     * Why a pt-stalk file is not read, if it is not: it is empty (MariaDB prints nothing for SHOW ENGINE INNODB MUTEX), or
     * its content is not what its name says (a client's error message instead of its output).
     */
    private static Optional<String> mismatch(Optional<PtStalkFile.Role> role, FileDetection detection) {
        String what = "pt-stalk: ";
        if (detection.sizeBytes() == 0) return Optional.of(what + "empty (the server printed nothing)");
        Optional<String> detected = detection.detected().map(p -> p.info().tool());
        if (role.isEmpty()) {
            return detected.isPresent() ? Optional.empty() : Optional.of(what + "no parser recognises it (" + detection.closest() + ")");
        }
        String tool = ((PtStalkFile.Read) role.get()).tool();
        if (detected.isPresent() && detected.get().equals(tool)) return Optional.empty();
        return Optional.of(what + "expected " + tool + " output, but " + (detected.isPresent() ? "it reads as " + detected.get()
                : "no parser recognises it (" + detection.closest() + ")"));
    }

    /**
     * An earlier capture's file of the same kind with the same bytes (the settings of one server, captured twice): the
     * run holds each file once.
     */
    private static boolean sameAsEarlier(PtStalkFile file, List<Planned> plan) {
        for (Planned earlier : plan) {
            Optional<PtStalkFile> other = earlier.capture().map(Capture::file);
            if (other.isEmpty() || !other.get().suffix().equals(file.suffix())) continue;
            try {
                if (Files.mismatch(earlier.file(), file.file()) == -1) return true;
            } catch (IOException e) {
                throw new UserException(file.file() + ": cannot read: " + e.getMessage(), e);
            }
        }
        return false;
    }

    /** The file's capture, its offset and interval looked up once per capture. */
    private static Capture capture(PtStalkFile file, Map<String, Capture> captures, List<Source> sources) {
        Capture first = captures.computeIfAbsent(file.prefix(), prefix -> capture(file, sources));
        return new Capture(file, first.offset(), first.offsetFrom(), first.interval());
    }

    /**
     * The capture a file belongs to, with the offset from UTC shown by the first of its files that starts with a TS line,
     * else by another capture's (the folder of one host; a capture cut short may have no such file), and the interval
     * its own files show.
     */
    private static Capture capture(PtStalkFile file, List<Source> sources) {
        List<PtStalkFile> capture = sources.stream().flatMap(s -> PtStalkFile.of(s.file()).stream())
                .filter(f -> f.prefix().equals(file.prefix())).toList();
        Optional<CaptureInterval> interval = PtStalkInterval.of(capture);
        Capture other = null;
        for (Source source : sources) {
            Optional<PtStalkFile> f = PtStalkFile.of(source.file());
            if (f.isEmpty() || (other != null && !f.get().prefix().equals(file.prefix()))) continue;
            Optional<ZoneOffset> offset = f.get().offsetFromTsLine();
            if (offset.isEmpty()) continue;
            if (f.get().prefix().equals(file.prefix())) return new Capture(file, offset, "its TS lines", interval);
            other = new Capture(file, offset, "the TS lines of capture " + f.get().prefix(), interval);
        }
        return other != null ? other : new Capture(file, Optional.empty(), "", interval);
    }

    private static String firstLine(Path file) {
        try (var in = Files.newBufferedReader(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            String line = in.readLine();
            return line == null ? "" : line.strip();
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** The parser a collect read this raw file with, when it is a collect's raw file of an installed parser. */
    private Optional<Parser> collected(Path file) {
        return CollectSideFile.rawFileTool(file).flatMap(tool -> detector.catalog().byTool(tool));
    }

    private Parser parser(String tool, Path file) {
        return detector.catalog().byTool(tool).orElseThrow(() -> new UserException((file == null ? "" : file + ": ")
                + "unknown tool '" + tool + "'; known tools: " + String.join(", ", detector.catalog().tools())));
    }

    private FileDetection detect(Source source) {
        return detect(source, head(source.file()));
    }

    private FileDetection detect(Source source, Head head) {
        Detection detection = detector.detect(head);
        try {
            return new FileDetection(source.input(), source.file(), Files.size(source.file()), detection);
        } catch (IOException e) {
            throw new UserException(source.file() + ": cannot read: " + e.getMessage(), e);
        }
    }

    private static List<Source> files(List<Path> inputs) {
        List<Source> out = new ArrayList<>();
        for (Path input : inputs) {
            if (!Files.exists(input)) throw new UserException(input + ": no such file or folder");
            if (Files.isDirectory(input)) {
                walk(input).forEach(file -> out.add(new Source(input, file)));
            } else {
                out.add(new Source(input, input));
            }
        }
        return out;
    }

    private static List<Path> walk(Path folder) {
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UserException(folder + ": cannot list folder: " + e.getMessage(), e);
        }
    }

    /** One spelling per file, so that a relative and an absolute path to it find the same choice. */
    private static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }

    /** The first lines of a file, as detection sees them ({@link LineSource#head}). */
    public static Head head(Path file) {
        try (LineSource lines = LineSource.of(file.getFileName().toString(), Files.newInputStream(file))) {
            return lines.head();
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
    }
}
