package io.statlens.parse.builtin.arcstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * An arcstat header line: the field names in output order ({@code -f} chooses any of them), the
 * position of the time column if printed, and the separator ({@code -s} may replace the two blanks).
 *
 * @param names     the header as printed
 * @param timeIndex index of {@code time}/{@code Time}, -1 if absent
 * @param separator the {@code -s} separator, or null for blanks
 */
record ArcstatHeader(List<String> names, int timeIndex, String separator) {
    static final String TOOL = "arcstat";
    private static final Pattern NAME = Pattern.compile("^[A-Za-z][A-Za-z0-9_]*%?$");

    /** The line as a header: every token a field name, at least one of them a known arcstat field. */
    static Optional<ArcstatHeader> parse(String line) {
        // every name starts with a letter: a line that does not is told before it is split (detection asks every line)
        if (!startsWithLetter(line)) return Optional.empty();
        String trimmed = line.strip();
        String separator = null;
        String[] tokens = Tokens.split(trimmed);
        if (tokens.length == 1) {
            for (char c : trimmed.toCharArray()) {
                if (!Character.isLetterOrDigit(c) && c != '%' && c != '_') {
                    separator = String.valueOf(c);
                    break;
                }
            }
            if (separator != null) tokens = splitOn(trimmed, separator);
        }
        List<String> names = new ArrayList<>();
        // a set, not names.contains: a header of 8,000 labels took 64 million comparisons (issue 31)
        Set<String> seen = new HashSet<>();
        int time = -1;
        boolean known = false;
        for (String t : tokens) {
            if (!NAME.matcher(t).matches() || !seen.add(t)) return Optional.empty();
            if (t.equals("time") || t.equals("Time")) {
                time = names.size();
            } else {
                known |= ArcstatField.isKnown(t);
            }
            names.add(t);
        }
        if (!known) return Optional.empty();
        return Optional.of(new ArcstatHeader(List.copyOf(names), time, separator));
    }

    /** The values of a data line, one per header name (the time column included). */
    String[] cells(String line) {
        return separator == null ? Tokens.split(line) : splitOn(line.strip(), separator);
    }

    /** The data set: every column but the time one, in printed order. */
    DatasetSpec spec() {
        List<Metric> metrics = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (i != timeIndex) metrics.add(ArcstatField.of(names.get(i)).metric());
        }
        return new DatasetSpec(TOOL, "", "", metrics);
    }

    /** Whether the line's first character that is no space ({@link Tokens#isSpace}) is an ASCII letter, as {@link #NAME} starts. */
    private static boolean startsWithLetter(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (!Tokens.isSpace(c)) return c < 0x80 && Character.isLetter(c);
        }
        return false;
    }

    private static String[] splitOn(String text, String separator) {
        String[] parts = text.split(Pattern.quote(separator), -1);
        int n = parts.length;
        // A separator after the last column (arcstat.pl prints one after every value) leaves an empty cell.
        while (n > 0 && parts[n - 1].isBlank()) n--;
        String[] out = new String[n];
        for (int i = 0; i < n; i++) out[i] = parts[i].strip();
        return out;
    }
}
