package io.statlens.parse.text;

/**
 * A size as sysstat's {@code --human} prints it: a number and the letter of its unit ({@code 55.4k}, {@code 0.0B},
 * {@code 1.2M}). sysstat's {@code cprintf_unit} divides by 1024 while the value is at least 1024 and prints the letter
 * of the unit it reached ({@code B}, {@code k}, {@code M}, {@code G}, {@code T}, {@code P}, {@code E}): each letter is
 * a power of 1024 bytes, whatever unit the column has without {@code --human}.
 */
public final class SysstatHuman {
    /** The unit letters by power of 1024 bytes, compared without case ({@code k} is KiB). */
    private static final String LETTERS = "BKMGTPE";

    private SysstatHuman() {
    }

    /**
     * @param bytesPerUnit bytes in one of the column's unit (1024 for kB), 0 when the column is not a size
     * @return the size in the column's unit, or NaN if the cell is not a number with a unit letter
     */
    public static double size(String cell, double bytesPerUnit) {
        int n = cell.length();
        if (n < 2 || bytesPerUnit == 0) return Double.NaN;
        int power = LETTERS.indexOf(Character.toUpperCase(cell.charAt(n - 1)));
        if (power < 0) return Double.NaN;
        double number = Numbers.parseOrNaN(cell.substring(0, n - 1));
        return Double.isNaN(number) ? Double.NaN : number * Math.pow(1024, power) / bytesPerUnit;
    }
}
