package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.model.ParseWarning;
import io.statlens.parse.ImportPlanner;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportResult;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.ImportTimes;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code statlens import}: files and folders into a run, as one transaction. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Import tool output files (or folders of them) into a run, as one transaction.",
                "The tool is detected from each file's content; bad lines are reported as file:line and kept as warnings."})
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Mixin
    NumberOptions numberOptions;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Files or folders to import.")
    List<Path> inputs;

    // required but with --dry-run, which imports into no run (checked in call, as picocli would say it)
    @Option(names = "--run", paramLabel = "NAME", description = "Run to import into (created if missing); not with --dry-run.")
    String run;

    @Option(names = "--host", paramLabel = "H", description = "Host name of the run (default: from the first banner).")
    String host;

    @Option(names = "--tag", paramLabel = "T", description = "Tag the run (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--tool", paramLabel = "T", description = "Use this parser instead of detecting one.")
    String tool;

    @Option(names = "--start", paramLabel = "ISO",
            description = "Time of the first sample for output without dates, e.g. 2024-03-01T10:00:00 (in --tz) or 2024-03-01T10:00:00Z.")
    String start;

    @Option(names = "--interval", paramLabel = "SECONDS", description = "Seconds between samples for output without times.")
    Double interval;

    @Option(names = "--tz", paramLabel = "ZONE", description = "Zone of times printed without one (default: this machine's zone).")
    String tz;

    @Option(names = "--file-locale", paramLabel = "LOCALE", description = {
            "Locale the files were printed in (en_US, en_GB, fr_FR, C), for what the files do not show themselves:",
            "day or month first in a sysstat date such as 02/12/2026, which zone CST or IST means."})
    String fileLocale;

    @Option(names = "--strict", description = {"Fail at the first bad line (one that cannot be read); nothing is imported.",
            "Notices about well-formed content (the tool's own warnings, failed benchmark checks) do not count."})
    boolean strict;

    @Option(names = "--replace", description = "Replace files the run already holds (same SHA-256).")
    boolean replace;

    @Option(names = "--skip-unknown", description = "In folders, skip files no parser recognises.")
    boolean skipUnknown;

    @Option(names = "--dry-run", description = "Detect each file's tool and say on which lines of the file it was decided; "
            + "nothing is imported and the repository is not opened.")
    boolean dryRun;

    @Override
    public Integer call() {
        if (dryRun) {
            DetectionReport.print(inputs, Optional.ofNullable(tool), skipUnknown, InstalledParsers.load(spec.commandLine().getErr()),
                    spec.commandLine().getOut());
            return ExitCodes.OK;
        }
        if (run == null) throw new ParameterException(spec.commandLine(), "Missing required option: '--run=NAME'");
        ZoneId zone = zone(tz);
        ImportRequest request = new ImportRequest(inputs, run, Optional.ofNullable(host), tags, Optional.ofNullable(tool),
                Optional.ofNullable(start).map(s -> parseStart(s, zone)), Optional.ofNullable(interval).map(ImportCommand::seconds),
                zone, strict, replace, skipUnknown);
        if (fileLocale != null) request = request.inLocale(ImportTimes.locale(fileLocale, "--file-locale"));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Repository repo = repository.open()) {
            ImportService service = new ImportService(repo, InstalledParsers.load(err));
            ImportResult result = service.run(request, new StderrProgress(err));
            print(result, out, numberOptions.numbers());
        }
        return ExitCodes.OK;
    }

    static ZoneId zone(String tz) {
        return tz == null ? LocalZone.get() : ImportTimes.zone(tz, "--tz");
    }

    static Instant parseStart(String s, ZoneId zone) {
        return ImportTimes.start(s, zone, "--start");
    }

    static Duration seconds(double s) {
        return ImportTimes.interval(s, "--interval");
    }

    static void print(ImportResult result, PrintWriter out, ReadableNumbers numbers) {
        TextTable table = new TextTable(numbers, "FILE", "TOOL", "VARIANT", "ROWS", "WARNINGS").right(3, 4);
        for (ImportResult.FileResult f : result.files()) {
            table.add(f.name(), f.tool(), f.variant(), f.rows(), f.warningCount());
        }
        table.print(out);
        for (ImportResult.FileResult f : result.files()) {
            if (!f.holdsOnly().isEmpty()) out.println("note: " + f.name() + " holds " + f.holdsOnly());
        }
        printSkipped(result.skipped(), out);
        int shown = 0;
        long total = 0;
        for (ImportResult.FileResult f : result.files()) {
            total += f.warningCount();
            for (ParseWarning w : f.warnings()) {
                // a line says where it is in the file; a message about the whole output names the part it is about
                String where = w.line() > 0 || f.part().isEmpty() ? f.path().toString() : f.path() + ":" + f.part();
                if (shown++ < 20) out.println("warning: " + w.format(where));
            }
        }
        if (total > shown) out.println("... and " + (total - Math.min(shown, 20)) + " more warnings (statlens show " + result.run() + ")");
        long parts = result.partCount();
        out.println("imported " + numbers.integer(result.rows()) + " rows from " + result.fileCount() + " file(s)"
                + (parts == 0 ? "" : " (" + parts + " parts read by their own parsers)") + " into run '" + result.run() + "'");
        out.flush();
    }

    /** One line per reason: {@code skipped 4 files (df, meminfo): pt-stalk: ...}. */
    private static void printSkipped(List<ImportPlanner.Skipped> skipped, PrintWriter out) {
        Map<String, List<ImportPlanner.Skipped>> byReason = new LinkedHashMap<>();
        skipped.forEach(s -> byReason.computeIfAbsent(s.reason(), r -> new ArrayList<>()).add(s));
        byReason.forEach((reason, files) -> out.println("skipped " + files.size() + (files.size() == 1 ? " file (" : " files (")
                + files.stream().map(ImportPlanner.Skipped::label).distinct().collect(Collectors.joining(", ")) + "): " + reason));
    }

    /** One stderr line per second for files above a few megabytes. */
    private static final class StderrProgress implements ImportProgress {
        private static final long QUIET_BELOW = 8L << 20;
        private final PrintWriter err;
        private long lastPrint;

        StderrProgress(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void advanced(Path file, long bytesRead, long sizeBytes, long rows) {
            if (sizeBytes < QUIET_BELOW) return;
            long now = System.nanoTime();
            if (now - lastPrint < 1_000_000_000L) return;
            lastPrint = now;
            err.printf("importing %s: %d%% (%s of %s, %d rows)%n", file.getFileName(), bytesRead * 100 / Math.max(1, sizeBytes),
                    Format.bytes(bytesRead, ReadableNumbers.ROOT), Format.bytes(sizeBytes, ReadableNumbers.ROOT), rows);
            err.flush();
        }

        @Override
        public void waiting(String holders) {
            err.println("waiting for other clients' transactions, which hold a table this import changes: " + holders
                    + " (the import goes on once they end)");
            err.flush();
        }
    }
}
