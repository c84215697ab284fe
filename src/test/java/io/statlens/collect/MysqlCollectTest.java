package io.statlens.collect;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.LiveImport;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.statlens.store.read.RunCatalog;

import java.nio.file.Files;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mysql source against a real MariaDB: the collect holds the rows an import of its raw files gives. */
class MysqlCollectTest {
    @TempDir
    static Path serverDir;
    private static MariaDbServer server;

    @TempDir
    Path dir;

    @BeforeAll
    static void startServer() throws Exception {
        server = MariaDbServer.start(serverDir);
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) server.close();
    }

    @Test
    void statusAndInnodbMonitorAreCollectedAsAnImportOfTheirRawFilesReadsThem() throws Exception {
        MysqlTarget target = MysqlTarget.read(server.optionFile(""), true);
        ParserCatalog catalog = ParserCatalog.installed();
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            LiveImport live = LiveImport.open(repo, "live", Optional.empty(), List.of());
            MysqlLauncher mysql = new MysqlLauncher(target);
            Collector collector = new Collector(live, catalog, List.of(mysql), CollectedTool.mysql(), 1, ZoneId.systemDefault(),
                    dir.resolve("raw"), System.err::println);
            List<Collector.Status> during = LocalCollectTest.waitForRows(collector);
            collector.stop();
            for (Collector.Status s : during) assertTrue(s.rows() > 0, s + ": " + LocalCollectTest.warnings(repo, "live"));
            List<Path> raw = List.of(dir.resolve("raw").resolve(LocalLauncher.machine()).resolve("mysql-status.txt"),
                    dir.resolve("raw").resolve(LocalLauncher.machine()).resolve("innodb-status.txt"));
            assertTrue(Files.readString(raw.get(0)).startsWith("TS "), "each snapshot after a pt-stalk time line");
            new ImportService(repo, catalog).run(new ImportRequest(raw, "imported", Optional.empty(), List.of(), Optional.empty(),
                    Optional.empty(), Optional.empty(), ZoneId.systemDefault(), false, false, false), ImportProgress.NONE);
            TreeMap<String, String> collected = LocalCollectTest.datasets(repo, "live");
            assertEquals(List.of("innodb.status", "mysql.status"), List.copyOf(collected.keySet()),
                    "warnings: " + LocalCollectTest.warnings(repo, "live"));
            for (String dataset : collected.keySet()) {
                List<String> rows = rows(repo, "live", dataset);
                // the InnoDB monitor is read every tenth interval: in the seconds this test waits it may have one snapshot
                int least = dataset.equals("innodb.status") ? 1 : 2;
                assertTrue(rows.size() >= least, dataset + ": " + rows.size() + " rows");
                assertEquals(rows(repo, "imported", dataset), rows, dataset);
            }
            assertEquals(LocalCollectTest.stats(repo, "imported"), LocalCollectTest.stats(repo, "live"));
            assertEquals(List.of(), LocalCollectTest.warnings(repo, "live"));
            assertEquals(List.of(), LocalCollectTest.warnings(repo, "imported"), "an import of the raw files says what the collect said");
        }
    }

    /**
     * A data set's rows, every column but the ids, sorted; the elapsed seconds to the microsecond, as
     * {@code DatasetChecksum} counts times: a live run whose start moves earlier (the InnoDB monitor dates its first
     * snapshot to the whole second before the first status snapshot) shifts the elapsed seconds already stored by
     * adding the difference, which leaves a last bit of difference from an import that computed them at once.
     */
    private static List<String> rows(Repository repo, String run, String dataset) {
        var d = new RunCatalog(repo).details(run).datasets().stream().filter(x -> x.qualifiedName().equals(dataset)).findFirst().orElseThrow();
        List<String> out = new ArrayList<>();
        try (Statement st = repo.connection().createStatement();
             ResultSet rs = st.executeQuery("SELECT * FROM " + d.table() + " WHERE DATASET_ID = " + d.id())) {
            ResultSetMetaData meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder line = new StringBuilder();
                for (int c = 1; c <= meta.getColumnCount(); c++) {
                    String name = meta.getColumnName(c);
                    if (name.endsWith("_ID")) continue;
                    String value = name.equals("ELAPSED_S") ? String.format(Locale.ROOT, "%.6f", rs.getDouble(c)) : rs.getString(c);
                    line.append(name).append('=').append(value).append(' ');
                }
                out.add(line.toString());
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        Collections.sort(out);
        return out;
    }

    @Test
    void aServerThatRefusesTheLoginIsAWarningThatNamesItWithoutThePassword() throws Exception {
        MysqlTarget target = MysqlTarget.read(server.optionFile(""), true).withPassword("s3cret-never-shown");
        MysqlTarget wrongUser = new MysqlTarget(target.host(), target.port(), target.socket(), "nobody", target.password());
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            LiveImport live = LiveImport.open(repo, "refused", Optional.empty(), List.of());
            Collector collector = new Collector(live, ParserCatalog.installed(), List.of(new MysqlLauncher(wrongUser)),
                    List.of(CollectedTool.MYSQL_STATUS), 1, ZoneId.systemDefault(), dir.resolve("raw"), m -> { });
            while (!collector.ended()) Thread.sleep(50);
            collector.stop();
            List<String> warnings = LocalCollectTest.warnings(repo, "refused");
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("host " + LocalLauncher.machine() + ", tool mysql-status: cannot start: cannot connect to the MySQL server at "
                    + server.socket() + " as nobody"), warnings.toString());
            assertFalse(warnings.get(0).contains("s3cret"), warnings.toString());
        }
    }
}
