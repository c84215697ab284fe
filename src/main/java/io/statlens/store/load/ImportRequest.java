package io.statlens.store.load;

import io.statlens.parse.ImportPlanner;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What to import and how; mirrors {@code statlens import}'s options, plus the GUI's tool per file and per part of a file.
 *
 * @param inputs      files and folders (folders are walked, hidden files skipped)
 * @param run         run name; created if missing
 * @param host        host to record on a new run; empty = from the first file's banner
 * @param tags        tags added to the run
 * @param tool        force this parser instead of detection
 * @param start       absolute time of the first sample for output without dates
 * @param interval    seconds between samples for output without times
 * @param zone        zone of local times printed without one
 * @param strict      fail on the first bad line instead of importing the good ones
 * @param replace     replace files the run already holds (same SHA-256)
 * @param skipUnknown in folders, skip files no parser recognises instead of failing
 * @param fileTools   per file (absolute, normalised), the tool to use instead of {@code tool} or detection;
 *                    every key must be one of the files the inputs name
 * @param locale      the locale the files were printed in ({@code --file-locale}), when the files' own evidence leaves it open
 * @param partTools   per file that holds several tools' or hosts' output (absolute, normalised), a tool per part by its
 *                    label ({@code 1-64}, {@code node1}); its parts not named are left out ({@link ImportPlanner.Choices})
 */
public record ImportRequest(List<Path> inputs, String run, Optional<String> host, List<String> tags, Optional<String> tool,
                            Optional<Instant> start, Optional<Duration> interval, ZoneId zone, boolean strict,
                            boolean replace, boolean skipUnknown, Map<Path, String> fileTools, Optional<Locale> locale,
                            Map<Path, Map<String, String>> partTools) {
    public ImportRequest {
        inputs = List.copyOf(inputs);
        tags = List.copyOf(tags);
        Map<Path, String> normalised = new LinkedHashMap<>();
        fileTools.forEach((file, t) -> normalised.put(key(file), t));
        fileTools = Map.copyOf(normalised);
        Map<Path, Map<String, String>> parts = new LinkedHashMap<>();
        partTools.forEach((file, t) -> parts.put(key(file), Map.copyOf(t)));
        partTools = Map.copyOf(parts);
    }

    /** A request with the files' tools chosen and the files' locale, no part chosen. */
    public ImportRequest(List<Path> inputs, String run, Optional<String> host, List<String> tags, Optional<String> tool,
                         Optional<Instant> start, Optional<Duration> interval, ZoneId zone, boolean strict,
                         boolean replace, boolean skipUnknown, Map<Path, String> fileTools, Optional<Locale> locale) {
        this(inputs, run, host, tags, tool, start, interval, zone, strict, replace, skipUnknown, fileTools, locale, Map.of());
    }

    /** A request with the files' tools chosen, without a locale. */
    public ImportRequest(List<Path> inputs, String run, Optional<String> host, List<String> tags, Optional<String> tool,
                         Optional<Instant> start, Optional<Duration> interval, ZoneId zone, boolean strict,
                         boolean replace, boolean skipUnknown, Map<Path, String> fileTools) {
        this(inputs, run, host, tags, tool, start, interval, zone, strict, replace, skipUnknown, fileTools, Optional.empty());
    }

    /** The CLI's request: one tool (or detection) for every file. */
    public ImportRequest(List<Path> inputs, String run, Optional<String> host, List<String> tags, Optional<String> tool,
                         Optional<Instant> start, Optional<Duration> interval, ZoneId zone, boolean strict,
                         boolean replace, boolean skipUnknown) {
        this(inputs, run, host, tags, tool, start, interval, zone, strict, replace, skipUnknown, Map.of());
    }

    /** Defaults: detect the tool, local zone, lenient, no replace. */
    public static ImportRequest of(String run, ZoneId zone, Path... inputs) {
        return new ImportRequest(List.of(inputs), run, Optional.empty(), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), zone, false, false, false);
    }

    public ImportRequest strictly() {
        return new ImportRequest(inputs, run, host, tags, tool, start, interval, zone, true, replace, skipUnknown, fileTools, locale, partTools);
    }

    public ImportRequest replacing() {
        return new ImportRequest(inputs, run, host, tags, tool, start, interval, zone, strict, true, skipUnknown, fileTools, locale, partTools);
    }

    /** The same request with these tools for these files (the user's choices after seeing the detection). */
    public ImportRequest choosingTools(Map<Path, String> tools) {
        return new ImportRequest(inputs, run, host, tags, tool, start, interval, zone, strict, replace, skipUnknown, tools, locale, partTools);
    }

    /**
     * The same request with these tools for these parts of files that hold several tools' or hosts' output (the user's
     * choices after seeing the plan's parts): per file, by part label, the parts to read and their tools.
     */
    public ImportRequest choosingParts(Map<Path, Map<String, String>> tools) {
        return new ImportRequest(inputs, run, host, tags, tool, start, interval, zone, strict, replace, skipUnknown, fileTools, locale,
                tools);
    }

    /** The same request for files printed in this locale ({@code --file-locale}). */
    public ImportRequest inLocale(Locale printedIn) {
        return new ImportRequest(inputs, run, host, tags, tool, start, interval, zone, strict, replace, skipUnknown, fileTools,
                Optional.of(printedIn), partTools);
    }

    /** The user's parser choices, for the {@link ImportPlanner}. */
    public ImportPlanner.Choices parserChoices() {
        return new ImportPlanner.Choices(tool, fileTools, skipUnknown, partTools);
    }

    /** One spelling per file, so that a relative and an absolute path to it find the same choice. */
    public static Path key(Path file) {
        return file.toAbsolutePath().normalize();
    }
}
