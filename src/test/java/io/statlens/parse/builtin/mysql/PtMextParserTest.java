package io.statlens.parse.builtin.mysql;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PtMextParserTest {
    private static final String RELATIVE = "pt-mext/mariadb-10.11-pt-mext-r.txt";
    private static final String ABSOLUTE = "pt-mext/mariadb-10.11-pt-mext.txt";
    private static final String DATASET = "mysql.status";

    private final PtMextParser parser = new PtMextParser();

    @Test
    void relativeColumnsBecomeSnapshots() {
        CollectingSink sink = ParserFixtures.parse(parser, RELATIVE);
        // Com_select 457325 4605
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(List.of(457325.0, 4605.0), select.stream().map(r -> r.get("value")).toList());
        assertEquals(461930, select.get(1).get("level"));
        assertEquals(4605, select.get(1).get("per_s"));
        assertTrue(select.get(0).row().sinceBoot());
        assertEquals("relative", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void absoluteColumnsGiveTheSameRates() {
        CollectingSink sink = ParserFixtures.parse(parser, ABSOLUTE);
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(List.of(457325.0, 461930.0), select.stream().map(r -> r.get("value")).toList());
        assertEquals(4605, select.get(1).get("per_s"));
        assertEquals(List.of(2.0, 2.0), sink.rows(DATASET, "Threads_running").stream().map(r -> r.get("level")).toList());
        assertEquals("absolute", sink.variant());
    }

    @Test
    void theMysqladminCommandAfterTheDoubleDashGivesTheInterval() {
        String text = String.join("\n",
                "$ pt-mext -r -- mysqladmin ext -i10 -c3",
                "Com_select        1000      300      200",
                "Innodb_page_size 16384    16384    16384",
                "Questions         5000      400      300",
                "Threads_running      4        1       -2",
                "Uptime             900       10       10");
        CollectingSink sink = ParserFixtures.parseText(parser, text,
                ParserFixtures.context("mext.txt", TimeOptions.DEFAULT.withStart(Instant.parse("2024-01-01T00:00:00Z"))));
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(Instant.parse("2024-01-01T00:00:20Z"), select.get(2).row().time());
        assertEquals(20, select.get(2).get("per_s"));
        assertEquals(List.of(4.0, 5.0, 3.0), sink.rows(DATASET, "Threads_running").stream().map(r -> r.get("level")).toList());
        assertEquals("relative", sink.variant(), "-r before the -- says so, whatever the content");
    }

    @Test
    void ptMysqlSummaryDeferredStatusKeepsNumbersAndLeavesTextOutSilently() {
        // join(1) of two SHOW GLOBAL STATUS snapshots pt-mysql-summary took --sleep (10 s) apart; Percona Server 8.0.32
        CollectingSink sink = ParserFixtures.parse(parser, "pt-mext/percona-toolkit-summary-temp_enc008-mysql-status-defer.txt",
                ParserFixtures.context("mysql-status-defer", TimeOptions.DEFAULT.withInterval(Duration.ofSeconds(10))));
        assertEquals(List.of(), sink.warnings(), "Ssl_version TLSv1.2 TLSv1.2 and empty values are text, not damage");
        assertEquals("absolute", sink.variant(), "a capture with text values holds no differences");
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(List.of(6584.0, 6615.0), select.stream().map(r -> r.get("value")).toList());
        assertEquals(3.1, select.get(1).get("per_s"), 1e-9);
        assertEquals(List.of(3.0, 3.0), sink.rows(DATASET, "Threads_running").stream().map(r -> r.get("level")).toList());
        assertTrue(sink.rows(DATASET, "Ssl_version").isEmpty());
    }

    @Test
    void textValuesAreLeftOutWhateverTheirVariablesNameLooksLike() {
        // Compression has no underscore; Galera's wsrep_ and MariaDB's binlog_ names are lower-case
        CollectingSink sink = ParserFixtures.parse(parser, "pt-mext/percona-toolkit-summary-temp007-mysql-status-defer.txt",
                ParserFixtures.context("mysql-status-defer", TimeOptions.DEFAULT.withInterval(Duration.ofSeconds(10))));
        assertEquals(List.of(), sink.warnings(), "Compression OFF OFF, wsrep_ready ON ON and empty wsrep_ values are text");
        assertEquals(List.of(96.0, 107.0), sink.rows(DATASET, "Uptime").stream().map(r -> r.get("value")).toList());
        assertEquals(List.of(5.0, 5.0), sink.rows(DATASET, "binlog_commits").stream().map(r -> r.get("value")).toList());
        assertEquals(List.of(0.0, 0.0), sink.rows(DATASET, "wsrep_cluster_size").stream().map(r -> r.get("value")).toList());
        assertTrue(sink.rows(DATASET, "Compression").isEmpty());
        assertTrue(sink.rows(DATASET, "wsrep_ready").isEmpty());
    }

    @Test
    void aSentenceIsNoTextValuedVariable() {
        CollectingSink sink = ParserFixtures.parseText(parser, "Com_select 6584 6615\nUptime 10 20\nThis line is a note\n",
                ParserFixtures.context("defer", TimeOptions.DEFAULT.withInterval(Duration.ofSeconds(10))));
        assertEquals(1, sink.warnings().stream().filter(w -> w.line() == 3).count(), sink.warnings().toString());
    }

    @Test
    void anHourAtOneSecondGivesOneSnapshotPerColumn() {
        // mysqladmin ext -i1 -c3600: pt-mext prints 3,600 values on every variable's line
        int columns = 3600;
        StringBuilder text = new StringBuilder("$ pt-mext -r -- mysqladmin ext -i1 -c" + columns + "\n");
        for (String name : List.of("Com_select", "Innodb_rows_read", "Questions", "Threads_running", "Uptime")) {
            text.append(name);
            for (int c = 0; c < columns; c++) text.append("  ").append(c == 0 ? 1000 : 2);
            text.append('\n');
        }
        CollectingSink sink = ParserFixtures.parseText(parser, text.toString(),
                ParserFixtures.context("mext.txt", TimeOptions.DEFAULT.withStart(Instant.parse("2024-01-01T00:00:00Z"))));
        assertEquals(List.of(), sink.warnings());
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(columns, select.size());
        assertEquals(Instant.parse("2024-01-01T00:59:59Z"), select.get(columns - 1).row().time());
        assertEquals(2, select.get(columns - 1).get("per_s"));
    }

    @Test
    void aLineOfThousandsOfNumbersIsNoPtMextOutput() {
        // /proc/stat's intr line: one count per interrupt, thousands of them on a large machine
        StringBuilder intr = new StringBuilder("intr 2496709");
        for (int i = 0; i < 3000; i++) intr.append(' ').append(i % 7);
        Head head = new Head("stat", List.of("cpu  6002 152 8398 3444436 448 0 1174 0 0 0",
                "cpu0 2784 137 4367 1732802 225 0 221 0 0 0", intr.toString(), "ctxt 4622716", "btime 1662154781",
                "processes 9831", "procs_running 1", "procs_blocked 0"));
        assertEquals(0, parser.sniff(head));
    }

    @Test
    void detection() {
        assertTrue(parser.sniff(ParserFixtures.head(RELATIVE)) >= 0.85);
        assertTrue(parser.sniff(ParserFixtures.head("pt-mext/percona-toolkit-mext-001-result.txt")) >= 0.85);
        assertEquals(0, parser.sniff(ParserFixtures.head("mysql-status/mariadb-10.11-show-global-status-N-epoch-loop.txt")));
        assertEquals(0, parser.sniff(ParserFixtures.head("mysql-status/mariadb-10.11-mysqladmin-ext-r-i1-c3.txt")));
        assertEquals(0, new MysqlStatusParser().sniff(ParserFixtures.head(ABSOLUTE)));
    }
}
