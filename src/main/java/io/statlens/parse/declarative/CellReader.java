package io.statlens.parse.declarative;

import io.statlens.parse.text.Numbers;

import java.util.Set;

/**
 * Reads one metric cell as a number: a placeholder such as {@code -} is NaN, a trailing {@code %}
 * is dropped ({@code 0.3%}), then the cell is a duration, a number with a K/M/G suffix, or a plain
 * number (comma decimals accepted).
 *
 * @param missing    placeholders printed for "no value"
 * @param suffixBase 1000 or 1024 when K/M/G/T suffixes scale the number; 0 when suffixes are not allowed
 * @param duration   the duration format of the column, or null
 */
public record CellReader(Set<String> missing, int suffixBase, DurationFormat duration) {
    public CellReader {
        missing = Set.copyOf(missing);
    }

    /**
     * @return the value, NaN for a placeholder
     * @throws NumberFormatException if the cell is neither a placeholder nor a value of the column's kind
     */
    public double read(String cell) {
        if (missing.contains(cell)) return Double.NaN;
        String text = cell.length() > 1 && cell.endsWith("%") ? cell.substring(0, cell.length() - 1) : cell;
        if (duration != null) return duration.seconds(text);
        if (suffixBase > 0) return Numbers.parseScaled(text, suffixBase);
        return Numbers.parse(text);
    }

    /** What a value of this column looks like, for warnings. */
    public String expected() {
        if (duration != null) return "a duration (" + duration.fields() + ")";
        if (suffixBase > 0) return "a number (K/M/G suffixes base " + suffixBase + ")";
        return "a number";
    }
}
