package io.statlens.parse.builtin.dbt2;

import io.statlens.model.ParseWarning;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Dbt2ParserTest {
    private final Dbt2Parser parser = new Dbt2Parser();

    private static final String OLD = "dbt2/dbt2-run-workload-tail-old-format-indented.txt";
    private static final String EXPECTED = "dbt2/osdldbt-test-summary-expected.txt";
    private static final String GUIDE = "dbt2/osdldbt-user-guide-rst-summary.txt";

    @Test
    void classicSummaryIndentedAfterConsoleLines() {
        CollectingSink sink = ParserFixtures.parse(parser, OLD);
        assertEquals(13.55, sink.summary("notpm").orElseThrow());
        assertEquals(5.0, sink.summary("duration_min").orElseThrow());
        assertEquals(0, sink.summary("unknown_errors").orElseThrow());
        assertEquals(0.0, sink.summary("ramp_up_s").orElseThrow());
        assertEquals(2.80, sink.summary("delivery_pct").orElseThrow());
        assertEquals(0.282, sink.summary("delivery_rt_avg_s").orElseThrow());
        assertEquals(0.364, sink.summary("delivery_rt_90th_s").orElseThrow());
        assertEquals(47.55, sink.summary("new_order_pct").orElseThrow());
        assertEquals(68, sink.summary("new_order_total").orElseThrow());
        assertEquals(4, sink.summary("new_order_rollbacks").orElseThrow());
        assertEquals(5.88, sink.summary("new_order_rollback_pct").orElseThrow());
        assertEquals(0.289, sink.summary("stock_level_rt_90th_s").orElseThrow());
        assertEquals(5 * 6 + 4, sink.summaries().size());
        assertTrue(sink.summaries().stream().allMatch(s -> s.dataset().equals("dbt2")));
        assertEquals(new SummaryValue("dbt2", "", "payment_rt_avg_s", 0.023, "s"),
                sink.summaries().stream().filter(s -> s.name().equals("payment_rt_avg_s")).findFirst().orElseThrow());
        assertEquals("/var/tmp/results21", sink.fact("dbt2.results_dir").orElseThrow());
        assertEquals("classic", sink.variant());
        assertEquals(List.of(new ParseWarning(1, "skipped 4 line(s) before the summary "
                + "(console output of dbt2-run-workload, not part of the summary)")), sink.warnings());
        assertTrue(sink.datasets().isEmpty());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("none"));
    }

    @Test
    void restSummaryWithRampUpInMinutes() {
        CollectingSink sink = ParserFixtures.parse(parser, EXPECTED);
        assertEquals(0.30, sink.summary("notpm").orElseThrow());
        assertEquals(10.0, sink.summary("duration_min").orElseThrow());
        assertEquals(600.0, sink.summary("ramp_up_s").orElseThrow());
        assertEquals(42.86, sink.summary("new_order_pct").orElseThrow());
        assertEquals(1.667, sink.summary("new_order_rt_avg_s").orElseThrow());
        assertEquals(3.000, sink.summary("new_order_rt_90th_s").orElseThrow());
        assertEquals(3, sink.summary("new_order_total").orElseThrow());
        assertEquals(33.33, sink.summary("new_order_rollback_pct").orElseThrow());
        assertEquals(14.29, sink.summary("order_status_pct").orElseThrow());
        assertEquals("rst", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void restSummaryIndentedInAUserGuide() {
        CollectingSink sink = ParserFixtures.parse(parser, GUIDE);
        assertEquals(12.99, sink.summary("notpm").orElseThrow());
        assertEquals(3.9, sink.summary("duration_min").orElseThrow());
        assertEquals(0, sink.summary("unknown_errors").orElseThrow());
        assertTrue(sink.summary("ramp_up_s").isEmpty());
        assertEquals(0.004, sink.summary("payment_rt_avg_s").orElseThrow());
        assertEquals(42, sink.summary("payment_total").orElseThrow());
        assertEquals(2.00, sink.summary("new_order_rollback_pct").orElseThrow());
        assertEquals(3, sink.summary("stock_level_total").orElseThrow());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void millisecondsWarehouseStatsAndBadRows() {
        String text = """
                                         Response Time (ms)
                 Transaction      %    Average :    90th %        Total        Rollbacks      %
                ------------  -----  ---------------------  -----------  ---------------  -----
                    Delivery   3.99    515.000 :   629.000        15919                0   0.00
                   New Order  45.17    440.000 :   534.000       180204             1778
                ------------  -----  ---------------------  -----------  ---------------  -----
                3003.86 new-order transactions per minute (NOTPM)
                59.0 minute duration
                0 total unknown errors
                1003 second(s) ramping up
                warehouse range: min 1 max 100
                warehouse stats: median 50.0 mean 50.5 sd 28.9 var 833.3
                something else
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
        assertEquals(515.0, sink.summary("delivery_rt_avg_ms").orElseThrow());
        assertEquals(629.0, sink.summary("delivery_rt_90th_ms").orElseThrow());
        assertTrue(sink.summary("new_order_total").isEmpty());
        assertEquals(3003.86, sink.summary("notpm").orElseThrow());
        assertEquals(1003, sink.summary("ramp_up_s").orElseThrow());
        assertEquals(100, sink.summary("warehouse_max").orElseThrow());
        assertEquals(833.3, sink.summary("warehouse_var").orElseThrow());
        assertEquals(List.of(
                new ParseWarning(5, "transaction row: expected 6 numbers as in the table header, found 5"),
                new ParseWarning(13, "unrecognised line in a dbt2-post-process summary")), sink.warnings());
    }

    /**
     * osdldbt/dbt2 scripts/mix_analyzer.pl (0.37, 0.40) prints a transaction none of which completed as
     * {@code printf("%12s   0.00          N/A                      0                0   0.00\n", ...)}, one N/A under both
     * response-time columns; a later version prints its rollback count and 100.00 there.
     */
    @Test
    void aTransactionWithNothingCompletedHasNoResponseTimes() {
        String text = """
                                         Response Time (s)
                 Transaction      %    Average :    90th %        Total        Rollbacks      %
                ------------  -----  ---------------------  -----------  ---------------  -----
                    Delivery   0.00          N/A                      0                0   0.00
                   New Order  50.00      0.067 :     0.148            1                0   0.00
                Order Status   0.00          N/A                      0                2  100.00
                     Payment  50.00      0.023 :     0.048            1                0   0.00
                 Stock Level   0.00          N/A                      0                0   0.00
                ------------  -----  ---------------------  -----------  ---------------  -----

                0.40 new-order transactions per minute (NOTPM)
                2.5 minute duration
                0 total unknown errors
                10 second(s) ramping up
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
        assertEquals(List.of(), sink.warnings());
        assertTrue(sink.summary("delivery_rt_avg_s").isEmpty() && sink.summary("delivery_rt_90th_s").isEmpty());
        assertEquals(0.0, sink.summary("delivery_total").orElseThrow());
        assertEquals(2.0, sink.summary("order_status_rollbacks").orElseThrow());
        assertEquals(100.0, sink.summary("order_status_rollback_pct").orElseThrow());
        assertEquals(0.148, sink.summary("new_order_rt_90th_s").orElseThrow());
        assertEquals(0.40, sink.summary("notpm").orElseThrow());
    }

    /**
     * The layouts before the "Response Time (s)" group line, as osdldbt/dbt2's history prints them: scripts/mix_analyzer.pl
     * of 0.2x ({@code " Transaction      %%  Avg Response Time (s)        Total        Rollbacks      %%"} over a rule, rows
     * {@code "%12s  %5.2f  %21.3f  %11d  %15d  %5.2f"}, three lines after, no ramp-up) and the C mix analyzer of 2002 (a
     * narrower Rollbacks column, no rules). The values here are made up; the layout is the scripts'.
     */
    @Test
    void theLayoutsBeforeThe90thPercentile() {
        String perl = """
                 Transaction      %  Avg Response Time (s)        Total        Rollbacks      %
                ------------  -----  ---------------------  -----------  ---------------  -----
                    Delivery   3.98                  0.512          400                0   0.00
                   New Order  45.02                  0.201         4525               45   0.99
                Order Status   3.99                  0.105          401                0   0.00
                     Payment  43.02                  0.098         4324                0   0.00
                 Stock Level   3.99                  0.310          401                0   0.00

                452.50 new-order transactions per minute (NOTPM)
                10.0 minute duration
                0 total unknown errors
                """;
        String c = """
                Transaction       %  Avg Response Time (s)        Total  Rollbacks      %
                    Delivery   4.00                  1.250           40          0   0.00
                   New Order  45.00                  0.750          450          4   0.89
                Order Status   4.00                  0.500           40          0   0.00
                     Payment  43.00                  0.400          430          0   0.00
                 Stock Level   4.00                  0.900           40          0   0.00

                45.00 new-order transactions per minute (NOTPM)
                10.0 minute duration
                0 total unknown errors
                """;
        for (String text : List.of(perl, c)) {
            assertTrue(parser.sniff(new Head("x", List.of(text.split("\n", -1)).subList(0, 3))) >= 0.5, text);
            CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
            assertEquals(List.of(), sink.warnings());
            assertEquals(5 * 5 + 3, sink.summaries().size(), "five columns a transaction (no 90th %), three totals");
            assertTrue(sink.summary("new_order_rt_90th_s").isEmpty());
            assertEquals(10.0, sink.summary("duration_min").orElseThrow());
        }
        assertEquals(0.201, ParserFixtures.parseText(parser, perl, ParseContext.simple("t")).summary("new_order_rt_avg_s").orElseThrow());
        assertEquals(4.0, ParserFixtures.parseText(parser, c, ParseContext.simple("t")).summary("new_order_rollbacks").orElseThrow());
    }

    /** The reST report of 2022 kept the classic words after its table, each as a bullet, the ramp-up in minutes. */
    @Test
    void bulletsWithTheClassicWordsAndARampUpInMinutes() {
        String text = """
                * 43256.19 new-order transactions per minute (NOTPM)
                * 5.0 minute duration
                * 0 total unknown errors
                * 1.5 minutes(s) ramping up
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
        assertEquals(List.of(), sink.warnings());
        assertEquals(43256.19, sink.summary("notpm").orElseThrow());
        assertEquals(90.0, sink.summary("ramp_up_s").orElseThrow());
    }

    @Test
    void otherTextIsRefusedWithAReason() {
        CollectingSink sink = ParserFixtures.parseText(parser, "hello\nworld\n", ParseContext.simple("t"));
        assertTrue(sink.summaries().isEmpty());
        assertEquals(List.of(new ParseWarning(0, "no dbt2-post-process summary (transaction table or NOTPM line) found")),
                sink.warnings());
    }

    @Test
    void sniffTakesDbt2SummariesOnly() {
        for (String f : List.of(OLD, EXPECTED, GUIDE)) assertTrue(parser.sniff(ParserFixtures.head(f)) >= 0.5, f);
        assertTrue(parser.sniff(new Head("x", List.of("<TpmC>", "                 3634.300 TpmC"))) < 0.5);
        assertTrue(parser.sniff(new Head("x", List.of("SQL statistics:", "    queries performed:",
                "        read:                            1037120"))) < 0.5);
        assertTrue(parser.sniff(new Head("x", List.of("procs -----------memory---------- ---swap-- -----io----",
                " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st"))) < 0.5);
    }
}
