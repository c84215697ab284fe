package io.statlens.parse.text;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NumbersTest {
    @Test
    void parsesPlainCommaAndScaledNumbers() {
        assertEquals(98.19, Numbers.parse("98.19"));
        assertEquals(98.19, Numbers.parse("98,19"));
        assertEquals(-3.5, Numbers.parse("-3.5"));
        assertEquals(1628317680.0, Numbers.parse("1628317680"));
        assertEquals(1.5e20, Numbers.parse("1.5e20"));
        assertEquals(0.1 + 0.2, Numbers.parse("0.30000000000000004"));
        assertEquals(10.0 * 1024 * 1024 * 1024, Numbers.parseScaled("10.0G", 1024));
        assertEquals(512 * 1024.0, Numbers.parseScaled("512K", 1024));
        assertEquals(-7.0, Numbers.parseScaled("-7", 1024));
        assertThrows(NumberFormatException.class, () -> Numbers.parse("sda"));
        assertThrows(NumberFormatException.class, () -> Numbers.parse("NaN"));
        assertTrue(Numbers.isNumber("0,50"));
        assertFalse(Numbers.isNumber("-"));
    }

    @Test
    void splitsOnBlanksAndTabs() {
        assertArrayEquals(new String[]{"a", "b", "c"}, Tokens.split("  a\tb   c "));
        assertEquals(40, Tokens.split(" x".repeat(40)).length);
        assertTrue(Tokens.isBlank(" \t "));
    }

    @Test
    void readsSysstatBanners() {
        var b = SysstatBanner.parse("Linux 4.15.0-55-generic (mijin-desktop)         2019년 09월 16일        _x86_64_        (32 CPU)").orElseThrow();
        assertEquals("4.15.0-55-generic", b.kernel());
        assertEquals("mijin-desktop", b.host());
        assertEquals("2019-09-16", b.date().orElseThrow().toString());
        assertEquals("x86_64", b.arch());
        assertEquals(32, b.cpus());
        var old = SysstatBanner.parse("Linux 2.6.18-194.el5 (db1.example)     01/05/2010").orElseThrow();
        assertEquals("", old.arch());
        assertEquals(0, old.cpus());
        assertTrue(SysstatBanner.parse("Average:  all  0.1").isEmpty());
    }

    @Test
    void parseOrNaNReadsWhatParseReadsAndGivesNaNWhereItThrows() {
        for (String s : new String[]{"98.19", "98,19", "-3.5", "+7", "1e3", " 2.5 ", "12345678901234567890", ".5"}) {
            assertEquals(Numbers.parse(s), Numbers.parseOrNaN(s), s);
        }
        for (String s : new String[]{"", "sda", "nan", "Inf", "1,2,3", "1.2.3", "12%", "-", "1,5.0"}) {
            assertTrue(Double.isNaN(Numbers.parseOrNaN(s)), s);
        }
    }

    @Test
    void parseSimpleReadsARangeOfALineAsParseDoesAndGivesNaNForEveryOtherForm() {
        String line = "sda\u00a0-3.5\u2007+12,25  1e5 0.30000000000000004 98.19 NaN inf 1e999 - . 5. ,5 1.2.3";
        String[] words = Tokens.split(line);
        int from = 0;
        for (String word : words) {
            int start = line.indexOf(word, from);
            int end = start + word.length();
            from = end;
            double range = Numbers.parseSimple(line, start, end);
            if (Double.isNaN(range)) continue;
            assertEquals(Numbers.parse(word), range, word);
        }
        assertEquals(-3.5, Numbers.parseSimple(line, 4, 8));
        assertEquals(12.25, Numbers.parseSimple(line, 9, 15));
        assertEquals(98.19, Numbers.parseSimple("x 98.19 y", 2, 7));
        assertEquals(5.0, Numbers.parseSimple("5.", 0, 2));
        assertEquals(0.5, Numbers.parseSimple("0,5", 0, 3));
        assertEquals(999999999999999.0, Numbers.parseSimple("999999999999999", 0, 15));
        // forms the general parser reads (exponents, long mantissas) or refuses are left to it
        for (String other : List.of("1e5", "1E-3", "1e999", "NaN", "inf", "-inf", "-", "+", ".", ",", "1.2.3", "1,2,3", "1.5,5",
                "sda", "12%", "1.2M", "9999999999999999", "0.30000000000000004", " 5", "5\u00a0")) {
            assertTrue(Double.isNaN(Numbers.parseSimple(other, 0, other.length())), other);
        }
        assertTrue(Double.isNaN(Numbers.parseSimple("5", 1, 1)), "an empty range");
    }
}
