package io.statlens.parse.builtin.proc;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as GNU's and BSD's df print them, read in KiB: a plain number counts blocks of the size its header names
 * ({@code 1K-blocks}, BSD's default {@code 512-blocks}, {@code 1M-blocks}); {@code -h} prints powers of 1024 with a
 * suffix ({@code 12G}, macOS {@code 466Gi}, bytes as {@code 0B} or {@code 0Bi}), {@code -H}/{@code --si} powers of
 * 1000, told apart by their lower-case kilo ({@code 215k}): GNU's human.c and BSD's humanize_number(3) print
 * {@code K} for 1024 and {@code k} for 1000.
 */
final class DfSizes {
    /** The block size in a header's {@code %s-blocks} title: {@code 512}, {@code 1K}, {@code 1kB}, {@code 4.0KiB}. */
    private static final Pattern BLOCK_SIZE = Pattern.compile("^(\\d+(?:[.,]\\d+)?)([kKMGTPEZY]?)(i?B)?-blocks$");
    private static final Pattern HUMAN = Pattern.compile("^(\\d+(?:[.,]\\d+)?)([kKMGTPE]?)(Bi|iB|i|B)?$");
    /** A size in kilobytes of 1000, which only {@code -H} ({@code --si}) prints. */
    private static final Pattern SI_KILO = Pattern.compile("(?:^|\\s)\\d+(?:[.,]\\d+)?k(?:B)?(?=\\s|$)");
    private static final String POWERS = "KMGTPEZY";

    private DfSizes() {
    }

    /** The KiB one block of a {@code %s-blocks} column holds ({@code 0.5} for {@code 512-blocks}); 0 if it is none. */
    static double blockKib(String column) {
        Matcher m = BLOCK_SIZE.matcher(column);
        if (!m.matches()) return 0;
        boolean decimal = m.group(3) != null && !m.group(3).startsWith("i");
        return number(m.group(1)) * power(m.group(2), decimal) / 1024;
    }

    /**
     * Whether a cell is a value df prints: a number, with {@code -h}'s or {@code -H}'s suffix ({@code 466Gi}, {@code 0B},
     * {@code 215k}) or a percent sign. Told by its characters, not a pattern: every cell of every row is asked.
     */
    static boolean isValue(String cell) {
        int n = cell.length();
        int i = digits(cell, 0);
        if (i == 0) return false;
        if (i < n && (cell.charAt(i) == '.' || cell.charAt(i) == ',')) {
            int end = digits(cell, i + 1);
            if (end == i + 1) return false;
            i = end;
        }
        if (i < n && "kKMGTPE".indexOf(cell.charAt(i)) >= 0) i++;
        return switch (n - i) {
            case 0 -> true;
            case 1 -> "%Bi".indexOf(cell.charAt(i)) >= 0;
            case 2 -> cell.endsWith("Bi") || cell.endsWith("iB");
            default -> false;
        };
    }

    private static int digits(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
        return i;
    }

    /** Whether a line of a snapshot holds a size of {@code -H}'s powers of 1000 ({@code 215k}). */
    static boolean si(String line) {
        return line.indexOf('k') >= 0 && SI_KILO.matcher(line).find();
    }

    /**
     * A size cell in KiB, NaN when it is none.
     *
     * @param plainKib the KiB a plain number stands for: the header's block size, or 1/1024 (bytes) under {@code -h}'s
     *                 {@code Size} title
     * @param si       whether the snapshot is {@code -H}'s, in powers of 1000
     */
    static double kib(String cell, double plainKib, boolean si) {
        if (!isValue(cell)) return Double.NaN;
        char last = cell.charAt(cell.length() - 1);
        // most cells are a plain count of blocks: read without the pattern
        if (last >= '0' && last <= '9') return number(cell) * plainKib;
        Matcher m = HUMAN.matcher(cell);
        if (!m.matches()) return Double.NaN;
        double v = number(m.group(1));
        if (m.group(2).isEmpty() && m.group(3) == null) return v * plainKib;
        boolean decimal = si || m.group(2).equals("k");
        return v * power(m.group(2), decimal) / 1024;
    }

    private static double power(String prefix, boolean decimal) {
        if (prefix.isEmpty()) return 1;
        return Math.pow(decimal ? 1000 : 1024, POWERS.indexOf(prefix.toUpperCase(Locale.ROOT)) + 1);
    }

    private static double number(String digits) {
        return Double.parseDouble(digits.replace(',', '.'));
    }
}
