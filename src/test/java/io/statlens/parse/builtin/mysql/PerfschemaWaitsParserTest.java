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
    void detection() {
        assertTrue(parser.sniff(ParserFixtures.head(LOOP)) >= 0.9);
        assertEquals(0, parser.sniff(ParserFixtures.head("mysql-status/mariadb-10.11-show-global-status-N-epoch-loop.txt")));
        assertEquals(0, new MysqlStatusParser().sniff(ParserFixtures.head(LOOP)));
    }
}
