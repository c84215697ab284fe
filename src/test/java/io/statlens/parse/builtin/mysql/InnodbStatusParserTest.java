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

class InnodbStatusParserTest {
    private static final String MARIADB_G = "innodb-status/mariadb-10.11-innodb-status-G-3.txt";
    private static final String MARIADB_BOXED = "innodb-status/mariadb-10.11-innodb-status-t.txt";
    private static final String MARIADB_BATCH = "innodb-status/mariadb-10.11-innodb-status-batch-date-2.txt";
    private static final String MYSQL51 = "innodb-status/percona-toolkit-summary-innodb-status.001.txt";
    private static final String MYSQL55_G = "innodb-status/percona-toolkit-summary-temp006-innodb-status.txt";
    private static final String DATASET = "innodb.status";

    private final InnodbStatusParser parser = new InnodbStatusParser();

    @Test
    void threeSnapshotsOfMariadbInVerticalForm() {
        CollectingSink sink = ParserFixtures.parse(parser, MARIADB_G);
        List<SpecRow> rows = sink.rows(DATASET);
        assertEquals(3, rows.size());
        SpecRow first = rows.get(0);
        // 2026-12-02 00:44:18 0x7ff65c1e86c0 INNODB MONITOR OUTPUT
        assertEquals(Instant.parse("2026-12-02T00:44:18Z"), first.row().time());
        assertEquals(Instant.parse("2026-12-02T00:44:23Z"), rows.get(1).row().time());
        assertEquals(51, first.get("averaged over"));
        assertEquals(43, first.get("history list length"));
        assertEquals(83682987, first.get("log sequence number"));
        assertEquals(48292024, first.get("last checkpoint at"));
        assertEquals(83682987 - 48292024, first.get("checkpoint age"));
        assertEquals(2897, first.get("free pages"));
        assertEquals(728, first.get("dirty pages"));
        assertEquals(100, first.get("buffer pool hit rate"));
        assertEquals(117.55, first.get("fsyncs/s"));
        assertEquals(2.53, first.get("pages created/s"));
        assertEquals(0, first.get("pending fsyncs"));
        // MariaDB 10.11 prints SEMAPHORES empty and no row counts
        assertTrue(Double.isNaN(first.get("mutex os waits")));
        assertTrue(Double.isNaN(first.get("rows read")));
        assertEquals(117, rows.get(1).get("history list length"));
        assertEquals("iso-header", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void theBoxedFormReadsTheSame() {
        CollectingSink sink = ParserFixtures.parse(parser, MARIADB_BOXED);
        SpecRow row = sink.rows(DATASET).get(0);
        assertEquals(276, row.get("history list length"));
        assertEquals(40526897 - 8586042, row.get("checkpoint age"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void theBatchFormWithItsNewlinesEscapedReadsTheSame() {
        // mysql -e into a file prints the report as one tab-separated field: InnoDB<TAB><TAB>\n=====\n2026-12-05 ...
        CollectingSink sink = ParserFixtures.parse(parser, MARIADB_BATCH);
        List<SpecRow> rows = sink.rows(DATASET);
        assertEquals(2, rows.size());
        SpecRow first = rows.get(0);
        assertEquals(Instant.parse("2026-12-05T06:41:44Z"), first.row().time());
        assertEquals(431, first.get("history list length"));
        assertEquals(6232, first.get("os fsyncs"));
        assertEquals(551.45, first.get("fsyncs/s"));
        assertEquals(21872813 - 44878, first.get("checkpoint age"));
        assertEquals(1098, first.get("dirty pages"));
        assertEquals(461, rows.get(1).get("history list length"));
        assertEquals(List.of(), sink.warnings(), "each report has its END OF INNODB MONITOR OUTPUT");
    }

    @Test
    void mysql51SemaphoresRowsAndPerSecondAverages() {
        CollectingSink sink = ParserFixtures.parse(parser, MYSQL51);
        SpecRow row = sink.rows(DATASET).get(0);
        assertEquals(Instant.parse("2010-03-18T17:35:58Z"), row.row().time());
        assertEquals(217635758, row.get("mutex spin waits"));
        assertEquals(1270716, row.get("mutex os waits"));
        assertEquals(7368549, row.get("rw-shared os waits"));
        assertEquals(410934459732.0, row.get("rows read"));
        assertEquals(46474.17, row.get("rows read/s"));
        assertEquals(6558240284218.0 - 6558239649930.0, row.get("checkpoint age"));
        assertEquals(98000, row.get("pages read/s"), "the buffer pool's reads/s, not the file I/O's 4.67");
        assertEquals(4.67, row.get("file reads/s"));
        assertEquals("yymmdd-header", sink.variant());
    }

    @Test
    void mysql55RoundsPerLockType() {
        CollectingSink sink = ParserFixtures.parse(parser, MYSQL55_G);
        SpecRow row = sink.rows(DATASET).get(0);
        // RW-shared spins 24, rounds 720, OS waits 24; RW-excl spins 0, rounds 270, OS waits 9
        assertEquals(720, row.get("rw-shared spin rounds"));
        assertEquals(9, row.get("rw-excl os waits"));
        assertEquals(271, row.get("mutex spin rounds"));
    }

    @Test
    void mysql50LogSequenceNumbersInTwoWordsAndATruncatedSnapshot() {
        String text = String.join("\n",
                "=====================================",
                "070913 10:31:48 INNODB MONITOR OUTPUT",
                "=====================================",
                "Per second averages calculated from the last 43 seconds",
                "---",
                "LOG",
                "---",
                "Log sequence number 3 1243568012",
                "Log flushed up to   3 1243568012",
                "Last checkpoint at  3 1243000000",
                "------------",
                "TRANSACTIONS",
                "------------",
                "History list length 12");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("old.txt"));
        SpecRow row = sink.rows(DATASET).get(0);
        assertEquals(3 * 4294967296.0 + 1243568012, row.get("log sequence number"));
        assertEquals(568012, row.get("checkpoint age"));
        assertEquals(12, row.get("history list length"));
        assertEquals(List.of(2L), sink.warnings().stream().map(w -> w.line()).toList(), "truncated: no END line");
    }

    @Test
    void detection() {
        assertTrue(parser.sniff(ParserFixtures.head(MARIADB_G)) >= 0.9);
        assertTrue(parser.sniff(ParserFixtures.head(MYSQL51)) >= 0.9);
        assertEquals(0, parser.sniff(ParserFixtures.head("mysql-status/mariadb-10.11-mysqladmin-ext-r-i1-c3.txt")));
    }
}
