package io.statlens.parse.builtin.mysql;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MysqlStatusParserTest {
    private static final String ABSOLUTE = "mysql-status/mariadb-10.11-mysqladmin-extended-status-i1-c3.txt";
    private static final String RELATIVE = "mysql-status/mariadb-10.11-mysqladmin-ext-r-i1-c3.txt";
    private static final String EPOCH_LOOP = "mysql-status/mariadb-10.11-show-global-status-N-epoch-loop.txt";
    private static final String BOXED_LOOP = "mysql-status/mariadb-10.11-show-global-status-t-date-loop.txt";
    private static final String MYSQL50_RELATIVE = "mysql-status/percona-toolkit-mext-001-mysqladmin-ext.txt";
    private static final String DATASET = "mysql.status";

    private final MysqlStatusParser parser = new MysqlStatusParser();

    private static ParseContext everySecond(String name) {
        return ParserFixtures.context(name, TimeOptions.DEFAULT.withStart(Instant.parse("2026-12-02T00:44:47Z"))
                .withInterval(Duration.ofSeconds(1)));
    }

    @Test
    void theOptionTrackersVariablesOfMysql9AreVariablesWithBlanksInTheirNames() {
        CollectingSink sink = ParserFixtures.parse(parser, "mysql-status/plr-mysql-9.7.0-show-global-status-tab-option-tracker.txt");
        // option_tracker_usage:Traditional Optimizer<TAB>4, the file's last line
        assertEquals(4.0, sink.rows(DATASET, "option_tracker_usage:Traditional Optimizer").get(0).get("value"));
        assertEquals(0.0, sink.rows(DATASET, "option_tracker_usage:Binary Log").get(0).get("value"));
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    @Test
    void absoluteCaptureKeepsEachValueAndGivesCountersARate() {
        CollectingSink sink = ParserFixtures.parse(parser, ABSOLUTE, everySecond(ABSOLUTE));
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        // the file: Com_select 429273, 433546, 437666
        assertEquals(List.of(429273.0, 433546.0, 437666.0), select.stream().map(r -> r.get("value")).toList());
        assertEquals(List.of(429273.0, 433546.0, 437666.0), select.stream().map(r -> r.get("level")).toList());
        assertTrue(Double.isNaN(select.get(0).get("per_s")), "a rate needs two snapshots");
        assertEquals(433546 - 429273, select.get(1).get("per_s"));
        assertEquals(437666 - 433546, select.get(2).get("per_s"));
        // Threads_running 2, 1, 2: a gauge, kept as printed, no rate
        List<SpecRow> running = sink.rows(DATASET, "Threads_running");
        assertEquals(List.of(2.0, 1.0, 2.0), running.stream().map(r -> r.get("level")).toList());
        assertTrue(running.stream().allMatch(r -> Double.isNaN(r.get("per_s"))));
        assertTrue(sink.rows(DATASET).stream().noneMatch(r -> r.row().sinceBoot()));
        assertEquals("boxed-absolute", sink.variant());
        assertEquals(530 * 3, sink.rows(DATASET).size(), "562 variables, of which 32 print text (ON, a UUID, a date)");
        assertTrue(sink.rows(DATASET, "Innodb_buffer_pool_load_status").isEmpty());
        assertEquals(List.of(), sink.warnings());
        assertEquals(Instant.parse("2026-12-02T00:44:49Z"), select.get(2).row().time());
    }

    @Test
    void relativeCaptureFirstBlockIsSinceStartNotASpike() {
        CollectingSink sink = ParserFixtures.parse(parser, RELATIVE, everySecond(RELATIVE));
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        // the file: Com_select 438073 (absolute), then 4194 and 4039 (differences)
        assertEquals(List.of(438073.0, 4194.0, 4039.0), select.stream().map(r -> r.get("value")).toList());
        assertEquals(List.of(438073.0, 442267.0, 446306.0), select.stream().map(r -> r.get("level")).toList());
        assertTrue(select.get(0).row().sinceBoot());
        assertTrue(Double.isNaN(select.get(0).get("per_s")));
        assertFalse(select.get(1).row().sinceBoot());
        assertEquals(4194, select.get(1).get("per_s"));
        assertEquals(4039, select.get(2).get("per_s"));
        // Threads_running 2, then differences 0, 0: the level is what the server held
        assertEquals(List.of(2.0, 2.0, 2.0), sink.rows(DATASET, "Threads_running").stream().map(r -> r.get("level")).toList());
        assertEquals(List.of(320.0, 321.0, 322.0), sink.rows(DATASET, "Uptime").stream().map(r -> r.get("level")).toList());
        assertEquals("boxed-relative", sink.variant());
        assertTrue(sink.fact("capture").orElseThrow().startsWith("relative"));
        assertTrue(sink.rows(DATASET).stream().noneMatch(r -> r.get("per_s") < 0), "never a negative rate");
    }

    @Test
    void mysql50RelativeCaptureIsToldFromItsContent() {
        CollectingSink sink = ParserFixtures.parse(parser, MYSQL50_RELATIVE);
        // Uptime 5550, 3, 4, 3; Innodb_page_size 16384, then 0
        assertEquals(List.of(5550.0, 5553.0, 5557.0, 5560.0), sink.rows(DATASET, "Uptime").stream().map(r -> r.get("level")).toList());
        assertEquals("boxed-relative", sink.variant());
        assertEquals(4, sink.rows(DATASET, "Com_select").size());
    }

    @Test
    void epochLinesTimeTheSnapshotsAndTheRateUsesTheTimeBetweenThem() {
        CollectingSink sink = ParserFixtures.parse(parser, EPOCH_LOOP);
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        // date +%s printed 1796171955, 1796171957, 1796171958; Com_select 62231, 68159, 72930
        assertEquals(List.of(Instant.ofEpochSecond(1796171955), Instant.ofEpochSecond(1796171957), Instant.ofEpochSecond(1796171958)),
                select.stream().map(r -> r.row().time()).toList());
        assertEquals((68159 - 62231) / 2.0, select.get(1).get("per_s"));
        assertEquals(72930 - 68159, select.get(2).get("per_s"));
        assertEquals("tab-absolute", sink.variant());
        assertEquals(List.of(), sink.warnings());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("date(1), epoch or pt-stalk TS lines"));
    }

    @Test
    void boxedMysqlLoopWithDateLines() {
        CollectingSink sink = ParserFixtures.parse(parser, BOXED_LOOP);
        assertEquals("boxed-absolute", sink.variant());
        List<SpecRow> uptime = sink.rows(DATASET, "Uptime");
        assertEquals(2, uptime.size());
        assertEquals(Instant.parse("2026-12-02T00:44:03Z"), uptime.get(0).row().time());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aTranscriptWithPromptsVerticalRowsAndPtStalkTimeLines() {
        String text = String.join("\n",
                "mysql> SHOW GLOBAL STATUS LIKE 'Com_select'\\G",
                "TS 1380228121.005189806 2013-09-26 16:42:01",
                "*************************** 1. row ***************************",
                "Variable_name: Com_select",
                "        Value: 100",
                "*************************** 2. row ***************************",
                "Variable_name: Threads_running",
                "        Value: 3",
                "2 rows in set (0.00 sec)",
                "",
                "TS 1380228131.004189806 2013-09-26 16:42:11",
                "*************************** 1. row ***************************",
                "Variable_name: Com_select",
                "        Value: 600",
                "*************************** 2. row ***************************",
                "Variable_name: Threads_running",
                "        Value: 5",
                "2 rows in set (0.00 sec)");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("vertical.txt"));
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(Instant.ofEpochSecond(1380228121, 5189806), select.get(0).row().time());
        assertEquals(500 / 9.999, select.get(1).get("per_s"), 1e-9);
        assertEquals(5, sink.rows(DATASET, "Threads_running").get(1).get("level"));
        assertEquals("vertical-absolute", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aPastedCommandGivesTheIntervalAndSaysRelative() {
        // two snapshots whose content alone would read as absolute: the command's -r says otherwise
        String text = String.join("\n",
                "[root@db01 ~]# mysqladmin -uroot ext -r -i 10 -c 2 | grep -E 'Com_select|Uptime '",
                "| Com_select  | 1000 |",
                "| Uptime      | 50   |",
                "| Com_select  | 1200 |",
                "| Uptime      | 60   |");
        CollectingSink sink = ParserFixtures.parseText(parser, text,
                ParserFixtures.context("pasted.txt", TimeOptions.DEFAULT.withStart(Instant.parse("2024-01-01T00:00:00Z"))));
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(Instant.parse("2024-01-01T00:00:10Z"), select.get(1).row().time());
        assertEquals(2200, select.get(1).get("level"));
        assertEquals(120, select.get(1).get("per_s"));
        assertEquals("-uroot ext -r -i 10 -c 2", sink.fact("options").orElseThrow());
        assertEquals("boxed-relative", sink.variant());
        // grep keeps the rows and drops the box's rules: the last row is no table cut short
        assertEquals(List.of(), sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    @Test
    void aSecondMysqladminRunStartsItsOwnCaptureWithAnAbsoluteTable() {
        // two servers' mysqladmin -r runs pasted one after the other: the second run's first table counts since its
        // server started, never a difference from the first run's last table
        String text = String.join("\n",
                "$ mysqladmin -h db1 -u root ext -r -i 1 -c 2",
                "| Com_select  | 595543 |", "| Uptime      | 349    |",
                "| Com_select  | 0      |", "| Uptime      | 1      |",
                "$ mysqladmin -h db2 -u root ext -r -i 1 -c 2",
                "| Com_select  | 26140  |", "| Uptime      | 157    |",
                "| Com_select  | 9266   |", "| Uptime      | 1      |");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("two-runs.txt"));
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(26140, select.get(2).get("level"), "the second run's first table is absolute");
        assertTrue(select.get(2).row().sinceBoot());
        assertTrue(Double.isNaN(select.get(2).get("per_s")), "no rate across two runs");
        assertEquals(35406, select.get(3).get("level"));
        assertEquals(9266, select.get(3).get("per_s"));
        assertTrue(sink.notices().stream().map(ParseWarning::message).noneMatch(m -> m.contains("Uptime fell")), sink.notices().toString());
    }

    @Test
    void aRelativeRunAfterAnAbsoluteOneIsReadAsDifferences() {
        // mysqladmin ext, then mysqladmin ext -r -i 1 -c 3 in one transcript (MariaDB 10.11, captured)
        CollectingSink sink = ParserFixtures.parse(parser, "mysql-status/mariadb-10.11-mysqladmin-ext-then-ext-r-i1-c3.txt");
        List<SpecRow> select = sink.rows(DATASET, "Com_select");
        assertEquals(4, select.size());
        assertEquals(1, select.get(0).get("level"));
        assertEquals(26140, select.get(1).get("level"));
        assertEquals(26140 + 9266, select.get(2).get("level"));
        assertEquals(26140 + 9266 + 7925, select.get(3).get("level"));
        assertEquals(9266, select.get(2).get("value"));
        assertTrue(sink.notices().stream().map(ParseWarning::message).noneMatch(m -> m.contains("Uptime fell")), sink.notices().toString());
    }

    @Test
    void aRestartIsAGapNeverANegativeRate() {
        String text = String.join("\n",
                "1700000000", "Com_select\t5000", "Threads_running\t4", "Uptime\t1000",
                "1700000010", "Com_select\t5500", "Threads_running\t2", "Uptime\t1010",
                "1700000020", "Com_select\t30", "Threads_running\t1", "Uptime\t5",
                "1700000030", "Com_select\t230", "Threads_running\t1", "Uptime\t15");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("restart.txt"));
        double[] rates = sink.rows(DATASET, "Com_select").stream().mapToDouble(r -> r.get("per_s")).toArray();
        assertTrue(Double.isNaN(rates[0]));
        assertEquals(50, rates[1]);
        assertTrue(Double.isNaN(rates[2]), "across the restart: " + Arrays.toString(rates));
        assertEquals(20, rates[3]);
        assertEquals("tab-absolute", sink.variant());
        assertTrue(sink.notices().stream().map(ParseWarning::message).anyMatch(m -> m.contains("Uptime fell once")));
    }

    @Test
    void aCounterThatFellAloneIsAGapForItselfOnly() {
        // FLUSH STATUS resets some counters; Com_select is not among them, Handler_read_rnd_next is
        String text = String.join("\n",
                "1700000000", "Com_select\t5000", "Handler_read_rnd_next\t900", "Uptime\t1000",
                "1700000010", "Com_select\t5100", "Handler_read_rnd_next\t3", "Uptime\t1010");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("flush.txt"));
        assertEquals(10, sink.rows(DATASET, "Com_select").get(1).get("per_s"));
        assertTrue(Double.isNaN(sink.rows(DATASET, "Handler_read_rnd_next").get(1).get("per_s")));
        assertEquals(3, sink.rows(DATASET, "Handler_read_rnd_next").get(1).get("value"));
    }

    @Test
    void aVariableThatAppearsMidRunAndABadLineAreNotLost() {
        String text = String.join("\n",
                "Variable_name\tValue", "Com_select\t10", "Uptime\t100",
                "Variable_name\tValue", "Com_select\t20", "Com_new_thing\t7", "== garbage ==", "Uptime\t101");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("mid.txt"));
        assertEquals(1, sink.rows(DATASET, "Com_new_thing").size());
        assertTrue(Double.isNaN(sink.rows(DATASET, "Com_new_thing").get(0).get("per_s")));
        assertEquals(List.of(7L), sink.warnings().stream().map(ParseWarning::line).toList());
        assertEquals(2, sink.rows(DATASET, "Uptime").size());
    }

    @Test
    void aVariableThatAppearsMidRunIsToldWhereAndKept() {
        String text = String.join("\n", "Com_select\t10", "Uptime\t100", "Com_select\t20", "Com_new_thing\t7", "Uptime\t101",
                "Com_select\t30", "Com_new_thing\t9", "Uptime\t102");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("mid.txt"));
        assertEquals(List.of(4L), sink.notices().stream().filter(n -> n.message().contains("Com_new_thing")).map(ParseWarning::line).toList());
        assertEquals(2, sink.rows(DATASET, "Com_new_thing").get(1).get("per_s"));
        assertTrue(sink.warnings().isEmpty());
    }

    @Test
    void aCaptureCutWithinATableKeepsWhatWasReadAndSaysWhere() {
        String table = "+---------------+-------+\n| Variable_name | Value |\n+---------------+-------+\n"
                + "| Com_select    | %d    |\n| Questions     | %d    |\n| Uptime        | %d    |\n";
        String text = String.format(table, 10, 20, 100) + "+---------------+-------+\n\n" + String.format(table, 15, 28, 101)
                .replace("| Uptime        | 101    |\n", "");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("cut.txt"));
        assertEquals(List.of(13L), sink.warnings().stream().map(ParseWarning::line).toList());
        assertTrue(sink.warnings().get(0).message().contains("cut short"), sink.warnings().get(0).message());
        assertEquals(2, sink.rows(DATASET, "Questions").size());
        assertEquals(1, sink.rows(DATASET, "Uptime").size());

        String tab = "Com_select\t10\nQuestions\t20\nUptime\t100\nCom_select\t15\nQuestions\t28\n";
        CollectingSink tabSink = ParserFixtures.parseText(parser, tab, ParseContext.simple("cut-tab.txt"));
        assertEquals(List.of(5L), tabSink.warnings().stream().map(ParseWarning::line).toList());
        assertEquals(2, tabSink.rows(DATASET, "Questions").size());
    }

    /** The MariaDB client's default prompt is {@code \\N [\\d]> }: the server's name, then the database in brackets. */
    @Test
    void aStatementAfterTheMariadbClientsPromptIsNoVariable() {
        CollectingSink sink = ParserFixtures.parse(parser, "mysql-status/dd-agent-pr1471-mariadb-show-status-like-innodb-first19.txt");
        assertEquals("boxed-absolute", sink.variant());
        assertTrue(sink.rows(DATASET, "MariaDB").isEmpty());
        assertEquals(List.of(16229.0), sink.rows(DATASET, "Innodb_buffer_pool_pages_free").stream().map(r -> r.get("value")).toList());
        assertEquals(List.of(23L), sink.warnings().stream().map(ParseWarning::line).toList(), "the paste ends within the table");
    }

    /**
     * MySQL 8 prints its RSA public keys as status values over several lines, breaking the boxed table (as in
     * {@code SHOW STATUS LIKE 'Caching_sha2_password_rsa_public_key'} on 8.0; pt-mext drops them with a sed of its own).
     */
    @Test
    void mysql8MultiLineKeysAreTextValuesNotBadLines() {
        String key = String.join("\n", "-----BEGIN PUBLIC KEY-----",
                "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0N+rEZ/4F4CIsVdi+kif",
                "M7YZgpyNv/qyJJv/hWf2Cwc/edS0yrQNUlsQzb6QRqlwCRRehgRiqu5ZPHLuxs+J", "ewIDAQAB", "-----END PUBLIC KEY-----",
                "                                     |");
        String text = String.join("\n", "+--------------------------------------+----------------------------+",
                "| Variable_name                        | Value                      |",
                "+--------------------------------------+----------------------------+",
                "| Bytes_sent                           | 5000                       |",
                "| Caching_sha2_password_rsa_public_key | " + key,
                "| Com_select                           | 42                         |",
                "| Rsa_public_key                       | " + key,
                "| Questions                            | 77                         |",
                "| Uptime                               | 1000                       |",
                "+--------------------------------------+----------------------------+");
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("mysql8.txt"));
        assertEquals(List.of(), sink.warnings());
        assertEquals(42, sink.rows(DATASET, "Com_select").get(0).get("value"));
        assertEquals(77, sink.rows(DATASET, "Questions").get(0).get("value"));
        assertTrue(sink.rows(DATASET, "Rsa_public_key").isEmpty());
    }

    @Test
    void theDocumentedGaugesAreTheParsersGauges() throws java.io.IOException {
        String page = java.nio.file.Files.readString(java.nio.file.Path.of("docs/tools/mysql-status.md"));
        String section = page.substring(page.indexOf("The gauges, from"), page.indexOf("## Why one row per variable"));
        List<String> documented = java.util.regex.Pattern.compile("`([A-Za-z_]+)`").matcher(section).results()
                .map(m -> m.group(1)).toList();
        assertEquals(StatusVariables.GAUGES, documented);
        assertTrue(StatusVariables.isGauge("WSREP_LOCAL_RECV_QUEUE"));
        assertFalse(StatusVariables.isGauge("Com_select"));
    }

    @Test
    void detectsStatusButNotServerVariablesOrPtMextColumns() {
        assertTrue(parser.sniff(ParserFixtures.head(ABSOLUTE)) >= 0.9);
        assertTrue(parser.sniff(ParserFixtures.head(EPOCH_LOOP)) >= 0.9);
        assertEquals(0, parser.sniff(ParserFixtures.head("pt-mext/mariadb-10.11-pt-mext-r.txt")));
        Head variables = Head.of("variables.txt", List.of("Variable_name\tValue", "autocommit\tON",
                "innodb_buffer_pool_size\t134217728", "innodb_page_size\t16384", "max_connections\t151",
                "performance_schema\tON", "thread_cache_size\t151", "version\t10.11.19-MariaDB"));
        assertEquals(0, parser.sniff(variables));
    }
}
