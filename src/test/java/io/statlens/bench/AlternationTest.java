package io.statlens.bench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bench's A/B/A/B order and its minimum, median and CPU ratios, on made-up measurements (nothing is timed). */
class AlternationTest {
    private static Stopwatch.Timed cost(long cpu) {
        return new Stopwatch.Timed(10, new Measurement(cpu * 2, cpu, cpu - 1));
    }

    @Test
    void stepsRunInTurnAndEachKeepsItsRuns() throws Exception {
        List<String> order = new ArrayList<>();
        List<Samples> samples = Alternation.run(3, List.of(
                new Alternation.Step("A", r -> {
                    order.add("A" + r);
                    return cost(new long[]{30, 10, 20}[r]);
                }),
                new Alternation.Step("B", r -> {
                    order.add("B" + r);
                    return cost(new long[]{90, 60, 70}[r]);
                })), line -> order.add("done"));
        assertEquals(List.of("A0", "done", "B0", "done", "A1", "done", "B1", "done", "A2", "done", "B2", "done"), order);
        Samples a = samples.get(0);
        Samples b = samples.get(1);
        assertEquals("A", a.name());
        assertEquals(10, a.count());
        assertEquals(10, a.min(Measurement.Clock.PROCESS_CPU));
        assertEquals(20, a.median(Measurement.Clock.PROCESS_CPU));
        assertEquals(40, a.median(Measurement.Clock.WALL));
        assertEquals(9, a.min(Measurement.Clock.THREAD_CPU));
        Samples.Ratio ratio = a.cheaperThan(b);
        assertEquals(6.0, ratio.ofMin(), 1e-9);
        assertEquals(3.5, ratio.ofMedian(), 1e-9);
    }

    @Test
    void medianOfAnEvenNumberOfRunsIsTheLowerMiddleRun() {
        Samples s = new Samples("s", 1, List.of(new Measurement(0, 40, 0), new Measurement(0, 10, 0), new Measurement(0, 30, 0),
                new Measurement(0, 20, 0)));
        assertEquals(20, s.median(Measurement.Clock.PROCESS_CPU));
    }

    @Test
    void aChildProcessHasNoThreadCpuTime() {
        Samples s = new Samples("child", 1, List.of(Measurement.ofProcess(5, 3)));
        assertFalse(s.hasThreadCpu());
        assertTrue(new Samples("here", 1, List.of(new Measurement(5, 3, 2))).hasThreadCpu());
    }

    @Test
    void aStepTooShortForTheClockHasNoRatio() {
        Samples zero = new Samples("zero", 1, List.of(new Measurement(5, 0, 0)));
        Samples some = new Samples("some", 1, List.of(new Measurement(5, 7, 0)));
        assertTrue(Double.isNaN(zero.cheaperThan(some).ofMin()));
        assertEquals(0.0, some.cheaperThan(zero).ofMedian(), 1e-9);
    }

    @Test
    void atLeastOneRun() {
        assertThrows(IllegalArgumentException.class, () -> Alternation.run(0, List.of(), line -> {
        }));
    }

    @Test
    void theStopwatchReadsCpuTimeOfTheProcessAndTheThread() throws Exception {
        Stopwatch.Timed t = Stopwatch.measure(() -> {
            long x = 0;
            for (int i = 0; i < 5_000_000; i++) x += Integer.bitCount(i);
            return x > 0 ? 1 : 0;
        });
        assertEquals(1, t.count());
        assertTrue(t.cost().threadCpuNanos() > 0, t.toString());
        assertTrue(t.cost().processCpuNanos() >= 0 && t.cost().wallNanos() > 0, t.toString());
    }

    @Test
    void theLoadIsReadOrSaidToBeUnknown() {
        MachineLoad load = MachineLoad.now();
        assertTrue(load.processors() >= 1);
        assertTrue(load.averages().matches("[0-9.]+ [0-9.]+ [0-9.]+") || load.averages().startsWith("unknown"), load.averages());
    }
}
