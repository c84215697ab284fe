package io.statlens.store.load;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every data set of a collect carries its host (issue 24): a tool whose output names none (vmstat) is named by the host
 * it was collected from, live and when its kept raw file is imported; a tool that names its own (a sysstat banner) keeps
 * it. A run of two hosts' data names both.
 */
class CollectedHostTest {
    private static final DatasetSpec CPU = new DatasetSpec("t", "cpu", "cpu", List.of(Metric.of("usr", "%")));
    private static final Instant T0 = Instant.parse("2026-12-02T10:00:00Z");

    @TempDir
    Path dir;

    @Test
    void aCollectedSourceIsNamedByItsHostUnlessItsOutputNamesOne() throws Exception {
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            LiveImport live = LiveImport.open(repo, "r", Optional.empty(), List.of());
            LiveImport.Source db01 = live.source("/c/r/db01/t.txt", "t", "1", "db01");
            LiveImport.Source app01 = live.source("/c/r/app01/t.txt", "t", "1", "app01");
            db01.dataset(CPU);
            app01.fact(new Fact("host", "app01.example.com"));
            app01.dataset(CPU);
            live.commit();
            assertEquals(List.of("/c/r/app01/t.txt app01.example.com"), hostFacts(repo),
                    "db01 is not named before its first row: a banner may still name its host");
            for (int i = 0; i < 3; i++) {
                db01.row(CPU, new Row(i, T0.plusSeconds(i), "", false, new double[]{1}));
                app01.row(CPU, new Row(i, T0.plusSeconds(i), "", false, new double[]{2}));
            }
            live.commit();
            live.close();
            assertEquals(List.of("/c/r/db01/t.txt db01", "/c/r/app01/t.txt app01.example.com"), hostFacts(repo));
            assertEquals("app01.example.com, db01", new RunCatalog(repo).run("r").host());
        }
    }

    @Test
    void anImportOfACollectsRawFileNamesItByItsHostFolder() throws Exception {
        Path collect = Files.createDirectories(dir.resolve("collects/bench-1"));
        Files.writeString(collect.resolve("collect.properties"), "run=bench-1\n");
        Path raw = Files.createDirectories(collect.resolve("loop")).resolve("vmstat.txt");
        Files.writeString(raw, """
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 UTC
                 1  0      0 19175728  47256 4919852    0    0     4    24  219  249  1  1 98  0  0 2026-12-02 10:00:00
                 1  0      0 19175728  47256 4919852    0    0     4    24  219  249  1  1 98  0  0 2026-12-02 10:00:01
                """);
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")))
                    .run(ImportRequest.of("bench-1", ZoneOffset.UTC, raw), ImportProgress.NONE);
            assertEquals(List.of(raw.toAbsolutePath().normalize() + " loop"), hostFacts(repo));
        }
    }

    /** Each file's path and {@code host} facts, in file order. */
    private static List<String> hostFacts(Repository repo) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT S.PATH, F.VAL FROM FACTS F JOIN SOURCE_FILES S"
                + " ON S.ID = F.FILE_ID WHERE F.NAME = 'host' ORDER BY S.ID");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) out.add(rs.getString(1) + " " + rs.getString(2));
        }
        return out;
    }
}
