package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.text.Numbers;

/**
 * Numbers as sysbench prints them: bare, with a time suffix ({@code 0.95ms}, {@code 10.0005s}), or with the
 * 1024-based size units of sysbench 0.4 ({@code 6.4352Gb}, {@code 36.609Mb/sec}). Placeholders of the upstream
 * cram tests ({@code *}, {@code *.*}, regular expressions) read as NaN so callers can skip them without a warning.
 */
final class SysbenchValues {
    private static final double KIB = 1024;

    private SysbenchValues() {
    }

    /** Whether a value is a cram test placeholder (a glob or a regular expression) rather than a number. */
    static boolean isPlaceholder(String token) {
        return token.indexOf('*') >= 0 || token.indexOf('[') >= 0 || token.indexOf('\\') >= 0;
    }

    /** A bare number; NaN for a placeholder. */
    static double plain(String token) {
        if (isPlaceholder(token)) return Double.NaN;
        return Numbers.parse(token);
    }

    /**
     * A duration in milliseconds. sysbench 0.4/0.5 suffix per-request times with {@code ms} or {@code s};
     * a bare number is in {@code bareUnitMillis} milliseconds (1 for 1.0's "Latency (ms)" block).
     */
    static double millis(String token, double bareUnitMillis) {
        if (isPlaceholder(token)) return Double.NaN;
        int split = numberEnd(token);
        double value = Numbers.parse(token.substring(0, split));
        return switch (token.substring(split)) {
            case "" -> value * bareUnitMillis;
            case "ms" -> value;
            case "s" -> value * 1000;
            case "us", "\u00b5s" -> value / 1000;
            default -> throw new NumberFormatException("unknown time unit in '" + token + "'");
        };
    }

    /** A duration in seconds: {@code 10.0005s}, {@code 230388.1337s} or a bare number of seconds. */
    static double seconds(String token) {
        double ms = millis(token, 1000);
        return ms / 1000;
    }

    /** A size printed by sysbench 0.4 ({@code 0b}, {@code 9.375Mb}, {@code 6.4352Gb}), whose units are 1024-based, in MiB. */
    static double mebibytes(String token) {
        if (isPlaceholder(token)) return Double.NaN;
        int split = numberEnd(token);
        return Numbers.parse(token.substring(0, split)) * binaryFactorToMib(token.substring(split), token);
    }

    /** A rate printed by sysbench 0.4 ({@code 36.609Mb/sec}, {@code 53.316Kb/sec}) in MiB/s. */
    static double mebibytesPerSecond(String token) {
        if (isPlaceholder(token)) return Double.NaN;
        int slash = token.indexOf('/');
        if (slash < 0 || !token.substring(slash).equals("/sec") && !token.substring(slash).equals("/s")) {
            throw new NumberFormatException("expected a rate like 36.609Mb/sec, found '" + token + "'");
        }
        return mebibytes(token.substring(0, slash));
    }

    private static double binaryFactorToMib(String unit, String token) {
        return switch (unit.toLowerCase()) {
            case "b", "" -> 1 / (KIB * KIB);
            case "kb", "kib", "k" -> 1 / KIB;
            case "mb", "mib", "m" -> 1;
            case "gb", "gib", "g" -> KIB;
            case "tb", "tib", "t" -> KIB * KIB;
            default -> throw new NumberFormatException("unknown size unit in '" + token + "'");
        };
    }

    /** Index just after the leading number of a token ({@code 0.95} of {@code 0.95ms}). */
    static int numberEnd(String token) {
        int i = 0;
        while (i < token.length()) {
            char c = token.charAt(i);
            if ((c >= '0' && c <= '9') || c == '.' || (i == 0 && (c == '-' || c == '+'))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }

    /** A label as a snake_case name: {@code read/write requests} becomes {@code read_write_requests}. */
    static String snake(String label) {
        StringBuilder out = new StringBuilder(label.length());
        boolean gap = false;
        for (int i = 0; i < label.length(); i++) {
            char c = Character.toLowerCase(label.charAt(i));
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (gap && !out.isEmpty()) out.append('_');
                out.append(c);
                gap = false;
            } else {
                gap = true;
            }
        }
        return out.toString();
    }
}
