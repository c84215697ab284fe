package io.statlens.parse;

import io.statlens.parse.builtin.iostat.IostatParser;
import io.statlens.parse.builtin.mpstat.MpstatParser;
import io.statlens.parse.builtin.pidstat.PidstatParser;
import io.statlens.parse.builtin.sar.SarParser;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.text.SysstatBanner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sysstat banner whose date was cut away ({@code Linux 2.6.33-fukai (fukai-laptop) _i686_ (2 CPU)}, as a page's
 * edit left it in the codeprj iostat fixture): the four sysstat readers keep its host, kernel, architecture and CPU
 * count, say that it has no date, and place the times as they do without a banner.
 */
class DatelessSysstatBannerTest {
    private static final String BANNER = "Linux 2.6.33-fukai (fukai-laptop) _i686_ (2 CPU)\n\n";

    static Stream<Arguments> outputs() {
        return Stream.of(
                Arguments.of(new IostatParser(), "iostat.cpu", "%idle", 36.82, null, BANNER
                        + "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
                        + "           5.47    0.50    8.96   48.26    0.00   36.82\n"),
                Arguments.of(new SarParser(), "sar.cpu", "%idle", 98.40, "1970-01-01T10:10:01Z", BANNER
                        + "10:00:01 AM     CPU     %user     %nice   %system   %iowait    %steal     %idle\n"
                        + "10:10:01 AM     all      1.00      0.00      0.50      0.10      0.00     98.40\n"),
                Arguments.of(new MpstatParser(), "mpstat", "%idle", 97.00, "1970-01-01T10:00:02Z", BANNER
                        + "10:00:01 AM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
                        + "10:00:02 AM  all    2.00    0.00    1.00    0.00    0.00    0.00    0.00    0.00    0.00   97.00\n"),
                Arguments.of(new PidstatParser(), "pidstat.cpu", "%CPU", 1.50, "1970-01-01T10:00:02Z", BANNER
                        + "10:00:01 AM   UID       PID    %usr %system  %guest    %CPU   CPU  Command\n"
                        + "10:00:02 AM     0         1    1.00    0.50    0.00    1.50     0  systemd\n"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("outputs")
    void keepsTheHostFactsAndSaysTheDateIsMissing(Parser parser, String dataset, String metric, double value,
                                                   String time, String text) {
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("dateless.txt"));
        assertEquals("fukai-laptop", sink.fact("host").orElseThrow());
        assertEquals("2.6.33-fukai", sink.fact("os.kernel").orElseThrow());
        assertEquals("i686", sink.fact("os.arch").orElseThrow());
        assertEquals("2", sink.fact("cpus").orElseThrow());
        assertTrue(sink.fact("date").isEmpty(), "no date fact without a date");
        assertTrue(sink.notices().stream().anyMatch(n -> n.line() == 1 && n.message().contains("the banner has no date")),
                sink.notices().toString());
        assertTrue(sink.warnings().stream().noneMatch(w -> w.line() == 1), sink.warnings().toString());
        var row = sink.rows(dataset).getFirst();
        assertEquals(value, row.get(metric), 1e-9);
        if (time != null) assertEquals(Instant.parse(time), row.row().time());
    }

    @Test
    void aDatelessBannerNeedsAKernelReleaseAndAnArchitectureOrCpuCount() {
        var banner = SysstatBanner.parse("Linux 2.6.33-fukai (fukai-laptop) _i686_ (2 CPU)").orElseThrow();
        assertTrue(banner.date().isEmpty());
        assertEquals(2, banner.cpus());
        assertTrue(SysstatBanner.parse("Linux 2.6.18-194.el5 (db1.example)").isEmpty(), "nothing tells it from prose");
        assertTrue(SysstatBanner.parse("Linux is (mostly) free").isEmpty(), "prose: no kernel release");
        assertTrue(SysstatBanner.parse("Linux kernel (the core)").isEmpty(), "prose: no kernel release");
        assertFalse(SysstatBanner.parse("Linux 5.15.0 (db01) yesterday _x86_64_ (4 CPU)").isPresent(), "not a date");
    }
}
