package io.statlens.store.load;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@OnEveryEngine
class DerivedRunWriterTest {
    private final RepositoryEngine engine;

    DerivedRunWriterTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static final Instant START = Instant.parse("2024-03-01T10:00:00Z");
    private static final DatasetSpec SPEC = new DatasetSpec("derived", "", "", List.of(Metric.of("x", "ms")));
    private Repository repo;

    @BeforeEach
    void open() {
        repo = Repository.open(engine.freshRepository());
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private long count(String sql) throws SQLException {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private DerivedRunWriter.Header header(boolean replace) {
        return new DerivedRunWriter.Header("d1", "db1", START, "average of a, b", "average", replace);
    }

    private static void twoRows(io.statlens.parse.spi.RecordSink sink) {
        sink.dataset(SPEC);
        sink.row(SPEC, new Row(0, START, "", false, new double[]{1.5}));
        sink.row(SPEC, new Row(1, START.plusMillis(2500), "", false, new double[]{2.5}));
        sink.summary(SummaryValue.of("derived", "tps", 10, "1/s"));
        sink.fact("average.sources", "a, b");
    }

    @Test
    void writesARunWithElapsedTimesFromItsStartAndASyntheticSourceFile() throws Exception {
        DerivedRunWriter.Written w = new DerivedRunWriter(repo).write(header(false), DerivedRunWriterTest::twoRows);
        assertEquals(new DerivedRunWriter.Written("d1", 2, 0), w);
        assertEquals(2500, count("SELECT CAST(MAX(ELAPSED_S) * 1000 AS BIGINT) FROM V_DERIVED WHERE RUN = 'd1'"));
        RunCatalog.RunDetails d = new RunCatalog(repo).details("d1");
        assertEquals(START, d.run().start());
        assertEquals("db1", d.run().host());
        assertEquals("average of a, b", d.files().get(0).path());
        assertEquals("average", d.files().get(0).parser());
        assertEquals(2, d.files().get(0).rows());
        assertEquals(10, d.summary().get(0).value());
    }

    @Test
    void aFailureLeavesNothingBehindAndAnExistingRunIsOnlyReplacedWhenAsked() throws Exception {
        DerivedRunWriter writer = new DerivedRunWriter(repo);
        assertThrows(IllegalStateException.class, () -> writer.write(header(false), sink -> {
            twoRows(sink);
            throw new IllegalStateException("boom");
        }));
        assertEquals(0, count("SELECT COUNT(*) FROM RUNS"));
        assertTrue(repo.tables().table("DERIVED").isEmpty(), "the table created in the failed transaction is gone");

        writer.write(header(false), DerivedRunWriterTest::twoRows);
        UserException e = assertThrows(UserException.class, () -> writer.write(header(false), DerivedRunWriterTest::twoRows));
        assertEquals("run 'd1' already exists; use --replace to overwrite it", e.getMessage());
        writer.write(header(true), DerivedRunWriterTest::twoRows);
        assertEquals(2, count("SELECT COUNT(*) FROM DERIVED"), "the replaced run's rows were deleted");
        assertEquals(1, count("SELECT COUNT(*) FROM SOURCE_FILES"));
    }
}
