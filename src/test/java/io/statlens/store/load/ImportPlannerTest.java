package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Planning on real fixtures: what detection says per file of a folder, and an import that follows the tools
 * chosen per file instead.
 */
class ImportPlannerTest {
    static final Path CORPUS = Path.of("src/test/resources/corpus");
    @TempDir
    Path dir;
    private Path logs;
    private ParserCatalog registry;
    private Repository repo;

    /** A folder as a user might drop it: vmstat, iostat and sar -u output, the fixtures' notes, a hidden file. */
    @BeforeEach
    void folder() throws IOException {
        logs = Files.createDirectories(dir.resolve("logs"));
        Files.copy(CORPUS.resolve("vmstat/jc-centos77-vmstat-at.txt"), logs.resolve("jc-centos77-vmstat-at.txt"));
        Files.copy(CORPUS.resolve("iostat/jc-centos77-iostat-x.txt"), Files.createDirectories(logs.resolve("disks"))
                .resolve("jc-centos77-iostat-x.txt"));
        Files.copy(CORPUS.resolve("sar/mb-de-sar-u.txt"), logs.resolve("mb-de-sar-u.txt"));
        // notes no parser recognises, written here: the corpus's own SOURCES.tsv grows with every fixture
        Files.writeString(logs.resolve("SOURCES.tsv"), "file\ttool\tnotes\nvmstat.txt\tvmstat\tby hand\n");
        Files.copy(CORPUS.resolve("vmstat/jc-centos77-vmstat.txt"), logs.resolve(".hidden-vmstat.txt"));
        registry = ParserCatalog.load(dir.resolve("no-user-parsers"));
        repo = Repository.open(RepositoryLocation.memory("plan" + UUID.randomUUID()));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    @Test
    void detectsEveryFileOfAFolderWithItsCandidates() {
        List<ImportPlanner.FileDetection> found = new ImportPlanner(registry).detect(List.of(logs));

        assertEquals(List.of("SOURCES.tsv", "disks/jc-centos77-iostat-x.txt", "jc-centos77-vmstat-at.txt", "mb-de-sar-u.txt"),
                found.stream().map(ImportPlanner.FileDetection::name).toList(), "sorted by path, the hidden file left out");
        assertEquals(List.of("(none)", "iostat", "vmstat", "sar"),
                found.stream().map(f -> f.detected().map(p -> p.info().tool()).orElse("(none)")).toList());
        assertEquals(List.of(42L, 690L, 614L, 2557L), found.stream().map(ImportPlanner.FileDetection::sizeBytes).toList());
        assertEquals(0.95, found.get(1).candidates().get(0).confidence());
        assertEquals(registry.all().size(), found.get(1).candidates().size(), "every parser ranked");
        assertEquals("closest: sar 95%", found.get(3).closest());
        assertEquals("nothing in it looks like any known tool's output", found.get(0).closest());
    }

    @Test
    void importFollowsTheToolChosenPerFile() {
        Path vmstat = logs.resolve("jc-centos77-vmstat-at.txt");
        Path iostat = logs.resolve("disks/jc-centos77-iostat-x.txt");
        Path sar = logs.resolve("mb-de-sar-u.txt");
        // sar -u prints the columns mpstat prints: chosen as mpstat, it is stored with the mpstat data.
        ImportRequest request = ImportRequest.of("chosen", ZoneOffset.UTC, vmstat, iostat, sar)
                .choosingTools(Map.of(dir.resolve("logs/../logs/mb-de-sar-u.txt"), "mpstat"));

        ImportResult result = new ImportService(repo, registry).run(request, ImportProgress.NONE);

        assertEquals(List.of("vmstat", "iostat", "mpstat"), result.files().stream().map(ImportResult.FileResult::tool).toList());
        RunCatalog.RunDetails details = new RunCatalog(repo).details("chosen");
        assertEquals(Map.of(vmstat.toString(), "vmstat", iostat.toString(), "iostat", sar.toString(), "mpstat"),
                details.files().stream().collect(Collectors.toMap(RunCatalog.FileInfo::path, RunCatalog.FileInfo::parser)));
        assertEquals(30, details.datasets().stream().filter(d -> d.qualifiedName().equals("mpstat")).findFirst().orElseThrow().rows());
        assertEquals(List.of(), details.datasets().stream().filter(d -> d.qualifiedName().startsWith("sar")).toList());
    }

    @Test
    void aFolderWithAnUnknownFileFailsUnlessTheFileIsGivenATool() {
        ImportService service = new ImportService(repo, registry);
        UserException unknown = assertThrows(UserException.class,
                () -> service.run(ImportRequest.of("r", ZoneOffset.UTC, logs), ImportProgress.NONE));
        assertEquals(logs.resolve("SOURCES.tsv") + ": no parser recognises this file (nothing in it looks like any known tool's"
                + " output); give --tool to choose one, or --skip-unknown to skip such files", unknown.getMessage());

        UserException badTool = assertThrows(UserException.class, () -> service.run(ImportRequest.of("r", ZoneOffset.UTC, logs)
                .choosingTools(Map.of(logs.resolve("SOURCES.tsv"), "tsv")), ImportProgress.NONE));
        assertEquals(logs.resolve("SOURCES.tsv").toAbsolutePath() + ": unknown tool 'tsv'; known tools: "
                + String.join(", ", registry.all().stream().map(p -> p.info().tool()).toList()), badTool.getMessage());

        Path elsewhere = dir.resolve("elsewhere.txt");
        UserException notAnInput = assertThrows(UserException.class, () -> service.run(
                ImportRequest.of("r", ZoneOffset.UTC, logs.resolve("mb-de-sar-u.txt")).choosingTools(Map.of(elsewhere, "sar")),
                ImportProgress.NONE));
        assertEquals(elsewhere.toAbsolutePath() + ": a tool was chosen for this file, but the inputs do not name it",
                notAnInput.getMessage());
        assertEquals(List.of(), new RunCatalog(repo).runs());
    }

    /**
     * A collect's folder as {@code statlens collect} leaves it: the raw files are planned (one stopped before its first
     * report, too short to be recognised, by the parser named in its name, as the collect read it), their receive
     * times and error output and the collector's own files are skipped with the reason, without --skip-unknown.
     */
    @Test
    void aCollectsFolderPlansItsRawFilesAndSkipsItsOwnFiles() throws IOException {
        Path collect = Files.createDirectories(dir.resolve("bench-1"));
        Path host = Files.createDirectories(collect.resolve("localhost"));
        Files.writeString(collect.resolve("collect.properties"), "run=bench-1\n");
        Files.writeString(collect.resolve("collector.log"), "collecting vmstat, mpstat\n");
        Files.copy(CORPUS.resolve("vmstat/jc-centos77-vmstat-at.txt"), host.resolve("vmstat.txt"));
        Files.writeString(host.resolve("vmstat.times"), "1\t2026-12-02T04:10:10Z\n");
        Files.writeString(host.resolve("vmstat.err"), "");
        Files.writeString(host.resolve("mpstat.txt"), "Linux 6.1.0 (bench01) \t2026-12-02 \t_x86_64_\t(2 CPU)\n\n");
        Files.writeString(host.resolve("mpstat.times"), "1\t2026-12-02T04:10:10Z\n");
        Files.writeString(host.resolve("mpstat.err"), "");
        ImportPlanner.Plan plan = new ImportPlanner(registry).plan(List.of(collect), new ImportPlanner.Choices(java.util.Optional.empty(),
                Map.of(), false));
        assertEquals(List.of("mpstat.txt mpstat", "vmstat.txt vmstat"), plan.files().stream()
                .map(f -> f.file().getFileName() + " " + f.detection().parser().orElseThrow().info().tool()).toList());
        assertEquals(List.of("collect.properties", "collector.log", "mpstat.err", "mpstat.times", "vmstat.err", "vmstat.times"),
                plan.skipped().stream().map(ImportPlanner.Skipped::label).sorted().toList());
    }
}
