package io.statlens.gui;

import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * Shows windows at the size of their scene. JavaFX 21 on Linux does not pass a new window's size to some window
 * managers (JDK-8316423, fixed in JavaFX 22): under openbox every window opened at 200 x 200. Setting the size
 * again once the window is shown reaches the window manager; sizing to the scene on the next pulse then makes the
 * content exactly the size asked for, the window's frame around it.
 */
final class Windows {
    private Windows() {
    }

    /**
     * Shows the stage with its scene's size (unless it is maximized) and brings it to the front. A main window given
     * no place is centred on the screen at its real size: placed while it was 200 x 200, it would hang off the
     * screen's edge, its title bar out of reach.
     */
    static void show(Stage stage) {
        show(stage, () -> { });
    }

    /**
     * As {@link #show(Stage)}, then {@code sized} once the window has its size: what depends on it (the dividers of
     * split panes, which a first layout at 200 x 200 would have pushed aside) is set there.
     */
    static void show(Stage stage, Runnable sized) {
        boolean wasShowing = stage.isShowing();
        boolean placed = !Double.isNaN(stage.getX()) || !Double.isNaN(stage.getY());
        stage.show();
        stage.toFront();
        if (wasShowing || stage.isMaximized() || stage.getScene() == null) {
            sized.run();
            return;
        }
        stage.setWidth(stage.getScene().getWidth());
        stage.setHeight(stage.getScene().getHeight());
        Platform.runLater(() -> {
            if (!stage.isMaximized()) {
                stage.sizeToScene();
                if (!placed && stage.getOwner() == null) stage.centerOnScreen();
            }
            sized.run();
        });
    }
}
