package io.statlens.store.schema;

import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepositoryTest {
    @TempDir
    Path dir;

    @Test
    void aNewRepositoryIsMigratedToTheLatestSchema() throws Exception {
        try (Repository repo = Repository.open(RepositoryLocation.memory("m" + UUID.randomUUID()))) {
            assertEquals(Migrations.latestVersion(repo.dialect()), repo.schemaVersion());
            for (String table : new String[]{"RUNS", "RUN_TAGS", "SOURCE_FILES", "DATASETS", "METRICS", "SUMMARY", "FACTS", "WARNINGS"}) {
                assertTrue(repo.dialect().tableExists(repo.connection(), table), table);
            }
        }
    }

    @Test
    void derbysPageCacheTakesAQuarterOfTheHeapInBlobPagesWithinDerbysDefaultAndTheTunedSize() {
        // a 128 MiB heap: 1,024 pages of 32 KiB (32 MiB), not the 4,000 (125 MiB) that filled it with a day's blocks
        assertEquals(1024, Repository.pageCachePages(128L << 20));
        assertEquals(2560, Repository.pageCachePages(320L << 20));
        assertEquals(1000, Repository.pageCachePages(64L << 20));
        assertEquals(4000, Repository.pageCachePages(6L << 30));
    }

    /**
     * A folder whose path holds a colon ({@code runs/db01:3306/repo}): Derby reads the colon as part of its URL and
     * cannot keep a database there, so the user is told so plainly, not "No suitable driver".
     */
    @Test
    void aRepositoryFolderWithAColonInItsPathIsRefusedPlainly() {
        UserException refused = assertThrows(UserException.class,
                () -> RepositoryLocation.embedded(dir.resolve("db01:3306").resolve("repo")));
        assertTrue(refused.getMessage().contains("cannot be in a folder whose path holds a ':'"), refused.getMessage());
    }

    @Test
    void reopeningKeepsDataAndDoesNotMigrateTwice() throws Exception {
        RepositoryLocation location = RepositoryLocation.embedded(dir.resolve("repo"));
        try (Repository repo = Repository.open(location); Statement s = repo.connection().createStatement()) {
            s.executeUpdate("INSERT INTO RUNS (NAME, CREATED_AT) VALUES ('kept', CURRENT_TIMESTAMP)");
            repo.connection().commit();
        }
        try (Repository repo = Repository.open(location); Statement s = repo.connection().createStatement();
             var rs = s.executeQuery("SELECT COUNT(*) FROM STATLENS_SCHEMA")) {
            rs.next();
            assertEquals(Migrations.steps(repo.dialect()).size(), rs.getInt(1));
            assertEquals("kept", new RunCatalog(repo).runs().get(0).name());
        }
    }

    @Test
    void aRepositoryFromANewerStatlensIsRefused() throws Exception {
        RepositoryLocation location = RepositoryLocation.embedded(dir.resolve("repo"));
        try (Repository repo = Repository.open(location); Statement s = repo.connection().createStatement()) {
            s.executeUpdate("INSERT INTO STATLENS_SCHEMA VALUES (999, 'from the future', CURRENT_TIMESTAMP)");
            repo.connection().commit();
        }
        UserException e = assertThrows(UserException.class, () -> Repository.open(location));
        assertTrue(e.getMessage().contains("written by a newer statlens (schema version 999; this statlens knows up to "),
                e.getMessage());
    }

    @Test
    void aSecondProcessGetsAClearMessageInsteadOfADerbyTrace() throws Exception {
        Path repoDir = dir.resolve("shared");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                RepositoryHolder.class.getName(), repoDir.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null && !line.equals("open")) {
                // wait until the other process holds the repository
            }
            assertEquals("open", line, "the holder process did not open the repository");
            UserException e = assertThrows(RepositoryInUse.class, () -> Repository.open(RepositoryLocation.embedded(repoDir)));
            assertTrue(e.getMessage().contains("is in use by another statlens process"), e.getMessage());
        } finally {
            holder.getOutputStream().close();
            holder.waitFor(30, TimeUnit.SECONDS);
            holder.destroyForcibly();
        }
        try (Repository repo = Repository.open(RepositoryLocation.embedded(repoDir))) {
            assertTrue(new RunCatalog(repo).runs().isEmpty(), "usable once the other process has gone");
        }
    }

    @Test
    void twoProcessesCreatingTheSameRepositoryAtOnceGetARepositoryAndAClearRefusal() throws Exception {
        Path repoDir = dir.resolve("new-repo");
        Path go = dir.resolve("go");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> creators = new ArrayList<>();
        List<BufferedReader> outputs = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Process p = new ProcessBuilder(java, "-Dderby.stream.error.file=" + dir.resolve("derby" + i + ".log"), "-cp",
                        System.getProperty("java.class.path"), RacingCreator.class.getName(), repoDir.toString(), go.toString())
                        .redirectErrorStream(true).start();
                creators.add(p);
                outputs.add(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)));
            }
            for (BufferedReader out : outputs) assertEquals("ready", out.readLine());
            Files.createFile(go);
            List<String> outcomes = new ArrayList<>();
            for (BufferedReader out : outputs) outcomes.add(out.readLine());
            assertEquals(1, outcomes.stream().filter("opened"::equals).count(), outcomes.toString());
            String refusal = outcomes.stream().filter(o -> !"opened".equals(o)).findFirst().orElseThrow();
            assertTrue(refusal.contains("is in use by another statlens process"), refusal);
        } finally {
            for (Process p : creators) {
                p.getOutputStream().close();
                p.waitFor(30, TimeUnit.SECONDS);
                p.destroyForcibly();
            }
        }
        try (Repository repo = Repository.open(RepositoryLocation.embedded(repoDir))) {
            assertTrue(new RunCatalog(repo).runs().isEmpty(), "the repository the winner created is whole");
        }
    }

    @Test
    void aFolderThatIsNoRepositoryIsRefusedWithAReason() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("photos"));
        Files.writeString(folder.resolve("cat.jpg"), "not a database");
        UserException e = assertThrows(UserException.class, () -> Repository.open(RepositoryLocation.embedded(folder)));
        assertTrue(e.getMessage().contains("is a folder but not a statlens repository"), e.getMessage());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        try (Repository repo = Repository.open(RepositoryLocation.embedded(empty))) {
            assertTrue(new RunCatalog(repo).runs().isEmpty(), "an empty folder becomes a repository");
        }
    }

    /** Waits for a go file, opens (creating) a repository, says how that went, and holds it until its input closes. */
    public static final class RacingCreator {
        public static void main(String[] args) throws Exception {
            System.out.println("ready");
            System.out.flush();
            while (!Files.exists(Path.of(args[1]))) Thread.sleep(2);
            try (Repository repo = Repository.open(RepositoryLocation.embedded(Path.of(args[0])))) {
                System.out.println("opened");
                System.out.flush();
                while (System.in.read() >= 0) {
                    // hold until the test closes our input
                }
            } catch (RuntimeException e) {
                System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
                System.out.flush();
            }
        }
    }

    /** Holds a repository open in a separate JVM until its standard input closes. */
    public static final class RepositoryHolder {
        public static void main(String[] args) throws Exception {
            try (Repository repo = Repository.open(RepositoryLocation.embedded(Path.of(args[0])))) {
                System.out.println("open");
                System.out.flush();
                while (System.in.read() >= 0) {
                    // hold until the test closes our input
                }
            }
        }
    }
}
