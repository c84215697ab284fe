package io.statlens.store.load;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.StoreException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failure of the statistics writer at the end of an import travels as the StoreException it is, saying what could not
 * be written, not unwrapped into its SQLException and told as a "repository error during import".
 */
class StatisticsWriteFailureTest {
    @TempDir
    Path dir;

    @Test
    void aStatisticsWriterFailureSaysWhatItCouldNotWrite() throws Exception {
        Path vmstat = Files.writeString(dir.resolve("vmstat.txt"), """
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                 1  0      0 19175728  47256 4919852    0    0     4    24  219  249  1  1 98  0  0
                 1  0      0 19175728  47256 4919852    0    0     4    24  219  249  2  1 97  0  0
                """);
        try (Repository repo = Repository.open(RepositoryLocation.memory("stats" + UUID.randomUUID()))) {
            try (Statement st = repo.connection().createStatement()) {
                // a constraint every statistic breaks: the writer's insert fails
                st.executeUpdate("ALTER TABLE DATASET_STATS ADD CONSTRAINT NO_STATS CHECK (N < 0)");
            }
            repo.connection().commit();
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            StoreException e = assertThrows(StoreException.class,
                    () -> importer.run(ImportRequest.of("r", ZoneOffset.UTC, vmstat), ImportProgress.NONE));
            assertTrue(e.getMessage().startsWith("cannot write the statistics of data set "), e.getMessage());
            assertEquals(0, new io.statlens.store.read.RunCatalog(repo).runs().size(), "the repository is unchanged");
        }
    }
}
