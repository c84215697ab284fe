package io.statlens.gui;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Numbers of the compare and average windows as the command line prints them, so that a figure read in the
 * window can be found in {@code statlens compare} output: the table form (six significant digits, tiny
 * p-values in exponent form) and the exact form of its CSV. The GUI cannot call the CLI's own formatter
 * (the two are sibling layers), hence these few lines.
 */
final class NumberText {
    private NumberText() {
    }

    /** As the CLI's tables: {@code 3482.37}, {@code 53.314}, {@code 3.65e-52}; NaN is empty. */
    static String shown(double v) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return v > 0 ? "inf" : "-inf";
        if (v == 0) return "0";
        if (Math.abs(v) < 1e-4) return String.format(Locale.ROOT, "%.3g", v);
        int integerDigits = (int) Math.floor(Math.log10(Math.abs(v))) + 1;
        return new BigDecimal(v).round(new MathContext(Math.max(6, integerDigits))).stripTrailingZeros().toPlainString();
    }

    /** As the CLI's CSV: exact (shortest round-trip form), no exponent; NaN is empty. */
    static String exact(double v) {
        if (Double.isNaN(v)) return "";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return "0";
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
