package io.statlens.store.load;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.read.DatasetChecksum;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Derby repository written with one row per sample (schema step 4, src/test/resources/repositories) opens converted
 * to blocks, and answers as the same files imported afresh do: every data set's checksum, the views' rows.
 */
class RowLayoutMigrationTest {
    private static final String C = "src/test/resources/corpus/";

    @Test
    void aRepositoryOfRowTablesOpensConvertedAndAnswersAsAFreshImport(@TempDir Path dir) throws Exception {
        unzip(Path.of("src/test/resources/repositories/schema4-row-tables.zip"), dir);
        try (Repository old = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), false);
             Repository fresh = Repository.open(RepositoryLocation.memory("fresh" + UUID.randomUUID()))) {
            ImportService importer = new ImportService(fresh, ParserCatalog.load(dir.resolve("no-user-parsers")));
            importer.run(ImportRequest.of("mpa", ZoneOffset.UTC, Path.of(C + "mpstat/sysstat-fixture-mpstat-A.txt")), ImportProgress.NONE);
            // This vmstat prints no times: its samples end at the file's modification time, which in the
            // repository is that of the checkout it was made in. The fresh import is given the same end.
            Path undated = Files.copy(Path.of(C + "vmstat/ssup-ubuntu1804-vmstat-1-iowait.txt"), dir.resolve("ssup-ubuntu1804-vmstat-1-iowait.txt"));
            Files.setLastModifiedTime(undated, java.nio.file.attribute.FileTime.from(lastSample(old, "ssup-ubuntu1804-vmstat-1-iowait.txt")));
            importer.run(ImportRequest.of("vm", ZoneOffset.UTC, undated), ImportProgress.NONE);
            importer.run(ImportRequest.of("vm", ZoneOffset.UTC, Path.of(C + "vmstat/solaris-P315-epoch.txt")), ImportProgress.NONE);

            assertEquals(fresh.schemaVersion(), old.schemaVersion());
            assertEquals(List.of("V|"), rows(old, "SELECT TABLETYPE FROM SYS.SYSTABLES WHERE TABLENAME = 'VMSTAT'"), "the table is a view now");
            assertTrue(rows(old, "SELECT ALIAS FROM SYS.SYSALIASES WHERE ALIAS LIKE 'SL_FEED%'").isEmpty(), "the row store's functions are gone");
            List<String> ids = rows(old, "SELECT ID FROM DATASETS ORDER BY ID");
            assertEquals(rows(fresh, "SELECT ID FROM DATASETS ORDER BY ID"), ids);
            assertFalse(ids.isEmpty());
            // Solaris vmstat's pi po fr (KiB/s) have labels of their own since they stopped sharing BSD's (pages/s); the
            // old repository keeps its columns as they were, so its Solaris data set is compared by its values below
            String solaris = rows(old, "SELECT D.ID FROM DATASETS D JOIN SOURCE_FILES F ON F.ID = D.FILE_ID"
                    + " WHERE F.PATH LIKE '%solaris-P315-epoch.txt'").get(0);
            for (String id : ids) {
                if (id.equals(solaris)) continue;
                assertEquals(DatasetChecksum.of(fresh, Long.parseLong(id.replace("|", ""))), DatasetChecksum.of(old, Long.parseLong(id.replace("|", ""))), "data set " + id);
            }
            String sameColumns = "SELECT DATASET_ID, SAMPLE, TS, R, B, W, SWAP, FREE, RE, MF, DE, SR, IN_, FAULTS_SY, CS, US, SY, ID FROM V_VMSTAT";
            assertFalse(rows(old, sameColumns + " WHERE DATASET_ID = " + solaris.replace("|", "")).isEmpty());
            for (String sql : List.of(sameColumns + " ORDER BY DATASET_ID, SAMPLE",
                    "SELECT * FROM V_MPSTAT WHERE ITEM = '3' ORDER BY TS",
                    "SELECT RUN, ITEM, COUNT(*), SUM(PCT_USR) FROM V_MPSTAT_NODE GROUP BY RUN, ITEM ORDER BY ITEM")) {
                assertEquals(rows(fresh, sql), rows(old, sql), sql);
            }
        }
    }

    /** When the samples of the repository's data set read from the named file end. */
    private static java.time.Instant lastSample(Repository repo, String fileName) throws SQLException {
        try (java.sql.PreparedStatement ps = repo.connection().prepareStatement("SELECT MAX(D.LAST_TS) FROM DATASETS D"
                + " JOIN SOURCE_FILES F ON F.ID = D.FILE_ID WHERE F.PATH LIKE ?")) {
            ps.setString(1, "%" + fileName);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return Repository.instant(rs.getTimestamp(1));
            }
        }
    }

    private static List<String> rows(Repository repo, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= md.getColumnCount(); i++) row.append(rs.getString(i)).append('|');
                out.add(row.toString());
            }
        }
        return out;
    }

    private static void unzip(Path zip, Path to) throws IOException {
        try (InputStream in = Files.newInputStream(zip); ZipInputStream z = new ZipInputStream(in)) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                Path target = to.resolve(e.getName()).normalize();
                if (!target.startsWith(to)) throw new IOException("zip entry outside the folder: " + e.getName());
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(z, target);
                }
            }
        }
    }
}
