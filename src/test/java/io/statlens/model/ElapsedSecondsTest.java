package io.statlens.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ElapsedSecondsTest {
    private static final Instant START = Instant.parse("2023-05-02T10:00:00Z");

    @Test
    void nanosecondTimesAreTheDoubleNearestToWhatWasPrinted() {
        // perf stat -I prints 4.122814843; seconds + nanos / 1e9 gives 4.1228148430000005
        assertEquals("4.122814843", Double.toString(ElapsedSeconds.between(START, START.plusNanos(4_122_814_843L))));
        assertEquals(-1e-9, ElapsedSeconds.between(START.plusNanos(1), START));
        for (long n = 1; n < 2_000_000_000_000L; n = n * 7 + 123_456_789) {
            double expected = Double.parseDouble(java.math.BigDecimal.valueOf(n, 9).toPlainString());
            assertEquals(expected, ElapsedSeconds.between(START, START.plusNanos(n)), "nanos " + n);
        }
    }

    @Test
    void movedTimesStayOnWholeNanoseconds() {
        double moved = ElapsedSeconds.plus(ElapsedSeconds.between(START, START.plusNanos(4_122_814_843L)), 0.1);
        assertEquals("4.222814843", Double.toString(moved));
        assertEquals(3600.5, ElapsedSeconds.plus(3600.25, 0.25));
        assertEquals(2e6 + 0.1 + 0.2, ElapsedSeconds.plus(2e6 + 0.1, 0.2), "beyond 11 days the plain sum");
        assertEquals(Double.NaN, ElapsedSeconds.plus(Double.NaN, 1));
    }
}
