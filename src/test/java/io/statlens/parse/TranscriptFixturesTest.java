package io.statlens.parse;

import io.statlens.model.ParseWarning;
import io.statlens.parse.builtin.dbt2.Dbt2Parser;
import io.statlens.parse.builtin.iostat.IostatParser;
import io.statlens.parse.builtin.mpstat.MpstatParser;
import io.statlens.parse.builtin.sar.SarParser;
import io.statlens.parse.builtin.sysbench.SysbenchParser;
import io.statlens.parse.builtin.tpcc.TpccParser;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

    /** Parses a capture kept outside the corpus. */
    private static CollectingSink parseCapture(Parser parser, String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        return ParserFixtures.parseText(parser, capture(path), ParseContext.simple(name));
    }

    /**
     * The annotated file reads exactly as its original: the same data sets, rows (times, keys, values), summary
     * values, facts and warnings; its notices are the original's and one more, which is returned.
     */
    private static ParseWarning readsAsOriginal(CollectingSink original, CollectingSink annotated) {
        assertEquals(original.variant(), annotated.variant());
        assertEquals(original.datasets(), annotated.datasets());
        for (String dataset : original.datasets().keySet()) {
            List<SpecRow> want = original.rows(dataset);
            List<SpecRow> got = annotated.rows(dataset);
            assertEquals(want.size(), got.size(), dataset);
            for (int i = 0; i < want.size(); i++) {
                assertEquals(want.get(i).row().time(), got.get(i).row().time(), dataset + " row " + i);
                assertEquals(want.get(i).row().key(), got.get(i).row().key(), dataset + " row " + i);
                assertEquals(want.get(i).row().sinceBoot(), got.get(i).row().sinceBoot(), dataset + " row " + i);
                assertArrayEquals(want.get(i).row().values(), got.get(i).row().values(), dataset + " row " + i);
            }
        }
        assertEquals(original.summaries(), annotated.summaries());
        assertEquals(original.facts(), annotated.facts());
        assertEquals(original.warnings(), annotated.warnings());
        List<ParseWarning> extra = new ArrayList<>(annotated.notices());
        original.notices().forEach(extra::remove);
        assertEquals(1, extra.size(), "one notice for all the notes: " + annotated.notices());
        assertEquals(original.notices().size() + 1, annotated.notices().size());
        return extra.get(0);
    }

    @Test
    void notesWrittenAfterSysstatRowsAndAveragesAreLeftOutWithOneNotice() {
        CollectingSink mpstat = parseCapture(new MpstatParser(), "annotated/C-mpstat-P-ALL-notes.txt");
        assertEquals(new ParseWarning(4, "text appended to 3 lines was ignored (first at line 4): '<-- 峰值'"),
                readsAsOriginal(parseCapture(new MpstatParser(), "sysstat-12.6.1/C/mpstat-P-ALL.txt"), mpstat));
        assertEquals(4.08, mpstat.rows("mpstat", "all").get(0).get("%idle"), EPS);
        assertEquals(2.02, mpstat.rows("mpstat", "0").get(1).get("%idle"), EPS, "a note in Chinese after two blanks, no marker");
        assertEquals(3.02, summary(mpstat, "mpstat", "1", "%idle"), EPS);

        CollectingSink sar = parseCapture(new SarParser(), "annotated/C-sar-u-notes.txt");
        assertEquals(new ParseWarning(5, "text appended to 2 lines was ignored (first at line 5): '// warm-up over'"),
                readsAsOriginal(parseCapture(new SarParser(), "sysstat-12.6.1/C/sar-u.txt"), sar));
        assertEquals(13.78, sar.rows("sar.cpu").get(1).get("%idle"), EPS);
        assertEquals(38.68, summary(sar, "sar.cpu", "all", "%idle"), EPS);

        CollectingSink iostat = parseCapture(new IostatParser(), "annotated/C-iostat-x-notes.txt");
        assertEquals(new ParseWarning(4, "text appended to 3 lines was ignored (first at line 4): '← since boot'"),
                readsAsOriginal(parseCapture(new IostatParser(), "annotated/C-iostat-x.txt"), iostat));
        assertEquals(59.80, iostat.rows("iostat.cpu").get(0).get("%idle"), EPS);
        assertEquals(1.27, iostat.rows("iostat", "vda").get(0).get("%util"), EPS);
        assertEquals(0.00, iostat.rows("iostat", "vda").get(1).get("%util"), EPS);

        CollectingSink vmstat = parseCapture(new VmstatParser(), "annotated/C-vmstat-notes.txt");
        assertEquals(new ParseWarning(3, "text appended to 2 lines was ignored (first at line 3): '<-- since boot, ignore'"),
                readsAsOriginal(parseCapture(new VmstatParser(), "annotated/C-vmstat.txt"), vmstat));
        assertEquals(List.of(0.0, 0.0, 0.0), vmstat.rows("vmstat").stream().map(r -> r.get("st")).toList());
        assertEquals(3217, vmstat.rows("vmstat").get(1).get("cs"), EPS);
    }

    @Test
    void notesWrittenAfterTpccAndDbt2ResultsAreLeftOutWithOneNotice() {
        CollectingSink tpcc = parseCapture(new TpccParser(), "annotated/meeeejin-2021-tpcc_start-notes.txt");
        assertEquals(new ParseWarning(24, "text appended to 6 lines was ignored (first at line 24): '--预热'"),
                readsAsOriginal(parse(new TpccParser(), "tpcc-mysql/meeeejin-2021-tpcc_start-2000wh-unwrapped.txt"), tpcc));
        assertEquals(3634.3, tpcc.summary("tpmC").orElseThrow(), EPS, "the TpmC line with a note");
        assertEquals(43.42, tpcc.summary("payment_mix_pct").orElseThrow(), EPS);
        assertEquals(0.0, tpcc.summary("payment_on_time_pct").orElseThrow(), EPS);
        assertEquals("NG", tpcc.fact("tpcc.check.response_time.payment").orElseThrow());
        assertEquals(493, tpcc.rows("tpcc").get(0).get("trx"), EPS, "the first interval line, with a note");
        assertEquals(Instant.EPOCH.plusSeconds(10), tpcc.rows("tpcc").get(0).row().time(),
                "MEASURING START with a note still places the first line one interval after it");

        CollectingSink dbt2 = parseCapture(new Dbt2Parser(), "annotated/osdldbt-test-summary-notes.txt");
        assertEquals(new ParseWarning(7, "text appended to 2 lines was ignored (first at line 7): '<-- 新订单'"),
                readsAsOriginal(parse(new Dbt2Parser(), "dbt2/osdldbt-test-summary-expected.txt"), dbt2));
        assertEquals(0.30, dbt2.summary("notpm").orElseThrow(), EPS, "the NOTPM line with a note");
        assertEquals(33.33, dbt2.summary("new_order_rollback_pct").orElseThrow(), EPS);
    }
}
