package io.statlens.gui;

import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SQL console, headless: a SELECT over an imported sar fixture, a refused DELETE, history, CSV export. */
@ExtendWith(ApplicationExtension.class)
class SqlConsoleViewTest {
    private static final String SELECT =
            "SELECT RUN, ITEM, PCT_USR FROM V_SAR_CPU WHERE RUN = 'hpux' ORDER BY TS FETCH FIRST 3 ROWS ONLY";
    private Repository repo;
    private SqlConsoleViewModel console;
    private SqlConsoleView view;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("sql" + UUID.randomUUID()), true);
        TaskExecutor executor = new SynchronousExecutor();
        new ImportViewModel(Workbench.services(repo, ZoneOffset.UTC).imports(), executor, ZoneOffset.UTC, s -> { }, () -> { })
                .importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux");
        console = new SqlConsoleViewModel(new ReadOnlyQuery(repo), executor);
        view = new SqlConsoleView(console);
        stage.setScene(new Scene(view, 900, 600));
        stage.show();
    }

    @AfterEach
    void close() {
        repo.close();
    }

    @Test
    void selectShowsColumnsAndRowsAndExportsCsv(FxRobot robot, @TempDir Path dir) throws IOException {
        robot.interact(() -> console.sqlProperty().set(SELECT));
        robot.clickOn("#sql-run");
        String message = robot.lookup("#sql-message").queryAs(Label.class).getText();
        List<String> columns = view.table().getColumns().stream().map(TableColumn::getText).toList();
        assertEquals(List.of("RUN", "ITEM", "PCT_USR"), columns, message);
        assertEquals(List.of(List.of("hpux", "", 19.0), List.of("hpux", "", 22.0), List.of("hpux", "", 46.0)),
                view.table().getItems());
        assertEquals("3 row(s)", robot.lookup("#sql-message").queryAs(Label.class).getText());
        // Numbers as people read them, the stored value in the tooltip (the cells exist once the table is laid out).
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TableCell<?, ?> usr = robot.lookup(".table-cell").queryAll().stream()
                .map(n -> (javafx.scene.control.TableCell<?, ?>) n).filter(c -> c.getItem() instanceof Double d && d == 19.0)
                .findFirst().orElseThrow();
        assertEquals("19", usr.getText());
        assertEquals("19", usr.getTooltip().getText());

        Path csv = dir.resolve("usr.csv");
        robot.interact(() -> console.exportCsv(csv));
        assertEquals(List.of("RUN,ITEM,PCT_USR", "hpux,,19.0", "hpux,,22.0", "hpux,,46.0"), Files.readAllLines(csv));
    }

    @Test
    void deleteIsRefusedWithTheReadOnlyMessage(FxRobot robot) {
        robot.interact(() -> {
            console.sqlProperty().set("DELETE FROM RUNS");
            console.run();
        });
        assertEquals("statlens query is read-only: only SELECT, VALUES and read-only WITH queries are allowed (got DELETE)",
                robot.lookup("#sql-message").queryAs(Label.class).getText());
        assertNull(console.resultProperty().get());
        robot.interact(() -> console.sqlProperty().set("VALUES 1"));
        robot.interact(console::run);
        assertEquals(List.of(List.of(1)), view.table().getItems());
    }

    @Test
    void historyWalksBackAndForth(FxRobot robot) {
        robot.interact(() -> {
            console.sqlProperty().set("VALUES 1");
            console.run();
            console.sqlProperty().set("VALUES 2");
            console.run();
            console.sqlProperty().set("");
        });
        assertEquals(List.of("VALUES 1", "VALUES 2"), console.history());
        robot.interact(console::previous);
        assertEquals("VALUES 2", console.sqlProperty().get());
        robot.interact(console::previous);
        robot.interact(console::previous);
        assertEquals("VALUES 1", console.sqlProperty().get());
        robot.interact(console::next);
        assertEquals("VALUES 2", console.sqlProperty().get());
        robot.interact(console::next);
        assertEquals("", console.sqlProperty().get());
    }

    /** Whether the database runs a statement that starts so, as its transaction table shows (on the repository's own connection). */
    private boolean executing(String start) {
        List<Object> found = new java.util.ArrayList<>();
        new ReadOnlyQuery(repo).run("SELECT XID FROM SYSCS_DIAG.TRANSACTION_TABLE WHERE SQL_TEXT LIKE '" + start + "%'",
                new ReadOnlyQuery.Handler() {
                    @Override
                    public void columns(List<String> names, List<Boolean> numeric) {
                    }

                    @Override
                    public void row(List<Object> values) {
                        found.add(values.get(0));
                    }
                });
        return !found.isEmpty();
    }

    @Test
    void stopEndsARunawayQueryAndTheConsoleGoesOn(FxRobot robot) throws Exception {
        SqlConsoleViewModel background;
        try (BackgroundTaskExecutor executor = new BackgroundTaskExecutor()) {
            background = new SqlConsoleViewModel(new ReadOnlyQuery(repo), executor);
            SqlConsoleViewModel model = background;
            robot.interact(() -> {
                Scene scene = view.getScene();
                view = new SqlConsoleView(model);
                scene.setRoot(view);
                model.sqlProperty().set("SELECT COUNT(*) FROM SYS.SYSCOLUMNS A, SYS.SYSCOLUMNS B, SYS.SYSCOLUMNS C, SYS.SYSCOLUMNS D");
            });
            robot.clickOn("#sql-run");
            assertTrue(model.runningProperty().get(), "the query runs");
            // Stop once Derby runs the statement: stopped before it began, it would end as never started instead.
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> executing("SELECT COUNT(*) FROM SYS.SYSCOLUMNS A"));
            robot.clickOn("#sql-stop");
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !model.runningProperty().get());
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals("query stopped; nothing was changed", robot.lookup("#sql-message").queryAs(Label.class).getText());
            robot.interact(() -> model.sqlProperty().set("VALUES 1"));
            robot.clickOn("#sql-run");
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> model.resultProperty().get() != null);
            assertEquals(List.of(List.of(1)), model.resultProperty().get().rows());
        }
        assertEquals(1, new io.statlens.store.read.RunCatalog(repo).runs().size(), "the repository's own connection still works");
    }
}
