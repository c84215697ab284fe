package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.bench.BoundedHeapImport;
import io.statlens.bench.ChartBench;
import io.statlens.bench.ChildProcess;
import io.statlens.bench.CollectBench;
import io.statlens.bench.GuiBench;
import io.statlens.bench.ImportBench;
import io.statlens.bench.IostatBench;
import io.statlens.bench.MachineLoad;
import io.statlens.bench.PeerBench;
import io.statlens.bench.Measurement;
import io.statlens.bench.Samples;
import io.statlens.bench.ServerImportBench;
import io.statlens.bench.ServerReportBench;
import io.statlens.bench.StartupBench;
import io.statlens.bench.Workload;
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
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * {@code statlens bench}: runs one of the benchmarks of {@code io.statlens.bench} and prints its figures.
 * By default it generates {@code mpstat -P ALL} output and measures parsing alone, statlens' import
 * (parsing included) and Derby's own {@code SYSCS_IMPORT_TABLE} of the same rows from CSV, in turn and
 * repeatedly, reporting wall and CPU times (minimum and median) and the ratio of their CPU times; then
 * statistics and Top-N on the imported run, stored and computed. The machine's load is printed before and
 * after: on a shared machine only the CPU times compare.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmark parsing, importing and statistics against Derby's own bulk import.",
                "Generates mpstat -P ALL output, then times parsing alone, statlens' import, and Derby's " +
                        "SYSCS_UTIL.SYSCS_IMPORT_TABLE of the same rows from CSV, in turn (A/B/A/B), and compares their CPU " +
                        "times (minimum and median); then stats and top on the imported run.",
                "Defaults: 256 CPUs x 3600 s = 925,200 rows. --workload iostat: iostat -x -t output instead (default " +
                        "64 devices x 20,000 s = 1,300,000 rows), parsing alone against statlens' import; --workload nmon: " +
                        "an nmon file of a day at 10 s (default 64 CPUs, 50 disks), likewise; --workload mysqladmin: mysqladmin ext -r -i 1 " +
                        "of MariaDB 10.11 (562 variables, default a day: 48,556,800 rows), likewise; --workload sar: a day of sar -A " +
                        "text at 10 s (default 64 CPUs, 16 disks: 907,200 rows), likewise and beside the mpstat import of as many rows; " +
                        "--workload collect: the collector's own CPU " +
                        "and memory while it collects vmstat, iostat and mpstat on this host every second for --seconds " +
                        "(default 600) after a 20 s warm-up. --charts: draw a long series as PNG and SVG, decimated and " +
                        "point by point, then statlens chart against a plain JFreeChart program as whole processes."})
public final class BenchCommand implements Callable<Integer> {
    /** The anchor step of {@code --workload sar}: mpstat's import, the fastest of the sysstat parsers'. */
    private static final String MPSTAT_IMPORT = "mpstat import (parse + store), the anchor";

    @Spec
    CommandSpec spec;

    @Option(names = "--cpus", paramLabel = "N", description = "CPUs per report (default: 256; nmon and sar: 64).")
    Integer cpus;

    @Option(names = "--seconds", paramLabel = "N",
            description = "Reports, one per second (default: 3600 for mpstat, 20000 for iostat, 86400 for mysqladmin); nmon and sar: seconds of the file, a snapshot every 10 s (default: 86400).")
    Integer seconds;

    /** The generated input of the import benchmark. */
    enum WorkloadKind { mpstat, iostat, nmon, mysqladmin, sar, collect }

    @Option(names = "--workload", paramLabel = "TOOL", defaultValue = "mpstat",
            description = {"The import benchmark's input: mpstat (mpstat -P ALL 1, against Derby's bulk import), iostat " +
                            "(S_TIME_FORMAT=ISO iostat -x -t 1, parsing alone against the import) or nmon (nmon -f -t -s 10, " +
                            "likewise), mysqladmin (mysqladmin ext -r -i 1 of MariaDB 10.11, likewise), sar (sar -A text of a day, likewise, " +
                            "and the mpstat import of as many rows beside it) or collect (the collector's " +
                            "own cost, not an import) (default: ${DEFAULT-VALUE})."})
    WorkloadKind workload;

    @Option(names = "--devices", paramLabel = "N",
            description = "Devices per report of --workload iostat (default: 64), disks of --workload nmon (default: 50) and sar (default: 16).")
    Integer devices;

