package io.statlens.parse;

import io.statlens.model.ParseWarning;
import io.statlens.parse.builtin.iostat.IostatParser;
import io.statlens.parse.builtin.mpstat.MpstatParser;
import io.statlens.parse.builtin.sar.SarParser;
import io.statlens.parse.builtin.sysbench.SysbenchParser;
import io.statlens.parse.builtin.vmstat.VmstatParser;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12, items 1, 4 and 5 on real and reconstructed fixtures: averages in other locales, lines a terminal or a
 * page wrapped, and notes a person wrote after the values. Each wrapped fixture must give exactly what its
 * unwrapped original gives.
 */
class TranscriptFixturesTest {
    private static final double EPS = 1e-9;

    private static CollectingSink parse(Parser parser, String path) {
        return ParserFixtures.parse(parser, path);
    }

    /** A capture kept outside the corpus ({@code captures/<path>}, provenance in its folder's PROVENANCE.txt). */
    private static String capture(String path) {
        try (InputStream in = TranscriptFixturesTest.class.getResourceAsStream("/captures/" + path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static double summary(CollectingSink sink, String dataset, String key, String name) {
        return sink.summaries().stream().filter(s -> s.dataset().equals(dataset) && s.key().equals(key) && s.name().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no summary " + dataset + " " + key + " " + name)).value();
    }

    @Test
    void mpstatAveragesOfGermanFrenchAndTraditionalChineseSysstat() {
        CollectingSink de = parse(new MpstatParser(), "mpstat/capture-de_DE-sysstat12.6-mpstat-P-ALL.txt");
        assertEquals(83.17, summary(de, "mpstat", "all", "%usr"), EPS);
        assertEquals(2.01, summary(de, "mpstat", "1", "%idle"), EPS);
        CollectingSink fr = parse(new MpstatParser(), "mpstat/capture-fr_FR-sysstat12.6-mpstat-P-ALL.txt");
        assertEquals(95.77, summary(fr, "mpstat", "all", "%usr"), EPS);
        assertEquals(4.48, summary(fr, "mpstat", "0", "%sys"), EPS);
        CollectingSink zh = parse(new MpstatParser(), "mpstat/capture-zh_TW-sysstat12.6-mpstat-P-ALL.txt");
        assertEquals(81.80, summary(zh, "mpstat", "all", "%usr"), EPS);
        assertEquals(0.50, summary(zh, "mpstat", "1", "%idle"), EPS);
        for (CollectingSink sink : List.of(de, fr, zh)) {
            assertEquals(30, sink.summaries().size());
            assertEquals(List.of(), sink.warnings());
            assertEquals(6, sink.rows("mpstat").size());
            assertTrue(sink.rows("mpstat").stream().noneMatch(r -> r.row().sinceBoot()), "the averages show an interval run");
        }
    }

    @Test
    void sarAveragesOfFrenchAndIndonesianSysstat() {
        for (String file : List.of("sar/capture-fr_FR-sysstat12.6-sar-u.txt", "sar/capture-id_ID-sysstat12.6-sar-u.txt")) {
            CollectingSink sink = parse(new SarParser(), file);
            assertEquals(55.74, summary(sink, "sar.cpu", "all", "%user"), EPS, file);
            assertEquals(38.68, summary(sink, "sar.cpu", "all", "%idle"), EPS, file);
            assertEquals(List.of(), sink.warnings(), file);
        }
    }

    @Test
    void terminalWrappedCapturesGiveWhatTheirOriginalsGive() {
        CollectingSink mpstat = parse(new MpstatParser(), "mpstat/capture-C-sysstat12.6-mpstat-P-ALL-fold80.txt");
        assertEquals(6, mpstat.rows("mpstat").size());
        assertEquals(4.08, mpstat.rows("mpstat").get(0).get("%idle"), EPS, "%idle was cut onto the next line");
        assertEquals(93.42, summary(mpstat, "mpstat", "all", "%usr"), EPS);
        assertEquals(List.of(), mpstat.warnings());
        assertEquals(List.of(new ParseWarning(3, "12 lines wrapped by a terminal or a page were rejoined with their rest"
                + " (first at line 3)")), mpstat.notices());

        CollectingSink sar = parse(new SarParser(), "sar/capture-C-sysstat12.6-sar-u-fold72.txt");
        assertEquals(List.of(96.0, 13.78, 5.10), sar.rows("sar.cpu").stream().map(r -> r.get("%idle")).toList());
        assertEquals(38.68, summary(sar, "sar.cpu", "all", "%idle"), EPS);
        assertEquals(List.of(), sar.warnings());

        CollectingSink iostat = parse(new IostatParser(), "iostat/capture-C-sysstat12.6-iostat-tk-fold80.txt");
        SpecRow vda = iostat.rows("iostat", "vda").get(0);
        assertEquals(1301116, vda.get("kB_wrtn"), EPS, "'1301' + '116': cut inside the number");
        assertEquals(189456, vda.get("kB_dscd"), EPS);
        assertEquals(Instant.parse("2026-11-25T18:00:16Z"), vda.row().time());
        assertEquals(List.of(), iostat.warnings());

        CollectingSink vmstat = ParserFixtures.parseText(new VmstatParser(), capture("wrapped/procps4.0.2-vmstat-wt-fold80.txt"),
                ParseContext.simple("procps4.0.2-vmstat-wt-fold80.txt"));
        List<SpecRow> rows = vmstat.rows("vmstat");
        assertEquals(2, rows.size());
        assertEquals(1623, rows.get(0).get("bo"), EPS, "'1' + '623'");
        assertEquals(46304, rows.get(1).get("bo"), EPS, "'46' + '304'");
        assertEquals(99, rows.get(1).get("id"), EPS);
        assertEquals(Instant.parse("2026-11-25T18:00:15Z"), rows.get(1).row().time(), "the -t time stamp was cut off too");
        assertTrue(rows.get(0).row().sinceBoot());
        assertEquals(List.of(), vmstat.warnings());
    }

    @Test
    void aSysbenchReportAPageWrappedAfterErIsRejoined() {
        CollectingSink sink = parse(new SysbenchParser(), "sysbench/meeeejin-1.0.16-oltp_insert-wrapped.txt");
        List<SpecRow> rows = sink.rows("sysbench");
        assertEquals(2, rows.size());
        assertEquals(3112.24, rows.get(0).get("tps"), EPS);
        assertEquals(9.22, rows.get(0).get("lat (ms,95%)"), EPS);
        assertEquals(0.0, rows.get(0).get("err/s"), EPS);
        assertEquals(0.0, rows.get(1).get("reconn/s"), EPS);
        assertEquals(List.of(), sink.warnings());
        assertTrue(sink.notices().contains(new ParseWarning(19, "2 lines wrapped by a terminal or a page were rejoined with"
                + " their rest (first at line 19)")), sink.notices().toString());
        // the command, continued over five lines with backslashes, is read whole
        assertEquals("oltp_insert", sink.fact("sysbench.test").orElseThrow());
        assertEquals("16", sink.fact("sysbench.threads").orElseThrow());
        assertEquals("rocksdb", sink.fact("sysbench.mysql_storage_engine").orElseThrow());
    }

    @Test
    void notesWrittenAfterSysbenchValuesAreLeftOutWithOneNotice() {
        CollectingSink sink = parse(new SysbenchParser(), "sysbench/judasn-1.0-oltp_rw-15thr-annotated.txt");
        assertEquals(162.82, sink.summary("latency_max_ms").orElseThrow(), EPS);
        assertEquals(7.19, sink.summary("latency_min_ms").orElseThrow(), EPS);
        assertEquals(41229, sink.summary("transactions").orElseThrow(), EPS);
        assertEquals(343.51, sink.summary("tps").orElseThrow(), EPS);
        assertEquals(577836, sink.summary("queries_read").orElseThrow(), EPS);
        assertEquals(120.0214, sink.summary("total_time_s").orElseThrow(), EPS);
        assertEquals(41229, sink.summary("events").orElseThrow(), EPS);
        assertEquals(132.71, sink.summary("fairness_events_stddev").orElseThrow(), EPS);
        assertEquals(1799860.45, sink.summary("latency_sum_ms").orElseThrow(), EPS, "the one line without a note");
        assertEquals(12, sink.rows("sysbench").size());
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of(new ParseWarning(25, "text appended to 16 lines was ignored (first at line 25): '--读总数'")),
                sink.notices().stream().filter(n -> n.line() > 0).toList());
    }
}
