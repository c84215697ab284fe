package io.statlens.parse;

import io.statlens.model.UserException;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.Parser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    public ImportPlanner(ParserCatalog catalog) {
        this(new AutoDetectParser(catalog));
    }

    public ImportPlanner(AutoDetectParser detector) {
        this.detector = detector;
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
     * A file and how its parser was chosen; {@link #detection()} goes into the file's
     * {@link io.statlens.parse.spi.ParseContext} so that the {@link AutoDetectParser} uses that parser.
     */
    public record Planned(Path file, Detection detection) {
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
     * @param fileTools   a tool per file (the GUI's choices); every key must be one of the files the inputs name
     * @param skipUnknown in folders, leave out files no parser recognises instead of failing
     */
    public record Choices(Optional<String> tool, Map<Path, String> fileTools, boolean skipUnknown) {
        public Choices {
            Map<Path, String> normalised = new java.util.LinkedHashMap<>();
            fileTools.forEach((file, t) -> normalised.put(key(file), t));
            fileTools = Map.copyOf(normalised);
        }

        Optional<String> toolFor(Path file) {
            return Optional.ofNullable(fileTools.get(key(file)));
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
     * unknown files; so does a choice for a file the inputs do not name.
     */
    public List<Planned> plan(List<Path> inputs, Choices choices) {
        List<Planned> plan = new ArrayList<>();
        Optional<Parser> forced = choices.tool().map(t -> parser(t, null));
        Set<Path> chosenFiles = new HashSet<>();
        for (Source source : files(inputs)) {
            Path file = source.file();
            Optional<String> chosen = choices.toolFor(file);
            if (chosen.isPresent()) {
                chosenFiles.add(key(file));
                plan.add(new Planned(file, Detection.chosen(parser(chosen.get(), file))));
                continue;
            }
            if (forced.isPresent()) {
                plan.add(new Planned(file, Detection.chosen(forced.get())));
                continue;
            }
            FileDetection detection = detect(source);
            if (detection.detected().isPresent()) {
                plan.add(new Planned(file, detection.detection()));
            } else if (!(source.inFolder() && choices.skipUnknown())) {
                throw new UserException(file + ": no parser recognises this file (" + detection.closest() + "); give --tool to choose one"
                        + (source.inFolder() ? ", or --skip-unknown to skip such files" : "")
                        + detection.detection().notices().stream().map(n -> "; " + n).collect(Collectors.joining()));
            }
        }
        for (Path file : choices.fileTools().keySet()) {
            if (!chosenFiles.contains(file)) throw new UserException(file + ": a tool was chosen for this file, but the inputs do not name it");
        }
        if (plan.isEmpty()) throw new UserException("no files to import in " + inputs);
        return plan;
    }

    private Parser parser(String tool, Path file) {
        return detector.catalog().byTool(tool).orElseThrow(() -> new UserException((file == null ? "" : file + ": ")
                + "unknown tool '" + tool + "'; known tools: " + String.join(", ", detector.catalog().tools())));
    }

    private FileDetection detect(Source source) {
        Detection detection = detector.detect(head(source.file()));
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
