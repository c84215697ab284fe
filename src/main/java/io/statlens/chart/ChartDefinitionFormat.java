package io.statlens.chart;

import io.statlens.model.UserException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The text form of chart definitions, in the {@code key = value} style of parser definitions
 * (docs/charts.md has the reference):
 * <pre>
 * # comment
 * [vmstat.cpu]                     starts a definition named vmstat.cpu (optional for a single one)
 * title = CPU time
 * kind = area                      line, area, heatmap, overlay, bars
 * tool = vmstat                    data set: tool or tool.dataset
 * metric = us | %usr               repeatable; alternatives separated by |
 * key = sda                        repeatable
 * top = 8
 * hot = low                        high (default) or low
 * since.boot = true                default false
 * sql = SELECT ... \               instead of tool and metric; a trailing \ continues a line
 *       WHERE RUN = :run
 * unit = %                         unit of an SQL chart's values
 * </pre>
 */
public final class ChartDefinitionFormat {
    private static final Set<String> REPEATABLE = Set.of("metric", "key");
    private static final List<String> KEYS = List.of("name", "title", "description", "kind", "tool", "metric", "key", "top",
            "hot", "since.boot", "sql", "unit");

    private ChartDefinitionFormat() {
    }

    /**
     * Reads one definition: {@code key = value} lines, optionally under one {@code [name]} header.
     *
     * @param source for messages ({@code file:line: ...})
     */
    public static ChartDefinition parseOne(String text, String source) {
        List<ChartDefinition> all = parseAll(text, source);
        if (all.size() != 1) {
            throw new UserException(source + ": expected one chart definition, found " + all.size()
                    + (all.isEmpty() ? "" : " (" + String.join(", ", all.stream().map(ChartDefinition::name).toList()) + ")"));
        }
        return all.get(0);
    }

    /** Reads every definition of a text: each {@code [name]} header starts one. */
    public static List<ChartDefinition> parseAll(String text, String source) {
        List<ChartDefinition> out = new ArrayList<>();
        Section section = null;
        List<Line> lines = logicalLines(text);
        for (Line line : lines) {
            String t = line.text().trim();
            if (t.startsWith("[") && t.endsWith("]")) {
                if (section != null) out.add(section.build(source));
                section = new Section(t.substring(1, t.length() - 1).trim(), line.number());
                continue;
            }
            if (section == null) section = new Section(null, line.number());
            int eq = t.indexOf('=');
            if (eq <= 0) {
                throw new UserException(source + ":" + line.number() + ": expected 'key = value' or '[name]', got '" + t + "'");
            }
            section.set(t.substring(0, eq).trim().toLowerCase(), t.substring(eq + 1).trim(), source, line.number());
        }
        if (section != null) out.add(section.build(source));
        return out;
    }

    /** The definition as text that {@link #parseOne} reads back to an equal definition. */
    public static String write(ChartDefinition d) {
        StringBuilder sb = new StringBuilder();
        if (d.name() != null) line(sb, "name", d.name());
        if (d.title() != null) line(sb, "title", d.title());
        if (!d.description().isEmpty()) line(sb, "description", d.description());
        line(sb, "kind", d.kind().id());
        if (d.tool() != null) line(sb, "tool", d.tool());
        for (List<String> m : d.metrics()) line(sb, "metric", String.join(" | ", m));
        for (String k : d.keys()) line(sb, "key", k);
        if (d.top() > 0) line(sb, "top", Integer.toString(d.top()));
        if (d.hot() != HotEnd.HIGH) line(sb, "hot", d.hot().id());
        if (d.sinceBoot()) line(sb, "since.boot", "true");
        if (d.sql() != null) line(sb, "sql", String.join(" \\\n    ", d.sql().split("\n")));
        if (!d.unit().isEmpty()) line(sb, "unit", d.unit());
        return sb.toString();
    }

    private static void line(StringBuilder sb, String key, String value) {
        sb.append(key).append(" = ").append(value).append('\n');
    }

    private record Line(int number, String text) {
    }

    /** Lines without comments and blanks; a line ending in a backslash continues on the next one. */
    private static List<Line> logicalLines(String text) {
        List<Line> out = new ArrayList<>();
        String[] raw = text.split("\\R", -1);
        StringBuilder pending = null;
        int pendingLine = 0;
        for (int i = 0; i < raw.length; i++) {
            String l = raw[i];
            if (pending == null && (l.isBlank() || l.trim().startsWith("#"))) continue;
            String stripped = l.stripTrailing();
            boolean continues = stripped.endsWith("\\");
            String part = continues ? stripped.substring(0, stripped.length() - 1).stripTrailing() : stripped;
            if (pending == null) {
                pending = new StringBuilder(part);
                pendingLine = i + 1;
            } else {
                pending.append('\n').append(part.trim());
            }
            if (!continues) {
                out.add(new Line(pendingLine, pending.toString()));
                pending = null;
            }
        }
        if (pending != null) out.add(new Line(pendingLine, pending.toString()));
        return out;
    }

    /** The keys of one definition as they are read. */
    private static final class Section {
        private final String header;
        private final int line;
        private final ChartDefinition.Builder builder = ChartDefinition.builder();
        private final Set<String> seen = new HashSet<>();
        private String name;

        Section(String header, int line) {
            this.header = header;
            this.line = line;
            this.name = header;
        }

        void set(String key, String value, String source, int at) {
            String where = source + ":" + at + ": ";
            if (!KEYS.contains(key)) {
                throw new UserException(where + "unknown key '" + key + "'; expected one of: " + String.join(", ", KEYS));
            }
            if (!REPEATABLE.contains(key) && !seen.add(key)) throw new UserException(where + "'" + key + "' is given twice");
            if (value.isEmpty()) throw new UserException(where + "'" + key + "' has no value");
            try {
                switch (key) {
                    case "name" -> name = header != null ? header : value;
                    case "title" -> builder.title(value);
                    case "description" -> builder.description(value);
                    case "kind" -> builder.kind(ChartKind.parse(value));
                    case "tool" -> builder.tool(value);
                    case "metric" -> builder.metric(alternatives(value));
                    case "key" -> builder.key(value);
                    case "top" -> builder.top(number(value));
                    case "hot" -> builder.hot(HotEnd.parse(value));
                    case "since.boot" -> builder.sinceBoot(bool(value));
                    case "sql" -> builder.sql(value);
                    case "unit" -> builder.unit(value);
                    default -> throw new IllegalStateException(key);
                }
            } catch (UserException e) {
                throw new UserException(where + e.getMessage());
            }
        }

        ChartDefinition build(String source) {
            try {
                return builder.name(name).build();
            } catch (UserException e) {
                throw new UserException(source + ":" + line + ": " + (name == null ? "" : name + ": ") + e.getMessage());
            }
        }

        private static List<String> alternatives(String value) {
            List<String> out = Arrays.stream(value.split("\\|")).map(String::trim).toList();
            if (out.stream().anyMatch(String::isEmpty)) throw new UserException("empty metric label in '" + value + "'");
            return out;
        }

        private static int number(String value) {
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new UserException("'" + value + "' is not a whole number");
            }
        }

        private static boolean bool(String value) {
            return switch (value.toLowerCase()) {
                case "true", "yes" -> true;
                case "false", "no" -> false;
                default -> throw new UserException("'" + value + "': expected true or false");
            };
        }
    }
}
