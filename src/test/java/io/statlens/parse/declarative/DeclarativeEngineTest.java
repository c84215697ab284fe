package io.statlens.parse.declarative;

import io.statlens.model.Metric;
import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's general features, on made-up tools. */
class DeclarativeEngineTest {
    private static final ParseContext CONTEXT = ParseContext.simple("t.txt");

    private static CollectingSink run(String definition, String input, ParseContext context) {
        Parser parser = ShippedDefinitions.fromText(definition);
        return ParserFixtures.parseText(parser, input, context);
    }

    @Test
    void epochTimeColumnAndTextColumns() {
        CollectingSink sink = run("""
                tool = jobs
                detect = 0.9 ^ts\\s+job
                header = ^ts\\s+job
                key = job
                time = ts epoch
                text.columns = state
                """, """
                ts          job   state    cpu   rss
                1709546400.5  a   running  12.5  100
                1709546400.5  b   waiting   0.0    -
                1709546401  a   running  13.0  101
                """, CONTEXT);
        assertEquals(List.of("cpu", "rss"), sink.spec("jobs").metrics().stream().map(Metric::label).toList());
        List<SpecRow> rows = sink.rows("jobs");
        assertEquals(Instant.ofEpochSecond(1709546400, 500_000_000), rows.get(0).row().time());
        assertEquals(List.of(0L, 0L, 0L), rows.stream().map(r -> r.row().sample()).toList(), "one header, one report");
        assertTrue(Double.isNaN(rows.get(1).get("rss")));
        assertEquals("epoch seconds in column 'ts'", sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void timeLinesStartReportsAndDateATimeOfDayColumn() {
        String definition = """
                tool = probe
                detect = 0.9 ^when\\s+disk
                time.lines = ^(?:==\\s*)?(\\w{3} \\w{3} .*\\d{4})
                header = ^when\\s+disk
                key = disk
                time = when HH:mm:ss
                report.start = time.line
                """;
        CollectingSink sink = run(definition, """
                == Sun Nov 17 23:59:58 EST 2013
                when      disk  busy
                23:59:58  sda   10
                23:59:58  sdb   20
                == Mon Nov 18 00:00:03 EST 2013
                00:00:03  sda   30
                00:00:03  sdb   40
                """, ParserFixtures.context("t.txt", TimeOptions.DEFAULT.withZone(ZoneId.of("America/New_York"))));
        List<SpecRow> rows = sink.rows("probe");
        assertEquals(List.of(0L, 0L, 1L, 1L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(Instant.parse("2013-11-18T04:59:58Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2013-11-18T05:00:03Z"), rows.get(3).row().time());
        assertEquals(new Metric("busy", "", ""), sink.spec("probe").metrics().get(0));
        assertEquals("time of day in column 'when' on the date of the preceding date(1) or epoch line, zone America/New_York",
                sink.fact("time.source").orElseThrow());
        assertEquals(List.of(), sink.warnings(), "no fallback date was needed");
    }

    @Test
    void reportsWithoutTheirOwnTimeLineFollowTheLastOneByTheInterval() {
        CollectingSink sink = run("""
                tool = probe
                detect = 0.9 ^disk\\s+busy
                time.lines = ^\\d{10}$
                interval.default = 30
                header = ^disk\\s+busy
                key = disk
                """, """
                1700000000
                disk busy
                sda  1
                disk busy
                sda  2
                1700000100
                disk busy
                sda  3
                """, CONTEXT);
        List<SpecRow> rows = sink.rows("probe");
        assertEquals(List.of(Instant.ofEpochSecond(1700000000), Instant.ofEpochSecond(1700000030),
                Instant.ofEpochSecond(1700000100)), rows.stream().map(r -> r.row().time()).toList());
        assertEquals(List.of(0L, 1L, 2L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals("date(1) or epoch lines before the reports (reports without one follow at 30 s steps)",
                sink.fact("time.source").orElseThrow());
    }

    @Test
    void reportStartRowMakesEachRowOfAnUnkeyedTableASampleAcrossRepeatedHeaders() {
        CollectingSink sink = run("""
                tool = probe
                detect = 0.9 ^free\\s+busy
                header = ^free\\s+busy
                since.boot = true
                report.start = row
                """, """
                free busy
                10  1
                11  2
                free busy
                12  3
                """, ParserFixtures.context("t.txt", TimeOptions.DEFAULT.withStart(Instant.EPOCH).withInterval(Duration.ofSeconds(5))));
        List<SpecRow> rows = sink.rows("probe");
        assertEquals(List.of(0L, 1L, 2L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(List.of(Instant.EPOCH, Instant.ofEpochSecond(5), Instant.ofEpochSecond(10)),
                rows.stream().map(r -> r.row().time()).toList());
        assertEquals(List.of(true, false, false), rows.stream().map(r -> r.row().sinceBoot()).toList());
        assertEquals(12.0, rows.get(2).get("free"));
    }

    @Test
    void noiseIsSkippedAndEverythingElseIsWarnedWithItsLine() {
        CollectingSink sink = run("""
                tool = probe
                detect = 0.9 ^disk\\s+busy
                skip = ^-{3,}$
                fact.host = ^host: (\\S+)
                fact.os = ^host: \\S+ os: (\\S+)
                header = ^disk\\s+busy
                key = disk
                interval.default = 2
                """, """
                stray words before any header
                ```console
                [admin@db01 ~]$ probe -i 2
                probe -i 2
                host: db01 os: linux
                \u001B[1mdisk busy\u001B[0m
                ---
                sda  1
                sda  1 2
                ...
                sdb  x
                ^C
                ```
                """, CONTEXT);
        assertEquals("db01", sink.fact("host").orElseThrow());
        assertEquals("linux", sink.fact("os").orElseThrow());
        assertEquals(2, sink.rows("probe").size());
        assertEquals(List.of(
                        new ParseWarning(1, "expected a probe header before data rows; line not recognised"),
                        new ParseWarning(9, "expected 2 columns as in the header at line 6, found 3"),
                        new ParseWarning(11, "expected a number in column 'busy', found 'x' (stored as no value)")),
                sink.warnings());
        assertEquals(List.of(
                        new ParseWarning(0, "the output has no time stamps; times start at test default (1970-01-01T00:00:00Z);"
                                + " give --start to set it"),
                        new ParseWarning(0, "the output does not say its interval; assuming 2 s; give --interval to set it")),
                sink.notices());
    }

    @Test
    void headersAreMappedByNameWithRepeatsAndMissingKeysWarned() {
        String definition = """
                tool = probe
                detect = 0.9 ^dev\\s
                header = ^(?:dev|name)\\s+r/s
                key = dev
                """;
        CollectingSink sink = run(definition, """
                dev  r/s  w/s  r/s
                sda  1    2    3
                name r/s  new/s
                x    4    5
                dev  r/s  w/s  r/s
                sdb  1    2
                """, ParserFixtures.context("t.txt", TimeOptions.DEFAULT.withStart(Instant.EPOCH).withInterval(Duration.ofSeconds(1))));
        assertEquals(List.of("r/s", "w/s", "r/s_2"), sink.spec("probe").metrics().stream().map(Metric::label).toList(),
                "the latest spec");
        List<SpecRow> rows = sink.rows("probe");
        assertEquals(List.of("r/s", "w/s", "r/s_2"), rows.get(0).spec().metrics().stream().map(Metric::label).toList());
        assertEquals(3.0, rows.get(0).get("r/s_2"));
        assertEquals("", rows.get(1).row().key());
        assertEquals(List.of("name", "r/s", "new/s"), rows.get(1).spec().metrics().stream().map(Metric::label).toList(),
                "a header without the key keeps every column as a metric");
        assertEquals(5.0, rows.get(1).get("new/s"));
        assertEquals(1, rows.get(1).row().sample(), "every header starts a report");
        assertEquals(List.of(new ParseWarning(1, "the header repeats the column 'r/s'; storing the repeat as 'r/s_2'"),
                new ParseWarning(3, "expected the key column 'dev' in this header; its rows are stored without a key"),
                new ParseWarning(4, "expected a number in column 'name', found 'x' (stored as no value)"),
                new ParseWarning(6, "expected 4 columns as in the header at line 5, found 3")), sink.warnings(),
                "a repeated header is not warned again");
    }

    @Test
    void aFileWithoutAnyRecordSaysSoAndStillStatesItsTimeSource() {
        CollectingSink sink = run("""
                tool = probe
                detect = 0.9 ^disk\\s+busy
                header = ^disk\\s+busy
                """, "$ probe\nprobe: command not found\n", CONTEXT);
        assertEquals(List.of(new ParseWarning(2, "expected a probe header before data rows; line not recognised"),
                new ParseWarning(0, "no probe data found: no line matched a header or record of test.parser")), sink.warnings());
        assertEquals("none: the file has no time-series rows", sink.fact("time.source").orElseThrow());
        assertTrue(sink.datasets().isEmpty());
    }

    @Test
    void unreadableHeaderTimesAndTimeLinesAreWarned() {
        CollectingSink sink = run("""
                tool = probe
                detect = 0.9 busy
                time.lines = ^at (.*)$
                header = ^(?<time>\\S+)\\s+busy$
                columns.leading = disk
                key = disk
                time = header HH:mm:ss
                """, """
                at yesterday
                25:00:00 busy
                sda 1
                """, ParserFixtures.context("t.txt", TimeOptions.DEFAULT.withStart(Instant.parse("2024-01-01T00:00:00Z"))));
        assertEquals(List.of(new ParseWarning(1, "expected a date(1) line such as 'Sun Nov 17 17:01:05 EST 2013'"
                        + " or epoch seconds, found 'yesterday'"),
                new ParseWarning(2, "expected a time (HH:mm:ss) printed in the header, found '25:00:00'")),
                sink.warnings());
        assertEquals(List.of(new ParseWarning(0, "the output does not say its interval; assuming 1 s; give --interval to set it")),
                sink.notices());
        assertEquals(Instant.parse("2024-01-01T00:00:00Z"), sink.rows("probe").get(0).row().time(),
                "falls back to the sample clock");
    }
}
