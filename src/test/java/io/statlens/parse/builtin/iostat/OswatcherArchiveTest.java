package io.statlens.parse.builtin.iostat;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OSWatcher archives of old sysstat: {@code zzz ***<date(1)>} before each snapshot, a banner with a two-digit year,
 * and with {@code -t} a {@code Time: 11:01:52} line before each report. The times come from those lines, never from
 * the file's time.
 */
class OswatcherArchiveTest {
    private final IostatParser parser = new IostatParser();

    @Test
    void timeLinesOnTheDayAndZoneOfTheZzzLine() {
        CollectingSink sink = ParserFixtures.parse(parser, "iostat/oswatcher-sysstat7-iostat-xt-dbhost1_12.02.29.1100.dat",
                io.statlens.parse.Golden.context("osw.dat", "mtime=2012-02-29T17:00:00Z"));
        List<SpecRow> sdb = sink.rows("iostat", "sdb");
        assertEquals(6, sdb.size());
        assertEquals(Instant.parse("2012-02-29T16:01:52Z"), sdb.get(0).row().time(), "Time: 11:01:52 on Wed Feb 29 EST 2012");
        assertEquals(Instant.parse("2012-02-29T16:01:54Z"), sdb.get(2).row().time());
        assertEquals(Instant.parse("2012-02-29T16:02:22Z"), sdb.get(3).row().time(), "the second snapshot's zzz line");
        assertTrue(sdb.get(0).row().sinceBoot());
        assertTrue(sdb.get(3).row().sinceBoot(), "every snapshot is a new iostat run");
        assertFalse(sdb.get(4).row().sinceBoot());
        assertEquals(List.of(), sink.warnings());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("Time: line before each report"));
    }

    @Test
    void withoutTimeLinesTheZzzLineStampsTheSnapshotsFirstReport() {
        String text = """
                zzz ***Wed Feb 29 23:59:58 EST 2012
                Linux 2.6.18-194.el5 (dbhost1) \t02/29/12

                avg-cpu:  %user   %nice %system %iowait  %steal   %idle
                           1.00    0.00    1.00    0.00    0.00   98.00

                avg-cpu:  %user   %nice %system %iowait  %steal   %idle
                           2.00    0.00    1.00    0.00    0.00   97.00

                avg-cpu:  %user   %nice %system %iowait  %steal   %idle
                           3.00    0.00    1.00    0.00    0.00   96.00

                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("osw.dat").set(
                io.statlens.parse.spi.TimeOptions.class, io.statlens.parse.spi.TimeOptions.DEFAULT.withInterval(java.time.Duration.ofSeconds(1))));
        List<SpecRow> cpu = sink.rows("iostat.cpu");
        assertEquals(Instant.parse("2012-03-01T04:59:58Z"), cpu.get(0).row().time());
        assertEquals(Instant.parse("2012-03-01T05:00:00Z"), cpu.get(2).row().time(), "one interval after the stamped report");
    }

    @Test
    void translatedTimeLinesAndTheBannersDate() {
        String text = """
                Linux 2.6.9-89.ELsmp (alt) \t29.02.12

                Zeit: 23:59:59
                avg-cpu:  %user   %nice    %sys %iowait   %idle
                           1,00    0,00    1,00    0,00   98,00

                Zeit: 00:00:04
                avg-cpu:  %user   %nice    %sys %iowait   %idle
                           2,00    0,00    1,00    0,00   97,00
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("alt.txt"));
        List<SpecRow> cpu = sink.rows("iostat.cpu");
        assertEquals(Instant.parse("2012-02-29T23:59:59Z"), cpu.get(0).row().time());
        assertEquals(Instant.parse("2012-03-01T00:00:04Z"), cpu.get(1).row().time(), "rolls over midnight");
        assertEquals(List.of(), sink.warnings());
    }
}
