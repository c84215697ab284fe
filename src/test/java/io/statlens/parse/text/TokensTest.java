package io.statlens.parse.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class TokensTest {
    @Test
    void everyUnicodeSpaceAndJavaWhiteSpaceIsASpaceAndNothingElseIs() {
        for (int i = 0; i <= Character.MAX_VALUE; i++) {
            char c = (char) i;
            assertEquals(Character.isWhitespace(c) || Character.isSpaceChar(c), Tokens.isSpace(c), () -> "U+" + Integer.toHexString(c));
        }
    }

    @Test
    void splitsAtAnyRunOfSpacesAndKeepsEverythingElse() {
        assertArrayEquals(new String[]{"sda", "1,5", "-", "\u00e9t\u00e9"}, Tokens.split("\t sda\u00A0 1,5\u3000-\u000B\u00e9t\u00e9  "));
        assertArrayEquals(new String[0], Tokens.split(" \t\u2007"));
        String wide = "x ".repeat(40);
        assertEquals(40, Tokens.split(wide).length);
    }
}
