package io.statlens.parse.declarative;

import io.statlens.parse.spi.ParserDefinitionException;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The line syntax of a {@code .parser} file: {@code key = value} lines, whole-line {@code #} comments,
 * blank lines, and {@code [table]} / {@code [line]} / {@code [section]} section lines. Keeps every entry's line number
 * and the order of the file; what the keys mean is {@link DefinitionReader}'s job.
 */
final class DefinitionSyntax {
    private static final Pattern SECTION = Pattern.compile("\\[\\s*(\\S*)\\s*]");
    private static final List<String> SECTION_KINDS = List.of("table", "line", "section");

    /** One {@code key = value} line. */
    record Entry(String key, String value, int line) {
    }

    /**
     * The entries before the first section line ({@code kind} empty, line 0), or of one section.
     *
     * @param kind    {@code table}, {@code line} or {@code section}; empty for the top of the file
     * @param line    the section line's number
     * @param entries in file order
     */
    record Section(String kind, int line, List<Entry> entries) {
    }

    private DefinitionSyntax() {
    }

    /** The top section followed by the file's sections, in file order. */
    static List<Section> parse(String source, List<String> lines) {
        List<Section> sections = new ArrayList<>();
        List<Entry> current = new ArrayList<>();
        sections.add(new Section("", 0, current));
        for (int i = 0; i < lines.size(); i++) {
            int number = i + 1;
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            if (line.startsWith("[")) {
                Matcher m = SECTION.matcher(line);
                if (!m.matches() || !SECTION_KINDS.contains(m.group(1))) {
                    throw error(source, number, "expected a section line '[table]', '[line]' or '[section]', found '" + line + "'");
                }
                current = new ArrayList<>();
                sections.add(new Section(m.group(1), number, current));
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw error(source, number, "expected 'key = value', '[table]', '[line]' or a # comment, found '" + line + "'");
            }
            String key = line.substring(0, eq).strip();
            if (key.chars().anyMatch(Character::isWhitespace)) {
                throw error(source, number, "expected a key without blanks before '=', found '" + key + "'");
            }
            current.add(new Entry(key, line.substring(eq + 1).strip(), number));
        }
        return sections;
    }

    static ParserDefinitionException error(String source, int line, String message) {
        return new ParserDefinitionException(source + ":" + line + ": " + message);
    }
}
