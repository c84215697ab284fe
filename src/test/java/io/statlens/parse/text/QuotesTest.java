package io.statlens.parse.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class QuotesTest {
    @Test
    void markersAndTheBlankAfterEachAreTakenOff() {
        assertEquals("r b swpd", Quotes.unquoted("> > r b swpd"));
        assertEquals("r b swpd", Quotes.unquoted("  >>r b swpd"));
        assertEquals(">= 100 |@@", Quotes.unquoted(">= 100 |@@"));
        assertEquals(3, Quotes.depth("> >> r"));
    }

    /** Found by a sweep of other projects' fixtures: a regular expression's repeated group recursed once per marker. */
    @Test
    void aLineOfTwentyThousandMarkersIsNoStackOverflow() {
        String line = "> ".repeat(20_000) + "1  0 0 2794716";
        assertEquals("1  0 0 2794716", Quotes.unquoted(line));
        assertEquals(20_000, Quotes.depth(line));
    }
}
