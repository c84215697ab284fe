package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.store.schema.Repository;
import javafx.scene.Scene;
import javafx.stage.Stage;

import java.time.ZoneOffset;

/**
 * The main window as the GUI tests click through it: the application's wiring over a repository, its work done at once
 * on the calling thread (so that a test sees the effect of a click when the click returns), in UTC, numbers as written.
 */
final class TestWindow {
    private TestWindow() {
    }

    /** Shown at 1000 × 700, recent imports for this session only, documents opened nowhere. */
    static Workbench show(Stage stage, Repository repo) {
        return show(stage, repo, RecentInputs.forSession(), file -> { }, 1000, 700);
    }

    static Workbench show(Stage stage, Repository repo, RecentInputs recent, DocumentOpener opener, double width, double height) {
        Workbench wiring = Workbench.create(repo, new SynchronousExecutor(), ZoneOffset.UTC, ReadableNumbers.ROOT, recent, opener);
        stage.setScene(new Scene(wiring.view(), width, height));
        stage.show();
        return wiring;
    }
}
