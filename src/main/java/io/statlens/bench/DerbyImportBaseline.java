package io.statlens.bench;

import io.statlens.architecture.AllowedToUse;
import io.statlens.store.StoreException;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.nio.file.Path;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The yardstick of the import benchmark: Derby's own bulk import ({@code SYSCS_UTIL.SYSCS_IMPORT_TABLE})
 * of the same rows from a CSV file, into a table shaped and indexed like a statlens data table.
 * Derby-specific on purpose: it measures Derby against itself. It lives with the benchmark, which alone
 * uses it, and speaks JDBC to the engine as any client of Derby would.
 */
@AllowedToUse(value = "java.sql..", reason = "the yardstick is Derby's own bulk import (SYSCS_UTIL.SYSCS_IMPORT_TABLE) called as any"
        + " JDBC client calls it; it is no way into the repository for statlens' own code")
public final class DerbyImportBaseline {
    private DerbyImportBaseline() {
    }

    /** Creates {@code table} like {@code like} (same columns and index), imports the CSV, commits; returns rows. */
    public static long importCsv(Repository repo, DataTable like, String table, Path csv) {
        Connection c = repo.connection();
        StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(table).append(" (DATASET_ID BIGINT NOT NULL, SAMPLE BIGINT NOT NULL,"
                + " TS TIMESTAMP NOT NULL, ELAPSED_S DOUBLE NOT NULL, ITEM VARCHAR(" + DataTable.ITEM_LENGTH + ") NOT NULL,"
                + " SINCE_BOOT BOOLEAN NOT NULL");
        for (DataTable.MetricColumn m : like.metrics()) ddl.append(", ").append(m.column()).append(" DOUBLE");
        try (Statement s = c.createStatement()) {
            s.execute(ddl.append(")").toString());
            s.execute("CREATE INDEX IX_" + table + " ON " + table + " (DATASET_ID, SAMPLE)");
            c.commit();
            try (CallableStatement call = c.prepareCall("CALL SYSCS_UTIL.SYSCS_IMPORT_TABLE(NULL, ?, ?, ',', '\"', 'UTF-8', 0)")) {
                call.setString(1, table);
                call.setString(2, csv.toAbsolutePath().toString());
                call.execute();
            }
            c.commit();
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("Derby's import of " + csv + " into " + table + " failed: " + e.getMessage(), e);
        }
    }
}
