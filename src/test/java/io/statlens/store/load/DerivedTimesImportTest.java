package io.statlens.store.load;

import io.statlens.parse.Corpus;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Honest times for undated output: a file's modification time marks when the tool stopped writing, so its last
 * sample goes there; a dated file of the same run, in this import (in any order) or an earlier one, or
 * {@code --start}, says where the first sample goes instead.
 */
class DerivedTimesImportTest {
    /** procps-ng 4.0.2 {@code vmstat 1 3}: three undated samples. */
    private static final String UNDATED = "vmstat/procps-4.0.2-C-vmstat.txt";
    /** procps-ng 4.0.2 {@code vmstat -w -t 1 2}: samples stamped 2026-11-25 18:00:14 and :15 UTC. */
    private static final String DATED = "vmstat/procps-4.0.2-C-vmstat-wt.txt";
    private static final Instant MODIFIED = Instant.parse("2026-11-25T18:30:00Z");

    @TempDir
    Path dir;
    private Repository repo;
    private ImportService importer;

    @BeforeEach
    void open() {
        repo = Repository.open(RepositoryLocation.memory("derived" + UUID.randomUUID()));
        importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private Path copy(String fixture, String name) throws Exception {
        Path file = Files.copy(Corpus.root().resolve(fixture), dir.resolve(name));
        Files.setLastModifiedTime(file, FileTime.from(MODIFIED));
        return file;
    }

    private List<Instant> times(String run, String file) throws SQLException {
        List<Instant> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT V.TS FROM V_VMSTAT V JOIN DATASETS D ON D.ID = V.DATASET_ID"
                + " JOIN SOURCE_FILES F ON F.ID = D.FILE_ID WHERE V.RUN = ? AND F.PATH LIKE ? ORDER BY V.TS")) {
            ps.setString(1, run);
            ps.setString(2, "%" + file);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(Repository.instant(rs.getTimestamp(1)));
            }
        }
        return out;
    }

    private String fact(String run, String name, String file) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT X.VAL FROM FACTS X JOIN RUNS R ON R.ID = X.RUN_ID"
                + " JOIN SOURCE_FILES F ON F.ID = X.FILE_ID WHERE R.NAME = ? AND X.NAME = ? AND F.PATH LIKE ?")) {
            ps.setString(1, run);
            ps.setString(2, name);
            ps.setString(3, "%" + file);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "no fact " + name + " for " + file);
                return rs.getString(1);
            }
        }
    }

    private double minElapsed(String run) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT MIN(ELAPSED_S) FROM V_VMSTAT WHERE RUN = ?")) {
            ps.setString(1, run);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getDouble(1);
            }
        }
    }

    @Test
    void anUndatedFileEndsAtItsModificationTime() throws Exception {
        Path undated = copy(UNDATED, "vmstat.txt");
        importer.run(ImportRequest.of("alone", ZoneOffset.UTC, undated), ImportProgress.NONE);
        assertEquals(List.of(Instant.parse("2026-11-25T18:29:58Z"), Instant.parse("2026-11-25T18:29:59Z"), MODIFIED),
                times("alone", "vmstat.txt"), "the last of 3 samples 1 s apart at the modification time");
        assertEquals("derived: last sample at the file's modification time (2026-11-25T18:30:00Z), first at 2026-11-25T18:29:58Z,"
                + " assumed interval 1 s", fact("alone", "time.source", "vmstat.txt"));
        assertEquals(0.0, minElapsed("alone"), "elapsed seconds count from the placed first sample");
    }

    @Test
    void aDatedFileOfTheSameImportAnchorsTheRunWhateverTheOrder() throws Exception {
        Path undated = copy(UNDATED, "vmstat.txt");
        Path dated = copy(DATED, "vmstat-wt.txt");
        Instant datedStart = Instant.parse("2026-11-25T18:00:14Z");
        for (List<Path> order : List.of(List.of(undated, dated), List.of(dated, undated))) {
            String run = order.get(0) == undated ? "undated-first" : "dated-first";
            importer.run(ImportRequest.of(run, ZoneOffset.UTC, order.toArray(Path[]::new)), ImportProgress.NONE);
            assertEquals(List.of(datedStart, datedStart.plusSeconds(1), datedStart.plusSeconds(2)), times(run, "vmstat.txt"), run);
            assertEquals("derived: first sample at the run's start (2026-11-25T18:00:14Z), assumed interval 1 s",
                    fact(run, "time.source", "vmstat.txt"), run);
            assertEquals(0.0, minElapsed(run), run);
        }
    }

    @Test
    void aRunDatedByAnEarlierImportAndStartDecide() throws Exception {
        importer.run(ImportRequest.of("r", ZoneOffset.UTC, copy(DATED, "vmstat-wt.txt")), ImportProgress.NONE);
        importer.run(ImportRequest.of("r", ZoneOffset.UTC, copy(UNDATED, "vmstat.txt")), ImportProgress.NONE);
        assertEquals(Instant.parse("2026-11-25T18:00:14Z"), times("r", "vmstat.txt").get(0));

        Instant start = Instant.parse("2026-11-25T17:00:00Z");
        ImportRequest withStart = new ImportRequest(List.of(copy(UNDATED, "vmstat-2.txt")), "s", Optional.empty(), List.of(),
                Optional.empty(), Optional.of(start), Optional.empty(), ZoneOffset.UTC, false, false, false);
        importer.run(withStart, ImportProgress.NONE);
        assertEquals(start, times("s", "vmstat-2.txt").get(0), "--start places the first sample");
    }
}
