package io.statlens.gui;

import io.statlens.store.read.TimeWindow;
import io.statlens.store.saved.TimeWindows;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Named time windows on the dashboard: the time shown saved as a window with the run (Window, Save window as...), and a
 * saved window chosen from the Window menu shows it in every chart, as a zoom to it does (issue 30, named windows).
 */
@ExtendWith(ApplicationExtension.class)
class DashboardWindowTest {
    private static final Instant T2 = Instant.parse("2018-03-21T02:00:00Z");
    private static final Instant T3 = Instant.parse("2018-03-21T03:00:00Z");
    private Repository repo;
    private ImportViewModel importer;
    private DashboardViewModel dashboards;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("window" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo, RecentInputs.forSession(), file -> { }, 1200, 900);
        importer = wiring.importer();
        dashboards = wiring.dashboards();
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private static void clickButton(FxRobot robot, String text) {
        robot.clickOn(robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream()
                .filter(b -> b.getText().equals(text)).findFirst().orElseThrow(() -> new AssertionError("no dialog")));
    }

    @Test
    void theTimeShownIsSavedAsAWindowAndChoosingItShowsItInEveryChart(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "first"));
        robot.interact(() -> dashboards.open(List.of("first")));
        robot.interact(() -> dashboards.zoom(new DashboardViewModel.Window(T2.toEpochMilli(), T3.toEpochMilli())));

        robot.clickOn("#dashboard-window").clickOn("Save window as...");
        TextField name = robot.lookup(".dialog-pane .text-field").queryAs(TextField.class);
        robot.interact(name::clear);
        robot.clickOn(name).write("steady");
        clickButton(robot, "OK");
        assertEquals(new TimeWindow(T2, T3), new TimeWindows(repo).find("first", "steady").orElseThrow().window(),
                "saved with the run, through the store");

        robot.interact(() -> dashboards.zoom(null));
        assertNull(dashboards.zoomProperty().get());
        robot.clickOn("#dashboard-window").clickOn("steady");
        DashboardViewModel.Window shown = dashboards.zoomProperty().get();
        assertEquals(new DashboardViewModel.Window(T2.toEpochMilli(), T3.toEpochMilli()), shown, "every chart shows the window");
        assertEquals("time window 'steady' of first: 2018-03-21 02:00:00 UTC to 2018-03-21 03:00:00 UTC",
                robot.lookup("#dashboard-message").queryAs(Label.class).getText());
    }
}
