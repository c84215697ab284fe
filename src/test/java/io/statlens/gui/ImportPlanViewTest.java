package io.statlens.gui;

import io.statlens.gui.ImportPlanViewModel.FileRow;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The import plan window and the Import recent menu in the real window, headless (see MainViewTest). Recent
 * inputs go to a preferences node of the test's own, never to the user's io/statlens/gui.
 */
@ExtendWith(ApplicationExtension.class)
class ImportPlanViewTest {
    private final Preferences node = Preferences.userRoot().node("io/statlens/test/gui-" + UUID.randomUUID());
    private Repository repo;
    private ImportViewModel importer;
    private MainView view;
    private Label status;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("gui" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo, RecentInputs.kept(new GuiSettings(node)), file -> { }, 1000, 700);
        status = wiring.status();
        importer = wiring.importer();
        view = wiring.view();
    }

    @AfterEach
    void close() throws BackingStoreException {
        repo.close();
        node.removeNode();
    }

    @Test
    void planShowsTheDetectedToolsAndImportsWhatTheUserChose(FxRobot robot, @TempDir Path dir) throws IOException {
        Path logs = ImportPlanViewModelTest.logsFolder(dir);
        robot.interact(() -> view.askRunAndImport(List.of(logs)));

        assertEquals("logs", robot.lookup("#plan-run").queryAs(TextField.class).getText());
        assertEquals(List.of(
                "false  SOURCES.tsv  —  2  42 B  unknown  choose...",
                "true  disks/jc-centos77-iostat-x.txt  localhost.localdomain  10  690 B  iostat 95%  iostat",
                "true  jc-centos77-vmstat-at.txt  —  7  614 B  vmstat 100%  vmstat",
                "true  mb-de-sar-u.txt  facebook-maria1  33  2.5 KiB  sar 95%  sar"), shownRows(robot));
        assertEquals("4 files; 1 not recognised, left unticked: choose a tool to import it",
                robot.lookup("#plan-message").queryAs(Label.class).getText());

        // Untick the iostat file, read the sar -u output as mpstat, name the run; SOURCES.tsv stays unticked.
        robot.clickOn(checkBox(robot, "disks/jc-centos77-iostat-x.txt"));
        assertFalse(checkBox(robot, "disks/jc-centos77-iostat-x.txt").isSelected());
        ComboBox<String> sarTool = toolBox(robot, "mb-de-sar-u.txt");
        robot.interact(() -> sarTool.setValue("mpstat"));
        robot.interact(() -> robot.lookup("#plan-run").queryAs(TextField.class).setText("logs-chosen"));
        Node table = robot.lookup("#plan-table").query();
        robot.clickOn("#plan-import");

        assertFalse(table.getScene().getWindow().isShowing(), "the plan window closes once the import starts");
        RunCatalog.RunDetails details = new RunCatalog(repo).details("logs-chosen");
        assertEquals(Map.of("jc-centos77-vmstat-at.txt", "vmstat", "mb-de-sar-u.txt", "mpstat"), details.files().stream()
                .collect(Collectors.toMap(f -> Path.of(f.path()).getFileName().toString(), RunCatalog.FileInfo::parser)));
        assertEquals(List.of("mpstat 30", "vmstat 4"),
                details.datasets().stream().map(d -> d.qualifiedName() + " " + d.rows()).sorted().toList());
        assertEquals(List.of("logs-chosen"), view.tree().getRoot().getChildren().stream().map(r -> r.getValue().run()).toList());
        assertEquals(List.of(logs.toAbsolutePath()), new GuiSettings(node).recentInputs());
    }

    @Test
    void aTickedUnknownFileIsReportedAndNothingIsImported(FxRobot robot, @TempDir Path dir) throws IOException {
        Path logs = ImportPlanViewModelTest.logsFolder(dir);
        robot.interact(() -> view.askRunAndImport(List.of(logs)));
        robot.clickOn(checkBox(robot, "SOURCES.tsv"));
        robot.clickOn("#plan-import");

        assertEquals("choose a tool for SOURCES.tsv, or untick it", robot.lookup("#plan-message").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#plan-table").query().getScene().getWindow().isShowing(), "the plan stays open to be fixed");
        assertTrue(new RunCatalog(repo).runs().isEmpty());
    }

    @Test
    void importRecentListsThePathsStillThereAndReopensThePlan(FxRobot robot, @TempDir Path dir) throws IOException {
        MenuButton recent = robot.lookup("#import-recent").queryAs(MenuButton.class);
        assertEquals(List.of("no recent imports"), recent.getItems().stream().map(MenuItem::getText).toList());

        Path sar = Files.copy(ImportViewModelTest.HPUX_SAR, dir.resolve("ksar-hpux-11.31.txt"));
        Path gone = Files.createDirectories(dir.resolve("gone"));
        Path vmstat = Files.copy(Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt"), gone.resolve("vmstat.txt"));
        robot.interact(() -> importer.importFiles(List.of(sar), "hpux"));
        robot.interact(() -> importer.importFiles(List.of(gone), "gone"));
        assertEquals(List.of(gone.toString(), sar.toString()), recent.getItems().stream().map(MenuItem::getText).toList());
        Files.delete(vmstat);
        Files.delete(gone);

        robot.clickOn("#import-recent");
        assertEquals(List.of(sar.toString()), recent.getItems().stream().map(MenuItem::getText).toList(),
                "the deleted folder is dropped when the menu opens");
        robot.interact(() -> {
            recent.hide();
            recent.getItems().get(0).fire();
        });

        assertEquals(List.of("true  ksar-hpux-11.31.txt  lasv  1,036  63.3 KiB  sar 95%  sar"), shownRows(robot));
        assertEquals("ksar-hpux-11.31", robot.lookup("#plan-run").queryAs(TextField.class).getText());
    }

    @Test
    void aFailedImportShowsItsReasonsInThePlanWhichStaysOpenToRetryAndTheFolderIsRecent(FxRobot robot, @TempDir Path dir)
            throws IOException {
        Path logs = ImportPlanViewModelTest.logsFolder(dir);
        robot.interact(() -> view.askRunAndImport(List.of(logs)));
        // SOURCES.tsv read as vmstat: the import is refused, with the file and the reason.
        ComboBox<String> sources = toolBox(robot, "SOURCES.tsv");
        robot.interact(() -> sources.setValue("vmstat"));
        robot.clickOn("#plan-import");

        Node table = robot.lookup("#plan-table").query();
        assertTrue(table.getScene().getWindow().isShowing(), "the plan stays open to be fixed");
        TextArea failure = robot.lookup("#plan-failure").queryAs(TextArea.class);
        assertTrue(failure.isVisible(), "the reasons are shown in the plan");
        assertTrue(failure.getText().startsWith("The import failed; nothing was imported:\n"), failure.getText());
        assertTrue(failure.getText().contains(logs.resolve("SOURCES.tsv") + ": the vmstat parser found no vmstat data in this file"),
                failure.getText());
        assertTrue(new RunCatalog(repo).runs().isEmpty());
        assertEquals(List.of(logs.toAbsolutePath()), new GuiSettings(node).recentInputs(), "the folder is in Import recent");

        // Fixed in the plan (SOURCES.tsv unticked) and imported again: the plan closes.
        robot.clickOn(checkBox(robot, "SOURCES.tsv"));
        robot.clickOn("#plan-import");
        assertFalse(table.getScene().getWindow().isShowing(), "the plan closes once the import succeeded");
        assertEquals(List.of("logs"), new RunCatalog(repo).runs().stream().map(RunCatalog.RunInfo::name).toList());
    }

    @Test
    void thePlanTakesTheStartTheIntervalAndTheZoneOfUndatedOutput(FxRobot robot, @TempDir Path dir) throws IOException {
        // vmstat 1 without -t: the output says neither when it started nor its interval.
        Path undated = Files.copy(Path.of("src/test/resources/corpus/vmstat/jc-ubuntu1804-vmstat-1-long.txt"), dir.resolve("vmstat.txt"));
        robot.interact(() -> view.askRunAndImport(List.of(undated)));
        TextField start = robot.lookup("#plan-start").queryAs(TextField.class);
        TextField interval = robot.lookup("#plan-interval").queryAs(TextField.class);
        TextField zone = robot.lookup("#plan-zone").queryAs(TextField.class);

        // A value that is not one is said in the plan, and nothing is imported.
        robot.interact(() -> interval.setText("every five"));
        robot.clickOn("#plan-import");
        assertEquals("interval every five: expected a positive number of seconds", robot.lookup("#plan-message").queryAs(Label.class).getText());
        assertTrue(new RunCatalog(repo).runs().isEmpty());

        robot.interact(() -> {
            start.setText("2024-03-01T10:00:00");
            interval.setText("5");
            zone.setText("Europe/Berlin");
        });
        robot.clickOn("#plan-import");
        // 10:00 in Berlin is 09:00 UTC; the 37 samples, 5 s apart, end 180 s later.
        RunCatalog.RunDetails details = new RunCatalog(repo).details("vmstat");
        assertEquals(java.time.Instant.parse("2024-03-01T09:00:00Z"), details.run().start());
        assertEquals(java.time.Instant.parse("2024-03-01T09:03:00Z"), details.datasets().get(0).last());
    }

    @Test
    void thePlanTakesTheLocaleThatDecidesADateTheFileLeavesOpen(FxRobot robot, @TempDir Path dir) throws IOException {
        // HP-UX sar whose banner date 04/01/11 nothing in the file decides: month first unless a locale is given
        Path sar = Files.copy(Path.of("src/test/resources/corpus/sar/dbxtune-hpux-11.23-sar-d.txt"), dir.resolve("sar.txt"));
        robot.interact(() -> view.askRunAndImport(List.of(sar)));
        TextField locale = robot.lookup("#plan-locale").queryAs(TextField.class);

        robot.interact(() -> locale.setText("Klingon"));
        robot.clickOn("#plan-import");
        assertTrue(robot.lookup("#plan-message").queryAs(Label.class).getText().startsWith("file locale Klingon: not a locale"),
                robot.lookup("#plan-message").queryAs(Label.class).getText());
        assertTrue(new RunCatalog(repo).runs().isEmpty());

        robot.interact(() -> locale.setText("en_GB"));
        robot.clickOn("#plan-import");
        // en_GB prints the day first: 4 January 2011, not 1 April
        assertEquals(java.time.Instant.parse("2011-01-04T02:39:34Z"), new RunCatalog(repo).details("sar").run().start());
    }

    @Test
    void aFileOfSeveralToolsOrHostsIsARowPerPartShownWholeAndItsTickedPartsAreImported(FxRobot robot, @TempDir Path dir)
            throws IOException {
        Path notes = Files.copy(Path.of("src/test/resources/parts/ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt"),
                dir.resolve("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt"));
        Path pdsh = Files.copy(Path.of("src/test/resources/parts/captured-pdsh-ssh-two-hosts-vmstat-1-3.txt"),
                dir.resolve("captured-pdsh-ssh-two-hosts-vmstat-1-3.txt"));
        Path vmstat = Files.copy(Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt"), dir.resolve("vmstat.txt"));
        robot.interact(() -> view.askRunAndImport(List.of(notes, pdsh, vmstat)));

        // a row per part, named as statlens import names it; the plain file beside them with its host and lines too
        assertEquals(List.of(
                "true  ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64  cent8.nobeno.local  64  2.0 KiB  sar 95%  sar",
                "true  ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:65-69  —  5  269 B  vmstat 100%  vmstat",
                "true  ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79  cent8.nobeno.local  10  453 B  mpstat 95%  mpstat",
                "true  captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:localhost  localhost  5  469 B  vmstat 100%  vmstat",
                "true  captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:127.0.0.1  127.0.0.1  5  469 B  vmstat 100%  vmstat",
                "true  vmstat.txt  —  7  614 B  vmstat 100%  vmstat"), shownRows(robot));

        // every cell's text is drawn whole: no column is too narrow for what it shows
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        TableView<FileRow> table = robot.lookup("#plan-table").queryTableView();
        int checked = 0;
        for (Node node : robot.lookup("#plan-table .table-cell").queryAll()) {
            TableCell<?, ?> cell = (TableCell<?, ?>) node;
            if (cell.getText() == null || cell.getText().isEmpty() || !shown(cell)) continue;
            javafx.scene.text.Text drawn = (javafx.scene.text.Text) cell.lookup(".text");
            assertEquals(cell.getText(), drawn.getText(), "elided in column " + cell.getTableColumn().getText());
            checked++;
        }
        assertEquals(6 * 5, checked, "the name, host, lines, size and detected tool of each of the 6 rows");
        double columns = table.getColumns().stream().mapToDouble(TableColumn::getWidth).sum();
        assertTrue(columns <= table.getWidth(), "the columns (" + columns + " px) fit the plan's table (" + table.getWidth() + " px)");

        // vmstat's part of the note left out: the others are read each by its own parser
        CheckBox vmstatPart = checkBox(robot, "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:65-69");
        // fired as a click fires it: a robot's click on this box (second row) left it ticked under Monocle, though its
        // bounds are right and the other tests' clicks on a box (first rows) tick and untick; not understood yet
        robot.interact(vmstatPart::fire);
        assertFalse(vmstatPart.isSelected());
        robot.clickOn("#plan-import");

        assertFalse(table.getScene().getWindow().isShowing(), "the plan closes once the import succeeded");
        assertTrue(status.getText().startsWith("imported 12 rows from 3 file(s) (4 parts read by their own parsers) into run"
                + " 'ja-notes-rhel8-sar-vmstat-mpstat-pasted'"), status.getText());
        assertEquals(List.of("captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:127.0.0.1 vmstat",
                        "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:localhost vmstat",
                        "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64 sar",
                        "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79 mpstat", "vmstat.txt vmstat"),
                new RunCatalog(repo).details("ja-notes-rhel8-sar-vmstat-mpstat-pasted").files().stream()
                        .map(f -> Path.of(f.path()).getFileName() + " " + f.parser()).sorted().toList());
    }

    @Test
    void aPartsRowReadsItsFileWholeByOneParserFromItsMenuAndThatRowGivesThePartsBack(FxRobot robot, @TempDir Path dir)
            throws IOException {
        String name = "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt";
        Path notes = Files.copy(Path.of("src/test/resources/parts/" + name), dir.resolve(name));
        robot.interact(() -> view.askRunAndImport(List.of(notes)));
        assertEquals(3, shownRows(robot).size());

        choose(robot, name + ":65-69", "Read all of " + name + " with one parser");
        assertEquals(List.of("true  " + name + "  —  79  2.7 KiB  vmstat 100%  vmstat"), shownRows(robot));
        assertEquals("1 file, recognised; " + name + " is read whole by vmstat",
                robot.lookup("#plan-message").queryAs(Label.class).getText());

        choose(robot, name, "Read " + name + " in its parts, each by its own parser");
        assertEquals(List.of(name + ":1-64", name + ":65-69", name + ":70-79"),
                robot.lookup("#plan-table").queryTableView().getItems().stream().map(r -> ((FileRow) r).name()).toList());
    }

    /**
     * Opens the context menu of the row of this file or part, as a desktop's right click does (headless Monocle makes no
     * context-menu event of a robot's right click), and clicks the item.
     */
    private static void choose(FxRobot robot, String file, String item) {
        TableRow<?> row = row(robot, file);
        javafx.geometry.Bounds b = row.localToScene(row.getBoundsInLocal());
        javafx.geometry.Point2D at = row.localToScreen(row.getWidth() / 2, row.getHeight() / 2);
        robot.interact(() -> row.fireEvent(new javafx.scene.input.ContextMenuEvent(javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED,
                b.getCenterX(), b.getCenterY(), at.getX(), at.getY(), false, null)));
        assertTrue(row.getContextMenu().isShowing(), "the menu of " + file);
        robot.clickOn(robot.from(row.getContextMenu().getScene().getRoot()).lookup(item).queryAs(Node.class));
    }

    /** The table row of this file or part, as drawn. */
    private static TableRow<?> row(FxRobot robot, String file) {
        for (Node node : robot.lookup("#plan-table .table-row-cell").queryAll()) {
            if (shown(node) && node instanceof TableRow<?> row && row.getItem() instanceof FileRow r && r.name().equals(file)) return row;
        }
        throw new AssertionError("no row of " + file);
    }

    /** The plan table as shown: tick, file, host, lines, size, detected, and the tool drop-down's value (or its prompt). */
    private static List<String> shownRows(FxRobot robot) {
        TableView<FileRow> table = robot.lookup("#plan-table").queryTableView();
        List<String> out = new ArrayList<>();
        for (FileRow row : table.getItems()) {
            List<String> cells = new ArrayList<>();
            for (TableColumn<FileRow, ?> c : table.getColumns()) {
                if (!(c.getCellData(row) instanceof FileRow)) cells.add(String.valueOf(c.getCellData(row)));
            }
            ComboBox<String> tool = toolBox(robot, row.name());
            cells.add(tool.getValue() == null ? tool.getPromptText() : tool.getValue());
            out.add(String.join("  ", cells));
        }
        return out;
    }

    private static ComboBox<String> toolBox(FxRobot robot, String file) {
        @SuppressWarnings("unchecked")
        ComboBox<String> box = (ComboBox<String>) inRow(robot, ".plan-tool", file);
        return box;
    }

    private static CheckBox checkBox(FxRobot robot, String file) {
        return (CheckBox) inRow(robot, ".check-box", file);
    }

    /**
     * Whether the node is drawn: it and every parent visible. The table keeps cells it only measures with (in a parent
     * not visible), whose rows may be any of the table's.
     */
    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) return false;
        }
        return true;
    }

    /** The node matching {@code selector} in the table row of this file, as drawn. */
    private static Node inRow(FxRobot robot, String selector, String file) {
        for (Node node : robot.lookup("#plan-table " + selector).queryAll()) {
            if (shown(node) && node.getParent() instanceof TableCell<?, ?> cell && cell.getTableRow() != null
                    && cell.getTableRow().getItem() instanceof FileRow row && row.name().equals(file)) return node;
        }
        throw new AssertionError("no " + selector + " in the row of " + file);
    }
}
