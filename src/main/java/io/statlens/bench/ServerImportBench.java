package io.statlens.bench;

import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Parser;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.RunLedger;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code statlens bench --db URL}: the import into a server repository against JDBC batches of the same rows into
 * the same server, in turn (A/B/C/A/B/C...): statlens' import (parsing included), statlens' bulk path alone on the
 * CSV rows the batches read (COPY on PostgreSQL: like for like), and JDBC batches of 1000 INSERTs. Beside this
 * process's clocks, the CPU time of the server's processes (PostgreSQL on this machine: every process of the
 * server, the backend that served the connection, WAL writer and checkpointer included), since a bulk load leaves
 * much of its work to the server. Every run's run and table are removed afterwards.
 */
public final class ServerImportBench {
    public static final String IMPORT = "statlens import (parse + store)";
    public static final String BULK = "statlens bulk path of CSV (COPY on PostgreSQL)";
    public static final String BATCHES = "JDBC batches (1000 rows) of CSV";
    public static final String PSQL = "psql \\copy of CSV (PostgreSQL's own client)";

    private ServerImportBench() {
    }

    /**
     * @param steps     the three steps' runs
     * @param serverCpu per step, the server's CPU seconds of each run, in the order of the step's runs (NaN where
     *                  they cannot be read)
     * @param deletions the wall seconds of deleting each imported run ({@code statlens delete}'s work, to its commit), in turn
     * @param drops     the wall seconds, after each delete's commit, until its tables were dropped (on PostgreSQL, by a
     *                  thread the delete does not wait for; 0 where the delete drops nothing after it), in turn
     * @param deletionServerCpu the server's CPU seconds of each delete and its drop together (NaN where they cannot be read)
     */
    public record Result(List<Samples> steps, Map<String, List<Double>> serverCpu, List<Double> deletions, List<Double> drops,
                         List<Double> deletionServerCpu) {
        /** Whether the psql step ran (PostgreSQL, psql on the PATH). */
        public boolean hasPsql() {
            return steps.stream().anyMatch(s -> s.name().equals(PSQL));
        }

        public Samples step(String name) {
            return steps.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        }

        /** Per run of the step, this process's CPU seconds plus the server's; empty when the server's are unknown. */
        public List<Double> clientAndServerCpu(String name) {
            List<Double> server = serverCpu.get(name);
            if (server == null) return List.of(); // a step left out (--psql-only)
            List<Measurement> runs = step(name).runs();
            if (server.size() != runs.size() || server.stream().anyMatch(d -> d.isNaN())) return List.of();
            List<Double> sums = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) sums.add(runs.get(i).processCpuNanos() / 1e9 + server.get(i));
            return sums;
        }
    }

    /**
     * @param psqlOnly whether to time the import against psql's {@code \copy} alone, leaving out the bulk path and the
     *                 JDBC batches (at ten million rows and more they take most of the time); ignored without psql
     */
    public static Result run(Path work, Workload input, RepositoryLocation server, int repetitions, boolean psqlOnly,
                             Consumer<String> progress)
            throws Exception {
        Parser mpstat = ParserCatalog.installed().byTool("mpstat")
                .orElseThrow(() -> new IllegalStateException("the mpstat parser is not installed"));
        Path csv = work.resolve("rows.csv");
        long rows = ImportBench.writeCsv(mpstat, input.file(), csv);
        Map<String, List<Double>> serverCpu = new LinkedHashMap<>();
        DataTable[] table = new DataTable[1];
        List<Double> deletions = new ArrayList<>();
        List<Double> drops = new ArrayList<>();
        List<Double> deletionServerCpu = new ArrayList<>();
        Optional<PsqlCopy> psql = PsqlCopy.forUrl(server.jdbcUrl());
        try (Repository repo = Repository.open(server)) {
            List<Alternation.Step> all = new ArrayList<>(List.of(
                    new Alternation.Step(IMPORT, r -> {
                        String run = "bench-" + System.currentTimeMillis();
                        // an import that fails is one transaction rolled back, nothing to delete: its own exception says why
                        Stopwatch.Timed imported = serverTimed(repo, IMPORT, serverCpu, () -> new ImportService(repo,
                                new ParserCatalog(List.of(mpstat))).run(ImportRequest.of(run, ZoneOffset.UTC, input.file()), ImportProgress.NONE).rows());
                        table[0] = repo.tables().table("MPSTAT")
                                .orElseThrow(() -> new IllegalStateException("the import of run " + run + " left no table MPSTAT"));
                        double serverBefore = ServerCpu.ofServer(repo.serverProcess());
                        long start = System.nanoTime();
                        new RunLedger(repo).deleteRun(run);
                        long committed = System.nanoTime();
                        deletions.add((committed - start) / 1e9);
                        // the next step starts on a server that has given the space back
                        repo.awaitDeletedTablesDropped();
                        drops.add((System.nanoTime() - committed) / 1e9);
                        deletionServerCpu.add(ServerCpu.ofServer(repo.serverProcess()) - serverBefore);
                        return imported;
                    }),
                    new Alternation.Step(BULK, r -> {
                        String name = "MPSTAT_BULK_" + System.currentTimeMillis();
                        try {
                            return serverTimed(repo, BULK, serverCpu, () -> JdbcBatchBaseline.bulkLoadCsv(repo, table[0], name, csv));
                        } finally {
                            JdbcBatchBaseline.drop(repo, name);
                        }
                    }),
                    new Alternation.Step(PSQL, r -> {
                        String name = "MPSTAT_PSQL_" + System.currentTimeMillis();
                        JdbcBatchBaseline.createTable(repo, table[0], name);
                        try {
                            // psql's own CPU, a process of its own, stands where this process's would
                            double before = ServerCpu.ofServer(repo.serverProcess());
                            Measurement m = psql.orElseThrow().copy(table[0], name, csv, work.resolve("psql.err"));
                            serverCpu.computeIfAbsent(PSQL, k -> new ArrayList<>()).add(ServerCpu.ofServer(repo.serverProcess()) - before);
                            return new Stopwatch.Timed(rows, m);
                        } finally {
                            JdbcBatchBaseline.drop(repo, name);
                        }
                    }),
                    new Alternation.Step(BATCHES, r -> {
                        String name = "MPSTAT_BASELINE_" + System.currentTimeMillis();
                        try {
                            return serverTimed(repo, BATCHES, serverCpu, () -> JdbcBatchBaseline.importCsv(repo, table[0], name, csv));
                        } finally {
                            JdbcBatchBaseline.drop(repo, name);
                        }
                    })));
            if (psql.isEmpty()) all.removeIf(s -> s.name().equals(PSQL));
            else if (psqlOnly) all.removeIf(s -> s.name().equals(BULK) || s.name().equals(BATCHES));
            return new Result(Alternation.run(repetitions, all, progress), serverCpu, deletions, drops, deletionServerCpu);
        }
    }

    private static Stopwatch.Timed serverTimed(Repository repo, String step, Map<String, List<Double>> serverCpu, Stopwatch.Work work)
            throws Exception {
        double before = ServerCpu.ofServer(repo.serverProcess());
        Stopwatch.Timed t = Stopwatch.measure(work);
        serverCpu.computeIfAbsent(step, k -> new ArrayList<>()).add(ServerCpu.ofServer(repo.serverProcess()) - before);
        return t;
    }
}
