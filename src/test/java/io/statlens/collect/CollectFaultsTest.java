package io.statlens.collect;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.LiveImport;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a collect does when a host or a tool fails: a warning on the run naming the host and the tool, and the other
 * tools go on. The hosts here are stand-ins (a real process printing a real vmstat capture, then failing), so that
 * each fault happens when the test wants it.
 */
class CollectFaultsTest {
    @TempDir
    Path dir;

    /** A host whose vmstat prints a real capture and exits with code 3, saying why on its error output. */
    private static final class ExitingHost implements ToolProcess.Launcher {
        private final Path capture;

        ExitingHost(Path capture) {
            this.capture = capture;
        }

        @Override
        public String host() {
            return "db01";
        }

        @Override
        public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
            Process p = new ProcessBuilder("sh", "-c", "cat \"$0\"; echo 'vmstat: device gone' >&2; exit 3", capture.toString()).start();
            p.getOutputStream().close();
            return new ToolProcess() {
                @Override
                public InputStream stdout() {
                    return p.getInputStream();
                }

                @Override
                public InputStream stderr() {
                    return p.getErrorStream();
                }

                @Override
                public int waitFor() throws InterruptedException {
                    return p.waitFor();
                }

                @Override
                public void stop() {
                    p.destroy();
                }
            };
        }

        @Override
        public void close() {
        }
    }

    /** A host that cannot be reached. */
    private static final class UnreachableHost implements ToolProcess.Launcher {
        @Override
        public String host() {
            return "app01";
        }

        @Override
        public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
            throw new IOException("cannot reach app01 over SSH: Connection refused");
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aToolThatExitsAndAHostThatCannotBeReachedAreWarningsWhileTheOthersGoOn() throws Exception {
        Path capture = Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt");
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            LiveImport live = LiveImport.open(repo, "faults", Optional.empty(), List.of());
            Collector collector = new Collector(live, ParserCatalog.installed(), List.of(new ExitingHost(capture), new UnreachableHost()),
                    List.of(CollectedTool.named("vmstat")), 1, ZoneId.of("UTC"), dir.resolve("raw"), System.err::println);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!collector.ended() && System.nanoTime() < deadline) Thread.sleep(100);
            List<Collector.Status> status = collector.status();
            collector.stop();
            assertEquals("ended", status.get(0).state(), status.toString());
            assertTrue(status.get(0).rows() > 0, status.toString());
            assertEquals("failed", status.get(1).state(), status.toString());
            List<String> warnings = LocalCollectTest.warnings(repo, "faults");
            assertTrue(warnings.stream().anyMatch(w -> w.contains("message=host db01, tool vmstat: the tool exited with code 3 before the"
                    + " collect was stopped; it said: vmstat: device gone")), warnings.toString());
            assertTrue(warnings.stream().anyMatch(w -> w.contains("message=host app01, tool vmstat: cannot start: cannot reach app01 over SSH:"
                    + " Connection refused")), warnings.toString());
            assertEquals(Files.size(capture), Files.size(dir.resolve("raw/db01/vmstat.txt")), "the raw file keeps every byte");
        }
    }
}
