package io.statlens.gui;

import io.statlens.analysis.ChangeSignificance;
import io.statlens.analysis.RunComparer;
import io.statlens.model.UserException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parts of the compare and average view models that need no window: typed filters, the interval, numbers. */
class RunToolsViewModelTest {
    private static final RunComparer.Comparison LATENCY = new RunComparer.Comparison(RunComparer.Kind.series, "sysbench",
            "lat (ms,95%)", "ms", "", "", "m128", new RunComparer.Side(30, 7.46333, 7.98, 8.13),
            new RunComparer.Side(994, 33.7629, 34.33, 35.59), 26.2995, 352.383, new ChangeSignificance.Verdict("welch-neff", 2.92e-59, ""));

    @Test
    void filterFieldsSplitOnSemicolonsBecauseLabelsHoldCommas() {
        assertEquals(List.of("tps", "lat (ms,95%)"), CompareViewModel.split(" tps;lat (ms,95%) ; "));
        assertEquals(List.of(), CompareViewModel.split("  "));
        assertEquals(List.of(), CompareViewModel.split(null));
    }

    @Test
    void textFilterNeedsEveryWordSomewhereInTheRow() {
        assertTrue(CompareViewModel.matches(LATENCY, ""));
        assertTrue(CompareViewModel.matches(LATENCY, "LAT m128"));
        assertTrue(CompareViewModel.matches(LATENCY, "sysbench yes"), "the significance is text of the row too");
        assertFalse(CompareViewModel.matches(LATENCY, "lat t16"));
        assertEquals("yes", CompareViewModel.significance(LATENCY));
    }

    @Test
    void intervalIsEmptyForTheRunsOwnOrPositiveSeconds() {
        assertEquals(OptionalDouble.empty(), AverageViewModel.step(" "));
        assertEquals(OptionalDouble.of(5), AverageViewModel.step("5"));
        assertEquals(OptionalDouble.of(0.5), AverageViewModel.step("0.5"));
        for (String bad : List.of("0", "-1", "five", "Infinity", "NaN")) {
            UserException e = assertThrows(UserException.class, () -> AverageViewModel.step(bad));
            assertEquals("interval '" + bad + "': expected seconds > 0, or nothing for the runs' own interval", e.getMessage());
        }
    }
}
