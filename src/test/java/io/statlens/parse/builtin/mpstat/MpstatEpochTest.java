package io.statlens.parse.builtin.mpstat;

import io.statlens.model.SummaryValue;
import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code mpstat -U} (sysstat 12.7.8 or later): the time column holds seconds since the epoch, as {@code pidstat -H}'s
 * does. mpstat.c's write_stats prints {@code mktime()} of each sample's local time with {@code "%ld"} where the time of
 * day would be, in the header (the previous sample's) and the rows (the current one's), and in {@code -o JSON}'s
 * {@code "timestamp"}; the {@code Average:} label stays.
 */
class MpstatEpochTest {
    private final MpstatParser parser = new MpstatParser();

    @Test
    void epochSecondsInTheTimeColumnPlaceEachRow() {
        // sysstat's tests/expected.mpstat-U: LC_ALL=C TZ=GMT ./mpstat -U 1 2 (tests/03090)
        CollectingSink sink = ParserFixtures.parse(parser, "mpstat/sysstat-fixture-mpstat-U-1-2.txt");
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(2, rows.size());
        assertEquals(Instant.ofEpochSecond(1591016001), rows.get(0).row().time());
        assertEquals(Instant.ofEpochSecond(1591016002), rows.get(1).row().time());
        assertEquals(12.50, rows.get(0).get("%nice"));
        assertEquals(95.31, rows.get(1).get("%idle"));
        assertFalse(rows.get(0).row().sinceBoot(), "the header's time is the sample before: an interval run");
        SummaryValue idle = sink.summaries().stream().filter(v -> v.name().equals("%idle")).findFirst().orElseThrow();
        assertEquals(88.22, idle.value());
        assertTrue(sink.fact("time.source").orElseThrow().contains("epoch"), sink.fact("time.source").orElseThrow());
    }

    @Test
    void epochRowsAreMpstatsWithoutTheBannerToo() {
        String header = "1591016000   CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle";
        String row = "1591016001   all    2.15   12.50    1.84    0.12    0.34    0.19    0.00    0.00    0.00   82.88";
        ParserCatalog registry = ParserCatalog.load(Path.of("no-user-parsers"));
        assertEquals(MpstatParser.class, new AutoDetectParser(registry).detect(new Head("x.txt", List.of(header, row)))
                .parser().orElseThrow().getClass());
        CollectingSink sink = ParserFixtures.parseText(parser, header + "\n" + row + "\n", ParseContext.simple("u.txt"));
        assertEquals(List.of(), sink.warnings());
        assertEquals(Instant.ofEpochSecond(1591016001), sink.rows("mpstat").get(0).row().time());
    }

    @Test
    void aReportSinceBootPrintsTheSameSecondsInItsHeaderAndRows() {
        // mpstat -U without an interval: mp_tstamp[1] = mp_tstamp[0], so the header and the rows print one time
        String text = """
                Linux 1.2.3-TEST (SYSSTAT.TEST) \t06/01/20 \t_x86_64_\t(9 CPU)

                1591016000   CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle
                1591016000   all    2.15   12.50    1.84    0.12    0.34    0.19    0.00    0.00    0.00   82.88
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("boot.txt"));
        assertEquals(List.of(), sink.warnings());
        assertTrue(sink.rows("mpstat").get(0).row().sinceBoot());
    }

    @Test
    void jsonTimestampsInEpochSecondsAreRead() {
        // mpstat -P ALL -U 1 2 -o JSON (sysstat's tests/00360 checks such a document is valid JSON): the "timestamp" of
        // each sample holds what the text form prints in its time column
        String json = """
                {"sysstat": {
                	"hosts": [
                		{
                			"nodename": "SYSSTAT.TEST",
                			"sysname": "Linux",
                			"release": "1.2.3-TEST",
                			"machine": "x86_64",
                			"number-of-cpus": 9,
                			"date": "06/01/20",
                			"statistics": [
                				{
                					"timestamp": "1591016001",
                					"cpu-load": [
                						{"cpu": "all", "usr": 2.15, "nice": 12.50, "sys": 1.84, "iowait": 0.12, "irq": 0.34, "soft": 0.19, "steal": 0.00, "guest": 0.00, "gnice": 0.00, "idle": 82.88}
                					]
                				},
                				{
                					"timestamp": "1591016002",
                					"cpu-load": [
                						{"cpu": "all", "usr": 2.28, "nice": 0.00, "sys": 1.55, "iowait": 0.48, "irq": 0.19, "soft": 0.19, "steal": 0.00, "guest": 0.00, "gnice": 0.00, "idle": 95.31}
                					]
                				}
                			]
                		}
                	]
                }}
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, json, ParseContext.simple("u.json"));
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> rows = sink.rows("mpstat");
        assertEquals(Instant.ofEpochSecond(1591016001), rows.get(0).row().time());
        assertEquals(Instant.ofEpochSecond(1591016002), rows.get(1).row().time());
        assertEquals(95.31, rows.get(1).get("%idle"));
        assertTrue(sink.fact("time.source").orElseThrow().contains("epoch"), sink.fact("time.source").orElseThrow());
    }
}
