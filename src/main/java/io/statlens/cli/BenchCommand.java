package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.bench.ChartBench;
import io.statlens.bench.GuiBench;
import io.statlens.bench.ImportBench;
import io.statlens.bench.Workload;
import io.statlens.gui.ResponsivenessBench;
import io.statlens.model.UserException;
import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code statlens bench}: runs one of the benchmarks of {@code io.statlens.bench} and prints its figures.
 * By default it generates {@code mpstat -P ALL} output and measures parsing alone, statlens' import
 * (parsing included) and Derby's own {@code SYSCS_IMPORT_TABLE} of the same rows from CSV, reporting
 * rows/s and the ratio of import to Derby's bulk import; then times statistics and Top-N on the
 * imported run, stored and computed.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmark parsing, importing and statistics against Derby's own bulk import.",
                "Generates mpstat -P ALL output, then times parsing alone, statlens' import, and Derby's",
                "SYSCS_UTIL.SYSCS_IMPORT_TABLE of the same rows from CSV; then stats and top on the imported run.",
                "Defaults: 256 CPUs x 3600 s = 925,200 rows. --charts: draw a long series as PNG and SVG, decimated and",
                "point by point."})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cpus", defaultValue = "256", description = "CPUs per report (default: ${DEFAULT-VALUE}).")
    int cpus;

    @Option(names = "--seconds", defaultValue = "3600", description = "Reports, one per second (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--dir", paramLabel = "DIR", description = "Work folder (default: a temporary folder, deleted afterwards).")
    Path dir;

    @Option(names = "--charts", description = "Benchmark chart drawing instead of importing.")
    boolean charts;

    @Option(names = "--gui", description = {"Benchmark the window's responsiveness instead: import the generated file",
            "and chart all its rows in the real window, measuring how long the FX thread takes to answer."})
    boolean gui;

    @Option(names = "--db", paramLabel = "URL", description = {"Benchmark a server repository instead, e.g.",
            "jdbc:postgresql://host/db: statlens' import (COPY on PostgreSQL) against JDBC batches of the same rows",
            "into the same server. The benchmark's run and table are removed afterwards."})
    String db;

    @Option(names = "--points", defaultValue = "1000000",
            description = "Points of the --charts series (default: ${DEFAULT-VALUE}).")
    int points;

    @Override
    public Integer call() throws Exception {
        if (cpus < 1 || seconds < 1) throw new UserException("--cpus and --seconds must be at least 1");
        PrintWriter out = spec.commandLine().getOut();
        if (charts) {
            if (points < 2) throw new UserException("--points must be at least 2");
            out.printf(Locale.ROOT, "series: %,d points, 1 s apart (a day-long wave, noise, and one-sample spikes); chart %d x %d, PNG scale %s%n",
                    points, ChartBench.SIZE.width(), ChartBench.SIZE.height(), ReadableNumbers.ROOT.number(ChartBench.SIZE.scale()));
            print(out, ChartBench.run(points, dir));
            if (dir != null) out.println("charts written to " + dir);
            return ExitCodes.OK;
        }
        if (gui) GuiBench.requireDisplay();
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("statlens-bench");
        try {
            Workload input = Workload.mpstat(work, cpus, seconds);
            out.printf(Locale.ROOT, "input: %s, %d rows, %s, max heap %s%n", input.file().getFileName(), input.rows(),
                    Format.bytes(input.bytes(), ReadableNumbers.ROOT), Format.bytes(Runtime.getRuntime().maxMemory(), ReadableNumbers.ROOT));
            out.flush();
            if (gui) {
                print(out, GuiBench.run(work, input, p -> {
                    out.printf(Locale.ROOT, "  done: %s (%.1f s)%n", p.name(), p.seconds());
                    out.flush();
                }));
            } else {
                RepositoryLocation server = db == null ? null : RepositoryLocation.url(db);
                if (server != null) out.printf("repository: %s (%s)%n", server.description(), server.engine());
                print(out, ImportBench.run(work, input, server));
            }
        } finally {
            if (dir == null) deleteTree(work);
        }
        return ExitCodes.OK;
    }

    private static void step(TextTable t, String name, ImportBench.Step s, double baseline, boolean server) {
        List<Object> cells = new java.util.ArrayList<>(List.of(name, s.rows(), String.format(Locale.ROOT, "%.2f", s.seconds()),
                Math.round(s.rowsPerSecond()), String.format(Locale.ROOT, "%.2fx", s.rowsPerSecond() / baseline),
                String.format(Locale.ROOT, "%.2f", s.processCpuSeconds()), String.format(Locale.ROOT, "%.2f", s.threadCpuSeconds())));
        if (server) cells.add(Double.isNaN(s.serverCpuSeconds()) ? "" : String.format(Locale.ROOT, "%.2f", s.serverCpuSeconds()));
        t.add(cells.toArray());
    }

    private static void print(PrintWriter out, ImportBench.Result r) {
        double baseline = r.baseline().rowsPerSecond();
        boolean derby = r.baselineName().startsWith("Derby");
        boolean server = !Double.isNaN(r.importing().serverCpuSeconds()) || !Double.isNaN(r.baseline().serverCpuSeconds());
        List<String> header = new java.util.ArrayList<>(List.of("STEP", "ROWS", "SECONDS", "ROWS/S", derby ? "VS DERBY IMPORT" : "VS JDBC BATCHES",
                "CPU S (PROCESS)", "CPU S (THREAD)"));
        if (server) header.add("CPU S (SERVER)");
        TextTable t = new TextTable(ReadableNumbers.ROOT, header.toArray(String[]::new))
                .right(java.util.stream.IntStream.range(1, header.size()).toArray());
        step(t, "parse only", r.parse(), baseline, server);
        step(t, "statlens import (parse + store)", r.importing(), baseline, server);
        step(t, r.baselineName(), r.baseline(), baseline, server);
        t.print(out);
        out.println("ratio > 1 means faster than " + (derby ? "Derby's own bulk import" : "JDBC batches into the same server")
                + " of the same rows (CSV already written, parsing excluded).");
        out.println();
        TextTable q = new TextTable(ReadableNumbers.ROOT, "QUERY ON THE IMPORTED RUN", "ROWS", "RESULTS", "SECONDS", "AGAIN").right(1, 2, 3, 4);
        for (ImportBench.Query query : r.queries()) {
            q.add(query.name(), query.rows(), query.results(), String.format(Locale.ROOT, "%.3f", query.seconds()),
                    Double.isNaN(query.againSeconds()) ? "" : String.format(Locale.ROOT, "%.3f", query.againSeconds()));
        }
        q.print(out);
    }

    private static void print(PrintWriter out, ChartBench.Result r) {
        ChartBench.Drawing fast = r.fast();
        ChartBench.Drawing full = r.full();
        TextTable t = new TextTable(ReadableNumbers.ROOT, "RENDERING", "POINTS DRAWN", "PNG S", "PNG SIZE", "SVG S", "SVG SIZE").right(1, 2, 3, 4, 5);
        t.add("statlens: min/max per pixel column", r.drawn(), seconds(fast.pngNanos()), Format.bytes(fast.pngBytes(), ReadableNumbers.ROOT),
                seconds(fast.svgNanos()), Format.bytes(fast.svgBytes(), ReadableNumbers.ROOT));
        t.add("JFreeChart: every point", r.points(), seconds(full.pngNanos()), Format.bytes(full.pngBytes(), ReadableNumbers.ROOT),
                seconds(full.svgNanos()), Format.bytes(full.svgBytes(), ReadableNumbers.ROOT));
        t.print(out);
        out.printf(Locale.ROOT, "statlens vs every point: PNG %.1fx faster, SVG %.1fx faster and %.0fx smaller"
                        + " (times include building the chart)%n", (double) full.pngNanos() / fast.pngNanos(),
                (double) full.svgNanos() / fast.svgNanos(), (double) full.svgBytes() / fast.svgBytes());
    }

    private static void print(PrintWriter out, List<ResponsivenessBench.Phase> phases) {
        ResponsivenessBench.Phase idle = phases.get(0);
        TextTable t = new TextTable(ReadableNumbers.ROOT, "PHASE", "SECONDS", "PINGS", "P50 MS", "P99 MS", "MAX MS", "P99 VS IDLE",
                "MAX VS IDLE").right(1, 2, 3, 4, 5, 6, 7);
        for (ResponsivenessBench.Phase p : phases) {
            t.add(p.name(), oneDecimal(p.seconds()), p.pings(), oneDecimal(p.p50Millis()), oneDecimal(p.p99Millis()),
                    oneDecimal(p.maxMillis()), String.format(Locale.ROOT, "%.2fx", p.p99Millis() / idle.p99Millis()),
                    String.format(Locale.ROOT, "%.2fx", p.maxMillis() / idle.maxMillis()));
        }
        t.print(out);
        out.println("delays: how long a task posted to the FX thread every 10 ms waited to run (what a click would wait).");
    }

    private static String oneDecimal(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
