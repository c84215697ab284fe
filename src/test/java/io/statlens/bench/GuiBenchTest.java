package io.statlens.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The window bench's summary of its repeats: each kind of phase's longest waits, without opening a window. */
class GuiBenchTest {
    private static GuiBench.Phase phase(String name, double maxMillis) {
        return new GuiBench.Phase(name, 1, 1, 0.5, 100, 5, 20, maxMillis, "");
    }

    @Test
    void theLongestWaitsOfTheChartsAndOfTheZoomsOverTheirRepeats() {
        List<GuiBench.Phase> phases = List.of(phase("idle window (baseline)", 21), phase("import mpstat.txt: done", 12),
                phase("chart mpstat %usr: 9,252,000 rows", 69.6), phase("zoom: 4,626,000 rows", 13.6),
                phase("chart mpstat %sys: 9,252,000 rows", 40.0), phase("zoom: 4,626,000 rows", 9.0),
                phase("chart mpstat %iowait: 9,252,000 rows", 45.5), phase("zoom: 4,626,000 rows", 11.0),
                phase("chart mpstat %idle: 9,252,000 rows", 50.0), phase("zoom: 4,626,000 rows", 12.0));
        assertEquals(new GuiBench.Waits(4, 40.0, 47.75, 69.6), GuiBench.repeated(phases, GuiBench.CHART));
        assertEquals(new GuiBench.Waits(4, 9.0, 11.5, 13.6), GuiBench.repeated(phases, GuiBench.ZOOM));
        assertEquals(new GuiBench.Waits(1, 21, 21, 21), GuiBench.repeated(phases.subList(0, 1), "idle"));
        assertThrows(IllegalArgumentException.class, () -> GuiBench.repeated(phases.subList(0, 2), GuiBench.CHART));
    }
}
