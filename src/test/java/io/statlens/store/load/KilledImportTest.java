package io.statlens.store.load;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An import killed with SIGKILL leaves the repository exactly as before: Derby undoes it on the next open. */
class KilledImportTest {
    @TempDir
    Path dir;

    @Test
    void aKilledImportLeavesNothingBehind() throws Exception {
        Path repoDir = dir.resolve("repo");
        Path small = Files.writeString(dir.resolve("small.txt"), "#scripted\ncolumns a\n1700000000 - 1\n");
        try (Repository repo = Repository.open(RepositoryLocation.embedded(repoDir))) {
            new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser())))
                    .run(ImportRequest.of("before", ZoneOffset.UTC, small), ImportProgress.NONE);
        }
        Path big = dir.resolve("big.txt");
        try (BufferedWriter w = Files.newBufferedWriter(big)) {
            w.write("#scripted\ncolumns a b c\n");
            for (int i = 0; i < 3_000_000; i++) w.write((1700000000 + i) + " k" + (i % 16) + " 1 2 3\n");
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process importer = new ProcessBuilder(java, "-Dderby.stream.error.file=" + dir.resolve("derby.log"), "-cp",
                System.getProperty("java.class.path"), SlowImport.class.getName(), repoDir.toString(), big.toString())
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(importer.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.equals("importing")) {
            // wait until the import is under way
        }
        assertEquals("importing", line);
        importer.destroyForcibly();
        assertTrue(importer.waitFor(30, TimeUnit.SECONDS));

        try (Repository repo = Repository.open(RepositoryLocation.embedded(repoDir))) {
            assertEquals(List.of("before"), new RunCatalog(repo).runs().stream().map(RunCatalog.RunInfo::name).toList());
            try (var s = repo.connection().createStatement(); var rs = s.executeQuery("SELECT COUNT(*) FROM SCRIPTED")) {
                rs.next();
                assertEquals(1, rs.getLong(1), "only the committed row is there");
            }
        }
    }

    /** Runs an import in a separate JVM and says when it has started reading. */
    public static final class SlowImport {
        public static void main(String[] args) {
            try (Repository repo = Repository.open(RepositoryLocation.embedded(Path.of(args[0])))) {
                new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser()))).run(
                        ImportRequest.of("killed", ZoneOffset.UTC, Path.of(args[1])), new ImportProgress() {
                            private boolean said;

                            @Override
                            public void advanced(Path file, long bytesRead, long sizeBytes, long rows) {
                                if (!said) {
                                    said = true;
                                    System.out.println("importing");
                                    System.out.flush();
                                }
                            }
                        });
            }
        }
    }
}
