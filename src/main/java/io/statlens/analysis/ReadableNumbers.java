package io.statlens.analysis;

import io.statlens.model.UserException;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormatSymbols;
import java.util.IllformedLocaleException;
import java.util.Locale;

/**
 * Numbers as people read them, in every table statlens prints: the command line's, the GUI's and the
 * reports'. One set of rules, so that a figure read in one place can be found in the others:
 * <ul>
 *   <li>the integer part is never rounded ({@code 1,913,088}, {@code 3,482}), and thousands are grouped;</li>
 *   <li>the fraction carries a fixed number of significant digits chosen by the unit
 *       ({@link #style(String)}): three for measured values (7.46 ms, 0.0714 count, 12.7 r/s), four but
 *       at most two decimals for a percentage (53.31 %, 99.99 % idle: iostat's and mpstat's own precision,
 *       and a nearly idle CPU does not read as 100 % idle), four for numbers without a unit (SQL results,
 *       a correlation coefficient); trailing zeros are dropped;</li>
 *   <li>no exponent form ever: a p-value below 0.0001 reads {@code <0.0001}, a measured value too small
 *       for its decimals reads {@code 0};</li>
 *   <li>{@link Locale#ROOT} ({@code 1,234.5}) unless the user asks for a locale ({@code de-DE}:
 *       {@code 1.234,5}); the JVM's default locale plays no part, so a German desktop does not turn a
 *       table into {@code 3,65e-52}.</li>
 * </ul>
 * Files (CSV, JSON, facts) take {@link #exact(double)} instead: full precision, no grouping, no locale.
 */
public final class ReadableNumbers {
    /** The default: grouping with {@code ,}, decimals after {@code .}. */
    public static final ReadableNumbers ROOT = new ReadableNumbers(Locale.ROOT);

    /** Fractions of a measured value beyond this many decimals are noise (and would be a screen of zeros). */
    private static final int MAX_DECIMALS = 9;
    private static final Style PERCENT = new Style(4, 2);
    private static final Style MEASURED = new Style(3, MAX_DECIMALS);
    private static final Style PLAIN = new Style(4, MAX_DECIMALS);
    private static final double SMALLEST_P = 1e-4;

    private final Locale locale;
    private final char grouping;
    private final char decimal;
    private final char zero;
    private final char minus;

    private ReadableNumbers(Locale locale) {
        this.locale = locale;
        DecimalFormatSymbols symbols = DecimalFormatSymbols.getInstance(locale);
        this.grouping = symbols.getGroupingSeparator();
        this.decimal = symbols.getDecimalSeparator();
        this.zero = symbols.getZeroDigit();
        this.minus = symbols.getMinusSign();
    }

    public static ReadableNumbers of(Locale locale) {
        return locale.equals(Locale.ROOT) ? ROOT : new ReadableNumbers(locale);
    }

    /**
     * The numbers of a locale the user named: a BCP 47 tag ({@code de-DE}, {@code fr}), {@code root} (or
     * empty) for the default, or {@code system} for the JVM's default locale.
     */
    public static ReadableNumbers parse(String tag) {
        String t = tag == null ? "" : tag.strip();
        if (t.isEmpty() || t.equalsIgnoreCase("root")) return ROOT;
        if (t.equalsIgnoreCase("system")) return of(Locale.getDefault(Locale.Category.FORMAT));
        try {
            return of(new Locale.Builder().setLanguageTag(t.replace('_', '-')).build());
        } catch (IllformedLocaleException e) {
            throw new UserException("locale '" + tag + "': expected a language tag such as de-DE or fr, root, or system");
        }
    }

    public Locale locale() {
        return locale;
    }

    /** The tag that {@link #parse(String)} reads back: {@code root} for the default. */
    public String tag() {
        return locale.equals(Locale.ROOT) ? "root" : locale.toLanguageTag();
    }

    public char groupingSeparator() {
        return grouping;
    }

