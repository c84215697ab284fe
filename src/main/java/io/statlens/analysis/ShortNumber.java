package io.statlens.analysis;

import java.math.BigDecimal;
import java.math.MathContext;

/** Numbers in facts and notes that people read: six significant digits, no trailing zeros. */
final class ShortNumber {
    private ShortNumber() {
    }

    static String format(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return Double.toString(v);
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
