package io.statlens.parse.builtin.mysql;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MysqlVariablesParserTest {
    private final MysqlVariablesParser parser = new MysqlVariablesParser();

    private CollectingSink text(String... lines) {
        return ParserFixtures.parseText(parser, String.join("\n", lines) + "\n", ParseContext.simple("vars.txt"));
    }

    @Test
    void ptStalksFileLeavesOutThePerformanceSchemaQueriesAfterIt() {
        CollectingSink sink = ParserFixtures.parse(parser, "mysql-variables/mariadb-10.11-pt-stalk-variables.txt");
        assertEquals(Optional.of("10.11.19-MariaDB-0+deb12u1"), sink.fact("mysql.version"));
        assertEquals(Optional.of("MariaDB"), sink.fact("mysql.server"));
        // MariaDB 10.11: one log file, no innodb_log_files_in_group
        assertEquals(Optional.of("100663296"), sink.fact("mysql.redo_log_capacity"));
        assertEquals(List.of(), sink.warnings());
        assertEquals("variables", sink.variant());
    }

    @Test
    void mysql8WithAnOldMyCnfUsesTheLogFilesNotTheCapacitysDefault() {
        CollectingSink sink = ParserFixtures.parse(parser, "mysql-variables/percona-toolkit-summary-temp_enc008-mysql-variables.txt");
        assertEquals(Optional.of("8.0.32-24"), sink.fact("mysql.version"));
        assertEquals(Optional.of("Percona Server"), sink.fact("mysql.server"));
        assertEquals(Optional.of("104857600"), sink.fact("mysql.var.innodb_redo_log_capacity"));
        assertEquals(Optional.of(Long.toString(5_242_880L * 2)), sink.fact("mysql.redo_log_capacity"));
    }

    @Test
    void mysql55HasAGroupOfLogFiles() {
        CollectingSink sink = ParserFixtures.parse(parser, "mysql-variables/percona-toolkit-summary-percona-server-5.5-variables.txt");
        long size = Long.parseLong(sink.fact("mysql.var.innodb_log_file_size").orElseThrow());
        long files = Long.parseLong(sink.fact("mysql.var.innodb_log_files_in_group").orElseThrow());
        assertEquals(Optional.of(Long.toString(size * files)), sink.fact("mysql.redo_log_capacity"));
    }

    @Test
    void mysql8030WithTheCapacitySetUsesIt() {
        CollectingSink sink = text("innodb_buffer_pool_size\t134217728", "innodb_log_file_size\t50331648",
                "innodb_log_files_in_group\t2", "innodb_redo_log_capacity\t2147483648", "max_connections\t500", "version\t8.0.36");
        assertEquals(Optional.of("2147483648"), sink.fact("mysql.redo_log_capacity"));
        assertEquals(Optional.of("MySQL"), sink.fact("mysql.server"));
    }

    @Test
    void boxedAndVerticalOutputAndAPastedPrompt() {
        CollectingSink boxed = text("mysql> SHOW GLOBAL VARIABLES;", "+-------------------------+-----------+",
                "| Variable_name           | Value     |", "+-------------------------+-----------+",
                "| autocommit              | ON        |", "| innodb_buffer_pool_size | 134217728 |",
                "| innodb_log_file_size    | 50331648  |", "| max_connections         | 151       |",
                "| version                 | 5.7.44-log |", "+-------------------------+-----------+", "5 rows in set (0.01 sec)");
        assertEquals(Optional.of("5.7.44-log"), boxed.fact("mysql.version"));
        assertEquals(Optional.of("151"), boxed.fact("mysql.var.max_connections"));
        assertEquals(List.of(), boxed.warnings());
        CollectingSink vertical = text("*************************** 1. row ***************************",
                "Variable_name: max_connections", "        Value: 200", "*************************** 2. row ***************************",
                "Variable_name: version", "        Value: 11.4.2-MariaDB");
        assertEquals(Optional.of("200"), vertical.fact("mysql.var.max_connections"));
        assertEquals(Optional.of("MariaDB"), vertical.fact("mysql.server"));
    }

    @Test
    void twoServersInOneFileWarnAtTheSecondAndKeepTheFirst() {
        CollectingSink sink = text("version\t8.0.36", "max_connections\t151", "version\t5.7.44", "12 x 34");
        assertEquals(Optional.of("8.0.36"), sink.fact("mysql.version"));
        List<Long> lines = sink.warnings().stream().map(ParseWarning::line).toList();
        assertEquals(List.of(3L, 4L), lines);
        assertTrue(sink.warnings().get(0).message().contains("was 8.0.36 at line 1"), sink.warnings().get(0).message());
    }

    @Test
    void mysqladminVersionGivesTheVersion() {
        CollectingSink sink = text("mysqladmin  Ver 9.1 Distrib 10.11.19-MariaDB, for debian-linux-gnu on x86_64",
                "Copyright (c) 2000, 2018, Oracle, MariaDB Corporation Ab and others.", "",
                "Server version\t\t10.11.19-MariaDB-0+deb12u1", "Protocol version\t10", "Connection\t\tLocalhost via UNIX socket",
                "UNIX socket\t\t/tmp/sock", "Uptime:\t\t\t32 min 5 sec", "",
                "Threads: 3  Questions: 60453  Slow queries: 0  Opens: 36  Open tables: 29  Queries per second avg: 31.404");
        assertEquals(Optional.of("10.11.19-MariaDB-0+deb12u1"), sink.fact("mysql.version"));
        assertEquals("mysqladmin-version", sink.variant());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void statusIsNotVariables() {
        Head status = Head.of("s.txt", Arrays.asList("Com_select\t5", "Com_insert\t3", "Threads_running\t2", "Uptime\t100",
                "Innodb_rows_read\t9", "Questions\t10"));
        assertEquals(0, parser.sniff(status));
        Head variables = Head.of("v.txt", Arrays.asList("autocommit\tON", "back_log\t80", "datadir\t/var/lib/mysql/",
                "innodb_buffer_pool_size\t134217728", "max_connections\t151", "port\t3306"));
        assertTrue(parser.sniff(variables) >= 0.9);
    }
}
