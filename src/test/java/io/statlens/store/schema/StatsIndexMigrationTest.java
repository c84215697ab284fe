package io.statlens.store.schema;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * {@code DATASET_STATS} is indexed by (data set, metric column) in a new repository, and a repository of the schema
 * before that step gains the index when it is opened.
 */
@OnEveryEngine
class StatsIndexMigrationTest {
    private final RepositoryEngine engine;

    StatsIndexMigrationTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @Test
    void aNewRepositoryAndOneOfThePreviousSchemaHaveTheIndex() throws Exception {
        RepositoryLocation location = engine.freshRepository();
        try (Repository repo = Repository.open(location)) {
            assertEquals(Migrations.latestVersion(repo.dialect()), repo.schemaVersion());
            assertEquals(List.of("DATASET_ID", "COLUMN_NAME"), indexes(repo.connection()).get(Migrations.STATS_BY_COLUMN));
            // Back to what step 5 left: the index is all that step 6 adds; step 7 adds the whole keys' table and view,
            // step 8 the time windows' table, step 9 the overviews' table, step 10 partitions data tables (none here:
            // DatasetPartitionsTest), step 11 the table of the metric columns each data set uses.
            try (Statement s = repo.connection().createStatement()) {
                s.executeUpdate("DROP TABLE DATASET_METRICS");
                s.executeUpdate("DROP TABLE " + Migrations.OVERVIEWS);
                s.executeUpdate("DROP TABLE TIME_WINDOWS");
                s.executeUpdate("DROP VIEW V_WHOLE_KEYS");
                s.executeUpdate("DROP TABLE DATASET_WHOLE_KEYS");
                s.executeUpdate("DROP INDEX " + Migrations.STATS_BY_COLUMN);
                s.executeUpdate("DELETE FROM STATLENS_SCHEMA WHERE VERSION >= 6");
            }
            repo.connection().commit();
            assertFalse(indexes(repo.connection()).containsKey(Migrations.STATS_BY_COLUMN));
            assertEquals(5, repo.schemaVersion());
        }
        try (Repository repo = Repository.open(location, false)) {
            assertEquals(Migrations.latestVersion(repo.dialect()), repo.schemaVersion(), "opening upgrades the repository");
            assertEquals(List.of("DATASET_ID", "COLUMN_NAME"), indexes(repo.connection()).get(Migrations.STATS_BY_COLUMN));
        }
    }

    /** The indexes of DATASET_STATS by upper-case name, each with its columns in order. */
    private static Map<String, List<String>> indexes(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        String table = meta.storesLowerCaseIdentifiers() ? "dataset_stats" : "DATASET_STATS";
        Map<String, TreeMap<Short, String>> byName = new TreeMap<>();
        try (ResultSet rs = meta.getIndexInfo(null, c.getSchema(), table, false, false)) {
            while (rs.next()) {
                if (rs.getString("INDEX_NAME") == null) continue;
                byName.computeIfAbsent(rs.getString("INDEX_NAME").toUpperCase(Locale.ROOT), k -> new TreeMap<>())
                        .put(rs.getShort("ORDINAL_POSITION"), rs.getString("COLUMN_NAME").toUpperCase(Locale.ROOT));
            }
        }
        Map<String, List<String>> out = new TreeMap<>();
        byName.forEach((name, columns) -> out.put(name, new ArrayList<>(columns.values())));
        return out;
    }
}
