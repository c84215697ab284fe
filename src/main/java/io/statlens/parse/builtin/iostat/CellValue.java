package io.statlens.parse.builtin.iostat;

import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.SysstatHuman;

import java.util.List;

/**
 * Reads one value cell. Besides plain and comma decimals it reads what sysstat's {@code --human}
 * mode ({@code -h} since 12.x) prints, as {@link SysstatHuman} reads it for every sysstat tool: sizes with a binary
 * suffix ({@code 1.2M} in a {@code rkB/s} column is 1.2 MiB/s, stored as 1228.8 kB/s) and percentages with a
 * {@code %} sign.
 */
final class CellValue {
    private CellValue() {
    }

    /**
     * @param unit the column's unit, which says how a size suffix converts
     * @return the value in the column's unit, or NaN if the cell is not a number
     */
    static double parse(String cell, String unit) {
        return SysstatHuman.value(cell, unit);
    }

    /**
     * Whether a word is a plain number. Labels and device names are turned away by their first
     * character, without the exception {@link Numbers#isNumber} costs for them.
     */
    static boolean isNumber(String word) {
        return !Double.isNaN(plain(word));
    }

    /** A plain number's value, else NaN; read once, as this runs for every cell of every row. */
    private static double plain(String word) {
        char c = word.charAt(0);
        if (!(c >= '0' && c <= '9') && c != '-' && c != '+' && c != '.') return Double.NaN;
        return Numbers.parseOrNaN(word);
    }

    /**
     * Reads {@code tokens[from..to)} as the values of columns with these units (by position; a cell
     * beyond the units is read as a plain number).
     *
     * @return the values, or null if a cell is not a number
     */
    static double[] parseAll(String[] tokens, int from, int to, List<String> units) {
        double[] values = new double[to - from];
        for (int i = from; i < to; i++) {
            int column = i - from;
            double v = parse(tokens[i], column < units.size() ? units.get(column) : "");
            if (Double.isNaN(v)) return null;
            values[column] = v;
        }
        return values;
    }
}
