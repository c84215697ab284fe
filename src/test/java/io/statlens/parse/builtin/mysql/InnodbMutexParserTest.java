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

class InnodbMutexParserTest {
    private static final String DOCS = "innodb-mutex/percona-server-5.5-show-mutex-status-docs.rst";
    private static final String MARIADB_EMPTY = "innodb-mutex/mariadb-10.11-show-engine-innodb-mutex-vvv-empty.txt";
    private static final String DATASET = "innodb.mutex";

    private final InnodbMutexParser parser = new InnodbMutexParser();

    @Test
    void boxedOsWaitsKeyedByNameWithInstancesSummed() {
        CollectingSink sink = ParserFixtures.parse(parser, DOCS);
        assertEquals(8, sink.rows(DATASET).size());
        assertEquals(1197, sink.rows(DATASET, "&log_sys->mutex").get(0).get("os_waits"));
        assertEquals(2 + 415, sink.rows(DATASET, "&new_index->lock").get(0).get("os_waits"));
        assertTrue(Double.isNaN(sink.rows(DATASET, "&log_sys->mutex").get(0).get("waits/s")), "one snapshot: no rate");
        assertEquals("boxed", sink.variant());
        assertEquals(List.of(), sink.warnings(), "the page's prose is not the server's output");
        assertTrue(sink.notices().stream().anyMatch(n -> n.message().contains("&new_index->lock")), sink.notices().toString());
    }

    @Test
    void mysql8TabSeparatedLoopWithPtStalkTimeLines() {
        String text = String.join("\n",
                "TS 1700000000.000000000 2023-11-14 22:13:20",
                "Type\tName\tStatus",
                "InnoDB\tLOCK_SYS\tspins=10,waits=4,calls=100",
                "InnoDB\trwlock: dict0dict.cc:1035\twaits=2",
                "InnoDB\tsum rwlock: buf0buf.cc:787\twaits=30",
                "TS 1700000002.000000000 2023-11-14 22:13:22",
                "Type\tName\tStatus",
                "InnoDB\tLOCK_SYS\tspins=12,waits=10,calls=180",
                "InnoDB\trwlock: dict0dict.cc:1035\twaits=1",
                "InnoDB\tsum rwlock: buf0buf.cc:787\twaits=34",
                "InnoDB\tTRX_SYS\tspins=0,waits=6,calls=50");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("mutex.txt"));
        List<SpecRow> lockSys = sink.rows(DATASET, "LOCK_SYS");
        assertEquals(List.of(Instant.ofEpochSecond(1700000000), Instant.ofEpochSecond(1700000002)),
                lockSys.stream().map(r -> r.row().time()).toList());
        assertEquals(180, lockSys.get(1).get("calls"));
        assertEquals(3, lockSys.get(1).get("waits/s"), "(10 - 4) waits in 2 s");
        assertTrue(Double.isNaN(sink.rows(DATASET, "rwlock: dict0dict.cc:1035").get(1).get("waits/s")),
                "a count that fell (innodb_monitor_reset) is a gap");
        assertEquals(3, sink.rows(DATASET, "TRX_SYS").get(0).get("waits/s"),
                "a lock the last snapshot left out had no waits then");
        assertEquals("tab", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void verticalAndOlderFieldsAndTabsTurnedIntoBlanks() {
        String vertical = String.join("\n",
                "mysql> SHOW ENGINE INNODB MUTEX\\G",
                "*************************** 1. row ***************************",
                "  Type: InnoDB",
                "  Name: srv0srv.c:1007",
                "Status: count=1021, spin_waits=11, spin_rounds=300, os_waits=7, os_yields=9, os_wait_times=0",
                "1 row in set (0.00 sec)");
        CollectingSink sink = ParserFixtures.parseText(parser, vertical, ParseContext.simple("g.txt"));
        SpecRow row = sink.rows(DATASET, "srv0srv.c:1007").get(0);
        assertEquals(7, row.get("os_waits"));
        assertEquals(300, row.get("spin_rounds"));
        assertEquals(1021, row.get("count"));
        assertEquals("vertical", sink.variant());
        assertEquals(List.of(), sink.warnings());

        String blanks = "Type    Name    Status\nInnoDB  sum rwlock: buf0buf.cc:787  waits=34\nInnoDB  &log_sys->mutex  os_waits=1197\n";
        sink = ParserFixtures.parseText(parser, blanks, ParseContext.simple("b.txt"));
        assertEquals(34, sink.rows(DATASET, "sum rwlock: buf0buf.cc:787").get(0).get("waits"));
        assertEquals(1197, sink.rows(DATASET, "&log_sys->mutex").get(0).get("os_waits"));
    }

    @Test
    void mariadbsEmptyResultIsANoticeNotAWarning() {
        CollectingSink sink = ParserFixtures.parse(parser, MARIADB_EMPTY);
        assertEquals(0, sink.rows(DATASET).size());
        assertEquals(List.of(), sink.warnings());
        assertTrue(sink.notices().stream().anyMatch(n -> n.message().contains("listed no mutexes")), sink.notices().toString());
    }

    @Test
    void detection() {
        assertTrue(parser.sniff(ParserFixtures.head(DOCS)) >= 0.9);
        assertTrue(parser.sniff(ParserFixtures.head(MARIADB_EMPTY)) >= 0.5);
        for (String other : List.of("innodb-status/mariadb-10.11-innodb-status-t.txt", "innodb-status/mariadb-10.11-innodb-status-G-3.txt",
                "perfschema-waits/mariadb-10.11-events-waits-summary-global-by-event-name-date-loop.txt")) {
            assertEquals(0, parser.sniff(ParserFixtures.head(other)), other);
        }
        assertEquals(0, new InnodbStatusParser().sniff(ParserFixtures.head(DOCS)));
    }
}
