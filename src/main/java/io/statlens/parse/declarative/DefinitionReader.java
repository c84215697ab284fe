package io.statlens.parse.declarative;

import io.statlens.parse.declarative.DefinitionSyntax.Entry;
import io.statlens.parse.declarative.DefinitionSyntax.Section;
import io.statlens.parse.spi.ParserDefinitionException;
import io.statlens.parse.transcript.CommandSyntax;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads a {@code .parser} file into a {@link ParserDefinition}, checking every key and value; the
 * format is documented in docs/parsers.md. Errors say {@code file:line: what was expected}.
 */
public final class DefinitionReader {
    private static final Pattern TOOL_ID = Pattern.compile("[a-z][a-z0-9_]*");
    private static final Pattern DATASET_NAME = Pattern.compile("[a-z0-9_]*");
    private static final Pattern DATASET_NAME_OR_SECTION = Pattern.compile("[a-z0-9_]*|\\{section}");
    private static final Pattern BLANKS = Pattern.compile("\\s+");

    private static final List<String> TOOL_KEYS = List.of("tool", "description", "version", "variants", "variant.default", "detect", "skip",
            "stack.frame", "key.above", "time.lines", "interval.default", "command.names", "command.values");
    private static final String FACT_PREFIX = "fact.";
    private static final List<String> TABLE_KEYS = List.of("dataset", "variant", "kind", "header", "columns.leading", "key",
            "time", "report.start", "since.boot", "text.columns", "wide", "phrases");
    private static final List<String> LINE_KEYS = List.of("dataset", "variant", "match", "key", "split", "heading",
            "heading.keys", "command.lacks");
    private static final List<String> SECTION_KEYS = List.of("match", "dataset", "key.title");
    private static final List<String> COLUMN_KEYS = List.of("unit.default", "value.suffixes", "missing");
    private static final List<String> COLUMN_PREFIXES = List.of("unit.", "description.", "value.suffixes.");
    private static final Set<String> REPEATABLE = Set.of("detect", "skip", "stack.frame");
    private static final String DURATION = "duration";
    /** The group of a {@code stack.frame} regex that holds the frame; {@code continued}, if it took part, wraps it. */
    static final String STACK_FRAME = "frame";
    static final String STACK_FRAME_CONTINUED = "continued";

    private final String source;

    private DefinitionReader(String source) {
        this.source = source;
    }

    /**
     * @param source the file's name as messages should show it
     * @param lines  the file's lines
     * @throws ParserDefinitionException when the definition is malformed
     */
    public static ParserDefinition read(String source, List<String> lines) {
        return new DefinitionReader(source).interpret(DefinitionSyntax.parse(source, lines));
    }

    public static ParserDefinition read(String source, String text) {
        return read(source, Arrays.asList(text.split("\r?\n", -1)));
    }

