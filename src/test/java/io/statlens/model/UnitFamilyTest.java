package io.statlens.model;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnitFamilyTest {
    @Test
    void sizesRatesOfSizesAndTimesAreFamiliesInEverySpellingTheParsersUse() {
        assertEquals(Optional.of(UnitFamily.BYTES), UnitFamily.of("KiB"));
        assertEquals(Optional.of(UnitFamily.BYTES), UnitFamily.of("MB"));
        assertEquals(Optional.of(UnitFamily.BYTES_PER_SECOND), UnitFamily.of("kB/s"));
        assertEquals(Optional.of(UnitFamily.TIME), UnitFamily.of("ms"));
        assertEquals(Optional.empty(), UnitFamily.of("1/s"), "a rate of events is no size per second");
        assertEquals(Optional.empty(), UnitFamily.of("pages"));
        assertEquals(Optional.empty(), UnitFamily.of(""));
    }

    @Test
    void onlyTwoScalesOfOneQuantityAreRescaled() {
        assertTrue(UnitFamily.rescaled("MiB", "KiB"));
        assertTrue(UnitFamily.rescaled("KB/s", "kB/s"), "two spellings: the parsers' own vocabulary says nothing of their factor");
        assertTrue(UnitFamily.rescaled("us", "s"));
        assertFalse(UnitFamily.rescaled("KiB", "KiB"));
        assertFalse(UnitFamily.rescaled("KiB", "KiB/s"));
        assertFalse(UnitFamily.rescaled("pages", "KiB"), "another quantity (AIX vmstat's fre), not another scale");
        assertFalse(UnitFamily.rescaled("1/s", "MiB/s"));
        assertFalse(UnitFamily.rescaled("", "ms"));
    }
}
