package io.statlens.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench --gui's CPU by thread group: names as Linux keeps them, differences between readings, the line printed. */
class ThreadCpuTest {
    @Test
    void threadsAreGroupedByWhatTheyDo() {
        assertEquals("JIT", ThreadCpu.group("C2 CompilerThre"));
        assertEquals("JIT", ThreadCpu.group("C1 CompilerThre"));
        assertEquals("GC", ThreadCpu.group("GC Thread#3"));
        assertEquals("GC", ThreadCpu.group("G1 Conc#0"));
        assertEquals("FX", ThreadCpu.group("JavaFX Applicat"));
        assertEquals("renderer", ThreadCpu.group("QuantumRenderer"));
        assertEquals("worker", ThreadCpu.group("statlens-worker"));
        assertEquals("drawing", ThreadCpu.group("statlens-drawin"));
        assertEquals("other", ThreadCpu.group("derby.rawStoreD"));
    }

    @Test
    void aPhaseIsTheDifferenceOfTwoReadingsPrintedInAFixedOrder() {
        ThreadCpu before = new ThreadCpu(Map.of("worker", 1.0, "JIT", 2.0, "other", 0.5));
        ThreadCpu after = new ThreadCpu(Map.of("worker", 1.66, "JIT", 3.5, "other", 0.5, "FX", 0.25));
        assertEquals("worker 0.66, drawing 0.00, FX 0.25, renderer 0.00, JIT 1.50, GC 0.00, other 0.00", after.since(before).toString());
        assertEquals("", new ThreadCpu(Map.of()).toString());
    }

    @Test
    void thisProcessHasSpentCpuWhereLinuxSaysSo() {
        ThreadCpu now = ThreadCpu.now();
        if (!Files.isDirectory(Path.of("/proc/self/task"))) {
            assertTrue(now.seconds().isEmpty());
            return;
        }
        double total = now.seconds().values().stream().mapToDouble(Double::doubleValue).sum();
        assertTrue(total > 0, "a JVM that ran tests has spent CPU: " + now.seconds());
    }
}
