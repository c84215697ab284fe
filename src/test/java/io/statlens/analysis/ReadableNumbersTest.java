package io.statlens.analysis;

import io.statlens.model.UserException;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ReadableNumbersTest {
    private final ReadableNumbers root = ReadableNumbers.ROOT;

    @Test
    void measuredValuesKeepTheirIntegerPartAndThreeSignificantDigits() {
        assertEquals("3,482", root.number(3482.368000000001, "1/s"));
        assertEquals("36.5", root.number(36.5244, "1/s"));
        assertEquals("7.46", root.number(7.46333, "ms"));
        assertEquals("0.335", root.number(0.334976, "ms"));
        assertEquals("0.0714", root.number(0.0714286, "count"));
        assertEquals("3.29", root.number(3.28571, "count"));
        assertEquals("1,913,088", root.number(1913088, "kB"));
        assertEquals("104,490", root.number(104490, "count"));
        assertEquals("30", root.number(30.0055, "s"));
        assertEquals("0.000153", root.number(0.000153, "s"));
        assertEquals("-12.3", root.number(-12.34, "ms"));
        assertEquals("10", root.number(9.996, "ms"));
    }

    @Test
    void percentagesStopAtTwoDecimals() {
        assertEquals("53.31", root.number(53.314, "%"));
        assertEquals("99.99", root.number(99.9875, "%"));
        assertEquals("8.49", root.number(8.4925, "%"));
        assertEquals("0.07", root.number(0.0714286, "%"));
        assertEquals("100", root.number(100, "%"));
        assertEquals("0", root.number(0.004, "%"));
        assertEquals("0", root.number(-0.001, "%"), "no negative zero");
    }

    @Test
    void numbersWithoutAUnitGetFourDigits() {
        assertEquals("0.9412", root.number(0.94123456));
        assertEquals("3,482", root.number(3482.37, ""));
        assertEquals("7.463", root.number(7.46333, null));
    }

    @Test
    void neverAnExponent() {
        assertEquals("0", root.number(1.2e-17, "s"));
        assertEquals("0.000000012", root.number(1.234e-8, "s"));
        assertEquals("100,000,000,000,000,000,000", root.number(1e20, "B"));
        assertEquals("<0.0001", root.pValue(3.6512954418934166E-52));
        assertEquals("0.031", root.pValue(0.03123));
        assertEquals("0.5", root.pValue(0.5));
        assertEquals("", root.pValue(Double.NaN));
    }

    @Test
    void specialValues() {
        assertEquals("", root.number(Double.NaN, "%"));
        assertEquals("inf", root.number(Double.POSITIVE_INFINITY, "%"));
        assertEquals("-inf", root.number(Double.NEGATIVE_INFINITY, "ms"));
        assertEquals("0", root.number(0, "ms"));
        assertEquals("0", root.number(-0.0, "ms"));
    }

    @Test
    void changesAreSigned() {
        assertEquals("+11.3", root.signed(11.26, "1/s"));
        assertEquals("-0.5", root.signed(-0.5, "ms"));
        assertEquals("0", root.signed(0.0001, "%"));
        assertEquals("+12.35%", root.percentChange(12.345));
        assertEquals("+352.4%", root.percentChange(352.383));
        assertEquals("-0.41%", root.percentChange(-0.41));
        assertEquals("", root.percentChange(Double.NaN));
    }

    @Test
    void countsAndDecimalsAreGrouped() {
        assertEquals("999", root.integer(999));
        assertEquals("1,000", root.integer(1000));
        assertEquals("-1,234,567", root.integer(-1234567));
        assertEquals("12,345.678", root.decimal(new BigDecimal("12345.6780")));
        assertEquals("0", root.decimal(new BigDecimal("0.000")));
    }

    @Test
    void aLocaleTheUserAsksForChangesSeparatorsOnly() {
        ReadableNumbers de = ReadableNumbers.parse("de-DE");
        assertEquals("1.913.088", de.number(1913088, "kB"));
        assertEquals("7,46", de.number(7.46333, "ms"));
        assertEquals("<0,0001", de.pValue(1e-52));
        assertEquals("de-DE", de.tag());
        ReadableNumbers fr = ReadableNumbers.parse("fr_FR");
        assertEquals("12\u202f346", fr.number(12345.678, "ms"));
        assertEquals("1,5", fr.number(1.5, "ms"));
    }

    @Test
    void theJvmDefaultLocaleIsUsedOnlyWhenAskedFor() {
        Locale before = Locale.getDefault(Locale.Category.FORMAT);
        try {
            Locale.setDefault(Locale.Category.FORMAT, Locale.GERMANY);
            assertSame(ReadableNumbers.ROOT, ReadableNumbers.parse(""));
            assertSame(ReadableNumbers.ROOT, ReadableNumbers.parse("root"));
            assertEquals("3.65", ReadableNumbers.parse(null).number(3.6512954418934166, "ms"));
            assertEquals("3,65", ReadableNumbers.parse("system").number(3.6512954418934166, "ms"));
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, before);
        }
    }

    @Test
    void aMalformedTagIsAUserError() {
        UserException e = assertThrows(UserException.class, () -> ReadableNumbers.parse("de DE!"));
        assertEquals("locale 'de DE!': expected a language tag such as de-DE or fr, root, or system", e.getMessage());
    }

    @Test
    void exactFormForFiles() {
        assertEquals("3482.368000000001", ReadableNumbers.exact(3482.368000000001));
        assertEquals("0.00000000000000000000000000000000000000000000000000036512954418934166",
                ReadableNumbers.exact(3.6512954418934166E-52));
        assertEquals("2", ReadableNumbers.exact(2.0));
        assertEquals("1913088", ReadableNumbers.exact(1913088));
        assertEquals("", ReadableNumbers.exact(Double.NaN));
        assertEquals("-Infinity", ReadableNumbers.exact(Double.NEGATIVE_INFINITY));
    }
}
