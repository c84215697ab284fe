package io.statlens.parse;

import io.statlens.parse.spi.CaptureInterval;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The interval of real pt-stalk captures (src/test/resources/captures/pt-stalk), from their files alone. */
class PtStalkIntervalTest {
    private static final Path EVERY_2 = Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-sleep-collect-2");
    private static final Path EVERY_1 = Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-two-captures");

    private static List<PtStalkFile> capture(Path folder, String prefix, Predicate<PtStalkFile> kept) throws IOException {
        try (var files = Files.list(folder)) {
            return files.sorted().flatMap(f -> PtStalkFile.of(f).stream()).filter(f -> f.prefix().equals(prefix)).filter(kept).toList();
        }
    }

    @Test
    void uptimeStepsInTheMysqladminFileAreTheSleepCollect() throws IOException {
        CaptureInterval every2 = PtStalkInterval.of(capture(EVERY_2, "2026_12_02_19_56_56", f -> true)).orElseThrow();
        assertEquals(Duration.ofSeconds(2), every2.interval());
        assertEquals("pt-stalk's --sleep-collect, 2 s: the step of Uptime in 2026_12_02_19_56_56-mysqladmin", every2.source());
        assertEquals(Duration.ofSeconds(1), PtStalkInterval.of(capture(EVERY_1, "2026_12_02_04_58_16", f -> true)).orElseThrow().interval());
    }

    @Test
    void withoutMysqladminTheTsLoopsConfirmTheDefaultOrLeaveItUnknown() throws IOException {
        Predicate<PtStalkFile> noMysqladmin = f -> !f.suffix().equals("mysqladmin");
        // rounds 1.85 to 2.05 s apart: another --sleep-collect than 1 s, which no file states: unknown, the parsers say so
        assertEquals(Optional.empty(), PtStalkInterval.of(capture(EVERY_2, "2026_12_02_19_56_56", noMysqladmin)));
        // one round only (run-time 2): nothing contradicts the documented default
        assertEquals("pt-stalk's default --sleep-collect, 1 s (the capture has no loop that shows another)",
                PtStalkInterval.of(capture(EVERY_1, "2026_12_02_04_58_08", noMysqladmin)).orElseThrow().source());
    }
}
