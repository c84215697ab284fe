package io.statlens.gui;

import io.statlens.gui.BrowserNode.RunNode;
import io.statlens.store.SharedRepository;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The import and browser view models without a window: JavaFX properties work without the toolkit. */
class ImportViewModelTest {
    static final Path HPUX_SAR = Path.of("src/test/resources/corpus/sar/ksar-hpux-11.31.txt");
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private final Repository repo = shared.repository();
    private final List<String> status = new ArrayList<>();
    private int reloads;
    private final ImportViewModel importer = new ImportViewModel(Workbench.services(repo, ZoneOffset.UTC).imports(), new SynchronousExecutor(), ZoneOffset.UTC, status::add,
            () -> reloads++);

    @Test
    void importsAFixtureAndReportsRowsAndProgress() {
        importer.importFiles(List.of(HPUX_SAR), "hpux");

        assertEquals("imported 1029 rows from 1 file(s) into run 'hpux'", status.get(status.size() - 1));
        assertEquals(1.0, importer.progressProperty().get());
        assertFalse(importer.runningProperty().get());
        assertTrue(importer.warnings().isEmpty());
        assertEquals(1, reloads);
        List<RunNode> runs = BrowserViewModel.read(new RunCatalog(repo));
        assertEquals(1, runs.size());
        assertEquals("lasv", runs.get(0).host());
        assertEquals(List.of("sar.cpu", "sar.disk"), runs.get(0).datasets().stream().map(BrowserNode.DatasetNode::dataset).toList());
        assertEquals(List.of("%usr", "%sys", "%wio", "%idle"),
                runs.get(0).datasets().get(0).metrics().stream().map(BrowserNode.MetricNode::metric).toList());
    }

    @Test
    void warningsNameTheImportPlansFieldsNotTheCommandLinesOptions() {
        // sysbench prints no dates: placed at the file's time, with the advice to give a start.
        importer.importFiles(List.of(RunFixtures.T16), "t16");

        List<String> warnings = List.copyOf(importer.warnings());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("set “Undated output starts at” in the import plan")), warnings.toString());
        assertTrue(warnings.stream().noneMatch(w -> w.contains("--start") || w.contains("--interval") || w.contains("--tz")),
                warnings.toString());
    }

    @Test
    void cancelDuringImportLeavesTheRepositoryUnchanged() {
        // Cancel as soon as the first progress arrives (at the latest when the first of two files is done),
        // as a user pressing Cancel would.
        importer.progressProperty().addListener((o, was, now) -> {
            if (now.doubleValue() > 0 && importer.runningProperty().get()) importer.cancel();
        });
        importer.importFiles(List.of(HPUX_SAR, Path.of("src/test/resources/corpus/sar/mb-de-sar-u.txt")), "hpux");

        assertEquals("import failed: import cancelled; the repository is unchanged", status.get(status.size() - 1));
        assertFalse(importer.runningProperty().get());
        assertEquals(0, reloads);
        assertTrue(new RunCatalog(repo).runs().isEmpty());
    }

    @Test
    void cancellingTheDemosRunsKeepsTheRunsImportedBeforeAndSaysSo(@TempDir Path home) {
        // Cancel once the first of the bundled runs (the index's first, a few kilobytes of the whole) is in.
        importer.progressProperty().addListener((o, was, now) -> {
            if (now.doubleValue() > 0.1 && importer.runningProperty().get()) importer.cancel();
        });
        String before = System.getProperty("statlens.home");
        System.setProperty("statlens.home", home.toString());
        try {
            importer.importSamples();
        } finally {
            if (before == null) System.clearProperty("statlens.home");
            else System.setProperty("statlens.home", before);
        }
        String said = status.get(status.size() - 1);
        assertTrue(said.matches("import failed: run '[^']+': import cancelled; the repository is unchanged \\(the \\d run\\(s\\) imported before it stay\\)"),
                said);
        int kept = new RunCatalog(repo).runs().size();
        assertTrue(kept >= 1 && kept < 6, kept + " run(s) in the repository");
        assertTrue(said.contains("(the " + kept + " run(s)"), said);
        assertEquals(1, reloads, "the browser shows the runs that stay");
    }

    @Test
    void suggestsTheFirstFileNameAsRun() {
        assertEquals("ksar-hpux-11.31", ImportViewModel.suggestedRun(List.of(HPUX_SAR)));
        assertEquals("logs", ImportViewModel.suggestedRun(List.of(Path.of("/tmp/logs"))));
    }
}