    @Option(names = "--dir", paramLabel = "DIR", description = "Work folder (default: a temporary folder, deleted afterwards).")
    Path dir;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3",
            description = "Runs of every compared step, in turn (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--charts", description = "Benchmark chart drawing instead of importing.")
    boolean charts;

    @Option(names = "--gui", description = {"Benchmark the window's responsiveness instead: import the generated file " +
                    "and chart all its rows in the real window, then zoom, measuring how long the FX thread takes to answer; " +
                    "--repeat metrics are charted and zoomed one after the other (at most 10)."})
    boolean gui;

    @Option(names = "--db", paramLabel = "URL", description = {"Benchmark a server repository instead (e.g. jdbc:postgresql://host/db): statlens' import, " +
            "its bulk path alone (COPY on PostgreSQL), psql's \\copy (when psql is on the PATH) and JDBC batches of the same rows " +
            "into the same server, in turn; then statlens report of the same rows read from the server against embedded Derby, " +
            "whole processes in turn (a password goes in PGPASSWORD, not the URL, for these). " +
            "The benchmark's runs and tables are removed afterwards."})
    String db;

    @Option(names = "--psql-only", description = {"With --db: time the import against psql's \\copy alone, leaving out the bulk path "
            + "and the JDBC batches, which take most of the time at ten million rows and more."})
    boolean psqlOnly;

    @Option(names = "--peer", paramLabel = "CMD", description = {"After the import benchmark, run statlens import as a " +
            "whole process, into a new repository and into one holding an earlier run of the same file, against this " +
            "program reading the same generated file, in turn, by the CPU time of each process. A command line for /bin/sh with {} where the file goes, e.g. --peer 'java -cp nmon NmonIostatHarness {}' " +
            "(docs/bench.md)."})
    String peer;

    @Option(names = "--heap", paramLabel = "SIZE", description = {"Instead of the steps in process, import the generated file " +
            "as a whole statlens import process whose heap is limited to SIZE (as -Xmx takes it: 128m), --repeat times, and print " +
            "whether it completes, its CPU time and its peak resident memory (Linux)."})
    String heap;

    @Option(names = "--points", defaultValue = "1000000",
            description = "Points of the --charts series (default: ${DEFAULT-VALUE}).")
    int points;

    @Option(names = "--large-run", paramLabel = "N", description = "With --charts: also chart and report a run of 100,000 rows and "
            + "one of N rows (e.g. 10000000), whole processes in turn, to compare their CPU times (docs/bench.md).")
    Integer largeRun;

    @Override
    public Integer call() throws Exception {
        boolean iostat = workload == WorkloadKind.iostat;
        boolean nmon = workload == WorkloadKind.nmon;
        if (workload == WorkloadKind.collect) return collect();
        boolean mysqladmin = workload == WorkloadKind.mysqladmin;
        boolean sar = workload == WorkloadKind.sar;
        int seconds = this.seconds != null ? this.seconds : iostat ? 20_000 : nmon || mysqladmin || sar ? 86_400 : 3600;
        int cpus = this.cpus != null ? this.cpus : nmon || sar ? 64 : 256;
        int devices = this.devices != null ? this.devices : nmon ? 50 : sar ? 16 : 64;
        if (cpus < 1 || seconds < 1 || devices < 1) throw new UserException("--cpus, --devices and --seconds must be at least 1");
        if ((iostat || nmon || mysqladmin || sar) && (charts || gui || db != null)) {
            throw new UserException("--workload " + workload + " goes with the import benchmark only, not --charts, --gui or --db");
        }
        if (repeat < 1) throw new UserException("--repeat must be at least 1");
        if (psqlOnly && db == null) throw new UserException("--psql-only goes with --db");
        if (peer != null && (charts || gui || db != null)) throw new UserException("--peer goes with the import benchmark only, not --charts, --gui or --db");
        if (peer != null && !peer.contains("{}")) throw new UserException("--peer: put {} where the generated file goes, e.g. --peer 'program {}'");
        if (peer != null && !ChildProcess.supported()) throw new UserException("--peer needs Linux's /proc and /bin/sh to measure whole processes");
        if (heap != null && (charts || gui || db != null || peer != null)) throw new UserException("--heap goes with the import benchmark only, not --charts, --gui, --db or --peer");
        if (heap != null && !heap.matches("\\d+[kKmMgG]?")) throw new UserException("--heap takes a size as -Xmx does (128m, 1g), not " + heap);
        if (heap != null && !ChildProcess.supported()) throw new UserException("--heap needs Linux's /proc and /bin/sh to measure whole processes");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Consumer<String> progress = line -> {
            err.println("  " + line);
            err.flush();
        };
        out.println("machine: " + MachineLoad.now());
        out.flush();
        if (charts) {
            if (points < 2) throw new UserException("--points must be at least 2");
            out.printf(Locale.ROOT, "series: %,d points, 1 s apart (a day-long wave, noise, and one-sample spikes); chart %d x %d, PNG scale %s%n",
                    points, ChartBench.SIZE.width(), ChartBench.SIZE.height(), ReadableNumbers.ROOT.number(ChartBench.SIZE.scale()));
            ChartBench.Result drawn;
            try {
                drawn = ChartBench.run(points, repeat, dir, progress);
            } catch (OutOfMemoryError e) {
                // JFreeChart alone, the side statlens is compared with, holds every point and its SVG in this JVM
                throw new UserException(String.format(Locale.ROOT, "bench --charts: drawing all %,d points with JFreeChart alone, in this"
                        + " process, ran out of its %s heap; give it more (STATLENS_JAVA_OPTS=-Xmx1g statlens bench --charts ...:"
                        + " a million points took about 512 MiB) or ask for fewer --points", points,
                        Format.bytes(Runtime.getRuntime().maxMemory(), ReadableNumbers.ROOT)));
            }
            print(out, drawn);
            out.println();
            if (ChildProcess.supported()) {
                Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("statlens-bench");
                try {
                    print(out, ChartBench.runProcesses(work, points, repeat, progress));
                    if (largeRun != null) {
                        out.println();
                        print(out, ChartBench.runScale(work, SMALL_RUN, largeRun, repeat, progress));
                    }
                } finally {
                    if (dir == null) deleteTree(work);
                }
            } else {
                out.println("whole processes: not measured (their CPU time is read from Linux's /proc, which this machine lacks)");
            }
            if (dir != null) out.println("charts written to " + dir);
            out.println("machine: " + MachineLoad.now());
            return ExitCodes.OK;
        }
        if (gui && repeat > GuiBench.MOST_CHARTS) {
            throw new UserException("--repeat with --gui charts that many metrics, one after the other: at most " + GuiBench.MOST_CHARTS);
        }
        if (gui) GuiBench.requireDisplay();
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("statlens-bench");
        try {
            Workload input = iostat ? Workload.iostat(work, devices, seconds)
                    : nmon ? Workload.nmon(work, cpus, devices, seconds)
                    : sar ? Workload.sar(work, cpus, devices, 10, seconds)
                    : mysqladmin ? Workload.mysqladmin(work, seconds) : Workload.mpstat(work, cpus, seconds);
            out.printf(Locale.ROOT, "input: %s, %d rows, %s, max heap %s%n", input.file().getFileName(), input.rows(),
                    Format.bytes(input.bytes(), ReadableNumbers.ROOT), Format.bytes(Runtime.getRuntime().maxMemory(), ReadableNumbers.ROOT));
            out.flush();
            if (gui) {
                print(out, GuiBench.run(work, input, repeat, p -> {
                    out.printf(Locale.ROOT, "  done: %s (%.1f s)%n", p.name(), p.seconds());
                    out.flush();
                }));
            } else if (db != null) {
                RepositoryLocation server = RepositoryLocation.url(db);
                out.printf("repository: %s (%s)%n", server.description(), server.engine());
                out.println("machine at the start: " + MachineLoad.now());
                out.flush();
                print(out, ServerImportBench.run(work, input, server, repeat, psqlOnly, progress));
                out.println();
                Optional<String> refused = ServerReportBench.refusal(db);
                if (refused.isPresent()) out.println("reports from the server against embedded Derby: not measured: " + refused.get());
                else print(out, input, ServerReportBench.run(work, input, server, repeat, progress));
            } else if (heap != null) {
                print(out, BoundedHeapImport.run(work, input, heap, repeat, progress));
            } else if (sar) {
                // mpstat -P ALL of 256 CPUs, as many rows as the sar file (a report has 257)
                Workload anchor = Workload.mpstat(work, 256, (int) Math.max(1, (input.rows() + 128) / 257));
                List<Samples> steps = IostatBench.run(work, input, "sar", anchor, "mpstat", MPSTAT_IMPORT, repeat, progress);
                Samples mpstatImport = steps.stream().filter(s -> s.name().equals(MPSTAT_IMPORT)).findFirst().orElseThrow();
                print(out, "STEP", "ROWS", steps, "CPU PER ROW VS MPSTAT IMPORT", s -> s.cheaperPerRowThan(mpstatImport));
                out.println("CPU per row vs mpstat import: the mpstat import's CPU time per row (" + anchor.file().getFileName() + ", "
                        + ReadableNumbers.ROOT.integer(anchor.rows()) + " rows) over the step's (process CPU, of the minimums / of the"
                        + " medians); 1 or above is no more CPU per row than the mpstat import.");
            } else if (iostat || nmon || mysqladmin) {
                List<Samples> steps = IostatBench.run(work, input, mysqladmin ? "mysql-status" : workload.name(), repeat, progress);
                Samples imported = steps.stream().filter(s -> s.name().equals(IostatBench.IMPORT)).findFirst().orElseThrow();
                print(out, "STEP", "ROWS", steps, "CPU VS IMPORT", s -> s.cheaperThan(imported));
                out.println("CPU vs import: the import's CPU time over the step's (process CPU, of the minimums / of the medians).");
            } else {
                print(out, ImportBench.run(work, input, repeat, progress));
                if (ChildProcess.supported()) {
                    out.println();
                    printStartup(out, StartupBench.run(work, ImportBench.keptRepository(work), repeat, progress));
                }
            }
            if (peer != null) {
                out.println();
                printPeer(out, input, PeerBench.run(work, input, peer, repeat, progress));
            }
        } finally {
            if (dir == null) deleteTree(work);
        }
        out.println("machine: " + MachineLoad.now());
        return ExitCodes.OK;
    }

    /** The collector's own cost at a 1 s interval (issue 24's item 5). */
    private Integer collect() throws Exception {
        int measured = seconds != null ? seconds : 600;
        if (measured < 1) throw new UserException("--seconds must be at least 1");
        if (charts || gui || db != null || peer != null || heap != null) throw new UserException("--workload collect goes with --seconds and --dir only");
        if (!ChildProcess.supported()) throw new UserException("--workload collect reads the collector's CPU time from Linux's /proc, which this machine lacks");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.println("machine: " + MachineLoad.now());
        out.flush();
        Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("statlens-bench");
        try {
            CollectBench.Result r = CollectBench.run(work, CollectStartCommand.DAEMON_JVM_OPTIONS, List.of("vmstat", "iostat", "mpstat"), 20, measured, line -> {
                err.println("  " + line);
                err.flush();
            });
            out.printf(Locale.ROOT, "collector: %s on this host every 1 s, measured %d s after a 20 s warm-up%n",
                    String.join(", ", r.tools()), r.seconds());
            out.printf(Locale.ROOT, "CPU: %.2f s = %.2f %% of one core; %.2f %% per host and tool%n", r.cpuSeconds(),
                    r.percentOfOneCore(), r.percentPerTool());
            out.printf(Locale.ROOT, "memory: max RSS %s (heap limit %s)%n", Format.bytes(r.maxRssBytes(), ReadableNumbers.ROOT), r.heapLimit());
        } finally {
            if (dir == null) deleteTree(work);
        }
        out.println("machine: " + MachineLoad.now());
        return ExitCodes.OK;
    }

    private static void print(PrintWriter out, ImportBench.Result r) {
        Samples derby = r.importStep(ImportBench.DERBY_IMPORT);
        print(out, "STEP", "ROWS", r.importing(), "CPU VS DERBY IMPORT", s -> s.cheaperThan(derby));
        out.println("CPU vs Derby import: Derby's CPU time over the step's (process CPU, of the minimums / of the medians);"
                + " above 1 is cheaper than Derby's own bulk import of the same rows (CSV already written, parsing excluded).");
        out.println();
        Samples groupBy = r.query(ImportBench.GROUP_BY);
        print(out, "QUERY ON THE IMPORTED RUN", "RUN ROWS", r.queries(), "CPU VS GROUP BY",
                s -> s == groupBy || s.name().equals(ImportBench.WINDOW_STATS) || s.name().equals(ImportBench.WHOLE_WINDOW_STATS)
                        ? s.cheaperThan(groupBy) : null);
        Samples window = r.query(ImportBench.WINDOW_STATS);
        out.printf(Locale.ROOT, "%s: %.2f s CPU per million rows (minimum; median %.2f s)%n", ImportBench.WINDOW_STATS,
                perMillion(window.min(Measurement.Clock.PROCESS_CPU), window.count()),
                perMillion(window.median(Measurement.Clock.PROCESS_CPU), window.count()));
    }

    private static void printStartup(PrintWriter out, List<Samples> steps) {
        out.println("start-up, whole processes in turn:");
        Samples jvm = steps.get(steps.size() - 1);
        TextTable t = new TextTable(ReadableNumbers.ROOT, "WHOLE PROCESS", "RUNS", "WALL S MIN / MED", "CPU S MIN / MED",
                "CPU OVER THE JVM ALONE").right(1, 2, 3, 4);
        for (Samples s : steps) {
            Samples.Ratio r = jvm.cheaperThan(s);
            t.add(s.name(), s.runs().size(), minMedian(s, Measurement.Clock.WALL), minMedian(s, Measurement.Clock.PROCESS_CPU), ratio(r));
        }
        t.print(out);
        out.println("CPU over the JVM alone: the step's CPU time over the bare JVM's start and exit (java -version, the JVM running"
                + " this bench), of the minimums / of the medians: what starting any Java program costs on this machine, the anchor for --help and runs.");
    }

    private static void print(PrintWriter out, BoundedHeapImport.Result r) {
        Samples s = r.cost();
        TextTable t = new TextTable(ReadableNumbers.ROOT, "WHOLE PROCESS", "ROWS", "RUNS", "WALL S MIN / MED", "CPU S MIN / MED",
                "PEAK RESIDENT MAX").right(1, 2, 3, 4, 5);
        t.add(s.name(), s.count(), s.runs().size(), minMedian(s, Measurement.Clock.WALL), minMedian(s, Measurement.Clock.PROCESS_CPU),
                Format.bytes(r.maxPeakResidentBytes(), ReadableNumbers.ROOT));
        t.print(out);
        out.println("completed within a heap of " + r.heap() + " every time; CPU: user + system time of the process, start-up included;"
                + " peak resident: the process's high-water mark (VmHWM), heap, Derby's page cache and the JVM's own memory together.");
    }

    private static void printPeer(PrintWriter out, Workload input, List<Samples> steps) {
        out.printf(Locale.ROOT, "whole processes: %s, %,d rows; each command run in turn%n", input.file().getFileName(), input.rows());
        Samples peer = steps.get(steps.size() - 1);
        TextTable t = new TextTable(ReadableNumbers.ROOT, "WHOLE PROCESS", "ROWS", "RUNS", "WALL S MIN / MED", "CPU S MIN / MED",
                "CPU VS PEER").right(1, 2, 3, 4, 5);
        for (Samples s : steps) {
            t.add(s.name(), s.count(), s.runs().size(), minMedian(s, Measurement.Clock.WALL), minMedian(s, Measurement.Clock.PROCESS_CPU),
                    ratio(s.cheaperThan(peer)));
        }
        t.print(out);
        out.println("CPU: user + system time of the process and all it started, start-up included; CPU vs peer: the peer's CPU time"
                + " over the step's (of the minimums / of the medians), 1 or above is no more CPU than the peer.");
    }

    private static void print(PrintWriter out, ServerImportBench.Result r) {
        Optional<Samples> batches = r.steps().stream().filter(s -> s.name().equals(ServerImportBench.BATCHES)).findFirst();
        List<Double> batchesCpu = r.clientAndServerCpu(ServerImportBench.BATCHES);
        TextTable t = new TextTable(ReadableNumbers.ROOT, "STEP", "ROWS", "RUNS", "WALL S MIN / MED", "ROWS/S MIN / MED",
                "VS JDBC BATCHES", "CPU S MIN / MED", "THREAD CPU S MIN / MED", "SERVER CPU S MIN / MED",
                "CPU + SERVER S MIN / MED", "CPU VS JDBC BATCHES").right(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        for (Samples s : r.steps()) {
            long min = s.min(Measurement.Clock.WALL);
            long median = s.median(Measurement.Clock.WALL);
            List<Double> total = r.clientAndServerCpu(s.name());
            t.add(s.name(), s.count(), s.runs().size(), minMedian(s, Measurement.Clock.WALL),
                    ReadableNumbers.ROOT.integer(Math.round(s.count() / (min / 1e9))) + " / "
                            + ReadableNumbers.ROOT.integer(Math.round(s.count() / (median / 1e9))),
                    batches.map(b -> String.format(Locale.ROOT, "%.2fx / %.2fx", (double) b.min(Measurement.Clock.WALL) / min,
                            (double) b.median(Measurement.Clock.WALL) / median)).orElse(""),
                    minMedian(s, Measurement.Clock.PROCESS_CPU), s.hasThreadCpu() ? minMedian(s, Measurement.Clock.THREAD_CPU) : "",
                    seconds(r.serverCpu().get(s.name())), seconds(total),
                    total.isEmpty() || batchesCpu.isEmpty() ? "" : String.format(Locale.ROOT, "%.2fx / %.2fx",
                            min(batchesCpu) / min(total), median(batchesCpu) / median(total)));
        }
        t.print(out);
        out.println("vs JDBC batches: rows/s over the batches' rows/s (of the fastest runs / of the medians); above 1 is faster"
                + " (empty with --psql-only). The import parses too; the other steps read the same CSV. Server CPU: every process of the"
                + " server (PostgreSQL on this machine; empty otherwise): run it on a server nobody else uses. CPU vs JDBC"
                + " batches: the batches' CPU time, this process's and the server's, over the step's (above 1 is cheaper).");
        if (r.hasPsql()) {
            Samples imported = r.step(ServerImportBench.IMPORT);
            Samples psql = r.step(ServerImportBench.PSQL);
            List<Double> importCpu = r.clientAndServerCpu(ServerImportBench.IMPORT);
            List<Double> psqlCpu = r.clientAndServerCpu(ServerImportBench.PSQL);
            if (!importCpu.isEmpty() && !psqlCpu.isEmpty()) {
                out.printf(Locale.ROOT, "import vs psql \\copy, CPU of client and server per row: %.2fx / %.2fx (min / median;"
                                + " psql's rows are the import's main data set only; 1.00x is the engine's own limit, below 1 cheaper)%n",
                        min(importCpu) / imported.count() / (min(psqlCpu) / psql.count()),
                        median(importCpu) / imported.count() / (median(psqlCpu) / psql.count()));
            }
            out.printf(Locale.ROOT, "import vs psql \\copy, wall per row: %.2fx / %.2fx (min / median)%n",
                    (double) imported.min(Measurement.Clock.WALL) / imported.count() / ((double) psql.min(Measurement.Clock.WALL) / psql.count()),
                    (double) imported.median(Measurement.Clock.WALL) / imported.count() / ((double) psql.median(Measurement.Clock.WALL) / psql.count()));
        } else {
            out.println("psql \\copy: not measured (PostgreSQL's psql is not on the PATH, or the repository is not PostgreSQL)");
        }
        if (!r.deletions().isEmpty()) {
            out.printf(Locale.ROOT, "deleting an imported run (%,d rows): %.2f / %.2f s wall to its commit (min / median);"
                            + " its tables dropped after it, not waited for: %.2f / %.2f s; server CPU of both: %s s%n",
                    r.step(ServerImportBench.IMPORT).count(), min(r.deletions()), median(r.deletions()), min(r.drops()), median(r.drops()),
                    seconds(r.deletionServerCpu()));
        }
    }

    private static void print(PrintWriter out, Workload input, ServerReportBench.Result r) {
        out.printf(Locale.ROOT, "whole processes: a PDF report of a run of %,d rows (%s), imported beforehand into the server and into"
                + " embedded Derby (not measured); each command run in turn%n", input.rows(), input.file().getFileName());
        TextTable t = new TextTable(ReadableNumbers.ROOT, "WHOLE PROCESS", "RUNS", "WALL S MIN / MED", "CPU S MIN / MED",
                "SERVER CPU S MIN / MED", "CPU + SERVER S MIN / MED").right(1, 2, 3, 4, 5);
        List<Double> withServer = r.serverReportCpu();
        t.add(r.fromServer().name(), r.fromServer().runs().size(), minMedian(r.fromServer(), Measurement.Clock.WALL),
                minMedian(r.fromServer(), Measurement.Clock.PROCESS_CPU), seconds(r.serverCpu()), seconds(withServer));
        t.add(r.fromDerby().name(), r.fromDerby().runs().size(), minMedian(r.fromDerby(), Measurement.Clock.WALL),
                minMedian(r.fromDerby(), Measurement.Clock.PROCESS_CPU), "", minMedian(r.fromDerby(), Measurement.Clock.PROCESS_CPU));
        t.print(out);
        Samples derby = r.fromDerby();
        String cpu = withServer.isEmpty() ? "not known (the server's CPU cannot be read: is it on this machine?)"
                : String.format(Locale.ROOT, "%.2fx / %.2fx", min(withServer) / (derby.min(Measurement.Clock.PROCESS_CPU) / 1e9),
                median(withServer) / (derby.median(Measurement.Clock.PROCESS_CPU) / 1e9));
        out.printf(Locale.ROOT, "report from the server vs from embedded Derby: CPU (client + server) %s, wall %.2fx / %.2fx (min / median;"
                        + " issue 27 asks at most 1.00x: no more CPU and wall from the server than from embedded Derby)%n", cpu,
                (double) r.fromServer().min(Measurement.Clock.WALL) / derby.min(Measurement.Clock.WALL),
                (double) r.fromServer().median(Measurement.Clock.WALL) / derby.median(Measurement.Clock.WALL));
        for (int i = 0; i < r.steps().size(); i++) {
            // a class path of many jars (not a packaged jar) would bury the command
            out.println("  " + r.steps().get(i).name() + ": "
                    + String.join(" ", r.commands().get(i).stream().map(a -> a.length() > 200 ? "<class path>" : a).toList()));
        }
    }

    private static String seconds(List<Double> seconds) {
        if (seconds == null || seconds.isEmpty() || seconds.stream().anyMatch(d -> d.isNaN())) return "";
        return String.format(Locale.ROOT, "%.2f / %.2f", min(seconds), median(seconds));
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    /** The median as Samples takes it: of an even number, the lower middle one (a run that happened). */
    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[(sorted.length - 1) / 2];
    }

    private static double perMillion(long nanos, long rows) {
        return nanos / 1e9 / (rows / 1e6);
    }

    private static void print(PrintWriter out, ChartBench.Result r) {
        Samples full = r.drawing(ChartBench.EVERY_POINT);
        TextTable t = new TextTable(ReadableNumbers.ROOT, "PNG + SVG, IN PROCESS", "POINTS DRAWN", "RUNS", "WALL S MIN / MED",
                "CPU S MIN / MED", "THREAD CPU S MIN / MED", "CPU VS EVERY POINT", "PNG SIZE", "SVG SIZE").right(1, 2, 3, 4, 5, 6, 7, 8);
        for (Samples s : r.drawings()) {
            ChartBench.Sizes sizes = r.sizes().get(s.name());
            t.add(s.name(), s.name().equals(ChartBench.EVERY_POINT) ? r.points() : r.drawn(), s.runs().size(),
                    minMedian(s, Measurement.Clock.WALL), minMedian(s, Measurement.Clock.PROCESS_CPU),
                    minMedian(s, Measurement.Clock.THREAD_CPU), ratio(s.cheaperThan(full)),
                    Format.bytes(sizes.pngBytes(), ReadableNumbers.ROOT), Format.bytes(sizes.svgBytes(), ReadableNumbers.ROOT));
        }
        t.print(out);
        out.println("each run builds the chart twice and writes a PNG and an SVG, as chart --format png,svg does;"
                + " CPU vs every point: its CPU time over the step's (of the minimums / of the medians).");
        Samples zoom = r.zoom();
        out.printf(Locale.ROOT, "%s (%,d points in view): thread CPU %s ms min / median (ChartService.redraw's work before painting)%n",
                zoom.name(), zoom.count(), String.format(Locale.ROOT, "%.1f / %.1f", zoom.min(Measurement.Clock.THREAD_CPU) / 1e6,
                        zoom.median(Measurement.Clock.THREAD_CPU) / 1e6));
    }

    /** The small run of --large-run's comparison. */
    private static final int SMALL_RUN = 100_000;

    private static void print(PrintWriter out, ChartBench.Scale scale) {
        out.printf(Locale.ROOT, "whole processes on a run of %,d rows and one of %,d (mpstat 1, imported beforehand, not measured); each command run in turn%n",
                scale.small(), scale.large());
        TextTable t = new TextTable(ReadableNumbers.ROOT, "COMMAND, RUN", "RUNS", "WALL S MIN / MED", "CPU S MIN / MED",
                "CPU OVER THE SMALL RUN'S").right(1, 2, 3, 4);
        for (Samples s : scale.steps()) {
            String command = s.name().startsWith(ChartBench.CHART) ? ChartBench.CHART : ChartBench.REPORT;
            Samples.Ratio r = scale.step(command, scale.small()).cheaperThan(s);
            t.add(s.name(), s.runs().size(), minMedian(s, Measurement.Clock.WALL), minMedian(s, Measurement.Clock.PROCESS_CPU),
                    ratio(r));
        }
        t.print(out);
        out.println("CPU over the small run's: the step's CPU time over the same command's on the small run (of the minimums / of"
                + " the medians); the issue asks at most 1.5 for a chart and 2 for a report.");
        scale.commands().forEach((name, command) -> out.println("  " + name + ": "
                + String.join(" ", command.stream().map(a -> a.length() > 200 ? "<class path>" : a).toList())));
    }

    private static void print(PrintWriter out, ChartBench.Processes p) {
        Samples plain = p.step(ChartBench.PLAIN_PROGRAM);
        out.printf(Locale.ROOT, "whole processes: %s, %,d rows (%s), imported beforehand (not measured); each command run in turn%n",
                p.input().file().getFileName(), p.points(), Format.bytes(p.input().bytes(), ReadableNumbers.ROOT));
        TextTable t = new TextTable(ReadableNumbers.ROOT, "PNG + SVG, WHOLE PROCESS", "POINTS", "RUNS", "WALL S MIN / MED",
                "CPU S MIN / MED", "CPU VS PLAIN PROGRAM", "PNG SIZE", "SVG SIZE").right(1, 2, 3, 4, 5, 6, 7);
        for (Samples s : p.runs()) {
            ChartBench.Sizes sizes = p.sizes().get(s.name());
            t.add(s.name(), s.count(), s.runs().size(), minMedian(s, Measurement.Clock.WALL), minMedian(s, Measurement.Clock.PROCESS_CPU),
                    ratio(s.cheaperThan(plain)), Format.bytes(sizes.pngBytes(), ReadableNumbers.ROOT),
                    Format.bytes(sizes.svgBytes(), ReadableNumbers.ROOT));
        }
        t.print(out);
        out.println("CPU: user + system time of the whole process, start-up included; CPU vs plain program: its CPU time over the"
                + " step's (of the minimums / of the medians), above 1 is cheaper.");
        for (Samples s : p.runs()) {
            // a class path of many jars (not a packaged jar) would bury the command
            List<String> shown = p.commands().get(s.name()).stream().map(a -> a.length() > 200 ? "<class path>" : a).toList();
            out.println("  " + s.name() + ": " + String.join(" ", shown));
        }
    }

    /** A table of measured steps: runs, wall, process and thread CPU times (minimum / median), and a ratio by CPU. */
    private static void print(PrintWriter out, String stepHeader, String countHeader, List<Samples> steps, String ratioHeader,
                              Function<Samples, Samples.Ratio> ratio) {
        TextTable t = new TextTable(ReadableNumbers.ROOT, stepHeader, countHeader, "RUNS", "WALL S MIN / MED", "CPU S MIN / MED",
                "THREAD CPU S MIN / MED", "ROWS PER CPU S", ratioHeader).right(1, 2, 3, 4, 5, 6, 7);
        for (Samples s : steps) {
            Samples.Ratio r = ratio.apply(s);
            t.add(s.name(), s.count(), s.runs().size(), minMedian(s, Measurement.Clock.WALL),
                    minMedian(s, Measurement.Clock.PROCESS_CPU),
                    s.hasThreadCpu() ? minMedian(s, Measurement.Clock.THREAD_CPU) : "",
                    rowsPerCpuSecond(s), r == null ? "" : ratio(r));
        }
        t.print(out);
    }

    /** Of the cheapest run; none where that took less CPU than the clock can tell. */
    private static Object rowsPerCpuSecond(Samples s) {
        long cpu = s.min(Measurement.Clock.PROCESS_CPU);
        return cpu <= 0 ? "" : ReadableNumbers.ROOT.integer(Math.round(s.count() / (cpu / 1e9)));
    }

    private static String minMedian(Samples s, Measurement.Clock clock) {
        return String.format(Locale.ROOT, "%.2f / %.2f", s.min(clock) / 1e9, s.median(clock) / 1e9);
    }

    private static String ratio(Samples.Ratio r) {
        if (Double.isNaN(r.ofMin()) || Double.isNaN(r.ofMedian())) return "too short to tell";
        return String.format(Locale.ROOT, "%.2fx / %.2fx", r.ofMin(), r.ofMedian());
    }

    private static void print(PrintWriter out, List<GuiBench.Phase> phases) {
        GuiBench.Phase idle = phases.get(0);
        TextTable t = new TextTable(ReadableNumbers.ROOT, "PHASE", "SECONDS", "CPU S", "FX CPU S", "PINGS", "P50 MS", "P99 MS",
                "MAX MS", "P99 VS IDLE", "MAX VS IDLE").right(1, 2, 3, 4, 5, 6, 7, 8, 9);
        for (GuiBench.Phase p : phases) {
            t.add(p.name(), oneDecimal(p.seconds()), String.format(Locale.ROOT, "%.2f", p.cpuSeconds()),
                    String.format(Locale.ROOT, "%.2f", p.fxCpuSeconds()), p.pings(), oneDecimal(p.p50Millis()), oneDecimal(p.p99Millis()),
                    oneDecimal(p.maxMillis()), String.format(Locale.ROOT, "%.2fx", p.p99Millis() / idle.p99Millis()),
                    String.format(Locale.ROOT, "%.2fx", p.maxMillis() / idle.maxMillis()));
        }
        t.print(out);
        for (GuiBench.Phase p : phases) {
            if (!p.threadsCpu().isEmpty()) out.printf(Locale.ROOT, "CPU s by thread, %s: %s%n", shortPhase(p.name()), p.threadsCpu());
        }
        out.println("CPU S: the process's CPU time (user + sys) in the phase; FX CPU S: the FX thread's, which the window waits on.");
        out.println("delays: how long a task posted to the FX thread every 10 ms waited to run (what a click would wait).");
        for (String kind : List.of(GuiBench.CHART, GuiBench.ZOOM)) {
            GuiBench.Waits w = GuiBench.repeated(phases, kind);
            out.printf(Locale.ROOT, "longest wait of a %s, %d in the window: %.1f / %.1f / %.1f ms (min / median / max)%n",
                    kind.equals(GuiBench.CHART) ? "first chart of a metric" : "zoom", w.count(), w.min(), w.median(), w.max());
        }
    }

    /** A phase's name to its first colon: {@code chart mpstat %usr}. */
    private static String shortPhase(String name) {
        int colon = name.indexOf(':');
        return colon < 0 ? name : name.substring(0, colon);
    }

    private static String oneDecimal(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
