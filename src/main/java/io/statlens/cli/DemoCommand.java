package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.model.UserException;
import io.statlens.report.ReportFormat;
import io.statlens.report.ReportRequest;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    static final String SAMPLES = "/statlens/samples/";

    @Spec
    CommandSpec spec;

    @Option(names = "--repo", paramLabel = "DIR", defaultValue = "statlens-demo/repo",
            description = "Repository folder to (re)create (default: ${DEFAULT-VALUE}).")
    Path repoDir;

    @Mixin
    NumberOptions numberOptions;

    /** One bundled file: which run it belongs to, and where it comes from. */
    record Sample(String run, String file, String tool, String provenance) {
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        ReadableNumbers numbers = numberOptions.numbers();
        List<Sample> samples = samples();
        recreate(repoDir);
        // The files stay beside the repository, so that the paths it records keep pointing at them.
        Path extracted = repoDir.toAbsolutePath().normalize().resolveSibling("samples");
        recreateSamples(extracted);
        Map<String, List<Path>> byRun = new LinkedHashMap<>();
        for (Sample s : samples) {
            try (InputStream in = DemoCommand.class.getResourceAsStream(SAMPLES + s.file())) {
                if (in == null) throw new IllegalStateException("bundled sample missing: " + s.file());
                Path target = extracted.resolve(s.run()).resolve(Path.of(s.file()).getFileName().toString());
                Files.createDirectories(target.getParent());
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
                byRun.computeIfAbsent(s.run(), k -> new ArrayList<>()).add(target);
            }
        }
        Path html;
        Path pdf;
        out.println("importing " + samples.size() + " bundled sample files into " + repoDir.toAbsolutePath().normalize());
        try (Repository repo = Repository.open(RepositoryLocation.embedded(repoDir))) {
            ImportService service = new ImportService(repo, InstalledParsers.load(spec.commandLine().getErr()));
            for (Map.Entry<String, List<Path>> e : byRun.entrySet()) {
                out.println();
                out.println("run " + e.getKey());
                ImportResult result = service.run(new ImportRequest(e.getValue(), e.getKey(), Optional.empty(), List.of("sample"),
                        Optional.empty(), Optional.empty(), Optional.empty(), java.time.ZoneOffset.UTC, false, false, false),
                        ImportProgress.NONE);
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
        out.println("the sample files are in " + extracted + "; next, for example:");
        out.println("  target/statlens show rhel7-sar-48cpu --repo " + repoDir);
        out.println("  target/statlens top rhel7-sar-48cpu --tool sar.cpu --metric %usr --by p95 -n 5 --repo " + repoDir);
        out.println("  target/statlens query \"SELECT RUN, ITEM, AVG(PCT_UTIL) AS AVG_UTIL FROM V_IOSTAT"
                + " WHERE NOT SINCE_BOOT GROUP BY RUN, ITEM\" --repo " + repoDir);
        out.flush();
        return ExitCodes.OK;
    }

    static List<Sample> samples() {
        List<Sample> out = new ArrayList<>();
        try (InputStream in = DemoCommand.class.getResourceAsStream(SAMPLES + "INDEX.tsv")) {
            if (in == null) throw new IllegalStateException("the jar has no bundled samples (statlens/samples/INDEX.tsv)");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("run\t")) continue;
                String[] f = line.split("\t", -1);
                out.add(new Sample(f[0], f[1], f[2], f.length > 3 ? f[3] : ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Deletes an earlier demo repository; refuses a folder that is not a Derby repository. */
    private static void recreate(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        if (!Files.exists(dir.resolve("service.properties"))) {
            throw new UserException(dir + " exists and is not a statlens repository; choose another --repo");
        }
        deleteTree(dir);
    }

    private static final String SAMPLES_MARKER = ".statlens-demo-samples";

    /** Empties the samples folder of an earlier demo; refuses a folder the demo did not make. */
    private static void recreateSamples(Path dir) throws IOException {
        if (Files.exists(dir)) {
            if (!Files.exists(dir.resolve(SAMPLES_MARKER))) {
                throw new UserException(dir + " exists and was not made by statlens demo; choose another --repo");
            }
            deleteTree(dir);
        }
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(SAMPLES_MARKER), "sample files extracted by statlens demo\n");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
