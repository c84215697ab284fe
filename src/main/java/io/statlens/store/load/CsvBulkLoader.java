package io.statlens.store.load;

import io.statlens.store.StoreException;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * statlens' bulk path alone, for the benchmark ({@code statlens bench --db}): a CSV file's rows (a data table's
 * columns in order, as the benchmark writes them) read as its JDBC batch baseline reads them, spilled as the import
 * spills them, then appended to an existing table of rows by the loader the import uses for row tables (COPY on
 * PostgreSQL; JDBC batches on Derby, whose own data tables are blocks). The timed work is the baseline's, with the
 * bulk path in place of the INSERTs.
 */
public final class CsvBulkLoader {
    private CsvBulkLoader() {
    }

    /** Appends the CSV's rows to {@code table}, shaped like {@code like}, and commits; returns rows. */
    public static long load(Repository repo, DataTable like, String table, Path csv) throws IOException {
        try {
            Connection c = repo.connection();
            int metrics = like.metrics().size();
            int[] columnOf = new int[metrics];
            for (int i = 0; i < metrics; i++) columnOf[i] = i;
            double[] values = new double[metrics];
            try (RowSpill spill = new RowSpill(); Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
                for (CSVRecord r : CSVFormat.DEFAULT.parse(in)) {
                    for (int i = 0; i < metrics; i++) {
                        String v = 6 + i < r.size() ? r.get(6 + i) : "";
                        values[i] = v.isEmpty() ? Double.NaN : Double.parseDouble(v);
                    }
                    spill.add(Long.parseLong(r.get(0)), Long.parseLong(r.get(1)), Timestamp.valueOf(r.get(2)).toInstant(),
                            Double.parseDouble(r.get(3)), r.get(4), Boolean.parseBoolean(r.get(5)), values, columnOf, metrics);
                }
                try (BulkLoader loader = BulkLoader.forRowTables(repo.dialect())) {
                    loader.load(c, new DataTable(table, like.metrics()), spill);
                }
                c.commit();
                return spill.rows();
            }
        } catch (SQLException e) {
            repo.rollback();
            throw new StoreException("the bulk path of the benchmark failed: " + e.getMessage(), e);
        }
    }
}
