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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CountDownLatch;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

    /**
     * A host whose connection drops after vmstat printed a real capture (its end without an exit code, as a dropped SSH
     * channel ends), that cannot be reached at the first attempt to reconnect, and runs vmstat again at the second.
     */
    private static final class DroppingHost implements ToolProcess.Launcher {
        private final Path capture;
        private final AtomicInteger starts = new AtomicInteger();

        DroppingHost(Path capture) {
            this.capture = capture;
        }

        @Override
        public String host() {
            return "db02";
        }

        @Override
        public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
            int attempt = starts.incrementAndGet();
            if (attempt == 2) throw new IOException("cannot reach db02 over SSH: Connection refused");
            String script = attempt == 1 ? "cat \"$0\"" : "cat \"$0\"; exec sleep 60";
            Process p = new ProcessBuilder("sh", "-c", script, capture.toString()).start();
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
                    int code = p.waitFor();
                    return attempt == 1 ? -1 : code;
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

    @Test
    void aDroppedConnectionReconnectsWithBackOffIntoANewRawFileAndTheGapIsAWarning() throws Exception {
        Path capture = Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt");
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            LiveImport live = LiveImport.open(repo, "dropped", Optional.empty(), List.of());
            DroppingHost host = new DroppingHost(capture);
            Collector collector = new Collector(live, ParserCatalog.installed(), List.of(host), List.of(CollectedTool.named("vmstat")), 1,
                    ZoneId.of("UTC"), dir.resolve("raw"), System.err::println);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (host.starts.get() < 3 && System.nanoTime() < deadline) Thread.sleep(100);
            Path second = dir.resolve("raw/db02/vmstat-2.txt");
            while ((!Files.exists(second) || Files.size(second) < Files.size(capture)) && System.nanoTime() < deadline) Thread.sleep(100);
            Thread.sleep(500);
            List<Collector.Status> status = collector.status();
            collector.stop();
            assertEquals(3, host.starts.get(), "started, refused once, started again");
            assertEquals("running", status.get(0).state(), status.toString());
            assertEquals(Files.size(capture), Files.size(dir.resolve("raw/db02/vmstat.txt")));
            assertEquals(Files.size(capture), Files.size(second), "the second run of the tool has a raw file of its own");
            List<String> warnings = LocalCollectTest.warnings(repo, "dropped");
            assertTrue(warnings.stream().anyMatch(w -> w.contains("message=host db02, tool vmstat: the connection to the host was lost at ")
                    && w.endsWith("; reconnecting]")), warnings.toString());
            assertTrue(warnings.stream().anyMatch(w -> w.contains("message=host db02, tool vmstat: reconnected: nothing was collected from ")
                    && w.contains("(a gap, not filled in); the last failed attempt said: cannot reach db02 over SSH: Connection refused")),
                    warnings.toString());
            var datasets = new io.statlens.store.read.RunCatalog(repo).details("dropped").datasets();
            assertEquals(2, datasets.size(), datasets.toString());
            assertEquals(datasets.get(0).rows(), datasets.get(1).rows(), "each raw file's rows, as an import of it gives them");
        }
    }

    /** A host whose vmstat prints its header and 400 dated reports at once, then waits to be stopped. */
    private static final class BusyHost implements ToolProcess.Launcher {
        private final String name;
        private final Path capture;

        BusyHost(String name, Path capture) {
            this.name = name;
            this.capture = capture;
        }

        @Override
        public String host() {
            return name;
        }

        @Override
        public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
            String reports = "awk 'BEGIN { for (i = 0; i < 400; i++) printf \" 0  0      0 2794716 295968 312744    0    0     0     0"
                    + "   41   84  0  0 100  0  0 2021-09-16 20:%02d:%02d\\n\", int(i / 60), i % 60 }'";
            Process p = new ProcessBuilder("sh", "-c", "head -2 \"$0\"; " + reports + "; exec sleep 60", capture.toString()).start();
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

    /**
     * A host whose vmstat prints its header, then is slow to stop as a MySQL source waiting for its query is: its stop
     * waits until every host's stop has begun, which only a collect that stops its tools together lets happen.
     */
    private static final class SlowToStopHost implements ToolProcess.Launcher {
        private final String name;
        private final Path capture;
        private final CountDownLatch allStopping;
        private final List<Boolean> stoppedTogether;

        SlowToStopHost(String name, Path capture, CountDownLatch allStopping, List<Boolean> stoppedTogether) {
            this.name = name;
            this.capture = capture;
            this.allStopping = allStopping;
            this.stoppedTogether = stoppedTogether;
        }

        @Override
        public String host() {
            return name;
        }

        @Override
        public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
            Process p = new ProcessBuilder("sh", "-c", "head -2 \"$0\"; exec sleep 60", capture.toString()).start();
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
                    allStopping.countDown();
                    try {
                        stoppedTogether.add(allStopping.await(20, TimeUnit.SECONDS));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    p.destroy();
                }
            };
        }

        @Override
        public void close() {
        }
    }

    @Test
    void theToolsOfEveryHostAreStoppedTogetherNotOneAfterAnother() throws Exception {
        Path capture = Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt");
        CountDownLatch allStopping = new CountDownLatch(3);
        List<Boolean> stoppedTogether = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            LiveImport live = LiveImport.open(repo, "slow", Optional.empty(), List.of());
            Collector collector = new Collector(live, ParserCatalog.installed(), List.of(
                    new SlowToStopHost("db01", capture, allStopping, stoppedTogether),
                    new SlowToStopHost("db02", capture, allStopping, stoppedTogether),
                    new SlowToStopHost("db03", capture, allStopping, stoppedTogether)), List.of(CollectedTool.named("vmstat")), 1,
                    ZoneId.of("UTC"), dir.resolve("raw"), System.err::println);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (collector.status().stream().anyMatch(x -> !x.state().equals("running")) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertEquals(List.of("running", "running", "running"), collector.status().stream().map(Collector.Status::state).toList());
            collector.stop();
        }
        assertEquals(List.of(true, true, true), stoppedTogether);
    }

    @Test
    void aFullDiskUnderARawFileIsAWarningAndItsRowsAndTheOtherHostsGoOn() throws Exception {
        Path capture = Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt");
        Path tiny = Files.createDirectories(dir.resolve("tiny"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", tiny.toString()).redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes());
        assumeTrue(mount.waitFor() == 0, "cannot mount a 16 KiB tmpfs for a full disk (needs root): " + said);
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            Files.createDirectories(dir.resolve("raw"));
            Files.createSymbolicLink(dir.resolve("raw/full01"), tiny);
            LiveImport live = LiveImport.open(repo, "full", Optional.empty(), List.of());
            Collector collector = new Collector(live, ParserCatalog.installed(), List.of(new BusyHost("full01", capture),
                    new BusyHost("roomy01", capture)), List.of(CollectedTool.named("vmstat")), 1, ZoneId.of("UTC"), dir.resolve("raw"),
                    System.err::println);
            long deadline = System.nanoTime() + 30_000_000_000L;
            List<Collector.Status> status = collector.status();
            while (status.stream().anyMatch(x -> x.rows() < 399) && System.nanoTime() < deadline) {
                Thread.sleep(100);
                status = collector.status();
            }
            collector.stop();
            assertEquals(status.get(1).rows(), status.get(0).rows(), "the full disk's host reads every report: " + status);
            assertEquals("running", status.get(0).state(), status.toString());
            assertTrue(status.get(0).rows() >= 399, status.toString());
            long kept = Files.readAllLines(tiny.resolve("vmstat.txt")).size();
            assertTrue(kept < 300, "the raw file ended where the disk was full: " + kept + " lines");
            List<String> warnings = LocalCollectTest.warnings(repo, "full");
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("message=host full01, tool vmstat: cannot write its raw file ")
                    && warnings.get(0).contains("No space left on device"), warnings.toString());
        } finally {
            new ProcessBuilder("umount", tiny.toString()).start().waitFor();
        }
    }

    /**
     * On a loaded machine every carrier of the virtual threads was held (by reads of the tools' error output, which pin
     * theirs): a stop that ended its tools from virtual threads waited its whole limit (75 s) while the tools went on
     * printing, and the rows they printed meanwhile were in the raw files only. Here every carrier spins while the collect
     * stops: the tools end at once, and the run holds every row the raw files hold.
     */
    @Test
    void aStopEndsItsToolsWhileNoVirtualThreadCanRun() throws Exception {
        Path capture = Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt");
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            ParserCatalog catalog = ParserCatalog.installed();
            LiveImport live = LiveImport.open(repo, "busy", Optional.empty(), List.of());
            Collector collector = new Collector(live, catalog, List.of(new BusyHost("db06", capture)),
                    List.of(CollectedTool.named("vmstat")), 1, ZoneId.of("UTC"), dir.resolve("raw"), System.err::println);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (collector.status().stream().anyMatch(st -> st.rows() < 399) && System.nanoTime() < deadline) Thread.sleep(50);
            java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
            // more spinning virtual threads than carriers, idle ones kept from earlier tests included: none is left over
            for (int i = 0; i < 4 * Runtime.getRuntime().availableProcessors() + 8; i++) {
                Thread.ofVirtual().start(() -> {
                    while (!stopped.get()) Thread.onSpinWait();
                });
            }
            long start = System.nanoTime();
            try {
                collector.stop();
            } finally {
                stopped.set(true);
            }
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertTrue(seconds < 30, "the stop waited " + seconds + " s: its limit, not its tools");
            List<Path> raw = List.of(dir.resolve("raw/db06/vmstat.txt"));
            new io.statlens.store.load.ImportService(repo, catalog).run(new io.statlens.store.load.ImportRequest(raw, "imported",
                    Optional.empty(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), ZoneId.of("UTC"), false, false, false),
                    io.statlens.store.load.ImportProgress.NONE);
            assertEquals(LocalCollectTest.datasets(repo, "imported"), LocalCollectTest.datasets(repo, "busy"));
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

    /**
     * A host whose iostat printed its reports, then waits to be stopped, and whose output ends in an error rather than at
     * its end when it is (as an SSH channel closed under its reader, or a local process's pipe the JDK closes as it
     * exits): the last report, which iostat's parser knows complete only at the end of its input, is stored all the same.
     */
    private static final class BreakingOffHost implements ToolProcess.Launcher {
        private final Path capture;

        BreakingOffHost(Path capture) {
            this.capture = capture;
        }

        @Override
        public String host() {
            return "db04";
        }

        @Override
        public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
            Process p = new ProcessBuilder("sh", "-c", "cat \"$0\"; exec sleep 60", capture.toString()).start();
            p.getOutputStream().close();
            java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();
            InputStream out = new java.io.FilterInputStream(p.getInputStream()) {
                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int n = super.read(b, off, len);
                    if (n < 0 && stopped.get()) throw new IOException("Pipe closed");
                    return n;
                }
            };
            return new ToolProcess() {
                @Override
                public InputStream stdout() {
                    return out;
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
                    stopped.set(true);
                    p.destroy();
                }
            };
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aToolWhoseOutputBreaksOffAtTheStopKeepsItsLastReport() throws Exception {
        Path capture = Path.of("src/test/resources/corpus/iostat/capture-en_GB-sysstat12.6-iostat-t-x-02-12.txt");
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            ParserCatalog catalog = ParserCatalog.installed();
            LiveImport live = LiveImport.open(repo, "broken", Optional.empty(), List.of());
            Collector collector = new Collector(live, catalog, List.of(new BreakingOffHost(capture)),
                    List.of(CollectedTool.named("iostat")), 1, ZoneId.of("UTC"), dir.resolve("raw"), System.err::println);
            Path raw = dir.resolve("raw/db04/iostat.txt");
            long deadline = System.nanoTime() + 30_000_000_000L;
            while ((!Files.exists(raw) || Files.size(raw) < Files.size(capture)) && System.nanoTime() < deadline) Thread.sleep(50);
            collector.stop();
            new io.statlens.store.load.ImportService(repo, catalog).run(new io.statlens.store.load.ImportRequest(List.of(raw), "imported",
                    Optional.empty(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), ZoneId.of("UTC"), false, false, false),
                    io.statlens.store.load.ImportProgress.NONE);
            var collected = LocalCollectTest.datasets(repo, "broken");
            assertEquals(LocalCollectTest.datasets(repo, "imported"), collected);
            assertTrue(collected.values().stream().allMatch(d -> d.startsWith("2 ")), "both reports, the last too: " + collected);
            // the capture's day-first date is ambiguous: the same warning from both, and no other
            assertEquals(LocalCollectTest.warnings(repo, "imported").stream().map(w -> w.replaceFirst("file=[^,]*, ", "")).toList(),
                    LocalCollectTest.warnings(repo, "broken").stream().map(w -> w.replaceFirst("file=[^,]*, ", "")).toList());
        }
    }

    /**
     * A host whose tools print a real capture at once, and whose output then behaves as the JDK's pipe of a process
     * {@link Process#destroy destroyed}: closed, so that every {@code available()} and read fails with "Stream closed".
     * The first {@code available()} after the capture waits for the stop, forcing the interleaving that lost every row:
     * the stop comes while the parser still looks at the lines that arrived (a sysstat parser reads its head for the
     * order of the dates).
     */
    private static final class ClosedWhileLookingHost implements ToolProcess.Launcher {
        private final java.util.Map<String, Path> captures;

        ClosedWhileLookingHost(java.util.Map<String, Path> captures) {
            this.captures = captures;
        }

        @Override
        public String host() {
            return "db05";
        }

        @Override
        public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
            InputStream capture = new java.io.ByteArrayInputStream(Files.readAllBytes(captures.get(tool.name())));
            CountDownLatch stopped = new CountDownLatch(1);
            InputStream out = new InputStream() {
                private IOException closed() throws IOException {
                    try {
                        stopped.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return new IOException("Stream closed");
                }

                @Override
                public int read() throws IOException {
                    if (capture.available() > 0) return capture.read();
                    throw closed();
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    if (capture.available() > 0) return capture.read(b, off, len);
                    throw closed();
                }

                @Override
                public int available() throws IOException {
                    if (capture.available() > 0) return capture.available();
                    throw closed();
                }
            };
            return new ToolProcess() {
                @Override
                public InputStream stdout() {
                    return out;
                }

                @Override
                public InputStream stderr() {
                    return InputStream.nullInputStream();
                }

                @Override
                public int waitFor() throws InterruptedException {
                    stopped.await();
                    return 143;
                }

                @Override
                public void stop() {
                    stopped.countDown();
                }
            };
        }

        @Override
        public void close() {
        }
    }

    /**
     * Every tool a collect runs may hold rows until the end of its input: iostat its last report (complete only when the
     * next one starts), mpstat its first (since boot or not, told by a second report or the end), vmstat what came before
     * its first header. A stop that closes their output while their parsers look at its first lines still gives each
     * parser the end of its input, so the run holds every row, as an import of the raw files does.
     */
    @Test
    void aStopThatClosesTheOutputUnderEveryParserKeepsTheRowsTheyHold() throws Exception {
        java.util.Map<String, Path> captures = java.util.Map.of(
                "iostat", Path.of("src/test/resources/corpus/iostat/capture-en_GB-sysstat12.6-iostat-t-x-02-12.txt"),
                "mpstat", Path.of("src/test/resources/corpus/mpstat/jc-centos77-mpstat.txt"),
                "vmstat", Path.of("src/test/resources/corpus/vmstat/capture-C-procps4-vmstat-t-CST.txt"));
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            ParserCatalog catalog = ParserCatalog.installed();
            LiveImport live = LiveImport.open(repo, "closed", Optional.empty(), List.of());
            ClosedWhileLookingHost host = new ClosedWhileLookingHost(captures);
            List<Collector.Job> jobs = captures.keySet().stream().sorted().map(t -> new Collector.Job(host, CollectedTool.named(t))).toList();
            Collector collector = new Collector(live, catalog, jobs, 1, ZoneId.of("UTC"), dir.resolve("raw"), System.err::println);
            List<Path> raws = captures.keySet().stream().sorted().map(t -> dir.resolve("raw/db05/" + t + ".txt")).toList();
            long deadline = System.nanoTime() + 30_000_000_000L;
            for (Path raw : raws) {
                Path capture = captures.get(raw.getFileName().toString().replace(".txt", ""));
                while ((!Files.exists(raw) || Files.size(raw) < Files.size(capture)) && System.nanoTime() < deadline) Thread.sleep(20);
            }
            collector.stop();
            new io.statlens.store.load.ImportService(repo, catalog).run(new io.statlens.store.load.ImportRequest(raws, "imported",
                    Optional.empty(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), ZoneId.of("UTC"), false, false, false),
                    io.statlens.store.load.ImportProgress.NONE);
            var collected = LocalCollectTest.datasets(repo, "closed");
            assertEquals(LocalCollectTest.datasets(repo, "imported"), collected);
            assertEquals(List.of("iostat", "iostat.cpu", "mpstat", "vmstat"), List.copyOf(collected.keySet()));
            assertEquals(LocalCollectTest.warnings(repo, "imported").stream().map(w -> w.replaceFirst("file=[^,]*, ", "")).toList(),
                    LocalCollectTest.warnings(repo, "closed").stream().map(w -> w.replaceFirst("file=[^,]*, ", "")).toList());
        }
    }
}
