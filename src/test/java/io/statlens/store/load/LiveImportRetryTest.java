package io.statlens.store.load;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.store.StoreException;
import io.statlens.store.read.DatasetChecksum;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A collect's commit that fails: the next commit writes everything the failed one held, once. */
public class LiveImportRetryTest {
    /** Armed by the test; the repository's trigger calls {@link #failOnce} at the commit's file update. */
    private static final AtomicBoolean FAIL = new AtomicBoolean();

    @TempDir
    Path dir;

    /** A Derby procedure: throws the first time it is called once armed. */
    public static void failOnce() throws SQLException {
        if (FAIL.getAndSet(false)) throw new SQLException("injected commit failure");
    }

    @Test
    void theRowsDataSetsFactsAndWarningsOfAFailedCommitArriveWithTheNextOne() throws Exception {
        DatasetSpec cpu = new DatasetSpec("t", "cpu", "cpu", List.of(Metric.of("usr", "%"), Metric.of("sys", "%")));
        DatasetSpec disk = new DatasetSpec("t", "disk", "device", List.of(Metric.of("tps", "1/s")));
        DatasetSpec net = new DatasetSpec("t", "net", "iface", List.of(Metric.of("rx", "B/s")));
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            try (Statement st = repo.connection().createStatement()) {
                st.execute("CREATE PROCEDURE FAIL_ONCE() LANGUAGE JAVA PARAMETER STYLE JAVA NO SQL EXTERNAL NAME '"
                        + LiveImportRetryTest.class.getName() + ".failOnce'");
                st.execute("CREATE TRIGGER FAIL_COMMIT AFTER UPDATE ON SOURCE_FILES FOR EACH STATEMENT CALL FAIL_ONCE()");
            }
            repo.connection().commit();
            LiveImport live = LiveImport.open(repo, "r", Optional.empty(), List.of());
            LiveImport.Source s = live.source(dir.resolve("t.txt").toString(), "t", "1", "localhost");
            s.dataset(cpu);
            s.row(cpu, new Row(1, t0, "all", false, new double[] {1, 2}));
            s.fact(new Fact("host", "h1"));
            live.commit();

            // the failed commit's transaction: rows of a known data set, a new data set (and table), a fact, a warning
            s.row(cpu, new Row(2, t0.plusSeconds(1), "all", false, new double[] {3, 4}));
            s.dataset(disk);
            s.row(disk, new Row(2, t0.plusSeconds(1), "sda", false, new double[] {5}));
            s.fact(new Fact("kernel", "6.1"));
            s.warning(7, "a bad line");
            FAIL.set(true);
            assertThrows(StoreException.class, live::commit);

            // read after the failure, before the next commit
            s.row(cpu, new Row(3, t0.plusSeconds(2), "all", false, new double[] {5, 6}));
            s.row(disk, new Row(3, t0.plusSeconds(2), "sda", false, new double[] {7}));
            s.dataset(net);
            s.row(net, new Row(3, t0.plusSeconds(2), "eth0", false, new double[] {8}));
            s.notice(0, "a notice");
            live.close();

            assertEquals("{t.cpu=3/3, t.disk=2/2, t.net=1/1}", datasets(repo));
            assertEquals("[host=h1, kernel=6.1]", column(repo, "SELECT NAME || '=' || VAL FROM FACTS ORDER BY NAME"));
            assertEquals("[a bad line, a notice]", column(repo, "SELECT MESSAGE FROM WARNINGS ORDER BY MESSAGE"));
            assertEquals("[6 rows, 2 warnings]", column(repo, "SELECT TRIM(CAST(ROW_COUNT AS CHAR(20))) || ' rows, '"
                    + " || TRIM(CAST(WARNING_COUNT AS CHAR(20))) || ' warnings' FROM SOURCE_FILES"));
        }
    }

    /** Each data set's recorded row count and the rows its table holds. */
    private static String datasets(Repository repo) throws SQLException {
        TreeMap<String, String> out = new TreeMap<>();
        try (Statement st = repo.connection().createStatement();
             ResultSet rs = st.executeQuery("SELECT ID, TOOL || '.' || NAME, ROW_COUNT FROM DATASETS")) {
            while (rs.next()) out.put(rs.getString(2), rs.getLong(3) + "/" + DatasetChecksum.of(repo, rs.getLong(1)).rows());
        }
        return out.toString();
    }

    private static String column(Repository repo, String sql) throws SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (Statement st = repo.connection().createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) out.add(rs.getString(1));
        }
        return out.toString();
    }
}
