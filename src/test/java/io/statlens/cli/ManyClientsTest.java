package io.statlens.cli;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.read.DatasetChecksum;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several people on one repository at once, as the command line does it: clients import different runs
 * into an empty repository (so that they race to create the same tables and grow them with other
 * columns), while others list runs, ask for statistics and draw charts. No import fails or waits
 * forever; a reader sees a run whole or not at all; in the end every run holds exactly what the same
 * import into a repository of its own holds.
 */
@OnEveryEngine
class ManyClientsTest {
    private static final Path CORPUS = Path.of("src/test/resources/corpus");
    /** Each client's run: files of the same tools, from other versions, so that columns differ. */
    private static final List<List<String>> RUNS = List.of(
            List.of("vmstat/jc-centos77-vmstat-at.txt", "iostat/mb-lizard2-xm-r_await.txt", "mpstat/sysstat-fixture-mpstat-A.txt"),
            List.of("vmstat/ssup-ubuntu1804-vmstat-1-iowait.txt", "iostat/ssup-ubuntu1804-iostat-x.txt",
                    "mpstat/ssup-ubuntu1804-mpstat-P-ALL.txt"),
            List.of("vmstat/procps4-gu-vm-cs0.txt", "iostat/jc-ubuntu2010-iostat-mx.txt", "mpstat/jc-ubuntu1804-mpstat-A.txt"),
            List.of("vmstat/pt-linux-001.txt", "iostat/sysstat-fixture-iostat-x.txt", "sar/ksar-linux-sysstat-10.1.5-48cpu.txt"));

    private final RepositoryEngine engine;

    @TempDir
    Path dir;

    ManyClientsTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static String[] importArgs(int client, String db) {
        List<String> args = new ArrayList<>(List.of("import"));
        RUNS.get(client).forEach(f -> args.add(CORPUS.resolve(f).toString()));
        args.addAll(List.of("--run", "client-" + client, "--start", "2024-01-01T00:00:00Z", "--tz", "UTC", "--db", db));
        return args.toArray(String[]::new);
    }

    @Test
    void clientsImportWhileOthersQueryAndChart() throws Exception {
        // What each run holds when imported alone: its data sets' checksums, in import order.
        Map<String, List<DatasetChecksum.Checksum>> alone = new HashMap<>();
        for (int client = 0; client < RUNS.size(); client++) {
            String db = RepositoryEngine.DERBY.freshRepository().jdbcUrl();
            CliRun r = CliRun.of(importArgs(client, db));
            assertEquals(0, r.code(), r.err());
            alone.put("client-" + client, checksums(RepositoryLocation.url(db)).get("client-" + client));
        }

        String db = engine.freshRepository().jdbcUrl();
        // The team's repository exists, empty: the clients race to create its data tables.
        Repository.open(RepositoryLocation.url(db), true).close();
        AtomicBoolean importing = new AtomicBoolean(true);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicInteger looks = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(RUNS.size() + 2);
        try {
            assertTimeoutPreemptively(Duration.ofMinutes(5), () -> {
                List<Future<?>> imports = new ArrayList<>();
                for (int c = 0; c < RUNS.size(); c++) {
                    int client = c;
                    imports.add(pool.submit(() -> {
                        go.await();
                        CliRun r = CliRun.of(importArgs(client, db));
                        if (r.code() != 0) failures.add("import client-" + client + ": " + r.err());
                        return null;
                    }));
                }
                List<Future<?>> readers = new ArrayList<>();
                for (int reader = 0; reader < 2; reader++) {
                    int which = reader;
                    readers.add(pool.submit(() -> {
                        go.await();
                        do {
                            look(db, which, alone, failures);
                            looks.incrementAndGet();
                        } while (importing.get());
                        return null;
                    }));
                }
                go.countDown();
                for (Future<?> f : imports) f.get();
                importing.set(false);
                for (Future<?> f : readers) f.get();
            });
        } finally {
            importing.set(false);
            pool.shutdownNow();
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(looks.get() >= 2, "the readers looked");
        assertEquals(alone, checksums(RepositoryLocation.url(db)), "every run holds what it holds when imported alone");
    }

    /** One reader's look: every run it sees is whole; its statistics and a chart come out. */
    private void look(String db, int reader, Map<String, List<DatasetChecksum.Checksum>> alone, ConcurrentLinkedQueue<String> failures)
            throws Exception {
        Map<String, List<DatasetChecksum.Checksum>> seen;
        try {
            seen = checksums(RepositoryLocation.url(db));
        } catch (RuntimeException e) {
            failures.add("reader " + reader + ": " + e);
            return;
        }
        for (Map.Entry<String, List<DatasetChecksum.Checksum>> run : seen.entrySet()) {
            if (!run.getValue().equals(alone.get(run.getKey()))) {
                failures.add("reader " + reader + " saw run " + run.getKey() + " part way: " + run.getValue());
            }
        }
        if (seen.isEmpty()) return;
        String run = seen.keySet().iterator().next();
        CliRun stats = CliRun.of("stats", run, "--format", "csv", "--db", db);
        if (stats.code() != 0) failures.add("reader " + reader + " stats " + run + ": " + stats.err());
        Path out = Files.createDirectories(dir.resolve("charts-" + reader));
        CliRun chart = CliRun.of("chart", run, "--defaults", "-o", out.toString(), "--db", db);
        if (chart.code() != 0) failures.add("reader " + reader + " chart " + run + ": " + chart.err());
    }

    /** Each run's data set checksums, in import order. */
    private static Map<String, List<DatasetChecksum.Checksum>> checksums(RepositoryLocation location) {
        Map<String, List<DatasetChecksum.Checksum>> out = new HashMap<>();
        try (Repository repo = Repository.open(location, false)) {
            RunCatalog catalog = new RunCatalog(repo);
            for (RunCatalog.RunInfo run : catalog.runs()) {
                List<DatasetChecksum.Checksum> sums = new ArrayList<>();
                for (RunCatalog.DatasetInfo d : catalog.datasets(catalog.id(run.name()))) {
                    sums.add(DatasetChecksum.of(repo, d.id()));
                    // A reader ends its read after each unit of work, as the window does (Repository.endRead):
                    // on PostgreSQL a transaction holds a lock on every table it read, and an import that adds
                    // columns to two of them would wait for this reader while it waits for the import (a
                    // committed run never changes, so reading its data sets one transaction each sees it whole).
                    repo.endRead();
                }
                out.put(run.name(), sums);
            }
        }
        return out;
    }
}
