package io.statlens.analysis;

import org.junit.jupiter.api.Test;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sentences keep their numbers until shown; durations as people say them; time at a threshold. */
class PhraseTest {
    @Test
    void numbersAreShownInTheReadersLocale() {
        Phrase p = Phrase.of("sdb was at least ").value(95, "%").text(" busy for ").duration(860).text(" (p95 ").value(99.8, "%")
                .text("), ").number(3482.24, "1/s").text(" tps, ").value(1913088, "KiB").text(", ").pValue(1e-9);
        assertEquals("sdb was at least 95 % busy for 14 min 20 s (p95 99.8 %), 3,482 tps, 1,913,088 KiB, p < 0.0001", p.toString());
        assertEquals("sdb was at least 95 % busy for 14 min 20 s (p95 99,8 %), 3.482 tps, 1.913.088 KiB, p < 0,0001",
                p.render(ReadableNumbers.of(Locale.GERMANY)));
        assertEquals("rose +12.3 % at 2,995/s", Phrase.of("rose ").change(12.3).text(" at ").value(2995, "1/s").toString());
    }

    @Test
    void durationsReadAsPeopleSayThem() {
        ReadableNumbers n = ReadableNumbers.ROOT;
        assertEquals("45 s", Phrase.duration(45, n));
        assertEquals("0.5 s", Phrase.duration(0.5, n));
        assertEquals("1 min", Phrase.duration(60, n));
        assertEquals("14 min 20 s", Phrase.duration(860, n));
        assertEquals("1 h", Phrase.duration(3600, n));
        assertEquals("5 h 50 min", Phrase.duration(5 * 3600 + 50 * 60 + 20, n));
    }

    @Test
    void timeAtAThresholdCountsEachSamplesIntervalAndNotTheGaps() {
        // samples every 10 s, a gap of 60 s before the fifth; at the limit: the 2nd, 3rd and 5th
        double[] t = {0, 10, 20, 30, 90, 100};
        double[] v = {50, 99, 98, 40, 97, 10};
        ThresholdTime tt = ThresholdTime.of(t, v, x -> x >= 95);
        assertEquals(6, tt.samples());
        assertEquals(3, tt.meeting());
        assertEquals(40, tt.seconds(), 1e-9, "10 + 10 + at most two intervals (20) for the sample after the gap");
        assertEquals(20, tt.longestSeconds(), 1e-9);
        assertEquals(2, tt.longestSamples());
        assertEquals(10 + 10 + 10 + 10 + 20 + 10, tt.spanSeconds(), 1e-9);
        assertEquals(0, ThresholdTime.of(new double[]{5}, new double[]{99}, x -> x >= 95).seconds(), "one sample: no interval known");
    }
}
