package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunStatistics;
import io.statlens.store.SharedRepository;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A key too long for a data table (a deep DTrace stack, stored as its start and a hash) in the statistics pane: its
 * cell shows the key as stored, cut to the column, and hovering it shows the whole stack, not the stored stand-in.
 */
@ExtendWith(ApplicationExtension.class)
class LongKeyCellTest {
    private static final Path STACKS = Path.of("src/test/resources/io/statlens/chart/two-long-stacks-3-ticks.txt");
    private static final String CALLER = "mysqld`handle_connection+0x2f0;libc.so.1`_lwp_start";
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private StatsViewModel stats;

    @Start
    void start(Stage stage) {
        Repository repo = shared.repository();
        RunFixtures.importRun(repo, "locks", STACKS, Instant.parse("2026-12-02T06:00:00Z"));
        stats = new StatsViewModel(new RunStatistics(repo), new RunCatalog(repo), new SynchronousExecutor());
        stage.setScene(new Scene(new StatsView(stats, ReadableNumbers.ROOT), 900, 300));
        stage.show();
    }

    @Test
    void hoveringAStoredStackShowsItWhole(FxRobot robot) {
        robot.interact(() -> stats.show(new ChartViewModel.Selection(List.of("locks"), "dtrace.stack", "value"), null));
        WaitForAsyncUtils.waitForFxEvents();
        StatsViewModel.Row row = stats.rows().stream().filter(r -> r.wholeKey().endsWith(CALLER)).findFirst().orElseThrow();
        assertEquals(256, row.key().length(), "stored as its start and a hash: " + row.key());
        assertTrue(row.wholeKey().length() > 256 && row.wholeKey().startsWith(row.key().substring(0, 200)), row.wholeKey());

        TableCell<?, ?> cell = robot.lookup(".table-cell").queryAll().stream().map(n -> (TableCell<?, ?>) n)
                .filter(c -> row.key().equals(c.getText())).findFirst().orElseThrow();
        robot.moveTo(cell);
        assertEquals(row.wholeKey(), cell.getTooltip().getText());
    }
}
