package io.statlens.parse.builtin.vmstat;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VmstatLineKindsTest {
    @Test
    void readsCommandLinesBehindAllKindsOfPrompts() {
        VmstatCommand c = VmstatCommand.find("$ vmstat -a -t 5 10").orElseThrow();
        assertEquals("-a -t 5 10", c.options());
        assertEquals(Duration.ofSeconds(5), c.interval());
        assertNull(c.memoryUnit());
        assertFalse(c.skipsSinceBoot());

        assertEquals(Duration.ofSeconds(1), VmstatCommand.find("$ $ vmstat 1").orElseThrow().interval());
        assertEquals(Duration.ofSeconds(1), VmstatCommand.find(" ╰─λ vmstat 1").orElseThrow().interval());
        VmstatCommand piped = VmstatCommand.find("[root@db01 ~]# /usr/bin/vmstat -w 2 | tee out").orElseThrow();
        assertEquals(Duration.ofSeconds(2), piped.interval());
        assertEquals("-w 2", piped.options());
        assertEquals("MiB", VmstatCommand.find("user@h:~$ vmstat -SM 1").orElseThrow().memoryUnit());
        assertEquals("kB", VmstatCommand.find("vmstat -S k 1").orElseThrow().memoryUnit());
        assertEquals(Duration.ofSeconds(1), VmstatCommand.find("vmstat -S k 1").orElseThrow().interval());
        assertEquals(Duration.ofSeconds(3), VmstatCommand.find("$ vmstat -T u 3").orElseThrow().interval());
        VmstatCommand solarisSwapping = VmstatCommand.find("$ vmstat -S 5").orElseThrow();
        assertEquals(Duration.ofSeconds(5), solarisSwapping.interval());
        assertNull(solarisSwapping.memoryUnit());
        assertTrue(VmstatCommand.find("$ vmstat --no-first 1").orElseThrow().skipsSinceBoot());
        assertNull(VmstatCommand.find("$ vmstat -d").orElseThrow().interval());

        assertTrue(VmstatCommand.find("procs -----------memory----------").isEmpty());
        assertTrue(VmstatCommand.find("see vmstat: it prints").isEmpty());
        assertTrue(VmstatCommand.find("$ myvmstat 1").isEmpty());
    }

    @Test
    void tellsQuietNoiseFromTheEndOfARun() {
        assertEquals(VmstatNoise.QUIET, VmstatNoise.classify("   "));
        assertEquals(VmstatNoise.QUIET, VmstatNoise.classify(" ```"));
        assertEquals(VmstatNoise.QUIET, VmstatNoise.classify("```text"));
        assertEquals(VmstatNoise.QUIET, VmstatNoise.classify("..."));
        assertEquals(VmstatNoise.QUIET, VmstatNoise.classify("[...]"));
        assertEquals(VmstatNoise.END_OF_RUN, VmstatNoise.classify("^C"));
        assertEquals(VmstatNoise.END_OF_RUN, VmstatNoise.classify(" 13:58:03 up 18 days, 19:44,  9 users,  load average: 4.06"));
        assertEquals(VmstatNoise.END_OF_RUN, VmstatNoise.classify(" ╭─alex@smith in ~ as 🧙 took 2m29s"));
        assertEquals(VmstatNoise.END_OF_RUN, VmstatNoise.classify("$ uptime"));
        assertEquals(VmstatNoise.END_OF_RUN, VmstatNoise.classify("root@db01:~#"));
        assertNull(VmstatNoise.classify("the load starts here"));
    }
}
