package io.statlens.parse.builtin.tpcc;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpccParserTest {
    private final TpccParser parser = new TpccParser();

    private static final String WRAPPED = "tpcc-mysql/meeeejin-2019-tpcc_start-2000wh-wrapped.txt";
    private static final String UNWRAPPED = "tpcc-mysql/meeeejin-2021-tpcc_start-2000wh-unwrapped.txt";
    private static final String OPTIMIZED = "tpcc-mysql/advancedmysql-optimized-tpcc-1066021.txt";
    private static final String TAIL = "tpcc-mysql/judasn-aliyun-rds-2c4g-tail.txt";
    private static final String README = "tpcc-mysql/percona-readme-interval-lines.txt";

    @Test
    void wrappedIntervalLinesAreRejoined() {
        CollectingSink sink = ParserFixtures.parse(parser, WRAPPED);
        List<SpecRow> rows = sink.rows("tpcc");
        assertEquals(4, rows.size());
        SpecRow first = rows.get(0);
        assertEquals(493, first.get("trx"));
        assertEquals(764.362, first.get("95%"));
        assertEquals(1011.230, first.get("99%"));
        assertEquals(3165.036, first.get("max_rt"));
        assertEquals(460, first.get("payment"));
        assertEquals(7427.418, first.get("payment max_rt"));
        assertEquals(48, first.get("order_status"));
        assertEquals(51, first.get("delivery"));
        assertEquals(3922.317, first.get("delivery max_rt"));
        assertEquals(51, first.get("stock_level"));
        assertEquals(5881.677, first.get("stock_level max_rt"));
        // "49|5" + "178.482": the wrap fell inside a number that already looked complete
        assertEquals(5178.482, rows.get(1).get("stock_level max_rt"));
        assertEquals(5330.978, rows.get(3).get("stock_level max_rt"));
        assertEquals(Instant.EPOCH.plusSeconds(10), first.row().time());
        assertEquals(Instant.EPOCH.plusSeconds(40), rows.get(3).row().time());
        assertEquals(3, rows.get(3).row().sample());
        assertFalse(first.row().sinceBoot());
        assertEquals(List.of(), sink.warnings().stream().filter(w -> !w.message().contains("constraint")
                && w.line() > 0).toList());
    }

    @Test
    void wrappedAndUnwrappedCopiesOfTheSameRunAgree() {
        CollectingSink wrapped = ParserFixtures.parse(parser, WRAPPED);
        CollectingSink unwrapped = ParserFixtures.parse(parser, UNWRAPPED);
        List<SpecRow> a = wrapped.rows("tpcc");
        List<SpecRow> b = unwrapped.rows("tpcc");
        assertEquals(b.size(), a.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(java.util.Arrays.toString(b.get(i).row().values()), java.util.Arrays.toString(a.get(i).row().values()));
        }
        assertEquals(unwrapped.summaries(), wrapped.summaries());
    }

    @Test
    void parametersOptionsAndResultsOfAFullRun() {
        CollectingSink sink = ParserFixtures.parse(parser, UNWRAPPED);
        assertEquals("2000", sink.fact("tpcc.warehouses").orElseThrow());
        assertEquals("64", sink.fact("tpcc.connections").orElseThrow());
        assertEquals("1200", sink.fact("tpcc.rampup_s").orElseThrow());
        assertEquals("3600", sink.fact("tpcc.measure_s").orElseThrow());
        assertEquals("localhost", sink.fact("tpcc.server").orElseThrow());
        assertEquals("3306", sink.fact("tpcc.port").orElseThrow());
        assertEquals("tpcc2000", sink.fact("tpcc.dbname").orElseThrow());
        assertTrue(sink.fact("tpcc.pass").isEmpty());
        assertEquals("-h localhost -S /tmp/mysql.sock -d tpcc2000 -u root -p *** -w 2000 -c 64 -r 1200 -l 3600",
                sink.fact("options").orElseThrow());
        assertTrue(sink.facts().stream().noneMatch(f -> f.value().contains("vldb7988")));
        assertEquals("derived: first sample at test default (1970-01-01T00:00:00Z), interval printed by the tool, 10 s",
                sink.fact("time.source").orElseThrow());
        assertEquals("trx-intervals", sink.variant());

        assertEquals(3634.300, sink.summary("tpmC").orElseThrow());
        assertEquals(4, sink.summary("new_order_sc").orElseThrow());
        assertEquals(218054, sink.summary("new_order_lt").orElseThrow());
        assertEquals(576.5, sink.summary("new_order_avg_rt").orElseThrow());
        assertEquals(5, sink.summary("new_order_rt_limit").orElseThrow());
        assertEquals(80, sink.summary("delivery_rt_limit").orElseThrow());
        assertEquals(2724.4, sink.summary("stock_level_avg_rt").orElseThrow());
        assertEquals(218068, sink.summary("new_order_lt_sum").orElseThrow());
        assertEquals(21802, sink.summary("delivery_lt_sum").orElseThrow());
        assertEquals(3600, sink.summary("measured_s").orElseThrow());
        assertEquals(43.42, sink.summary("payment_mix_pct").orElseThrow());
        assertEquals(16.45, sink.summary("order_status_on_time_pct").orElseThrow());

        assertEquals("OK", sink.fact("tpcc.check.transaction_percentage.payment").orElseThrow());
        assertEquals("NG", sink.fact("tpcc.check.response_time.new_order").orElseThrow());
        List<ParseWarning> failed = sink.notices().stream().filter(w -> w.message().contains("constraint")).toList();
        assertEquals(5, failed.size());
        assertEquals(new ParseWarning(57, "TPC-C constraint check failed: New-Order 0.00% of transactions within the "
                + "response-time limit (needs at least 90%)"), failed.get(0));
        assertEquals(List.of(new ParseWarning(0, "the output has no time stamps; times start at test default "
                + "(1970-01-01T00:00:00Z); give --start to set it")),
                sink.notices().stream().filter(w -> !w.message().contains("constraint")).toList());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void outputWithoutBannerOrBlankLines() {
        CollectingSink sink = ParserFixtures.parse(parser, OPTIMIZED);
        List<SpecRow> rows = sink.rows("tpcc");
        assertEquals(6, rows.size());
        assertEquals(179372, rows.get(0).get("trx"));
        assertEquals(433.405, rows.get(1).get("payment max_rt"));
        assertEquals(171950, rows.get(5).get("trx"));
        assertEquals(13.781, rows.get(5).get("stock_level max_rt"));
        assertEquals(Instant.EPOCH.plusSeconds(60), rows.get(5).row().time());
        assertEquals("200", sink.fact("tpcc.warehouses").orElseThrow());
        assertEquals("0", sink.fact("tpcc.rampup_s").orElseThrow());
        assertEquals(1066021.000, sink.summary("tpmC").orElseThrow());
        assertEquals(584832, sink.summary("new_order_lt").orElseThrow());
        assertEquals(11.9, sink.summary("delivery_avg_rt").orElseThrow());
        assertEquals(918008, sink.summary("payment_sc_sum").orElseThrow());
        assertEquals(45.14, sink.summary("new_order_on_time_pct").orElseThrow());
        assertEquals("NG", sink.fact("tpcc.check.response_time.payment").orElseThrow());
        assertEquals("OK", sink.fact("tpcc.check.response_time.delivery").orElseThrow());
        assertEquals(2, sink.notices().stream().filter(w -> w.message().contains("constraint")).count());
    }

    @Test
    void tailWithUnpaddedSecondsTakesTheStepFromTheLines() {
        CollectingSink sink = ParserFixtures.parse(parser, TAIL);
        List<SpecRow> rows = sink.rows("tpcc");
        assertEquals(3, rows.size());
        assertEquals(979, rows.get(0).get("trx"));
        assertEquals(Instant.EPOCH.plusSeconds(1780), rows.get(0).row().time());
        assertEquals(Instant.EPOCH.plusSeconds(1800), rows.get(2).row().time());
        assertEquals(5551.834, rows.get(1).get("stock_level max_rt"));
        assertEquals(5812.667, sink.summary("tpmC").orElseThrow());
        assertEquals(1800, sink.summary("measured_s").orElseThrow());
        assertEquals(0.15, sink.summary("payment_on_time_pct").orElseThrow());
        assertTrue(sink.fact("time.source").orElseThrow().endsWith("interval printed by the tool, 10 s"));
        assertEquals(5, sink.notices().stream().filter(w -> w.message().contains("constraint")).count());
    }

    @Test
    void readmeExcerptInAFenceWithStartOption() {
        ParseContext context = ParserFixtures.context(README, TimeOptions.DEFAULT.withStart(Instant.parse("2024-05-01T10:00:00Z")));
        CollectingSink sink = ParserFixtures.parse(parser, README, context);
        List<SpecRow> rows = sink.rows("tpcc");
        assertEquals(4, rows.size());
        assertEquals(12920, rows.get(0).get("trx"));
        assertEquals(18.738, rows.get(0).get("99%"));
        assertEquals(670.842, rows.get(0).get("stock_level max_rt"));
        assertEquals(1272, rows.get(3).get("stock_level"));
        assertEquals(Instant.parse("2024-05-01T10:00:10Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2024-05-01T10:00:40Z"), rows.get(3).row().time());
        assertEquals(List.of(), sink.warnings());
        assertEquals(12, sink.spec("tpcc").metrics().size());
    }

    @Test
    void fivePairsIntervalOptionAndEarlyPercentileNames() {
        String text = """
                option i with value '2'
                   2, trx: 835, 95: 8.718, 99: 11.264, max_rt: 30.411, 836|47.925, 83|31.2, 84|12.0, 83|40.1, 85|9.9
                   4, trx: 840, 95: 8.1, 99: 11.0, max_rt: 29.0, 840|40.0, 84|30.0, 84|11.0, 84|41.0, 84|9.0
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text,
                ParserFixtures.context("t", TimeOptions.DEFAULT.withStart(Instant.parse("2024-01-01T00:00:00Z"))));
        List<SpecRow> rows = sink.rows("tpcc");
        assertEquals(2, rows.size());
        assertEquals(8.718, rows.get(0).get("95%"));
        assertEquals(836, rows.get(0).get("new_order"));
        assertEquals(9.9, rows.get(0).get("stock_level max_rt"));
        assertEquals(Instant.parse("2024-01-01T00:00:04Z"), rows.get(1).row().time());
        assertEquals("-i 2", sink.fact("options").orElseThrow());
        assertTrue(sink.fact("time.source").orElseThrow().endsWith("interval printed by the tool, 2 s"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void malformedLinesBecomeWarnings() {
        String text = """
                MEASURING START.

                  10, trx: 100, 95%: 1.0, 99%: 2.0, max_rt: 3.0, 10|1.0, 1|1.0, 1|1.0, 1|1.0
                  20, trx: abc, 95%: 1.0, 99%: 2.0, max_rt: 3.0, 10|1.0, 1|1.0, 1|1.0, 1|1.0
                  30, trx: 100, 95%: 1.0, 10|1.0, 1|1.0

                error at thread_main
                <TpmC>
                                 garbage TpmC
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
        assertEquals(1, sink.rows("tpcc").size());
        List<ParseWarning> lineWarnings = sink.warnings().stream().filter(w -> w.line() > 0).toList();
        assertEquals(List.of(4L, 5L, 7L, 9L), lineWarnings.stream().map(ParseWarning::line).toList());
        assertEquals("interval line: expected a number in 'trx: abc'", lineWarnings.get(0).message());
        assertEquals("interval line: expected 4 or 5 'count|max_rt' pairs, found 2", lineWarnings.get(1).message());
        assertEquals("expected 'N.NNN TpmC'", lineWarnings.get(3).message());
    }

    @Test
    void textWithoutAnyTpccOutputIsRefusedWithAReason() {
        CollectingSink sink = ParserFixtures.parseText(parser, "hello\n", ParseContext.simple("t"));
        assertEquals(List.of(), sink.rows("tpcc"));
        assertTrue(sink.warnings().stream().anyMatch(w -> w.line() == 0 && w.message().startsWith("no interval lines")));
    }

    @Test
    void timesFollowTheIntervalOptionOverride() {
        ParseContext context = ParserFixtures.context(TAIL, TimeOptions.DEFAULT.withStart(Instant.parse("2024-05-01T10:00:00Z"))
                .withInterval(Duration.ofSeconds(10)));
        CollectingSink sink = ParserFixtures.parse(parser, TAIL, context);
        assertEquals(Instant.parse("2024-05-01T10:29:40Z"), sink.rows("tpcc").get(0).row().time());
    }

    @Test
    void sniffTakesTpccOutputOnly() {
        for (String f : List.of(WRAPPED, UNWRAPPED, OPTIMIZED, TAIL, README)) {
            assertTrue(parser.sniff(ParserFixtures.head(f)) >= 0.5, f);
        }
        assertTrue(parser.sniff(head("[  10s ] thds: 16 tps: 1234.5 qps: 24690.1 (r/w/o: 17283.1/4938.0/2469.0)",
                "SQL statistics:", "    transactions:                        74055  (1234.05 per sec.)")) < 0.5);
        assertTrue(parser.sniff(head("Linux 5.15.0 (db01) \t09/16/2019 \t_x86_64_\t(32 CPU)", "",
                "02:05:01 PM  CPU    %usr   %nice    %sys")) < 0.5);
        assertTrue(parser.sniff(head("    time  read  miss  miss%  dmis  dm%  pmis  pm%  mmis  mm%  arcsz     c")) < 0.5);
    }

    private static Head head(String... lines) {
        return new Head("x", List.of(lines));
    }

    /**
     * Each form tpcc-mysql's main.c printed before its labelled lines (Percona-Lab/tpcc-mysql history): 2008
     * {@code %4d, %d(%d):%.1f} x5, 2011 {@code %d(%d):%.3f|%.3f}, February 2016 {@code %d:%.3f|%.3f} (Delivery without
     * its maximum) and {@code trx: %d max_rt: %.3f, %d|%.3f} x4; the 2011 form is also a golden fixture (klb561-cnblogs).
     */
    @Test
    void intervalLinesOfEveryEarlierFormatAreRead() {
        TpccIntervalLine y2008 = TpccIntervalLine.parse("  10, 686(2):0.4, 684(0):0.2, 68(0):0.2, 68(0):1.4, 69(1):2.6").line();
        assertEquals(List.of("new_order", "new_order late", "new_order rt90"), y2008.names().subList(0, 3));
        assertEquals(2, y2008.values()[1]);
        assertEquals(2.6, y2008.values()[14]);
        TpccIntervalLine y2011 = TpccIntervalLine.parse("  20, 676(0):1.508|2.585, 679(0):0.352|1.618, 67(0):0.140|0.294,"
                + " 68(0):1.585|1.762, 67(0):4.154|5.968").line();
        assertEquals(20, y2011.names().size());
        assertEquals("stock_level max_rt", y2011.names().get(19));
        assertEquals(5.968, y2011.values()[19]);
        TpccIntervalLine feb2016 = TpccIntervalLine.parse("  10, 3062:111.463|711.993, 3069:20.100|651.786, 306:3.200|217.951,"
                + " 309:401.200, 303:12.500|592.028").line();
        assertEquals(List.of("delivery", "delivery 95%"), feb2016.names().subList(9, 11));
        assertEquals("stock_level", feb2016.names().get(11));
        TpccIntervalLine trxMax = TpccIntervalLine.parse("  10, trx: 3062 max_rt: 711.993, 3069|651.786, 306|217.951,"
                + " 309|776.611, 303|592.028").line();
        assertEquals(List.of("trx", "max_rt"), trxMax.names());
        assertEquals(4, trxMax.pairs().size());
        assertTrue(TpccIntervalLine.startsInterval("  10, 686(0):2.044|3.593, 684(0):0.487|1.325"));
        assertFalse(TpccIntervalLine.startsInterval("  10, 20, 30"));
    }
}
