package io.statlens.bench;

import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Parser;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.RunLedger;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * {@code statlens bench --db URL}'s second part (issue 27, item 3): a PDF report of one run read from the server against
 * the same report of the same run read from embedded Derby, {@code statlens report} as whole processes in turn (A/B/A/B),
 * with the server's CPU of each report from the server (its processes' times in {@code /proc}, as for the import). The
 * file is imported once into each repository beforehand (not measured); the server's run is deleted afterwards.
 */
public final class ServerReportBench {
    public static final String FROM_SERVER = "statlens report, from the server";
    public static final String FROM_DERBY = "statlens report, from embedded Derby";
    private ServerReportBench() {
    }

    /**
     * @param steps     the two steps' runs, the server's first
     * @param serverCpu the server's CPU seconds of each report from the server, in turn (NaN where they cannot be read)
     * @param commands  each step's command line
     */
    public record Result(List<Samples> steps, List<Double> serverCpu, List<List<String>> commands) {
        public Samples fromServer() {
            return steps.get(0);
        }

        public Samples fromDerby() {
            return steps.get(1);
        }

        /** Per report from the server, its process's CPU seconds plus the server's; empty when the server's are unknown. */
        public List<Double> serverReportCpu() {
            if (serverCpu.stream().anyMatch(d -> d.isNaN())) return List.of();
            List<Double> sums = new ArrayList<>();
            for (int i = 0; i < serverCpu.size(); i++) sums.add(fromServer().runs().get(i).processCpuNanos() / 1e9 + serverCpu.get(i));
            return sums;
        }
    }

    /**
     * Why the reports cannot be measured against this server, or empty when they can: a password written in the URL
     * would have to go on the report processes' command lines (visible to every user of the machine); given in the
     * environment (PGPASSWORD, STATLENS_DB_PASSWORD), it reaches them as it reaches this process.
     */
    public static java.util.Optional<String> refusal(String jdbcUrl) {
        if (!RepositoryLocation.redact(jdbcUrl).equals(jdbcUrl)) {
            return java.util.Optional.of("the URL holds a password, which would go on the report processes' command lines;"
                    + " give it in PGPASSWORD (or STATLENS_DB_PASSWORD for a Derby server) instead");
        }
        if (!ChildProcess.supported()) return java.util.Optional.of("whole processes are measured with Linux's /proc, which this machine lacks");
        return java.util.Optional.empty();
    }

    public static Result run(Path work, Workload input, RepositoryLocation server, int repetitions, Consumer<String> progress)
            throws Exception {
        Parser mpstat = ParserCatalog.installed().byTool("mpstat")
                .orElseThrow(() -> new IllegalStateException("the mpstat parser is not installed"));
        // a name of its own: a server may hold an earlier bench's run, and --dir an earlier Derby repository
        String run = "bench-report-" + System.currentTimeMillis();
        Path derby = work.resolve(run);
        progress.accept(String.format(Locale.ROOT, "importing %,d rows of %s as run %s into embedded Derby at %s (not measured)",
                input.rows(), input.file().getFileName(), run, derby));
        try (Repository repo = Repository.open(RepositoryLocation.embedded(derby))) {
            importRun(repo, run, mpstat, input);
        }
        try (Repository repo = Repository.open(server)) {
            progress.accept(String.format(Locale.ROOT, "importing the same rows as run %s into the server (not measured)", run));
            importRun(repo, run, mpstat, input);
            Path errors = work.resolve("report-errors.txt");
            Path out = Files.createDirectories(work.resolve("reports"));
            List<String> fromServer = new ArrayList<>(StatlensProcess.statlens());
            fromServer.addAll(List.of("report", run, "-o", out.resolve("from-server.pdf").toString(), "--db", server.jdbcUrl()));
            List<String> fromDerby = new ArrayList<>(StatlensProcess.statlens());
            fromDerby.addAll(List.of("report", run, "-o", out.resolve("from-derby.pdf").toString(), "--repo", derby.toString()));
            List<Double> serverCpu = new ArrayList<>();
            try {
                List<Samples> steps = Alternation.run(repetitions, List.of(
                        new Alternation.Step(FROM_SERVER, r -> {
                            double before = ServerCpu.ofServer(repo.serverProcess());
                            Measurement m = ChildProcess.run(fromServer, errors);
                            serverCpu.add(ServerCpu.ofServer(repo.serverProcess()) - before);
                            return new Stopwatch.Timed(input.rows(), m);
                        }),
                        new Alternation.Step(FROM_DERBY, r -> new Stopwatch.Timed(input.rows(), ChildProcess.run(fromDerby, errors)))),
                        progress);
                return new Result(steps, serverCpu, List.of(fromServer, fromDerby));
            } finally {
                new RunLedger(repo).deleteRun(run);
                repo.awaitDeletedTablesDropped();
            }
        }
    }

    private static void importRun(Repository repo, String run, Parser mpstat, Workload input) throws Exception {
        new ImportService(repo, new ParserCatalog(List.of(mpstat))).run(ImportRequest.of(run, ZoneOffset.UTC, input.file()),
                ImportProgress.NONE);
    }
}