    private ParserDefinition interpret(List<Section> sections) {
        Section top = sections.get(0);
        for (Section s : sections) checkKeys(s);
        SectionKeys tool = new SectionKeys(top, null);
        Entry toolEntry = tool.get("tool").orElseThrow(() -> error(1, "missing 'tool = <id>' before the first section"));
        if (!TOOL_ID.matcher(toolEntry.value()).matches()) {
            throw error(toolEntry.line(), "expected a lower-case tool id such as 'nicstat', found '" + toolEntry.value() + "'");
        }
        List<DetectRule> detect = new ArrayList<>();
        List<Pattern> skips = new ArrayList<>();
        List<Pattern> stackFrames = new ArrayList<>();
        List<FactRule> facts = new ArrayList<>();
        for (Entry e : top.entries()) {
            if (e.key().equals("detect")) detect.add(detectRule(e));
            if (e.key().equals("skip")) skips.add(regex(e, e.value()));
            if (e.key().equals("stack.frame")) stackFrames.add(stackFrame(e));
            if (e.key().startsWith(FACT_PREFIX)) facts.add(factRule(e));
        }
        if (detect.isEmpty()) {
            throw error(toolEntry.line(), "missing 'detect = <confidence> <regex>': without it the tool is never recognised");
        }
        Optional<Pattern> timeLines = tool.get("time.lines").map(e -> regex(e, e.value()));
        Optional<Pattern> keyAbove = tool.get("key.above").map(e -> regex(e, e.value()));
        List<String> variants = list(tool.value("variants", ""));
        String defaultVariant = tool.value("variant.default", "");
        if (!defaultVariant.isEmpty() && !variants.contains(defaultVariant)) {
            throw error(tool.get("variant.default").orElseThrow().line(), "expected 'variant.default' to be one of 'variants' ("
                    + (variants.isEmpty() ? "none given" : String.join(", ", variants)) + "), found '" + defaultVariant + "'");
        }

        List<TableDefinition> tables = new ArrayList<>();
        List<LineDefinition> lines = new ArrayList<>();
        List<SectionDefinition> titles = new ArrayList<>();
        for (Section s : sections.subList(1, sections.size())) {
            SectionKeys keys = new SectionKeys(s, top);
            switch (s.kind()) {
                case "table" -> tables.add(table(keys, timeLines.isPresent()));
                case "line" -> lines.add(line(keys));
                default -> titles.add(section(new SectionKeys(s, null)));
            }
        }
        for (TableDefinition t : tables) {
            if (t.dataset().equals(SectionDefinition.FROM_SECTION) && titles.isEmpty()) {
                throw error(toolEntry.line(), "'dataset = {section}' needs a [section] whose title decides the data set");
            }
        }
        boolean hasTableSections = sections.stream().anyMatch(s -> s.kind().equals("table"));
        if (!hasTableSections && tool.get("header").isPresent()) tables.add(0, table(tool, timeLines.isPresent()));
        if (tables.isEmpty() && lines.isEmpty()) {
            throw error(toolEntry.line(), "nothing to parse: expected 'header = <regex>', a [table] or a [line] section");
        }
        return new ParserDefinition(source, toolEntry.value(), tool.value("description", ""), tool.value("version", "1"),
                variants, defaultVariant, detect, skips, stackFrames, keyAbove, facts, timeLines, interval(tool),
                command(tool, toolEntry.value()),
                tool.get("command.values").isPresent(), tables, lines, titles);
    }

    private void checkKeys(Section s) {
        Map<String, Integer> seen = new HashMap<>();
        for (Entry e : s.entries()) {
            String key = e.key();
            boolean column = COLUMN_KEYS.contains(key) || COLUMN_PREFIXES.stream().anyMatch(key::startsWith);
            boolean allowed = switch (s.kind()) {
                case "table" -> column || TABLE_KEYS.contains(key);
                case "line" -> column || LINE_KEYS.contains(key);
                case "section" -> SECTION_KEYS.contains(key);
                default -> column || TABLE_KEYS.contains(key) || TOOL_KEYS.contains(key) || key.startsWith(FACT_PREFIX);
            };
            if (!allowed) {
                if (!s.kind().isEmpty() && (TOOL_KEYS.contains(key) || key.startsWith(FACT_PREFIX))) {
                    throw error(e.line(), "'" + key + "' belongs before the first section");
                }
                if (s.kind().isEmpty() && LINE_KEYS.contains(key)) {
                    throw error(e.line(), "'" + key + "' belongs in a [line] section");
                }
                if (TABLE_KEYS.contains(key) || LINE_KEYS.contains(key) || SECTION_KEYS.contains(key)) {
                    throw error(e.line(), "'" + key + "' cannot be used in a [" + s.kind() + "] section");
                }
                throw error(e.line(), "unknown key '" + key + "'; expected one of " + String.join(", ", TOOL_KEYS)
                        + ", fact.<name>, " + String.join(", ", TABLE_KEYS) + ", match, " + String.join(", ", COLUMN_KEYS)
                        + ", unit.<label>, description.<label>, value.suffixes.<label>");
            }
            Integer previous = seen.putIfAbsent(key, e.line());
            if (previous != null && !REPEATABLE.contains(key)) {
                throw error(e.line(), "'" + key + "' is already set at line " + previous);
            }
        }
    }

    private DetectRule detectRule(Entry e) {
        String[] parts = BLANKS.split(e.value(), 2);
        double confidence;
        try {
            confidence = Double.parseDouble(parts[0]);
        } catch (NumberFormatException ex) {
            confidence = -1;
        }
        if (parts.length < 2 || confidence < 0 || confidence > 1) {
            throw error(e.line(), "expected 'detect = <confidence 0..1> <regex>[ && <regex>...]', found '" + e.value() + "'");
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String part : parts[1].split(" && ")) patterns.add(regex(e, part.strip()));
        return new DetectRule(confidence, patterns);
    }

