package io.statlens.gui;

import io.statlens.chart.Dashboard;
import io.statlens.chart.DashboardCatalog;
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

import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Saving a dashboard never replaces another run's saved dashboard without asking: the name field follows the runs
 * shown (cleared on switching to other runs), and Save asks before it replaces a saved dashboard of that name that is
 * not the one shown (issue 30, item 5).
 */
@ExtendWith(ApplicationExtension.class)
class DashboardSaveTest {
    private Repository repo;
    private ImportViewModel importer;
    private DashboardViewModel dashboards;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("save" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo, RecentInputs.forSession(), file -> { }, 1200, 900);
        importer = wiring.importer();
        dashboards = wiring.dashboards();
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private List<String> savedRuns(String name) {
        return new DashboardCatalog(repo).find(name).map(Dashboard::runs).orElseThrow();
    }

    /** Clicks a button of the question shown (the dashboard has a Cancel button of its own). */
    private static void answer(FxRobot robot, String button) {
        robot.clickOn(robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream()
                .filter(b -> b.getText().equals(button)).findFirst().orElseThrow(() -> new AssertionError("no question asked")));
    }

    @Test
    void saveAsksBeforeReplacingAnotherRunsDashboardAndTheNameFollowsTheRuns(FxRobot robot) {
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "first"));
        robot.interact(() -> importer.importFiles(List.of(ImportViewModelTest.HPUX_SAR), "second"));
        robot.interact(() -> dashboards.open(List.of("first")));
        TextField name = robot.lookup("#dashboard-name").queryAs(TextField.class);
        robot.clickOn(name).write("mine");
        robot.clickOn("#dashboard-save");
        assertEquals(List.of("first"), savedRuns("mine"));

        // Another run: the name field no longer offers the first run's dashboard's name.
        robot.interact(() -> dashboards.open(List.of("second")));
        assertEquals("", name.getText(), "the name is cleared on switching runs");

        // The same name typed again: Save asks, and Cancel leaves the first run's dashboard saved.
        robot.clickOn(name).write("mine");
        robot.clickOn("#dashboard-save");
        answer(robot, "Cancel");
        assertEquals(List.of("first"), savedRuns("mine"), "not replaced");
        Label message = robot.lookup("#dashboard-message").queryAs(Label.class);
        assertEquals("not saved: a dashboard 'mine' of first is saved already", message.getText());

        // Asked again and answered Replace: now it is the second run's.
        robot.clickOn("#dashboard-save");
        answer(robot, "Replace");
        assertEquals(List.of("second"), savedRuns("mine"));

        // Saving the dashboard opened by that name again does not ask: it is the one shown.
        robot.interact(() -> dashboards.openSaved("mine"));
        assertEquals("mine", name.getText());
        robot.clickOn("#dashboard-save");
        assertEquals("saved dashboard 'mine' (" + dashboards.dashboardProperty().get().charts().size() + " charts of second)",
                message.getText());
    }
}
