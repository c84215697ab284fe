package io.statlens.parse.time;

import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ZoneOffsetAbbreviationTest {
    @Test
    void readsTheNumericZonesStrftimePrintsForZonesWithoutAnAbbreviation() {
        assertEquals(ZoneOffset.ofHours(4), ZoneAbbreviations.lookup("+04").orElseThrow());
        assertEquals(ZoneOffset.ofHours(-3), ZoneAbbreviations.lookup("-03").orElseThrow());
        assertEquals(ZoneOffset.ofHoursMinutes(-3, -30), ZoneAbbreviations.lookup("-0330").orElseThrow());
        assertEquals(ZoneOffset.ofHoursMinutes(5, 45), ZoneAbbreviations.lookup("+05:45").orElseThrow());
        assertTrue(ZoneAbbreviations.lookup("+4").isEmpty());
    }

    /** The fifteenth fuzz run's finding: a damaged zone of {@code +40} hours made mpstat's parser throw. */
    @Test
    void anOffsetNoZoneCanHaveIsNoZone() {
        assertTrue(ZoneAbbreviations.lookup("+40").isEmpty());
        assertTrue(ZoneAbbreviations.lookup("-1875").isEmpty());
        assertTrue(ZoneAbbreviations.lookup("+18:30").isEmpty());
        assertEquals(ZoneOffset.ofHours(18), ZoneAbbreviations.lookup("+18").orElseThrow());
    }
}
