package io.statlens.store;

import io.statlens.model.UserException;
import io.statlens.parse.ParserRegistry;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.Parser;
import io.statlens.store.load.ImportRequest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which parser reads which file, decided before anything is written: folders are walked (sorted, hidden files
 * skipped) and each file's first lines are ranked by every parser. {@link ImportService} plans its imports here,
 * and the GUI shows {@link #detect} to the user, who may choose other tools before importing.
 */
public final class ImportPlanner {
    private final ParserRegistry registry;

    public ImportPlanner(ParserRegistry registry) {
        this.registry = registry;
    }

    /**
     * A file of the inputs and what detection says about it.
     *
     * @param input      the file or folder it was found in, as given
     * @param detected   the parser detection chose; empty when none is sure enough or two are equally sure
     * @param candidates every parser's confidence, highest first
     */
    public record FileDetection(Path input, Path file, long sizeBytes, Optional<Parser> detected,
                                List<ParserRegistry.Candidate> candidates) {
        public FileDetection {
            candidates = List.copyOf(candidates);
        }

        /** The file's name below the folder it was found in, or its own name when it was given itself. */
        public String name() {
            return (file.equals(input) ? file.getFileName() : input.relativize(file)).toString();
        }

        /** The three most confident parsers ("closest: iostat 30%, sar 10%"), or a sentence when none sees anything. */
        public String closest() {
            String known = candidates.stream().filter(c -> c.confidence() > 0).limit(3)
                    .map(c -> c.parser().tool() + String.format(Locale.ROOT, " %.0f%%", c.confidence() * 100))
                    .collect(Collectors.joining(", "));
            return known.isEmpty() ? "nothing in it looks like any known tool's output" : "closest: " + known;
        }
    }

    /** A file and the parser that will read it. */
    public record Planned(Path file, Parser parser) {
    }

    /** A file to import and the input that named it. */
    private record Source(Path input, Path file) {
        boolean inFolder() {
            return !file.equals(input);
        }
    }

    /** Every file of the inputs with its detection, unrecognised ones included (with no detected parser). */
    public List<FileDetection> detect(List<Path> inputs) {
        return files(inputs).stream().map(this::detect).toList();
    }

    /**
     * The request's files and their parsers: the tool chosen for the file, else the request's tool, else
     * detection. An unrecognised file fails the whole plan, unless it lies in a folder and the request skips
     * unknown files; so does a choice for a file the inputs do not name.
     */
    public List<Planned> plan(ImportRequest request) {
        List<Planned> plan = new ArrayList<>();
        Optional<Parser> forced = request.tool().map(t -> parser(t, null));
        Set<Path> chosenFiles = new HashSet<>();
        for (Source source : files(request.inputs())) {
            Path file = source.file();
            Optional<String> chosen = request.toolFor(file);
            if (chosen.isPresent()) {
                chosenFiles.add(ImportRequest.key(file));
                plan.add(new Planned(file, parser(chosen.get(), file)));
                continue;
            }
            if (forced.isPresent()) {
                plan.add(new Planned(file, forced.get()));
                continue;
            }
            FileDetection detection = detect(source);
            if (detection.detected().isPresent()) {
                plan.add(new Planned(file, detection.detected().get()));
            } else if (!(source.inFolder() && request.skipUnknown())) {
                throw new UserException(file + ": no parser recognises this file (" + detection.closest() + "); give --tool to choose one"
                        + (source.inFolder() ? ", or --skip-unknown to skip such files" : ""));
            }
        }
        for (Path file : request.fileTools().keySet()) {
            if (!chosenFiles.contains(file)) throw new UserException(file + ": a tool was chosen for this file, but the inputs do not name it");
        }
        if (plan.isEmpty()) throw new UserException("no files to import in " + request.inputs());
        return plan;
    }

    private Parser parser(String tool, Path file) {
        return registry.byTool(tool).orElseThrow(() -> new UserException((file == null ? "" : file + ": ") + "unknown tool '" + tool
                + "'; known tools: " + registry.all().stream().map(Parser::tool).collect(Collectors.joining(", "))));
    }

    private FileDetection detect(Source source) {
        List<ParserRegistry.Candidate> ranked = registry.rank(head(source.file()));
        try {
            return new FileDetection(source.input(), source.file(), Files.size(source.file()), ParserRegistry.best(ranked), ranked);
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

    /** The first lines of a file, for detection. */
    public static Head head(Path file) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Files.newInputStream(file), decoder))) {
            String line;
            while (lines.size() < Head.MAX_LINES && (line = r.readLine()) != null) {
                lines.add(line.length() > 4000 ? line.substring(0, 4000) : line);
            }
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
        return new Head(file.getFileName().toString(), lines);
    }
}
