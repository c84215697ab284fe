package io.statlens.analysis;

import io.statlens.chart.DashboardCatalog;
import io.statlens.chart.DatabaseCaptureRun;
import io.statlens.chart.PresetCatalog;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.builtin.mysql.MysqlStatusParser;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntToLongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The database side's findings ({@link DatabaseFindings}) from real captures of MariaDB 10.11 under sysbench: a
 * healthy OLTP run whose 4 client threads outnumber the 2 CPUs (captures/sysbench-mariadb: vmstat, iostat, mpstat,
 * mysqladmin ext -r -i 1, two InnoDB monitor reports, performance_schema waits, imported in one command), and a write
 * load held back by an open read view with a 6 MiB buffer pool (captures/mariadb-purge-lag); six InnoDB monitor reports of
 * a real Percona Server 5.5 (captures/pt-stalk/percona-server-5.5-innodbstatus, from percona-toolkit); and the checkpoint-age
 * rules on SHOW GLOBAL STATUS loops written for the test in the client's own format, the log's capacity from the
 * server's variables as facts of the run ({@code mysql.var.innodb_log_file_size}).
 */
class DatabaseFindingsTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();

    @BeforeAll
    static void importRuns(@TempDir Path dir) throws Exception {
        DatabaseCaptureRun.importInto(shared.repository());
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        service.run(new ImportRequest(List.of(Path.of("src/test/resources/captures/mariadb-purge-lag")), "purge-lag", Optional.empty(),
                List.of(), Optional.empty(), Optional.empty(), Optional.empty(), ZoneOffset.UTC, false, false, true, Map.of()),
                ImportProgress.NONE);
        service.run(new ImportRequest(List.of(Path.of("src/test/resources/captures/pt-stalk/percona-server-5.5-innodbstatus")), "xtradb",
                Optional.empty(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), ZoneOffset.UTC, false, false, true,
                Map.of()), ImportProgress.NONE);
        // One monitor report of a real Percona Server and one performance_schema snapshot of the MySQL 8.0 manual: no course
        // over time to judge, only their state.
        service.run(new ImportRequest(List.of(Path.of("src/test/resources/corpus/innodb-status/percona-toolkit-summary-innodb-status.001.txt"),
                Path.of("src/test/resources/corpus/perfschema-waits/mysql-manual-8.0-innodb-mutex-waits-ms.txt")), "one-report",
                Optional.empty(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), ZoneOffset.UTC, false, false, true,
                Map.of()), ImportProgress.NONE);
        // Two status sources of one sysbench run: mysqladmin -r -i 1 beside the run's mpstat (which dates it), and the -mysqladmin
        // of a pt-stalk capture taken meanwhile with --sleep-collect 2.
        service.run(new ImportRequest(List.of(Path.of("src/test/resources/captures/sysbench-mariadb-pt-stalk-run/mpstat-P-ALL-1-28.txt"),
                Path.of("src/test/resources/captures/sysbench-mariadb-pt-stalk-run/mysqladmin-ext-r-i1-c28.txt"),
                Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11-sleep-collect-2/2026_12_02_19_56_56-mysqladmin")), "two-sources",
                Optional.empty(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), ZoneOffset.UTC, false, false, true,
                Map.of()), ImportProgress.NONE);
        // Percona Server's monitor alone: its Max checkpoint age is the limit.
        importMonitor(service, dir, i -> i < 3 ? 600_000 + 100_000L * i : 2_200_000 + 40_000L * i);
        // The redo log nearly full from the fourth snapshot on: 2.2 MB and more of a 2.68 MB limit.
        importStatus(service, dir, "near", i -> i < 3 ? 600_000 + 100_000L * i : 2_200_000 + 40_000L * i, true);
        // Growing, and no limit known.
        importStatus(service, dir, "unknown", i -> 1_000_000 + 200_000L * i, false);
        // MySQL 8.0.30+: no checkpoint age, its two LSNs and the log's capacity (10 MiB) as status variables.
        importLsns(service, dir, "lsn", i -> i < 3 ? 1_000_000 + 100_000L * i : 8_500_000 + 100_000L * i);
        // The same run as imported before the status parsers kept mysql.redo_log: the two LSNs as status variables only.
        importLsns(new ImportService(shared.repository(), new ParserCatalog(List.of(new StatusAsCaptured(Map.of(), true)))), dir, "lsn-before",
                i -> i < 3 ? 1_000_000 + 100_000L * i : 8_500_000 + 100_000L * i);
        // No Innodb_checkpoint_max_age (MySQL), the log's capacity from the server's variables: two files of 2 MiB.
        importWithVariables(dir, "capacity", Map.of("mysql.var.innodb_log_file_size", "2097152", "mysql.var.innodb_log_files_in_group", "2"));
        // The capacity the variables' parser decided (a pre-8.0.30 my.cnf: 2 MiB x 2) beside innodb_redo_log_capacity's default.
        importWithVariables(dir, "decided", Map.of("mysql.redo_log_capacity", "4194304", "mysql.var.innodb_redo_log_capacity", "104857600",
                "mysql.var.innodb_log_file_size", "2097152", "mysql.var.innodb_log_files_in_group", "2"));
    }

    private static void importWithVariables(Path dir, String run, Map<String, String> facts) throws Exception {
        Path file = Files.writeString(dir.resolve(run + ".txt"), status(i -> i < 3 ? 600_000 + 100_000L * i : 3_310_016 + 40_000L * i,
                false));
        new ImportService(shared.repository(), new ParserCatalog(List.of(new StatusAsCaptured(facts, false)))).run(new ImportRequest(List.of(file),
                run, Optional.empty(), List.of(), Optional.of("mysql-status"), Optional.empty(), Optional.empty(), ZoneOffset.UTC, false,
                false, false, Map.of()), ImportProgress.NONE);
    }

    /**
     * mysql-status's own parser, as a capture gives its output: with the server's variables as facts
     * {@code mysql.var.<name>}, and, for a run imported before it existed, without the {@code mysql.redo_log} data set.
     */
    private record StatusAsCaptured(Map<String, String> variables, boolean withoutRedoLog) implements Parser {
        private static final Parser STATUS = new MysqlStatusParser();

        @Override
        public ParserInfo info() {
            return STATUS.info();
        }

        @Override
        public double sniff(Head head) {
            return STATUS.sniff(head);
        }

        @Override
        public void parse(LineSource lines, ParseContext context, RecordSink sink) throws java.io.IOException {
            STATUS.parse(lines, context, withoutRedoLog ? withoutRedoLog(sink) : sink);
            variables.forEach(sink::fact);
        }

        /** Every call passes to the import's sink but the redo log's data set and rows. */
        private static RecordSink withoutRedoLog(RecordSink sink) {
            return (RecordSink) java.lang.reflect.Proxy.newProxyInstance(RecordSink.class.getClassLoader(),
                    new Class<?>[]{RecordSink.class}, (proxy, method, args) -> {
                        boolean redoLog = args != null && args.length > 0 && args[0] instanceof io.statlens.model.DatasetSpec spec
                                && spec.name().equals("redo_log");
                        if (redoLog) return null;
                        try {
                            return method.invoke(sink, args);
                        } catch (java.lang.reflect.InvocationTargetException e) {
                            throw e.getCause();
                        }
                    });
        }
    }

    /** {@code while sleep 10; do date +%s; mysql -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_checkpoint%'"; done}: 10 snapshots. */
    private static void importStatus(ImportService service, Path dir, String run, IntToLongFunction age, boolean withMax)
            throws Exception {
        Path file = Files.writeString(dir.resolve(run + ".txt"), status(age, withMax));
        service.run(new ImportRequest(List.of(file), run, Optional.empty(), List.of(), Optional.of("mysql-status"), Optional.empty(),
                Optional.empty(), ZoneOffset.UTC, false, false, false, Map.of()), ImportProgress.NONE);
    }

    /**
     * {@code while sleep 10; do date +%s; mysql -N -e "SHOW GLOBAL STATUS LIKE 'Innodb_redo_log_c%'"; done} on MySQL
     * 8.0.30+ (names and order as 8.0.32 prints them): 10 snapshots, the log growing by 1 MB a snapshot.
     */
    private static void importLsns(ImportService service, Path dir, String run, IntToLongFunction age) throws Exception {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            long current = 40_000_000L + 1_000_000L * i;
            b.append(1_796_183_000L + 10L * i).append('\n')
                    .append("Innodb_redo_log_checkpoint_lsn\t").append(current - age.applyAsLong(i)).append('\n')
                    .append("Innodb_redo_log_current_lsn\t").append(current).append('\n')
                    .append("Innodb_redo_log_capacity_resized\t10485760\n");
        }
        Path file = Files.writeString(dir.resolve(run + ".txt"), b);
        service.run(new ImportRequest(List.of(file), run, Optional.empty(), List.of(), Optional.of("mysql-status"), Optional.empty(),
                Optional.empty(), ZoneOffset.UTC, false, false, false, Map.of()), ImportProgress.NONE);
    }

    /**
     * {@code while sleep 10; do mysql -e 'SHOW ENGINE INNODB STATUS\G'; done} on Percona Server: 10 reports, of each only
     * the lines the rule reads (header, LOG section with Percona's Max checkpoint age, end).
     */
    private static void importMonitor(ImportService service, Path dir, IntToLongFunction age) throws Exception {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            long lsn = 90_000_000L + 1_000_000L * i;
            b.append("=====================================\n").append(String.format("2026-12-02 10:%02d:%02d", 10 * i / 60, 10 * i % 60))
                    .append(" 140536853775936 INNODB MONITOR OUTPUT\n=====================================\n---\nLOG\n---\n")
                    .append("Log sequence number          ").append(lsn).append('\n')
                    .append("Last checkpoint at           ").append(lsn - age.applyAsLong(i)).append('\n')
                    .append("Max checkpoint age           2679645\n")
                    .append("----------------------------\nEND OF INNODB MONITOR OUTPUT\n============================\n");
        }
        Path file = Files.writeString(dir.resolve("monitor.txt"), b);
        service.run(new ImportRequest(List.of(file), "monitor", Optional.empty(), List.of(), Optional.of("innodb-status"), Optional.empty(),
                Optional.empty(), ZoneOffset.UTC, false, false, false, Map.of()), ImportProgress.NONE);
    }

    private static String status(IntToLongFunction age, boolean withMax) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            b.append(1_796_183_000L + 10L * i).append('\n').append("Innodb_checkpoint_age\t").append(age.applyAsLong(i)).append('\n');
            if (withMax) b.append("Innodb_checkpoint_max_age\t2679645\n");
        }
        return b.toString();
    }

    @Test
    void aHealthyRunHasItsStatementsThreadsAndWaitsBesideTheOsFindings() {
        assertEquals(List.of(
                "headline: sysbench oltp: 374 tps, 7,472 qps, latency p95 28.2 ms (4 threads, 1 min); per interval 147 to 504 tps"
                        + " (CV 18.96 %).",
                "headline: MySQL served 6,900 statements/s (Questions: p95 9,461/s, mean 6,900/s, peak 10,712/s), 345 commits/s"
                        + " (Com_commit, mean).",
                "saturation: All CPUs together were at least 95 % busy for 1 min 7 s of 1 min 7 s (p95 100 %).",
                "trouble: Run queue above the 2 CPUs for 1 min 6 s (vmstat r p95 31.6, peak 37): threads waited for a CPU.",
                "trouble: Threads_running above the 2 CPUs for 37 s of 1 min 5 s (p95 4.8, peak 5): more statements in progress"
                        + " than CPUs; they queued for a CPU or waited on locks.",
                "hottest: Busiest CPUs by mean busy time (100 - %idle - %iowait): CPU 1 99.88 %, CPU 0 99.88 % (of 2); all CPUs"
                        + " together mean 99.88 %.",
                "hottest: Device vda: mean %util 38.86 %, p95 53.71 %.",
                "hottest: Top wait event (performance_schema, besides idle and condition waits):"
                        + " wait/io/socket/sql/client_connection, 51.23 % of the time waited (0.5091 s waited per second, mean); then"
                        + " wait/io/table/sql/handler 29.92 %, wait/io/file/innodb/innodb_data_file 15.28 %,"
                        + " wait/synch/sxlock/innodb/index_tree_rw_lock 1.72 %."), texts(of(DatabaseCaptureRun.RUN)));
        Finding threads = of(DatabaseCaptureRun.RUN).get(4);
        assertEquals(List.of("mysql.status", "level", "Threads_running"), List.of(threads.dataset(), threads.metric(), threads.key()));
    }

    @Test
    void purgeHeldBackAndASmallBufferPoolAreTrouble() {
        assertEquals(List.of(
                "headline: sysbench oltp: 175 tps, 1,051 qps, latency p95 113 ms (4 threads, 35 s); per interval 129 to 208 tps"
                        + " (CV 19.63 %).",
                "headline: MySQL served 743 statements/s (Questions: p95 1,789/s, mean 743/s, peak 2,145/s), 124 commits/s"
                        + " (Com_commit, mean).",
                "trouble: Buffer pool hit rate low: 78.13 % of logical reads served from memory (Innodb_buffer_pool_reads 1,184/s"
                        + " of Innodb_buffer_pool_read_requests 5,412/s, means): reads went to disk; the working set does not fit"
                        + " the buffer pool.",
                "trouble: History list length grew from 8 to 6,182 in 36 s and ended at 835 (Innodb_history_list_length): purge"
                        + " fell behind the writes; a long transaction or an open read view keeps old row versions."),
                texts(of("purge-lag")));
    }

    /**
     * A single monitor report and a single wait summary: their state is said, read by hand from the files (checkpoint age
     * 634,288 B of Max checkpoint age 325,436,314 B; hit rate 1000 / 1000 over 9 s; history list 255; SUM_TIMER_WAIT_MS
     * 8,821.7496 of 14,103.8242 for trx_pool_mutex), instead of "nothing to judge".
     */
    @Test
    void aSingleMonitorReportAndWaitSnapshotAreJudgedForWhatTheyShow() {
        assertEquals(List.of(
                "note: One InnoDB monitor report, the server's state at that moment: checkpoint age 0.605 MiB, 0.19 % of the"
                        + " monitor's Max checkpoint age (310 MiB): well within the log's capacity; buffer pool hit rate 100 % over the"
                        + " monitor's last 9 s: reads served from memory; history list length 255. Whether the checkpoint age or the"
                        + " history list grew, or the hit rate fell, needs a second report.",
                "hottest: Top wait event since the server started (performance_schema totals, one snapshot, so no rates; besides idle"
                        + " and condition waits): wait/synch/mutex/innodb/trx_pool_mutex, 62.55 % of the time waited (8.82 s of 14 s);"
                        + " then wait/synch/mutex/innodb/dict_sys_mutex 11.39 %, wait/synch/mutex/innodb/log_sys_write_mutex 10.82 %,"
                        + " wait/synch/mutex/innodb/trx_sys_mutex 7.57 %."), texts(of("one-report")));
    }

    /**
     * Two captures of one server's status over the same seconds are two series, each judged on its own: neither mixed
     * into the other's statistics nor counted twice, and pt-stalk's 2-second snapshots give rates per second, not per
     * snapshot (the mean of Questions per second over its three steps is (133,570 - 93,006) / 6 s = 6,761, read by hand).
     */
    @Test
    void twoStatusSourcesOfOneRunAreJudgedApartAndNeitherIsDoubled() {
        List<String> headlines = texts(of("two-sources")).stream().filter(t -> t.startsWith("headline:")).toList();
        assertEquals(2, headlines.size(), headlines.toString());
        assertTrue(headlines.get(0).startsWith("headline: sysbench-mariadb-pt-stalk-run: MySQL served 6,027 statements/s"), headlines.get(0));
        assertTrue(headlines.get(1).startsWith("headline: mariadb-10.11-sleep-collect-2: MySQL served 6,761 statements/s"), headlines.get(1));
    }

    /** Six monitor reports of a real Percona Server 5.5 over 10 min 30 s: the OS waits each lock type added, read by hand. */
    @Test
    void theLockTypeWithTheMostOsWaitsInARealCaptureIsTheHottest() {
        assertEquals(List.of("hottest: InnoDB OS waits between the first and last monitor report (10 min 30 s): rw-shared 70 (49.65 %),"
                + " mutex 58 (41.13 %), rw-excl 13 (9.22 %)."), texts(of("xtradb")));
    }

    @Test
    void checkpointAgeIsJudgedAgainstTheLimitTheServerPrintsOrNotedWhenNoneIsKnown() {
        assertEquals(List.of("trouble: Checkpoint age near the redo log's capacity: peak 2.44 MiB, 95.54 % of"
                + " Innodb_checkpoint_max_age (2.56 MiB); at or above 75 % for 1 min 10 s of 1 min 40 s (Innodb_checkpoint_age):"
                + " InnoDB had to flush dirty pages in a hurry to free the log."), texts(of("near")));
        assertEquals(List.of("trouble: Checkpoint age near the redo log's capacity: peak 3.5 MiB, 87.5 % of innodb_log_file_size x"
                + " innodb_log_files_in_group 2 (4 MiB); at or above 75 % for 1 min 10 s of 1 min 40 s (Innodb_checkpoint_age): InnoDB"
                + " had to flush dirty pages in a hurry to free the log."), texts(of("capacity")));
        assertEquals(List.of("trouble: Checkpoint age near the redo log's capacity: peak 2.44 MiB, 95.54 % of the monitor's Max"
                + " checkpoint age (2.56 MiB); at or above 75 % for 1 min 10 s of 1 min 40 s (innodb.status checkpoint age): InnoDB had"
                + " to flush dirty pages in a hurry to free the log."), texts(of("monitor")));
        assertEquals(List.of("trouble: Checkpoint age near the redo log's capacity: peak 3.5 MiB, 87.5 % of mysql.redo_log_capacity"
                + " (4 MiB); at or above 75 % for 1 min 10 s of 1 min 40 s (Innodb_checkpoint_age): InnoDB had to flush dirty pages in a"
                + " hurry to free the log."), texts(of("decided")));
        assertEquals(List.of("trouble: Checkpoint age near the redo log's capacity: peak 8.96 MiB, 89.65 % of"
                + " Innodb_redo_log_capacity_resized (10 MiB); at or above 75 % for 1 min 10 s of 1 min 40 s"
                + " (Innodb_redo_log_current_lsn - Innodb_redo_log_checkpoint_lsn): InnoDB had to flush dirty pages in a hurry to"
                + " free the log."), texts(of("lsn")));
        assertEquals(List.of("trouble: Checkpoint age near the redo log's capacity: peak 8.96 MiB, 89.65 % of"
                + " Innodb_redo_log_capacity_resized (10 MiB); at or above 75 % for 1 min 10 s of 1 min 40 s"
                + " (Innodb_redo_log_current_lsn - Innodb_redo_log_checkpoint_lsn, computed when read: the run was imported before"
                + " statlens kept mysql.redo_log): InnoDB had to flush dirty pages in a hurry to free the log."), texts(of("lsn-before")));
        List<String> unknown = texts(of("unknown"));
        assertEquals(List.of("note: Checkpoint age grew from 0.954 MiB to 2.67 MiB (peak 2.67 MiB, Innodb_checkpoint_age); how near"
                + " that came to the redo log's capacity cannot be judged: the run has no innodb_log_file_size or"
                + " innodb_redo_log_capacity (capture SHOW GLOBAL VARIABLES with the run)."), unknown);
    }

    @Test
    void mysql8CheckpointAgeIsItsOwnDataSetWithAChartOnTheDashboardThatTheFindingLinksTo() {
        Finding f = of("lsn").stream().filter(x -> x.text().toString().startsWith("Checkpoint age")).findFirst().orElseThrow();
        assertEquals("mysql.redo_log", f.dataset());
        assertEquals(Optional.of("mysql.redo-log"), new PresetCatalog(repo).showing(f.dataset(), f.shownBy(), f.key())
                .map(PresetCatalog.Preset::name));
        assertTrue(new DashboardCatalog(repo).defaultFor(List.of("lsn")).charts().stream()
                .anyMatch(c -> "mysql.redo-log".equals(c.name())), "the database row's checkpoint chart");
    }

    private List<Finding> of(String run) {
        return new FindingsAnalyzer(repo).analyze(List.of(run)).runs().get(0).findings();
    }

    private static List<String> texts(List<Finding> findings) {
        return findings.stream().map(f -> f.kind().id() + ": " + f.text()).toList();
    }
}
