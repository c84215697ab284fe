package io.statlens.parse.text;

import java.util.Map;

/**
 * A value cell as sysstat's tools print it, with or without {@code --human} ({@code -h} of iostat, pidstat and sar since
 * 12.x): a plain number, a per cent with its sign in a per cent column ({@code 46.1%}), or a size with the letter of its
 * unit in a size column ({@code 55.4k}, {@code 0.0B}, {@code 1.2M}). sysstat's {@code cprintf_unit} (common.c) divides
 * by 1024 while the value is at least 1024 and prints the letter of the unit it reached ({@code B}, {@code k},
 * {@code M}, {@code G}, {@code T}, {@code P}): each letter is a power of 1024 bytes, whatever unit the column has
 * without {@code --human} (sar's {@code rxkB/s} prints {@code 512.0B}, its {@code MBfsfree} {@code 705.2M}).
 */
public final class SysstatHuman {
    /** The unit letters by power of 1024 bytes, compared without case ({@code k} is KiB). */
    private static final String LETTERS = "BKMGTPE";
    /** Bytes in one of a column's unit; sysstat's kB and MB are binary, its sectors 512 bytes. */
    private static final Map<String, Double> BYTES_PER_UNIT = Map.of(
            "B", 1.0, "bytes", 1.0, "kB", 1024.0, "KiB", 1024.0, "MB", 1048576.0, "MiB", 1048576.0,
            "sectors", 512.0);

    private SysstatHuman() {
    }

    /**
     * @param unit the column's unit ({@code %}, {@code kB/s}, {@code KiB}, {@code MiB}, {@code sectors}...), which
     *             says whether a sign or a letter may follow the number and how a letter converts
     * @return the value in the column's unit, or NaN if the cell is not a number
     */
    public static double value(String cell, String unit) {
        int n = cell.length();
        if (n == 0) return Double.NaN;
        char first = cell.charAt(0);
        // labels and names are turned away by their first character, without the parse attempts below
        if (!(first >= '0' && first <= '9') && first != '-' && first != '+' && first != '.') return Double.NaN;
        double plain = Numbers.parseOrNaN(cell);
        if (!Double.isNaN(plain) || n < 2) return plain;
        if (cell.charAt(n - 1) == '%') return unit.equals("%") ? Numbers.parseOrNaN(cell.substring(0, n - 1)) : Double.NaN;
        return size(cell, bytesPerUnit(unit));
    }

    /** Bytes in one of a column's unit, a rate's ({@code kB/s}) as its size's; 0 when the column is not a size. */
    private static double bytesPerUnit(String unit) {
        String size = unit.endsWith("/s") ? unit.substring(0, unit.length() - 2) : unit;
        return BYTES_PER_UNIT.getOrDefault(size, 0.0);
    }

    /**
     * @param bytesPerUnit bytes in one of the column's unit (1024 for kB), 0 when the column is not a size
     * @return the size in the column's unit, or NaN if the cell is not a number with a unit letter
     */
    private static double size(String cell, double bytesPerUnit) {
        int n = cell.length();
        if (bytesPerUnit == 0) return Double.NaN;
        int power = LETTERS.indexOf(Character.toUpperCase(cell.charAt(n - 1)));
        if (power < 0) return Double.NaN;
        double number = Numbers.parseOrNaN(cell.substring(0, n - 1));
        return Double.isNaN(number) ? Double.NaN : number * Math.pow(1024, power) / bytesPerUnit;
    }
}
