package io.statlens.parse.text;

/**
 * Number parsing for tool output: fast for the plain decimals that make up almost every cell,
 * tolerant of comma decimals (German and other locales print {@code 9,87}) and of unit suffixes.
 */
public final class Numbers {
    private static final double[] POW10 = new double[23];

    static {
        double p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
    }

    private Numbers() {
    }

    /**
     * Parses a decimal number; a single comma is taken as the decimal separator.
     *
     * @throws NumberFormatException if the text is not a number
     */
    public static double parse(String s) {
        double fast = parseSimple(s);
        if (!Double.isNaN(fast)) return fast;
        String t = s.trim();
        if (t.indexOf(',') >= 0 && t.indexOf('.') < 0 && t.indexOf(',') == t.lastIndexOf(',')) {
            t = t.replace(',', '.');
        }
        if (t.isEmpty() || !isNumberStart(t.charAt(0))) throw new NumberFormatException("not a number: '" + s + "'");
        if (t.equalsIgnoreCase("nan") || t.equalsIgnoreCase("inf") || t.equalsIgnoreCase("-inf")) {
            throw new NumberFormatException("not a number: '" + s + "'");
        }
        return Double.parseDouble(t);
    }

    /**
     * The number {@link #parse} would read, or NaN where it would throw: for cells that may hold a label or a mark,
     * read once instead of tested and then parsed.
     */
    public static double parseOrNaN(String s) {
        double fast = parseSimple(s);
        if (!Double.isNaN(fast)) return fast;
        return isNumber(s) ? parse(s) : Double.NaN;
    }

    private static final java.util.regex.Pattern DECIMAL =
            java.util.regex.Pattern.compile("\\s*[-+]?(\\d+[.,]?\\d*|[.,]\\d+)([eE][-+]?\\d+)?\\s*");

    /** Whether {@link #parse} would accept the text; cheap, as parsers call it on labels too. */
    public static boolean isNumber(String s) {
        if (!Double.isNaN(parseSimple(s))) return true;
        if (s.isEmpty() || s.indexOf(',') != s.lastIndexOf(',') || (s.indexOf(',') >= 0 && s.indexOf('.') >= 0)) return false;
        return DECIMAL.matcher(s).matches();
    }

    /**
     * Parses a number with an optional binary unit suffix ({@code 10.0G}, {@code 512K}, {@code 3M}),
     * as arcstat and prstat print them.
     *
     * @param base 1024 for binary prefixes, 1000 for decimal ones
     */
    public static double parseScaled(String s, int base) {
        if (s.isEmpty()) throw new NumberFormatException("empty number");
        char last = Character.toUpperCase(s.charAt(s.length() - 1));
        int power = switch (last) {
            case 'K' -> 1;
            case 'M' -> 2;
            case 'G' -> 3;
            case 'T' -> 4;
            case 'P' -> 5;
            case 'E' -> 6;
            default -> 0;
        };
        if (power == 0) return parse(s);
        return parse(s.substring(0, s.length() - 1)) * Math.pow(base, power);
    }

    private static boolean isNumberStart(char c) {
        return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
    }

    /**
     * Exact parse of {@code [-+]digits[(.|,)digits]} with at most 15 significant digits (the
     * mantissa and the power of ten are both exact doubles, so one division is correctly rounded);
     * NaN when the text has another form.
     */
    private static double parseSimple(String s) {
        return parseSimple(s, 0, s.length());
    }

    /**
     * The simple form {@link #parse} reads exactly ({@code [-+]digits[(.|,)digits]}, at most 15 significant
     * digits) in {@code text[start..end)}, or NaN for any other form, which callers then hand to {@link #parse}
     * as a String: lets a parser read the cells of a data line without a String per cell.
     */
    public static double parseSimple(String text, int start, int end) {
        int n = end - start;
        if (n <= 0 || n > 17) return Double.NaN;
        int i = start;
        boolean negative = false;
        char c = text.charAt(i);
        if (c == '-' || c == '+') {
            negative = c == '-';
            i++;
            if (i == end) return Double.NaN;
        }
        long mantissa = 0;
        int digits = 0;
        int fraction = -1;
        for (; i < end; i++) {
            c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                mantissa = mantissa * 10 + (c - '0');
                digits++;
                if (fraction >= 0) fraction++;
            } else if ((c == '.' || c == ',') && fraction < 0) {
                fraction = 0;
            } else {
                return Double.NaN;
            }
        }
        if (digits == 0 || digits > 15) return Double.NaN;
        return simpleValue(mantissa, fraction, negative);
    }

    /**
     * The value of a simple decimal read digit by digit as {@link #parseSimple} does ({@code mantissa}: its at most 15
     * digits as an integer; {@code fraction}: the digits after the point, -1 or 0 without any), for a parser that reads
     * the digits of a line's cells in the same pass that finds them.
     */
    public static double simpleValue(long mantissa, int fraction, boolean negative) {
        double v = fraction > 0 ? mantissa / POW10[fraction] : mantissa;
        return negative ? -v : v;
    }
}
