package io.statlens.parse.builtin.dstat;

import io.statlens.parse.text.Numbers;

/**
 * A value as dstat and dool print it on screen: right-aligned in a field of a few characters, with a unit letter when
 * it needs one. Byte values end in {@code B} below 1024 and in {@code k}/{@code K}, {@code M}, {@code G}... of 1024;
 * in bits mode (dool's default, {@code dstat --bits}) they are bits, ending in {@code b} or {@code k}, {@code M}... of
 * 1000; every other value uses {@code k}, {@code M}... of 1000. A {@code -} stands for a value dstat could not compute.
 */
final class ScreenValue {
    private ScreenValue() {
    }

    /**
     * What a byte column's value says about the mode it was printed in: {@code B}, and dool's capital {@code K} of
     * 1024, only in bytes; {@code b} only in bits; null when it does not say. A small {@code k} does not say: dstat
     * prints it in both modes, and so did dool before 1.2 (its cprint's byte units {@code ('B', 'k', 'M', ...)}; 1.3
     * made them {@code ('B', 'K', ...)}).
     */
    static Boolean inBits(String printed, DstatColumn column, boolean dool) {
        String s = printed.strip();
        if (!column.bytes() || s.isEmpty()) return null;
        char last = s.charAt(s.length() - 1);
        if (last == 'B' || dool && last == 'K') return false;
        if (last == 'b') return true;
        return null;
    }

    /** The value in the column's unit (bytes for byte columns, whatever the screen printed). */
    static double parse(String printed, DstatColumn column, boolean bits) {
        String s = printed.strip();
        if (s.isEmpty() || s.equals("-")) return Double.NaN;
        char last = s.charAt(s.length() - 1);
        boolean inBits = column.bytes() && bits;
        if (last == 'B') return Numbers.parse(s.substring(0, s.length() - 1));
        if (last == 'b') return Numbers.parse(s.substring(0, s.length() - 1)) / 8;
        int base = inBits ? 1000 : column.base();
        double value = Numbers.parseScaled(s, base);
        return inBits ? value / 8 : value;
    }
}
