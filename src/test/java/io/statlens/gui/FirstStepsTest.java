package io.statlens.gui;

import io.statlens.store.load.BundledSamples;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The first start: over a repository with no run the browser offers the next steps as links that do them (import files,
 * a folder, the demo's runs; open a server's repository), in the real window, headless.
 */
@ExtendWith(ApplicationExtension.class)
class FirstStepsTest {
    private final Preferences node = Preferences.userRoot().node("io/statlens/test/" + UUID.randomUUID());
    private Repository repo;
    private Workbench wiring;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("first" + UUID.randomUUID()), true);
        wiring = TestWindow.show(stage, repo);
        wiring.view().openRepositoriesWith(new OpenRepositoryViewModel(new SynchronousExecutor(), new GuiSettings(node), r -> { }));
        wiring.browser().reload();
    }

    @AfterEach
    void close() throws BackingStoreException {
        repo.close();
        node.removeNode();
    }

    @Test
    void anEmptyRepositoryOffersTheNextStepsAsLinks(FxRobot robot) {
        assertTrue(robot.lookup("#first-steps").query().isVisible(), "the empty browser offers the next steps");
        for (String link : List.of("#first-import-files", "#first-import-folder", "#first-import-demo", "#first-open-server")) {
            Node found = robot.lookup(link).query();
            assertTrue(found instanceof Hyperlink && found.isVisible() && !found.isDisabled(), link);
        }
    }

    @Test
    void theDemoLinkImportsTheBundledRunsIntoThisRepository(FxRobot robot, @TempDir Path home) {
        String before = System.getProperty("statlens.home");
        System.setProperty("statlens.home", home.toString());
        try {
            robot.clickOn("#first-import-demo");
        } finally {
            if (before == null) System.clearProperty("statlens.home");
            else System.setProperty("statlens.home", before);
        }
        List<String> expected = BundledSamples.list().stream().map(BundledSamples.Sample::run).distinct().sorted().toList();
        List<TreeItem<BrowserNode>> runs = wiring.view().tree().getRoot().getChildren();
        assertEquals(expected, runs.stream().map(r -> r.getValue().run()).sorted().toList());
        assertTrue(wiring.status().getText().startsWith("imported the demo's " + expected.size() + " runs ("), wiring.status().getText());
        assertFalse(robot.lookup("#first-steps").query().isVisible(), "a repository with runs shows them instead");
        assertTrue(Files.isRegularFile(home.resolve("samples/rhel7-sar-48cpu/ksar-linux-sysstat-10.1.5-48cpu.txt")),
                "the samples are copied into the statlens folder, where the repository's paths point");
    }

    @Test
    void theServerLinkOpensTheOpenRepositoryWindowAskingForAServer(FxRobot robot) {
        robot.clickOn("#first-open-server");
        assertTrue(robot.lookup("#open-kind-server").queryAs(RadioButton.class).isSelected());
        assertFalse(robot.lookup("#open-url").queryAs(TextField.class).isDisabled(), "the server's URL can be typed");
    }
}
