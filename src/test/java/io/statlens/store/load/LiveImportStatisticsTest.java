package io.statlens.store.load;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A collect's statistics (issue 24, item 5): written at a new key's first commit, then every
 * {@link LiveImport#STATISTICS_EVERY} and at the last commit, not at every commit; a collector killed in between leaves
 * them behind its rows, and the collect that resumes the run writes them again from the rows. On every engine: the
 * rewrite reads each key's rows back, which a store of rows (PostgreSQL) does by the data set's key label.
 */
@OnEveryEngine
class LiveImportStatisticsTest {
    private static final DatasetSpec CPU = new DatasetSpec("t", "cpu", "cpu", List.of(Metric.of("usr", "%"), Metric.of("sys", "%")));
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final RepositoryEngine engine;

    @TempDir
    Path dir;

    LiveImportStatisticsTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @Test
    void aKilledCollectsStatisticsLagItsRowsUntilTheResumedCollectWritesThemFromTheRows() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository(), true)) {
            LiveImport killed = LiveImport.open(repo, "r", Optional.empty(), List.of());
            LiveImport.Source s = killed.source(dir.resolve("raw/localhost/t.txt").toString(), "t", "1", "localhost");
            s.dataset(CPU);
            s.row(CPU, row(1, "all", 1, 2));
            killed.commit();
            s.row(CPU, row(2, "all", 3, 4));
            s.row(CPU, row(2, "cpu0", 5, 6));
            killed.commit();
            for (int i = 3; i <= 6; i++) s.row(CPU, row(i, "all", 2, 0));
            killed.commit();
            // the new key had its statistics at once; the rows of the key known already wait for the next statistics
            assertEquals(List.of("all usr 2 2.0", "all sys 2 3.0", "cpu0 usr 1 5.0", "cpu0 sys 1 6.0"), stats(repo));
            assertEquals(7, rows(repo));

            // killed -9: nothing more of it runs; the collect that resumes the run writes its statistics again
            LiveImport resumed = LiveImport.open(repo, "r", Optional.empty(), List.of());
            resumed.rewriteStatistics(dir.resolve("raw") + java.io.File.separator);
            assertEquals(List.of("all usr 6 2.0", "all sys 6 1.0", "cpu0 usr 1 5.0", "cpu0 sys 1 6.0"), stats(repo));
            resumed.close();
        }
    }

    @Test
    void theLastCommitWritesTheStatisticsOfEveryRow() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository(), true)) {
            LiveImport live = LiveImport.open(repo, "r", Optional.empty(), List.of());
            LiveImport.Source s = live.source(dir.resolve("t.txt").toString(), "t", "1", "localhost");
            s.dataset(CPU);
            s.row(CPU, row(1, "all", 1, 2));
            live.commit();
            s.row(CPU, row(2, "all", 3, 4));
            live.commit();
            s.row(CPU, row(3, "all", 5, 6));
            live.close();
            assertEquals(List.of("all usr 3 3.0", "all sys 3 4.0"), stats(repo));
        }
    }

    private static Row row(int sample, String key, double usr, double sys) {
        return new Row(sample, T0.plusSeconds(sample), key, false, new double[] {usr, sys});
    }

    /** Key, column, count and mean of every stored statistic, by key and column order. */
    private static List<String> stats(Repository repo) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = repo.connection().createStatement();
             ResultSet rs = st.executeQuery("SELECT ITEM, COLUMN_NAME, N, MEAN_V FROM DATASET_STATS ORDER BY ITEM, COLUMN_NAME DESC")) {
            while (rs.next()) out.add(rs.getString(1) + " " + rs.getString(2).toLowerCase() + " " + rs.getLong(3) + " " + rs.getDouble(4));
        }
        return out;
    }

    private static long rows(Repository repo) throws SQLException {
        try (Statement st = repo.connection().createStatement(); ResultSet rs = st.executeQuery("SELECT SUM(ROW_COUNT) FROM DATASETS")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