    private Pattern stackFrame(Entry e) {
        Pattern p = regex(e, e.value());
        if (!p.namedGroups().containsKey(STACK_FRAME)) {
            throw error(e.line(), "expected a regex with a group (?<frame>...) around the frame, found '" + e.value() + "'");
        }
        return p;
    }

    private FactRule factRule(Entry e) {
        String name = e.key().substring(FACT_PREFIX.length());
        if (name.isEmpty()) throw error(e.line(), "expected 'fact.<name> = <regex with one group>'");
        Pattern p = regex(e, e.value());
        if (p.matcher("").groupCount() < 1) {
            throw error(e.line(), "expected a regex with a group (...) around the fact's value, found '" + e.value() + "'");
        }
        return new FactRule(name, p);
    }

    private Duration interval(SectionKeys tool) {
        Optional<Entry> e = tool.get("interval.default");
        if (e.isEmpty()) return Duration.ofSeconds(1);
        double seconds = positiveNumber(e.get());
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    /**
     * How the tool is typed: {@code command.names} (default: the tool id) and the options that take a value
     * ({@code command.values}; {@code none} for a tool whose options never take one).
     */
    private CommandSyntax command(SectionKeys tool, String toolId) {
        List<String> names = list(tool.value("command.names", toolId));
        String declared = tool.value("command.values", "none");
        List<String> values = declared.equals("none") ? List.of() : list(declared);
        for (String option : values) {
            if (!option.startsWith("-") || option.length() < 2 || option.contains(" ")) {
                Entry e = tool.get("command.values").orElseThrow();
                throw error(e.line(), "expected options such as '-n, -p' in 'command.values', found '" + option + "'");
            }
        }
        return CommandSyntax.of(Set.copyOf(names), Set.copyOf(values));
    }

    private TableDefinition table(SectionKeys k, boolean hasTimeLines) {
        Entry headerEntry = k.get("header").orElseThrow(() -> error(k.sectionLine(), "[table] has no 'header = <regex>'"));
        Pattern header = regex(headerEntry, headerEntry.value());
        TimeSpec time = time(k, header);
        Set<ReportStart> reportStart = reportStart(k, time, hasTimeLines);
        TableKind kind = switch (k.value("kind", "series")) {
            case "series" -> TableKind.SERIES;
            case "facts" -> TableKind.FACTS;
            default -> throw error(k.get("kind").orElseThrow().line(), "expected 'kind = series' or 'kind = facts'");
        };
        String keyText = k.value("key", "none");
        List<String> key = keyText.equals("none") ? List.of() : list(keyText);
        String dataset = dataset(k, DATASET_NAME_OR_SECTION);
        if (reportStart.contains(ReportStart.SECTION) && !dataset.equals(SectionDefinition.FROM_SECTION)) {
            throw error(k.get("report.start").orElseThrow().line(), "'report.start = section' needs 'dataset = {section}'");
        }
        if (dataset.equals(SectionDefinition.FROM_SECTION) && k.get("report.start").isEmpty()) {
            reportStart = EnumSet.of(ReportStart.SECTION);
        }
        return new TableDefinition(dataset, k.value("variant", ""), kind, header, list(k.value("columns.leading", "")),
                key, time, reportStart, bool(k, "since.boot"), new LinkedHashSet<>(list(k.value("text.columns", ""))),
                k.value("wide", ""), list(k.value("phrases", "")).stream().map(p -> String.join(" ", BLANKS.split(p))).toList(),
                columns(k));
    }

    private SectionDefinition section(SectionKeys k) {
        Entry match = k.get("match").orElseThrow(() -> error(k.sectionLine(), "[section] has no 'match = <regex>'"));
        Entry dataset = k.get("dataset").orElseThrow(() -> error(k.sectionLine(), "[section] has no 'dataset = <name>'"));
        String name = dataset(k, DATASET_NAME);
        if (name.isEmpty()) throw error(dataset.line(), "expected a lower-case data set name such as 'mutex_spin'");
        return new SectionDefinition(regex(match, match.value()), name, bool(k, "key.title"));
    }

    private LineDefinition line(SectionKeys k) {
        Entry match = k.get("match")
                .orElseThrow(() -> error(k.sectionLine(), "[line] has no 'match = <regex with named groups>'"));
        Pattern p = regex(match, match.value());
        List<String> named = p.namedGroups().entrySet().stream()
                .sorted(Map.Entry.comparingByValue(Comparator.naturalOrder()))
                .map(Map.Entry::getKey).toList();
        List<String> key = lineKey(k, named);
        String split = k.value("split", "");
        if (!split.isEmpty() && !named.contains(split)) {
            throw error(k.get("split").orElseThrow().line(), "expected a named group of 'match' in 'split', found '" + split + "'");
        }
        List<String> groups = named.stream().filter(g -> !key.contains(g) && !g.equals(split)).toList();
        if (!split.isEmpty() && !groups.isEmpty()) {
            throw error(match.line(), "with 'split', the other named groups of 'match' must be in 'key', found '"
                    + String.join(", ", groups) + "'");
        }
        if (groups.isEmpty() && split.isEmpty()) {
            throw error(match.line(), "expected named groups (?<name>...) around the values in '" + match.value() + "'");
        }
        Optional<Pattern> heading = k.get("heading").map(e -> regex(e, e.value()));
        if (heading.isPresent() && split.isEmpty()) {
            throw error(k.get("heading").orElseThrow().line(), "'heading' names the cells of a 'split' group: set 'split' too");
        }
        Optional<Pattern> commandLacks = k.get("command.lacks").map(e -> regex(e, e.value()));
        return new LineDefinition(dataset(k, DATASET_NAME), k.value("variant", ""), p, groups, key, columns(k), split, heading,
                new LinkedHashSet<>(list(k.value("heading.keys", ""))), commandLacks);
    }

    /** The key of a [line]: named groups of its regex, and 'lines' (the unmatched lines before it). */
    private List<String> lineKey(SectionKeys k, List<String> named) {
        Optional<Entry> e = k.get("key");
        if (e.isEmpty() || e.get().value().equals("none")) return List.of();
        List<String> key = list(e.get().value());
        for (String part : key) {
            if (part.equals(LineDefinition.LINES) && named.contains(part)) {
                throw error(e.get().line(), "a group named 'lines' cannot be told from the key part 'lines': rename the group");
            }
            if (!part.equals(LineDefinition.LINES) && !named.contains(part)) {
                throw error(e.get().line(), "expected named groups of 'match' or 'lines' in 'key', found '" + part + "'");
            }
        }
        return key;
    }

    private String dataset(SectionKeys k, Pattern allowed) {
        Optional<Entry> e = k.get("dataset");
        if (e.isPresent() && !allowed.matcher(e.get().value()).matches()) {
            throw error(e.get().line(), "expected a lower-case data set name such as 'extended', found '"
                    + e.get().value() + "'");
        }
        return e.map(Entry::value).orElse("");
    }

    private TimeSpec time(SectionKeys k, Pattern header) {
        Optional<Entry> entry = k.get("time");
        if (entry.isEmpty() || entry.get().value().equals("none")) return TimeSpec.none();
        Entry e = entry.get();
        String[] parts = BLANKS.split(e.value(), 2);
        if (parts.length < 2) {
            throw error(e.line(), "expected 'time = <column> <format>', 'time = header <format>' or 'time = none', found '"
                    + e.value() + "'");
        }
        TimeFormat format;
        try {
            format = TimeFormat.of(parts[1].strip());
        } catch (IllegalArgumentException ex) {
            throw error(e.line(), "expected a time format such as HH:mm:ss (java.time pattern) or 'epoch', found '" + parts[1]
                    + "': " + ex.getMessage());
        }
        if (parts[0].equals("header")) {
            if (!header.namedGroups().containsKey("time")) {
                throw error(e.line(), "'time = header ...' needs a named group (?<time>...) in the header regex");
            }
            return new TimeSpec(TimeSpec.Source.HEADER, "", format);
        }
        return new TimeSpec(TimeSpec.Source.COLUMN, parts[0], format);
    }

    private Set<ReportStart> reportStart(SectionKeys k, TimeSpec time, boolean hasTimeLines) {
        Optional<Entry> entry = k.get("report.start");
        if (entry.isEmpty()) return EnumSet.of(ReportStart.HEADER);
        Entry e = entry.get();
        Set<ReportStart> out = EnumSet.noneOf(ReportStart.class);
        for (String word : list(e.value())) {
            out.add(ReportStart.of(word).orElseThrow(() -> error(e.line(),
                    "expected 'report.start' to list header, time.line, time.change or section, found '" + word + "'")));
        }
        if (out.isEmpty()) throw error(e.line(), "expected 'report.start' to list header, time.line or time.change");
        if (out.contains(ReportStart.TIME_CHANGE) && time.source() != TimeSpec.Source.COLUMN) {
            throw error(e.line(), "'time.change' needs a time column: 'time = <column> <format>'");
        }
        if (out.contains(ReportStart.TIME_LINE) && !hasTimeLines) {
            throw error(e.line(), "'time.line' needs 'time.lines = <regex>' before the first section");
        }
        return out;
    }

    private ColumnRules columns(SectionKeys k) {
        Map<String, String> units = new HashMap<>();
        Map<String, DurationFormat> durations = new HashMap<>();
        for (Map.Entry<String, Entry> u : k.withPrefix("unit.", COLUMN_KEYS).entrySet()) {
            String value = u.getValue().value();
            if (value.equals(DURATION) || value.startsWith(DURATION + " ")) {
                durations.put(u.getKey(), durationFormat(u.getValue(), value.substring(DURATION.length()).strip()));
            } else {
                units.put(u.getKey(), value);
            }
        }
        Map<String, String> descriptions = new HashMap<>();
        k.withPrefix("description.", List.of()).forEach((label, e) -> descriptions.put(label, e.value()));
        Map<String, Integer> suffixBases = new HashMap<>();
        k.withPrefix("value.suffixes.", List.of()).forEach((label, e) -> suffixBases.put(label, suffixBase(e)));
        int defaultBase = k.get("value.suffixes").map(this::suffixBase).orElse(0);
        Set<String> missing = new LinkedHashSet<>(list(k.value("missing", "-")));
        return new ColumnRules(k.value("unit.default", ""), units, descriptions, defaultBase, suffixBases, durations, missing);
    }

    private DurationFormat durationFormat(Entry e, String fields) {
        try {
            return DurationFormat.of(fields);
        } catch (IllegalArgumentException ex) {
            throw error(e.line(), "expected 'duration <fields>' such as 'duration h:m:s' (fields d h m s f), found '"
                    + e.value() + "': " + ex.getMessage());
        }
    }

    private int suffixBase(Entry e) {
        return switch (e.value()) {
            case "none" -> 0;
            case "1000" -> 1000;
            case "1024" -> 1024;
            default -> throw error(e.line(), "expected '" + e.key() + " = 1024', '= 1000' or '= none', found '"
                    + e.value() + "'");
        };
    }

    private boolean bool(SectionKeys k, String key) {
        Optional<Entry> e = k.get(key);
        if (e.isEmpty()) return false;
        return switch (e.get().value()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw error(e.get().line(), "expected '" + key + " = true' or 'false', found '" + e.get().value() + "'");
        };
    }

    private double positiveNumber(Entry e) {
        try {
            double v = Double.parseDouble(e.value());
            if (v > 0 && Double.isFinite(v)) return v;
        } catch (NumberFormatException ignored) {
            // reported below with the expected form
        }
        throw error(e.line(), "expected a positive number of seconds, found '" + e.value() + "'");
    }

    private Pattern regex(Entry e, String text) {
        if (text.isEmpty()) throw error(e.line(), "expected a regular expression after '" + e.key() + " ='");
        try {
            return Pattern.compile(text);
        } catch (PatternSyntaxException ex) {
            throw error(e.line(), "invalid regular expression '" + text + "': " + ex.getDescription() + " near index "
                    + ex.getIndex());
        }
    }

    private static List<String> list(String value) {
        List<String> out = new ArrayList<>();
        for (String part : value.split(",")) {
            String p = part.strip();
            if (!p.isEmpty()) out.add(p);
        }
        return out;
    }

    private ParserDefinitionException error(int line, String message) {
        return DefinitionSyntax.error(source, line, message);
    }
}
