package io.statlens.collect;

import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.ReceiveTimes;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.LiveImport;
import io.statlens.store.read.DatasetChecksum;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A local collect of the real sysstat and procps tools, against an import of the raw output it kept. */
class LocalCollectTest {
    @TempDir
    Path dir;

    static boolean installed(String tool) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, tool)));
    }

    @Test
    void aCollectHoldsTheRowsAnImportOfItsRawOutputGives() throws Exception {
        for (String tool : List.of("vmstat", "iostat", "mpstat")) {
            assumeTrue(installed(tool), tool + " is not installed (apt-get install procps sysstat): the collect test needs the real tools");
        }
        ParserCatalog catalog = ParserCatalog.installed();
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            List<CollectedTool> tools = List.of(CollectedTool.named("vmstat"), CollectedTool.named("iostat"), CollectedTool.named("mpstat"));
            LiveImport live = LiveImport.open(repo, "live", Optional.empty(), List.of());
            Collector collector = new Collector(live, catalog, List.of(new LocalLauncher()), tools, 1, ZoneId.systemDefault(),
                    dir.resolve("raw"), System.err::println);
            List<Collector.Status> during = waitForRows(collector);
            collector.stop();
            for (Collector.Status s : during) {
                assertTrue(s.rows() > 0, s + ": rows arrive while the tool runs; warnings: " + warnings(repo, "live"));
                assertEquals("running", s.state(), s.toString());
            }
            List<Path> raw;
            try (Stream<Path> files = Files.list(dir.resolve("raw").resolve(LocalLauncher.machine()))) {
                raw = files.filter(f -> f.toString().endsWith(".txt")).sorted().toList();
            }
            assertEquals(3, raw.size(), raw.toString());
            // the folder as a collect leaves it (its state file, which marks it as a collect's), its .times and .err side
            // files beside the raw files, without --skip-unknown
            Files.writeString(dir.resolve("raw").resolve(io.statlens.parse.CollectSideFile.STATE), "run=live\n");
            new ImportService(repo, catalog).run(new ImportRequest(List.of(dir.resolve("raw")), "imported", Optional.empty(), List.of(),
                    Optional.empty(), Optional.empty(), Optional.empty(), ZoneId.systemDefault(), false, false, false), ImportProgress.NONE);
            TreeMap<String, String> collected = datasets(repo, "live");
            assertTrue(collected.keySet().containsAll(List.of("vmstat", "iostat", "mpstat")), collected.toString());
            // every report the tools printed before they were stopped, the last one too, and the same warnings and notices
            assertEquals(datasets(repo, "imported"), collected);
            assertEquals(warnings(repo, "imported").stream().sorted().toList(), warnings(repo, "live").stream().sorted().toList());
            assertEquals(stats(repo, "imported"), stats(repo, "live"));
            assertEquals(new RunCatalog(repo).run("imported").start(), new RunCatalog(repo).run("live").start());
            // one host, named as sysstat's banners name it: vmstat's (its folder's) too, collected and imported
            assertEquals(hosts(repo, "imported"), hosts(repo, "live"));
            assertEquals(java.util.Set.of(LocalLauncher.machine()), java.util.Set.copyOf(hosts(repo, "live").values()));
            assertEquals(LocalLauncher.machine(), new RunCatalog(repo).run("live").host());
            assertEquals(LocalLauncher.machine(), new RunCatalog(repo).run("imported").host());
        }
    }

    /**
     * vmstat and iostat without -t print no time stamps: each sample is at the collector's receive time of its line
     * (one of the instants the side file recorded, not the start plus whole intervals), the time.source fact says so,
     * and an import of the raw file, which reads the side file back, gives the same rows.
     */
    @Test
    void unstampedOutputIsAtItsReceiveTimesAndImportsAsCollected() throws Exception {
        for (String tool : List.of("vmstat", "iostat")) {
            assumeTrue(installed(tool), tool + " is not installed (apt-get install procps sysstat): the collect test needs the real tools");
        }
        ParserCatalog catalog = ParserCatalog.installed();
        try (Repository repo = Repository.open(RepositoryLocation.embedded(dir.resolve("repo")), true)) {
            List<CollectedTool> tools = List.of(new CollectedTool("vmstat", "vmstat", List.of(), Map.of("LC_ALL", "C"), 1),
                    new CollectedTool("iostat", "iostat", List.of("-x"), Map.of("LC_ALL", "C"), 1));
            LiveImport live = LiveImport.open(repo, "live", Optional.empty(), List.of());
            Collector collector = new Collector(live, catalog, List.of(new LocalLauncher()), tools, 1, ZoneId.systemDefault(),
                    dir.resolve("raw"), System.err::println);
            waitForRows(collector);
            collector.stop();
            List<Path> raw = List.of(dir.resolve("raw").resolve(LocalLauncher.machine()).resolve("iostat.txt"),
                    dir.resolve("raw").resolve(LocalLauncher.machine()).resolve("vmstat.txt"));
            Set<Instant> received = new HashSet<>();
            for (Path file : raw) {
                for (String line : Files.readAllLines(ReceiveTimes.besides(file))) received.add(Instant.parse(line.split("\t")[1]));
            }
            new ImportService(repo, catalog).run(new ImportRequest(raw, "imported", Optional.empty(), List.of(), Optional.empty(),
                    Optional.empty(), Optional.empty(), ZoneId.systemDefault(), false, false, false), ImportProgress.NONE);
            TreeMap<String, String> collected = datasets(repo, "live");
            assertTrue(collected.keySet().containsAll(List.of("vmstat", "iostat")), collected.toString());
            // Elapsed seconds are compared to the nanosecond: a live run's are moved when an earlier sample of another
            // tool moves its start, and a sum of doubles may differ from the import's difference in the last bit.
            for (String view : List.of("V_VMSTAT", "V_IOSTAT")) assertEquals(rows(repo, "imported", view), rows(repo, "live", view), view);
            List<String> sources = new RunCatalog(repo).details("live").facts().stream()
                    .filter(f -> f.name().equals("time.source")).map(f -> f.value()).distinct().sorted().toList();
            assertEquals(List.of("the collector's receive time of each sample's line (iostat.times)",
                    "the collector's receive time of each sample's line (vmstat.times)"), sources);
            List<Instant> times = new ArrayList<>();
            for (RunCatalog.DatasetInfo d : new RunCatalog(repo).details("live").datasets()) {
                assertTrue(d.rows() > 0, d.toString());
                times.add(d.first());
                times.add(d.last());
            }
            assertTrue(times.size() >= 4, times.toString());
            assertTrue(received.containsAll(times), "every sample is at a receive time: " + times + " in " + received);
        }
    }

    /** A view's rows of a run as text, sorted, with elapsed seconds rounded to the nanosecond. */
    private static List<String> rows(Repository repo, String run, String view) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM " + view + " WHERE RUN = '" + run + "'")) {
            var meta = rs.getMetaData();
            while (rs.next()) {
                StringBuilder line = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    String column = meta.getColumnName(i);
                    if (column.equals("RUN") || column.equals("DATASET_ID")) continue;
                    line.append(column).append('=').append(column.equals("ELAPSED_S")
                            ? String.format(java.util.Locale.ROOT, "%.9f", rs.getDouble(i)) : rs.getString(i)).append(' ');
                }
                out.add(line.toString());
            }
        }
        out.sort(null);
        return out;
    }

    /** The status once every tool has rows from three reports on (or after half a minute, for the assertion to say). */
    static List<Collector.Status> waitForRows(Collector collector) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        List<Collector.Status> status = collector.status();
        while (System.nanoTime() < deadline && status.stream().anyMatch(s -> s.rows() == 0 || s.lastSample() == null)) {
            Thread.sleep(200);
            status = collector.status();
        }
        Thread.sleep(2000);
        return collector.status();
    }

    /** Each data set's rows, first and last time and checksum (times, elapsed seconds, keys, values). */
    static TreeMap<String, String> datasets(Repository repo, String run) {
        TreeMap<String, String> out = new TreeMap<>();
        for (RunCatalog.DatasetInfo d : new RunCatalog(repo).details(run).datasets()) {
            out.put(d.qualifiedName(), d.rows() + " " + d.first() + " " + d.last() + " " + DatasetChecksum.of(repo, d.id()));
        }
        return out;
    }

    /** Each data set's host. */
    static TreeMap<String, String> hosts(Repository repo, String run) {
        TreeMap<String, String> out = new TreeMap<>();
        for (RunCatalog.DatasetInfo d : new RunCatalog(repo).details(run).datasets()) out.put(d.qualifiedName(), d.host());
        return out;
    }

    static List<String> warnings(Repository repo, String run) {
        return new RunCatalog(repo).details(run).warnings().stream().map(Object::toString).toList();
    }

    static List<String> stats(Repository repo, String run) throws Exception {
        List<String> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT DATASET, ITEM, LABEL, N, MIN_V, MAX_V, MEAN_V, P50, P99 FROM V_STATS WHERE RUN = '"
                     + run + "' ORDER BY DATASET, ITEM, LABEL")) {
            while (rs.next()) {
                StringBuilder line = new StringBuilder();
                for (int i = 1; i <= 9; i++) line.append(rs.getString(i)).append(' ');
                out.add(line.toString());
            }
        }
        return out;
    }
}
