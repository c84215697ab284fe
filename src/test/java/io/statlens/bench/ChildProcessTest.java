package io.statlens.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How a child's CPU time is read from its shell's /proc stat line. */
class ChildProcessTest {
    @Test
    void childrensUserAndSystemTicksAreFields16And17() throws Exception {
        // pid (comm with a space) state ppid ... utime=3 stime=4 cutime=250 cstime=37 ...
        String stat = "4242 (statlens bench) S 1 4242 4242 0 -1 4194304 300 2000 0 0 3 4 250 37 20 0 1 0 100 2000000 200 18446744073709551615\n";
        assertEquals(2_870_000_000L, ChildProcess.childrenCpuNanos(stat + "100\n"));
    }
}