    public char decimalSeparator() {
        return decimal;
    }

    /**
     * How values of a unit are shown.
     *
     * @param significant significant digits of a value whose integer part is shorter than that
     * @param maxDecimals the most decimals shown
     */
    public record Style(int significant, int maxDecimals) {
    }

    /** The style of a unit: {@code %}, any other unit ({@code ms}, {@code 1/s}, {@code kB}, {@code count}), or none. */
    public static Style style(String unit) {
        if (unit == null || unit.isBlank()) return PLAIN;
        return unit.strip().equals("%") ? PERCENT : MEASURED;
    }

    /** A value of a unit ({@link #style(String)}); NaN is empty, infinities are {@code inf} and {@code -inf}. */
    public String number(double v, String unit) {
        return format(v, style(unit), false);
    }

    /** A number without a unit: four significant digits. */
    public String number(double v) {
        return format(v, PLAIN, false);
    }

    /** A change: as {@link #number(double, String)}, with a {@code +} before a rise. */
    public String signed(double v, String unit) {
        return format(v, style(unit), true);
    }

    /** A relative change in per cent, signed, with its {@code %}: {@code +12.3%}, {@code -0.41%}; NaN is empty. */
    public String percentChange(double pct) {
        String n = signed(pct, "%");
        return n.isEmpty() ? n : n + "%";
    }

    /** A p-value: two significant digits, {@code <0.0001} below that (its exact size says nothing more); NaN is empty. */
    public String pValue(double p) {
        if (Double.isNaN(p)) return "";
        if (p < SMALLEST_P) return "<" + digits("0.0001");
        return format(p, new Style(2, 4), false);
    }

    /** A count, grouped: {@code 1,913,088}. */
    public String integer(long n) {
        return digits(Long.toString(n));
    }

    /** An exact decimal (an SQL DECIMAL), grouped, every digit kept, trailing zeros dropped. */
    public String decimal(BigDecimal b) {
        return digits(b.signum() == 0 ? "0" : b.stripTrailingZeros().toPlainString());
    }

    /**
     * A number for files (CSV, JSON, stored facts): every digit of the shortest form that reads back as the
     * same double, no exponent, no grouping, no locale: {@code 3482.368000000001}, {@code 16}. NaN is empty.
     */
    public static String exact(double v) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return "0";
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private String format(double v, Style style, boolean signed) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return v > 0 ? (signed ? "+inf" : "inf") : "-inf";
        BigDecimal d = BigDecimal.valueOf(v);
        int integerDigits = d.signum() == 0 ? 1 : d.precision() - d.scale();
        int decimals = Math.min(style.maxDecimals(), Math.max(0, style.significant() - integerDigits));
        d = d.setScale(decimals, RoundingMode.HALF_UP);
        if (d.signum() == 0) return digits("0");
        String plain = d.stripTrailingZeros().toPlainString();
        return (signed && d.signum() > 0 ? "+" : "") + digits(plain);
    }

    /** Grouping, decimal separator, digits and minus sign of the locale applied to a plain ASCII number. */
    private String digits(String plain) {
        boolean negative = plain.startsWith("-");
        String body = negative ? plain.substring(1) : plain;
        int point = body.indexOf('.');
        String integer = point < 0 ? body : body.substring(0, point);
        StringBuilder out = new StringBuilder(plain.length() + integer.length() / 3 + 1);
        if (negative) out.append(minus);
        for (int i = 0; i < integer.length(); i++) {
            if (i > 0 && (integer.length() - i) % 3 == 0) out.append(grouping);
            out.append(digit(integer.charAt(i)));
        }
        if (point >= 0) {
            out.append(decimal);
            for (int i = point + 1; i < body.length(); i++) out.append(digit(body.charAt(i)));
        }
        return out.toString();
    }

    private char digit(char c) {
        return c >= '0' && c <= '9' ? (char) (zero + (c - '0')) : c;
    }
}
