package io.statlens.parse.builtin.mysql;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PerfschemaWaitsParserTest {
    private static final String LOOP = "perfschema-waits/mariadb-10.11-events-waits-summary-global-by-event-name-date-loop.txt";
    private static final String DATASET = "perfschema.waits";

    private final PerfschemaWaitsParser parser = new PerfschemaWaitsParser();

    @Test
    void snapshotsKeyedByEventNameWithRates() {
        CollectingSink sink = ParserFixtures.parse(parser, LOOP);
        List<SpecRow> handler = sink.rows(DATASET, "wait/io/table/sql/handler");
        // 00:39:47, :48, :49; COUNT_STAR 6531404, 6674960, 6822725; SUM_TIMER_WAIT 6762985546023, 6937698757878, ...
        assertEquals(List.of(Instant.parse("2026-12-02T00:39:47Z"), Instant.parse("2026-12-02T00:39:48Z"),
                Instant.parse("2026-12-02T00:39:49Z")), handler.stream().map(r -> r.row().time()).toList());
        assertEquals(6531404, handler.get(0).get("COUNT_STAR"));
        assertEquals(35983638222.0, handler.get(0).get("MAX_TIMER_WAIT"));
        assertTrue(Double.isNaN(handler.get(0).get("waits/s")));
        assertEquals(6674960 - 6531404, handler.get(1).get("waits/s"));
        assertEquals((6937698757878.0 - 6762985546023.0) / 1e12, handler.get(1).get("wait s/s"), 1e-12);
        assertEquals(79, sink.rows(DATASET).stream().map(r -> r.row().key()).distinct().count());
        assertEquals("tab", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void boxedOutputAndAResetCounterIsAGap() {
        String text = String.join("\n",
                "1700000000",
                "+----------------------------------------+------------+----------------+",
                "| EVENT_NAME                             | COUNT_STAR | SUM_TIMER_WAIT |",
                "+----------------------------------------+------------+----------------+",
                "| wait/synch/mutex/innodb/buf_pool_mutex |       1000 |     5000000000 |",
                "+----------------------------------------+------------+----------------+",
                "1 row in set (0.01 sec)",
                "1700000010",
                "| EVENT_NAME                             | COUNT_STAR | SUM_TIMER_WAIT |",
                "| wait/synch/mutex/innodb/buf_pool_mutex |       3000 |    25000000000 |",
                "1700000020",
                "| EVENT_NAME                             | COUNT_STAR | SUM_TIMER_WAIT |",
                "| wait/synch/mutex/innodb/buf_pool_mutex |         10 |        1000000 |");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("boxed.txt"));
        List<SpecRow> rows = sink.rows(DATASET, "wait/synch/mutex/innodb/buf_pool_mutex");
        assertEquals(200, rows.get(1).get("waits/s"));
        assertEquals(0.002, rows.get(1).get("wait s/s"), 1e-12);
        assertTrue(Double.isNaN(rows.get(2).get("waits/s")), "TRUNCATE or a restart: a gap, not a negative rate");
        assertEquals("boxed", sink.variant());
    }

    @Test
    void aRowCutAfterItsFirstBarIsAWarningNotAFailure() {
        // the import fuzz target's finding: a line of a lone "|" failed the parser (StringIndexOutOfBoundsException)
        String text = String.join("\n",
                "| EVENT_NAME                             | COUNT_STAR |",
                "| wait/synch/mutex/innodb/buf_pool_mutex |       1000 |",
                "|",
                "| wait/synch/mutex/innodb/log_sys_mutex  |         20 |");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("cut.txt"));
        assertEquals(1000, sink.rows(DATASET, "wait/synch/mutex/innodb/buf_pool_mutex").get(0).get("COUNT_STAR"));
        assertEquals(20, sink.rows(DATASET, "wait/synch/mutex/innodb/log_sys_mutex").get(0).get("COUNT_STAR"));
        assertEquals(1, sink.warnings().size(), sink.warnings().toString());
        assertTrue(sink.warnings().get(0).message().contains("expected 2 values as in the header, found 1"), sink.warnings().toString());
    }

    @Test
    void aHeaderWithAColumnNamedAsAComputedRateIsAWarningNotAFailure() {
        // the import fuzz target's finding (thirteenth run): a damaged header with a column "wait s/s" failed the parser
        // (IllegalArgumentException: duplicate metric label)
        String text = String.join("\n",
                "EVENT_NAME\tCOUNT_STAR\twait s/s",
                "wait/io/socket/sql/client_connection\t621117\t12",
                "EVENT_NAME\tCOUNT_STAR",
                "wait/io/socket/sql/client_connection\t621120");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("rate.txt"));
        assertTrue(sink.warnings().get(0).message().contains("found 'wait s/s' again; the table is left out"), sink.warnings().toString());
        assertEquals(621120, sink.rows(DATASET, "wait/io/socket/sql/client_connection").get(0).get("COUNT_STAR"));
    }

    @Test
    void aStatementTypedOverSeveralLinesAndATimerTheQueryScaled() {
        // The MySQL manual's example: the statement on four lines after mysql>, SUM_TIMER_WAIT/1000000000 as _MS.
        String text = String.join("\n",
                "1700000000",
                "mysql> SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT/1000000000 SUM_TIMER_WAIT_MS",
                "       FROM performance_schema.events_waits_summary_global_by_event_name",
                "       WHERE SUM_TIMER_WAIT > 0 AND EVENT_NAME LIKE 'wait/synch/mutex/innodb/%'",
                "       ORDER BY COUNT_STAR DESC;",
                "+-----------------------------------+------------+-------------------+",
                "| EVENT_NAME                        | COUNT_STAR | SUM_TIMER_WAIT_MS |",
                "+-----------------------------------+------------+-------------------+",
                "| wait/synch/mutex/innodb/trx_mutex |     201111 |           23.4719 |",
                "+-----------------------------------+------------+-------------------+",
                "1700000010",
                "mysql> SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT/1000000000 SUM_TIMER_WAIT_MS",
                "    -> FROM performance_schema.events_waits_summary_global_by_event_name",
                "    -> ORDER BY COUNT_STAR DESC;",
                "| EVENT_NAME                        | COUNT_STAR | SUM_TIMER_WAIT_MS |",
                "| wait/synch/mutex/innodb/trx_mutex |     201211 |           43.4719 |");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("manual.txt"));
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of("wait/synch/mutex/innodb/trx_mutex"), sink.rows(DATASET).stream().map(r -> r.row().key()).distinct().toList());
        List<SpecRow> rows = sink.rows(DATASET, "wait/synch/mutex/innodb/trx_mutex");
        assertEquals(23.4719, rows.get(0).get("SUM_TIMER_WAIT_MS"));
        assertEquals("ms", sink.spec(DATASET).metrics().stream()
                .filter(m -> m.label().equals("SUM_TIMER_WAIT_MS")).findFirst().orElseThrow().unit());
        assertEquals(10, rows.get(1).get("waits/s"));
        assertEquals(0.002, rows.get(1).get("wait s/s"), 1e-12, "20 ms waited in 10 s");
    }

    @Test
    void aSecondQueryWithOtherColumnsIsNotReadAsTheFirstOnes() {
        // The manual's quick start: the top 10 by COUNT_STAR, then the top 10 by SUM_TIMER_WAIT, one file.
        String text = String.join("\n",
                "| EVENT_NAME                             | COUNT_STAR |",
                "| wait/synch/mutex/mysys/THR_LOCK_malloc |       6419 |",
                "| wait/io/file/sql/FRM                   |        452 |",
                "| EVENT_NAME                             | SUM_TIMER_WAIT |",
                "| wait/io/file/sql/MYSQL_LOG             |     1599816582 |",
                "| wait/synch/mutex/mysys/THR_LOCK_malloc |     1530083250 |");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("quick-start.txt"));
        assertTrue(parser.sniff(io.statlens.parse.spi.Head.of("quick-start.txt", text.lines().toList())) >= 0.9,
                "a header naming EVENT_NAME and COUNT_STAR is enough");
        assertEquals(List.of(6419.0), sink.rows(DATASET, "wait/synch/mutex/mysys/THR_LOCK_malloc").stream()
                .map(r -> r.get("COUNT_STAR")).toList(), "SUM_TIMER_WAIT's numbers never pass for COUNT_STAR");
        assertTrue(sink.rows(DATASET, "wait/io/file/sql/MYSQL_LOG").isEmpty());
        assertTrue(sink.warnings().stream().anyMatch(w -> w.line() == 4 && w.message().contains("SUM_TIMER_WAIT")), sink.warnings().toString());
    }

    @Test
    void detection() {
        assertTrue(parser.sniff(ParserFixtures.head(LOOP)) >= 0.9);
        assertEquals(0, parser.sniff(ParserFixtures.head("mysql-status/mariadb-10.11-show-global-status-N-epoch-loop.txt")));
        assertEquals(0, new MysqlStatusParser().sniff(ParserFixtures.head(LOOP)));
    }
}
