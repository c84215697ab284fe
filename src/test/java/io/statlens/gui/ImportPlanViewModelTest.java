package io.statlens.gui;

import io.statlens.gui.ImportPlanViewModel.FileRow;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The import plan without a window, on a folder of real fixtures; the import it starts goes into a real repository. */
class ImportPlanViewModelTest {
    private static final Path CORPUS = Path.of("src/test/resources/corpus");
    @TempDir
    Path dir;
    private Path logs;
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private final Repository repo = shared.repository();
    private final List<String> status = new ArrayList<>();
    private final RecentInputs recent = RecentInputs.forSession();
    private final ImportViewModel importer = new ImportViewModel(Workbench.services(repo, ZoneOffset.UTC).imports(), new SynchronousExecutor(), ZoneOffset.UTC, status::add,
            () -> { }, recent);

    /**
     * A folder as a user might drop it: vmstat, iostat (in a sub-folder) and sar -u output, a notes file
     * SOURCES.tsv that no parser recognises, and a hidden file the walk skips.
     */
    static Path logsFolder(Path dir) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.copy(CORPUS.resolve("vmstat/jc-centos77-vmstat-at.txt"), logs.resolve("jc-centos77-vmstat-at.txt"));
        Files.copy(CORPUS.resolve("iostat/jc-centos77-iostat-x.txt"),
                Files.createDirectories(logs.resolve("disks")).resolve("jc-centos77-iostat-x.txt"));
        Files.copy(CORPUS.resolve("sar/mb-de-sar-u.txt"), logs.resolve("mb-de-sar-u.txt"));
        // notes no parser recognises, written here: the corpus's own SOURCES.tsv grows with every fixture
        Files.writeString(logs.resolve("SOURCES.tsv"), "file\ttool\tnotes\nvmstat.txt\tvmstat\tby hand\n");
        Files.copy(CORPUS.resolve("vmstat/jc-centos77-vmstat.txt"), logs.resolve(".hidden-vmstat.txt"));
        return logs;
    }

    /** What a row shows: tick, file, size, detected, tool. */
    static String shown(FileRow row) {
        return (row.includedProperty().get() ? "[x] " : "[ ] ") + row.name() + "  " + row.size() + "  " + row.detected() + "  "
                + row.toolProperty().get();
    }

    @BeforeEach
    void folder() throws IOException {
        logs = logsFolder(dir);
    }

    private ImportPlanViewModel plan(List<Path> inputs) {
        ImportPlanViewModel plan = new ImportPlanViewModel(inputs, new SynchronousExecutor(),
                () -> ParserCatalog.load(dir.resolve("no-user-parsers")), importer::importChosen, ZoneOffset.UTC);
        plan.compute();
        return plan;
    }

    @Test
    void showsEachFileWithItsDetectedToolAndLeavesTheUnknownOneUnticked() {
        ImportPlanViewModel plan = plan(List.of(logs));

        assertEquals("logs", plan.runProperty().get());
        assertEquals(List.of(
                "[ ] SOURCES.tsv  42 B  unknown  null",
                "[x] disks/jc-centos77-iostat-x.txt  690 B  iostat 95%  iostat",
                "[x] jc-centos77-vmstat-at.txt  614 B  vmstat 100%  vmstat",
                "[x] mb-de-sar-u.txt  2.5 KiB  sar 95%  sar"), plan.rows().stream().map(ImportPlanViewModelTest::shown).toList());
        assertEquals("4 files; 1 not recognised, left unticked: choose a tool to import it", plan.messageProperty().get());
        assertEquals("nothing in it looks like any known tool's output", plan.rows().get(0).candidates());
        assertEquals("closest: vmstat 100%", plan.rows().get(2).candidates());
        // Every registered tool, by name; "scripted" is the test parser src/test/resources registers.
        assertEquals(List.of("arcstat", "dbt2", "df", "diskstats", "dstat", "dtrace", "faban", "innodb-mutex", "innodb-status",
                "iostat", "lockstat", "meminfo", "mpstat", "mysql-status", "mysql-variables", "nicstat", "nmon", "perf-stat",
                "perfschema-waits", "pidstat", "plockstat", "procstat", "procvmstat", "prstat", "pt-mext", "sar", "scripted", "sysbench", "top",
                "tpcc", "vm_stat", "vmstat"), plan.tools());
        assertFalse(plan.planningProperty().get());
    }

    @Test
    void aPtStalkCapturesListingsAndOverallFilesStartUntickedWithTheReasonTheImportSkipsThem() {
        ImportPlanViewModel plan = plan(List.of(Path.of("src/test/resources/captures/pt-stalk/mariadb-10.11")));
        Map<String, String> shown = new LinkedHashMap<>();
        plan.rows().forEach(r -> shown.put(r.name(), (r.includedProperty().get() ? "[x] " : "[ ] ") + r.detected()));
        assertEquals("[ ] skipped: pt-stalk: the same tool over the whole capture as one interval; the per-second file is imported",
                shown.get("2026_12_02_00_40_11-vmstat-overall"));
        assertEquals("[x] vmstat 100%", shown.get("2026_12_02_00_40_11-vmstat"));
        assertTrue(shown.get("2026_12_02_00_40_11-output").startsWith("[ ] skipped: pt-stalk: "), shown.toString());
        assertTrue(plan.messageProperty().get().contains("left unticked as the import skips them"), plan.messageProperty().get());
    }

    @Test
    void aCollectsFolderShowsItsSideFilesAsKeptWithTheirRawFileNotAsUnrecognised() throws IOException {
        Path collect = Files.createDirectories(dir.resolve("bench-1"));
        Files.writeString(collect.resolve("collect.properties"), "run=bench-1\n");
        Files.writeString(collect.resolve("collector.log"), "started\n");
        Path host = Files.createDirectories(collect.resolve("localhost"));
        Files.copy(CORPUS.resolve("vmstat/jc-centos77-vmstat-at.txt"), host.resolve("vmstat.txt"));
        Files.writeString(host.resolve("vmstat.times"), "1\t2026-12-02T10:00:00Z\n");
        Files.writeString(host.resolve("vmstat.err"), "");
        ImportPlanViewModel plan = plan(List.of(collect));
        assertEquals(List.of(
                "[ ] collect.properties  12 B  kept with the collect  null",
                "[ ] collector.log  8 B  kept with the collect  null",
                "[ ] localhost/vmstat.err  0 B  kept with vmstat.txt  null",
                "[ ] localhost/vmstat.times  23 B  kept with vmstat.txt  null",
                "[x] localhost/vmstat.txt  614 B  vmstat 100%  vmstat"),
                plan.rows().stream().map(ImportPlanViewModelTest::shown).toList());
        assertEquals("1 file, recognised; 4 files the collect keeps with it, not imported", plan.messageProperty().get());
    }

    @Test
    void aUserDefinitionThatCouldNotBeLoadedIsSaidAfterTheSummary() throws IOException {
        Path userParsers = Files.createDirectories(dir.resolve("user-parsers"));
        Path broken = Files.writeString(userParsers.resolve("qmon.parser"), "tool = qmon\ndetect 0.9 ^QUEUE\n");
        ImportPlanViewModel plan = new ImportPlanViewModel(List.of(logs.resolve("jc-centos77-vmstat-at.txt")),
                new SynchronousExecutor(), () -> ParserCatalog.load(userParsers), importer::importChosen, ZoneOffset.UTC);
        plan.compute();
        assertEquals("1 file, recognised; a parser definition was left out: " + broken + ":2: expected 'key = value', '[table]',"
                + " '[line]' or a # comment, found 'detect 0.9 ^QUEUE'", plan.messageProperty().get());
    }

    @Test
    void importsTheTickedFilesWithTheChosenTools() {
        ImportPlanViewModel plan = plan(List.of(logs));
        // sar -u prints mpstat's columns: the user wants it next to the mpstat data.
        plan.rows().get(3).toolProperty().set("mpstat");

        assertTrue(plan.importChosen());

        // the one-report iostat -x no longer warns of an assumed interval: it places a single sample
        assertEquals("imported 38 rows from 3 file(s) into run 'logs', 1 warning(s)", status.get(status.size() - 1));
        RunCatalog.RunDetails details = new RunCatalog(repo).details("logs");
        Map<String, String> parsers = details.files().stream()
                .collect(Collectors.toMap(f -> Path.of(f.path()).getFileName().toString(), RunCatalog.FileInfo::parser));
        assertEquals(Map.of("jc-centos77-iostat-x.txt", "iostat", "jc-centos77-vmstat-at.txt", "vmstat", "mb-de-sar-u.txt", "mpstat"),
                parsers, "SOURCES.tsv, unticked, is not imported");
        Map<String, Long> rows = details.datasets().stream()
                .collect(Collectors.toMap(RunCatalog.DatasetInfo::qualifiedName, RunCatalog.DatasetInfo::rows, Long::sum));
        assertEquals(30L, rows.get("mpstat"));
        assertEquals(4L, rows.get("vmstat"));
        assertFalse(rows.containsKey("sar"), rows.toString());
        assertEquals(List.of(logs.toAbsolutePath()), recent.shown(), "the dropped folder is remembered, not its files");
    }

    @Test
    void aTickedFileWithoutAToolStopsTheImportWithAReason() {
        ImportPlanViewModel plan = plan(List.of(logs));
        FileRow unknown = plan.rows().get(0);
        unknown.includedProperty().set(true);

        assertFalse(plan.importChosen());
        assertEquals("choose a tool for SOURCES.tsv, or untick it", plan.messageProperty().get());
        assertTrue(new RunCatalog(repo).runs().isEmpty());

        plan.runProperty().set("  ");
        assertFalse(plan.importChosen());
        assertEquals("give the run a name", plan.messageProperty().get());

        plan.rows().forEach(r -> r.includedProperty().set(false));
        plan.runProperty().set("logs");
        assertFalse(plan.importChosen());
        assertEquals("tick at least one file to import", plan.messageProperty().get());
        assertTrue(status.isEmpty(), "no import started: " + status);
    }

    @Test
    void givingAnUnknownFileAToolTicksIt() {
        FileRow unknown = plan(List.of(logs)).rows().get(0);
        unknown.toolProperty().set("vmstat");
        assertTrue(unknown.includedProperty().get());
    }

    @Test
    void aSingleFileIsNamedByItselfAndAMissingOneIsReported() {
        ImportPlanViewModel one = plan(List.of(logs.resolve("mb-de-sar-u.txt")));
        assertEquals("mb-de-sar-u", one.runProperty().get());
        assertEquals(List.of("[x] mb-de-sar-u.txt  2.5 KiB  sar 95%  sar"), one.rows().stream().map(ImportPlanViewModelTest::shown).toList());
        assertEquals("1 file, recognised", one.messageProperty().get());

        Path gone = dir.resolve("gone.txt");
        ImportPlanViewModel missing = plan(List.of(gone));
        assertEquals(gone + ": no such file or folder", missing.messageProperty().get());
        assertTrue(missing.rows().isEmpty());
        assertFalse(missing.importChosen());
    }

    private static final Path NOTES = Path.of("src/test/resources/parts/ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt");
    private static final Path PDSH = Path.of("src/test/resources/parts/captured-pdsh-ssh-two-hosts-vmstat-1-3.txt");

    /** What a row shows with its host and lines: tick, file or part, host, lines, size, detected, tool. */
    static String shownWithLines(FileRow row) {
        return (row.includedProperty().get() ? "[x] " : "[ ] ") + row.name() + "  " + row.host() + "  " + row.lines() + "  "
                + row.size() + "  " + row.detected() + "  " + row.toolProperty().get();
    }

    @Test
    void aFileOfSeveralToolsOrHostsIsARowPerPartAndAPlainFileOneRowWithItsHostAndLines() {
        Path vmstat = logs.resolve("jc-centos77-vmstat-at.txt");
        Path sar = logs.resolve("mb-de-sar-u.txt");
        ImportPlanViewModel plan = plan(List.of(NOTES, PDSH, vmstat, sar));

        // named as statlens import names them; a part's size is the bytes of its own lines, as the import records it
        assertEquals(List.of(
                "[x] ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64  cent8.nobeno.local  64  2.0 KiB  sar 95%  sar",
                "[x] ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:65-69  —  5  269 B  vmstat 100%  vmstat",
                "[x] ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79  cent8.nobeno.local  10  453 B  mpstat 95%  mpstat",
                "[x] captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:localhost  localhost  5  469 B  vmstat 100%  vmstat",
                "[x] captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:127.0.0.1  127.0.0.1  5  469 B  vmstat 100%  vmstat",
                "[x] jc-centos77-vmstat-at.txt  —  7  614 B  vmstat 100%  vmstat",
                "[x] mb-de-sar-u.txt  facebook-maria1  33  2.5 KiB  sar 95%  sar"),
                plan.rows().stream().map(ImportPlanViewModelTest::shownWithLines).toList());
        assertEquals("4 files, all recognised; 2 of them hold several tools' or hosts' output: 5 parts, each read by its own parser",
                plan.messageProperty().get());
    }

    @Test
    void eachPartIsImportedWithTheToolAndTheTickOfItsRowAndTheStatusSaysSoAsTheCommandLineDoes() {
        ImportPlanViewModel plan = plan(List.of(NOTES, PDSH));
        plan.runProperty().set("parts");
        // sar -u's part read as mpstat (sar -u prints mpstat's columns); vmstat's part left out
        plan.rows().get(0).toolProperty().set("mpstat");
        plan.rows().get(1).includedProperty().set(false);

        assertTrue(plan.importChosen());

        assertTrue(plan.doneProperty().get());
        RunCatalog.RunDetails details = new RunCatalog(repo).details("parts");
        assertEquals(List.of(
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64 mpstat",
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79 mpstat",
                "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:localhost vmstat",
                "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:127.0.0.1 vmstat"),
                details.files().stream().map(f -> Path.of(f.path()).getFileName() + " " + f.parser()).toList());
        String imported = status.get(status.size() - 1);
        assertTrue(imported.startsWith("imported 8 rows from 2 file(s) (4 parts read by their own parsers) into run 'parts'"), imported);
    }

    @Test
    void aFileOfPartsCanBeReadWholeByOneParserAsImportToolReadsItAndGoBackToItsParts() {
        Path vmstat = logs.resolve("jc-centos77-vmstat-at.txt");
        ImportPlanViewModel plan = plan(List.of(NOTES, vmstat));
        plan.runProperty().set("whole");
        plan.rows().get(1).includedProperty().set(false);

        plan.readWhole(plan.rows().get(1));

        assertEquals(List.of(
                "[x] ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt  —  79  2.7 KiB  vmstat 100%  vmstat",
                "[x] jc-centos77-vmstat-at.txt  —  7  614 B  vmstat 100%  vmstat"),
                plan.rows().stream().map(ImportPlanViewModelTest::shownWithLines).toList());
        // detection of the whole file, as statlens import would detect it without its parts
        assertEquals("2 files, all recognised; ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt is read whole by vmstat",
                plan.messageProperty().get());
        assertTrue(plan.readsWhole(plan.rows().get(0)));
        assertFalse(plan.readsWhole(plan.rows().get(1)));

        // back to its parts, the unticked one still unticked
        plan.readInParts(plan.rows().get(0));
        assertEquals(List.of("[x] ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64", "[ ] ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:65-69",
                "[x] ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79", "[x] jc-centos77-vmstat-at.txt"),
                plan.rows().stream().map(r -> (r.includedProperty().get() ? "[x] " : "[ ] ") + r.name()).toList());
        assertEquals("2 files, all recognised; 1 of them holds several tools' or hosts' output: 3 parts, each read by its own parser",
                plan.messageProperty().get());

        // whole again, imported as one file read by the tool chosen for it, as statlens import --tool sar reads it
        plan.readWhole(plan.rows().get(0));
        plan.rows().get(0).toolProperty().set("sar");
        assertTrue(plan.importChosen());
        assertEquals(List.of("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt sar", "jc-centos77-vmstat-at.txt vmstat"),
                new RunCatalog(repo).details("whole").files().stream().map(f -> Path.of(f.path()).getFileName() + " " + f.parser()).toList());
    }

    @Test
    void sizesReadAsBytesKibAndMib() {
        assertEquals("614 B", FileRow.size(614));
        assertEquals("5.2 KiB", FileRow.size(5322));
        assertEquals("3.0 MiB", FileRow.size(3 * 1024 * 1024 + 10));
    }
}
