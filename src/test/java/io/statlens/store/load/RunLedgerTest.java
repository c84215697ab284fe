package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RunLedgerTest {
    private static final Instant T0 = Instant.parse("2024-03-01T10:00:00Z");
    private static Repository repo;
    private final RunLedger ledger = new RunLedger(repo);

    @BeforeAll
    static void open() {
        repo = Repository.open(RepositoryLocation.memory("ledger" + UUID.randomUUID()));
    }

    @AfterEach
    void undo() {
        repo.rollback();
    }

    @AfterAll
    static void close() {
        repo.close();
    }

    private String text(String sql, long id) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private long count(String sql, long id) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement(sql)) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private long file(RunLedger.OpenRun run, String path, String sha) throws SQLException {
        long id = ledger.register(run, new RunLedger.SourceFile(path, 10, "vmstat", "1"));
        ledger.record(id, new RunLedger.Loaded(sha, "", 0, 0), 10);
        return id;
    }

    @Test
    void aFileHasNoHashUntilItsContentIsKnown() throws Exception {
        RunLedger.OpenRun run = ledger.open("r1", Optional.empty(), List.of());
        long id = ledger.register(run, new RunLedger.SourceFile("/data/vmstat.txt", 10, "vmstat", "1"));
        assertNull(text("SELECT SHA256 FROM SOURCE_FILES WHERE ID = ?", id));
        ledger.record(id, new RunLedger.Loaded("ab".repeat(32), "linux", 5, 1), 10);
        assertEquals("ab".repeat(32), text("SELECT SHA256 FROM SOURCE_FILES WHERE ID = ?", id));
        assertEquals(5, count("SELECT ROW_COUNT FROM SOURCE_FILES WHERE ID = ?", id));
    }

    @Test
    void theSameContentIsRefusedOrItsOlderCopyReplaced() throws Exception {
        RunLedger.OpenRun run = ledger.open("r1", Optional.empty(), List.of());
        long first = file(run, "/data/a.txt", "cd".repeat(32));
        UserException e = assertThrows(UserException.class, () -> ledger.verify(run, "cd".repeat(32), "b.txt", false));
        assertEquals("b.txt: run 'r1' already holds this file (same SHA-256, imported from /data/a.txt);"
                + " use --replace to import it again", e.getMessage());
        ledger.verify(run, "cd".repeat(32), "b.txt", true);
        assertEquals(0, count("SELECT COUNT(*) FROM SOURCE_FILES WHERE ID = ?", first));
    }

    @Test
    void settlingMovesTheStartToTheEarliestSampleAndKeepsAKnownHost() throws Exception {
        RunLedger.OpenRun run = ledger.open("r1", Optional.of("db1"), List.of("tag", "tag"));
        ledger.settle(run, T0, T0.minusSeconds(5), "from-a-banner", false);
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT START_TS, HOST FROM RUNS WHERE ID = ?")) {
            ps.setLong(1, run.id());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(T0.minusSeconds(5), Repository.instant(rs.getTimestamp(1)));
                assertEquals("db1", rs.getString(2), "--host wins over the files' host");
            }
        }
        assertEquals(1, count("SELECT COUNT(*) FROM RUN_TAGS WHERE RUN_ID = ?", run.id()));
        RunLedger.OpenRun again = ledger.open("r1", Optional.empty(), List.of());
        assertEquals(new RunLedger.OpenRun(run.id(), "r1", T0.minusSeconds(5), "db1"), again);
    }

    @Test
    void aDerivedRunIsCreatedNewOrReplacesOneOnlyWhenAsked() throws Exception {
        RunLedger.OpenRun first = ledger.create("avg", "db1", T0, false);
        UserException e = assertThrows(UserException.class, () -> ledger.create("avg", "db1", T0, false));
        assertEquals("run 'avg' already exists; use --replace to overwrite it", e.getMessage());
        RunLedger.OpenRun second = ledger.create("avg", null, T0, true);
        assertEquals(0, count("SELECT COUNT(*) FROM RUNS WHERE ID = ?", first.id()));
        assertEquals("avg", text("SELECT NAME FROM RUNS WHERE ID = ?", second.id()));
    }
}
