package io.statlens.gui;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.StackPane;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The windows of the desktop window, headless: a tool window is made once and shown again with what was typed in it,
 * owned by the main window; a window to answer is new each time and blocks only the main window.
 */
@ExtendWith(ApplicationExtension.class)
class DialogsTest {
    private Stage main;
    private Dialogs dialogs;

    @Start
    void start(Stage stage) {
        main = stage;
        StackPane root = new StackPane(new Label("main"));
        dialogs = new Dialogs(root);
        stage.setScene(new Scene(root, 400, 300));
        stage.show();
    }

    private static List<Stage> titled(String title) {
        return Window.getWindows().stream().filter(w -> w instanceof Stage s && title.equals(s.getTitle())).map(w -> (Stage) w)
                .toList();
    }

    @Test
    void aToolWindowIsMadeOnceAndShownAgainAsItWasLeft(FxRobot robot) {
        AtomicInteger made = new AtomicInteger();
        TextField typed = new TextField();
        robot.interact(() -> dialogs.showWindow("Compare runs", () -> {
            made.incrementAndGet();
            return new StackPane(typed);
        }, 500, 300));
        Stage first = titled("Compare runs").get(0);
        robot.interact(() -> {
            typed.setText("sar.cpu");
            first.hide();
        });
        robot.interact(() -> dialogs.showWindow("Compare runs", () -> {
            made.incrementAndGet();
            return new StackPane(new TextField());
        }, 500, 300));
        assertEquals(1, made.get(), "the content is made once");
        assertEquals(List.of(first), titled("Compare runs"));
        assertTrue(first.isShowing());
        assertSame(main, first.getOwner());
        assertEquals("sar.cpu", ((TextField) ((StackPane) first.getScene().getRoot()).getChildren().get(0)).getText());
        assertEquals(500, first.getScene().getWidth());
        robot.interact(first::hide);
    }

    @Test
    void aWindowToAnswerIsNewEachTimeAndBlocksTheMainWindow(FxRobot robot) {
        robot.interact(() -> dialogs.showModal("Import 2 item(s)", new StackPane(new Label("plan")), 300, 200));
        robot.interact(() -> dialogs.showModal("Import 2 item(s)", new StackPane(new Label("plan")), 300, 200));
        List<Stage> plans = titled("Import 2 item(s)");
        assertEquals(2, plans.size());
        assertNotSame(plans.get(0), plans.get(1));
        for (Stage plan : plans) {
            assertEquals(Modality.WINDOW_MODAL, plan.getModality());
            assertSame(main, plan.getOwner());
        }
        robot.interact(() -> plans.forEach(Stage::hide));
    }
}
