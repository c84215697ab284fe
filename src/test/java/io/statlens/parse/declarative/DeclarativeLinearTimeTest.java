package io.statlens.parse.declarative;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No line makes a declarative parser hang: the shipped noise filter runs in linear time, and a user's
 * pattern that backtracks without end is stopped on the line and reported. The time limits are hang
 * detectors, a hundred times what the work takes, not speed measurements.
 */
class DeclarativeLinearTimeTest {
    private static final ParseContext CONTEXT = ParseContext.simple("t.txt");

    @Test
    void theShippedParsersReadLinesOfSixtyFourKilobytesOfWordCharactersPromptly() {
        // a 16 KB line of these cost 2.6 s of CPU in the prompt pattern, a 1 MB one did not finish
        String longWord = "a".repeat(60_000);
        String longWords = "ab1 ".repeat(15_000);
        for (Parser parser : List.of(ShippedDefinitions.parser("nicstat"), ShippedDefinitions.parser("prstat"))) {
            CollectingSink sink = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> ParserFixtures.parseText(parser, longWord + "\n" + longWords + "\n" + "[" + longWord + "\n", CONTEXT),
                    parser.info().tool());
            assertFalse(sink.warnings().isEmpty(), "the long lines are reported as not recognised");
        }
    }

    @Test
    void aBacktrackingUserPatternIsStoppedOnTheLineAndReported() {
        Parser parser = ShippedDefinitions.fromText("""
                tool = slow
                detect = 0.9 ^slow\\s+value
                header = ^slow\\s+value
                skip = ^(.*a){12}$
                """);
        String evil = "a".repeat(200) + "!";
        CollectingSink sink = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> ParserFixtures.parseText(parser, "slow value\n" + evil + "\nx 1\n", CONTEXT));
        assertEquals(2, sink.warnings().get(0).line(), sink.warnings().toString());
        assertTrue(sink.warnings().get(0).message().contains("need too long to match it"), sink.warnings().toString());
        assertEquals(1, sink.rows("slow").size(), "the lines after it are read");
        assertEquals(0.9, parser.sniff(new io.statlens.parse.spi.Head("t", List.of(evil, "slow value"))));
    }
}
