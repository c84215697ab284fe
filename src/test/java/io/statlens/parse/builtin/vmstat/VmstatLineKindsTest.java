package io.statlens.parse.builtin.vmstat;

import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;
import io.statlens.parse.transcript.TranscriptLine.Kind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How vmstat sees the lines around its output, through the transcript kit. */
class VmstatLineKindsTest {
    private static Optional<VmstatCommand> find(String line) {
        TranscriptLine read = Transcript.line(line, VmstatCommand.SYNTAX);
        return read.is(Kind.COMMAND) ? Optional.of(VmstatCommand.of(read.command())) : Optional.empty();
    }

    private static Kind kind(String line) {
        return Transcript.line(line, VmstatCommand.SYNTAX).kind();
    }

    /** Nothing happened to the run: blank lines and decoration. */
    private static boolean quiet(String line) {
        Kind k = kind(line);
        return k == Kind.BLANK || k == Kind.DECORATION;
    }

    @Test
    void readsCommandLinesBehindAllKindsOfPrompts() {
        VmstatCommand c = find("$ vmstat -a -t 5 10").orElseThrow();
        assertEquals("-a -t 5 10", c.options());
        assertEquals(Duration.ofSeconds(5), c.interval());
        assertNull(c.memoryUnit());
        assertFalse(c.skipsSinceBoot());

        assertEquals(Duration.ofSeconds(1), find("$ $ vmstat 1").orElseThrow().interval());
        assertEquals(Duration.ofSeconds(1), find(" ╰─λ vmstat 1").orElseThrow().interval());
        VmstatCommand piped = find("[root@db01 ~]# /usr/bin/vmstat -w 2 | tee out").orElseThrow();
        assertEquals(Duration.ofSeconds(2), piped.interval());
        assertEquals("-w 2", piped.options());
        assertEquals("MiB", find("user@h:~$ vmstat -SM 1").orElseThrow().memoryUnit());
        assertEquals("kB", find("vmstat -S k 1").orElseThrow().memoryUnit());
        assertEquals(Duration.ofSeconds(1), find("vmstat -S k 1").orElseThrow().interval());
        assertEquals(Duration.ofSeconds(3), find("$ vmstat -T u 3").orElseThrow().interval());
        VmstatCommand solarisSwapping = find("$ vmstat -S 5").orElseThrow();
        assertEquals(Duration.ofSeconds(5), solarisSwapping.interval());
        assertNull(solarisSwapping.memoryUnit());
        assertTrue(find("$ vmstat --no-first 1").orElseThrow().skipsSinceBoot());
        assertNull(find("$ vmstat -d").orElseThrow().interval());

        assertTrue(find("procs -----------memory----------").isEmpty());
        assertTrue(find("see vmstat: it prints").isEmpty());
        assertTrue(find("$ myvmstat 1").isEmpty());
    }

    @Test
    void tellsQuietNoiseFromTheEndOfARun() {
        assertTrue(quiet("   "));
        assertTrue(quiet(" ```"));
        assertTrue(quiet("```text"));
        assertTrue(quiet("..."));
        assertTrue(quiet("[...]"));
        assertEquals(Kind.SHELL, kind("^C"));
        assertEquals(Kind.SHELL, kind(" 13:58:03 up 18 days, 19:44,  9 users,  load average: 4.06"));
        assertEquals(Kind.SHELL, kind(" ╭─alex@smith in ~ as 🧙 took 2m29s"));
        assertEquals(Kind.SHELL, kind("$ uptime"));
        assertEquals(Kind.SHELL, kind("root@db01:~#"));
        assertEquals(Kind.TEXT, kind("the load starts here"));
    }
}
