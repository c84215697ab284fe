package io.statlens.store.read;

import io.statlens.model.UserException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryValidationTest {
    /** The literal-skipping patterns recursed once per character of a literal and overflowed the stack. */
    @Test
    void aLiteralOfSixtyThousandCharactersIsReadWithoutAStackOverflow() {
        String literal = "'" + "x".repeat(60_000) + "'";
        assertEquals("SELECT " + literal + " FROM RUNS", ReadOnlyQuery.validate("SELECT " + literal + " FROM RUNS;"));
        String with = "WITH a AS (SELECT " + literal + " AS v FROM RUNS) SELECT v FROM a";
        assertEquals(with, ReadOnlyQuery.validate(with));
    }

    @Test
    void aSemicolonOrAChangeInsideALiteralIsText() {
        assertEquals("SELECT 'a;b' FROM RUNS", ReadOnlyQuery.validate("SELECT 'a;b' FROM RUNS"));
        assertEquals("WITH a AS (SELECT 'it''s DELETE' AS v FROM RUNS) SELECT v FROM a",
                ReadOnlyQuery.validate("WITH a AS (SELECT 'it''s DELETE' AS v FROM RUNS) SELECT v FROM a"));
        UserException two = assertThrows(UserException.class, () -> ReadOnlyQuery.validate("SELECT 'a' FROM RUNS; DROP TABLE RUNS"));
        assertTrue(two.getMessage().contains("one statement"), two.getMessage());
    }
}
