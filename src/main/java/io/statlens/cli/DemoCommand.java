package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.model.UserException;
import io.statlens.report.ReportFormat;
import io.statlens.report.ReportRequest;
import io.statlens.store.load.BundledSamples;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportResult;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code statlens demo}: the main job on the bundled samples. Imports the real tool outputs shipped
 * in the jar ({@code statlens/samples/}, listed with their provenance in {@code INDEX.tsv}) into a
 * fresh embedded repository, shows what was loaded, and writes an HTML and a PDF report of the runs.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Import the bundled sample outputs into a fresh embedded repository and report on them.",
                "Shows what was loaded and writes an HTML and a PDF report beside the repository " +
                        "(report.html, report.pdf)."})
public final class DemoCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--repo", paramLabel = "DIR", defaultValue = "statlens-demo/repo",
            description = "Repository folder to (re)create (default: ${DEFAULT-VALUE}).")
    Path repoDir;

    @Mixin
    NumberOptions numberOptions;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        ReadableNumbers numbers = numberOptions.numbers();
        int files = BundledSamples.list().size();
        recreate(repoDir);
        // The files stay beside the repository, so that the paths it records keep pointing at them.
        Path extracted = repoDir.toAbsolutePath().normalize().resolveSibling("samples");
        Map<String, List<Path>> byRun;
        try {
            byRun = BundledSamples.extract(extracted);
        } catch (UserException e) {
            throw new UserException(e.getMessage() + "; choose another --repo");
        }
        Path html;
        Path pdf;
        out.println("importing " + files + " bundled sample files into " + repoDir.toAbsolutePath().normalize());
        try (Repository repo = Repository.open(RepositoryLocation.embedded(repoDir))) {
            ImportService service = new ImportService(repo, InstalledParsers.load(spec.commandLine().getErr()));
            for (Map.Entry<String, List<Path>> e : byRun.entrySet()) {
                out.println();
                out.println("run " + e.getKey());
                ImportResult result = service.run(BundledSamples.request(e.getKey(), e.getValue()), ImportProgress.NONE);
                ImportCommand.print(result, out, numbers);
            }
            out.println();
            out.println("runs in the repository");
            TextTable t = new TextTable(numbers, "RUN", "HOST", "START (UTC)", "FILES", "ROWS").right(3, 4);
            for (RunCatalog.RunInfo r : new RunCatalog(repo).runs()) t.add(r.name(), r.host(), Format.time(r.start()), r.files(), r.rows());
            t.print(out);
            // The reports cover every bundled run, a few charts per tool, so that the demo stays quick.
            List<String> runs = new ArrayList<>(byRun.keySet());
            Path folder = repoDir.toAbsolutePath().normalize().getParent();
            html = folder.resolve("report.html");
            pdf = folder.resolve("report.pdf");
            ReportRequest request = new ReportRequest(runs, List.of(), 2, 40, java.time.ZoneOffset.UTC);
            ReportCommand.write(repo, request, numbers, ReportFormat.HTML, html);
            ReportCommand.write(repo, request, numbers, ReportFormat.PDF, pdf);
        }
        out.println();
        out.println("reports of the bundled runs:");
        out.println("  " + html);
        out.println("  " + pdf);
        out.println();
        // as the user started statlens: target/statlens from a build (the launcher says so), statlens when installed
        String self = System.getProperty("statlens.command", "statlens");
        out.println("the sample files are in " + extracted + "; next, for example:");
        out.println("  " + self + " show rhel7-sar-48cpu --repo " + repoDir);
        out.println("  " + self + " top rhel7-sar-48cpu --tool sar.cpu --metric %usr --by p95 -n 5 --repo " + repoDir);
        out.println("  " + self + " query \"SELECT RUN, ITEM, AVG(PCT_UTIL) AS AVG_UTIL FROM V_IOSTAT"
                + " WHERE NOT SINCE_BOOT GROUP BY RUN, ITEM\" --repo " + repoDir);
        out.flush();
        return ExitCodes.OK;
    }

    /** Deletes an earlier demo repository; refuses a folder that is not a Derby repository. */
    private static void recreate(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        if (!Files.exists(dir.resolve("service.properties"))) {
            throw new UserException(dir + " exists and is not a statlens repository; choose another --repo");
        }
        deleteTree(dir);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
