package io.statlens.analysis;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which changes a comparison tells beside the benchmark's results. */
class ChangeFindingsTest {
    private static RunComparer.Comparison tps(String host, double base, double other) {
        return new RunComparer.Comparison(RunComparer.Kind.series, "sysbench", "tps", "/s", "", host, "b",
                new RunComparer.Side(60, base, Double.NaN, Double.NaN), new RunComparer.Side(60, other, Double.NaN, Double.NaN),
                other - base, 100 * (other - base) / base, new ChangeSignificance.Verdict("welch", 1e-6, ""));
    }

    /**
     * Two hosts each ran sysbench: db01's tps is told as a result; app01's, which fell by half, is no result told and
     * must not pass for db01's.
     */
    @Test
    void aChangeOfAnotherHostIsNotTheResultAlreadyTold() {
        RunComparer.Comparison db01 = tps("db01", 1000, 1300);
        RunComparer.Comparison app01 = tps("app01", 1000, 500);
        assertEquals(List.of(app01), ChangeFindings.changes(List.of(db01, app01), List.of(db01)));
        assertEquals(List.of(), ChangeFindings.changes(List.of(db01, app01), List.of(db01, app01)));
    }
}
