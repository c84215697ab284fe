package io.statlens.gui;

import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryInUse;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * statlens started a second time on the same repository: another process (a real one) holds it, and the window says
 * "statlens is already open on ..." with Try again and Open another repository, instead of failing; once the other
 * process has let go, Try again opens it.
 */
@ExtendWith(ApplicationExtension.class)
class UnopenedRepositoryViewTest {
    private final Preferences node = Preferences.userRoot().node("io/statlens/test/" + UUID.randomUUID());
    private final List<Repository> opened = new ArrayList<>();
    private Path dir;
    private RepositoryLocation location;
    private Process holder;

    @Start
    void start(Stage stage) throws IOException {
        dir = Files.createTempDirectory("statlens-unopened");
        location = RepositoryLocation.embedded(dir.resolve("repo"));
        holder = hold(dir.resolve("repo"));
        RepositoryInUse refusal = assertThrows(RepositoryInUse.class, () -> Repository.open(location));
        UnopenedRepositoryViewModel model = new UnopenedRepositoryViewModel(location, refusal, new SynchronousExecutor(), opened::add);
        OpenRepositoryViewModel another = new OpenRepositoryViewModel(new SynchronousExecutor(), new GuiSettings(node), opened::add);
        stage.setScene(new Scene(new UnopenedRepositoryView(model, another), 900, 500));
        stage.show();
    }

    @AfterEach
    void close() throws Exception {
        letGo();
        opened.forEach(Repository::close);
        node.removeNode();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    @Test
    void theWindowSaysTheRepositoryIsOpenElsewhereAndTryAgainOpensItOnceItIsFree(FxRobot robot) throws Exception {
        assertEquals("statlens is already open on " + location.description(),
                robot.lookup("#unopened-heading").queryAs(Label.class).getText());
        Label message = robot.lookup("#unopened-message").queryAs(Label.class);
        robot.clickOn("#unopened-try-again");
        assertTrue(message.getText().startsWith("still open in another statlens window (tried at "), message.getText());
        assertTrue(opened.isEmpty());

        letGo();
        robot.clickOn("#unopened-try-again");
        assertEquals("opened " + location.description(), message.getText());
        assertEquals(1, opened.size());
        assertEquals(location, opened.get(0).location());
    }

    @Test
    void openAnotherRepositoryOffersTheOpenRepositoryWindow(FxRobot robot) {
        robot.clickOn("#unopened-open-another");
        assertTrue(robot.lookup("#open-folder").queryAs(TextField.class).isVisible());
    }

    /** Another statlens process with the repository open (the store's own test's holder); returns once it has it. */
    private static Process hold(Path repository) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-cp", classPath,
                "io.statlens.store.schema.RepositoryTest$RepositoryHolder", repository.toString()).redirectErrorStream(true).start();
        BufferedReader said = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder output = new StringBuilder();
        for (String line; (line = said.readLine()) != null; ) {
            if (line.equals("open")) return p;
            output.append(line).append('\n');
        }
        throw new IllegalStateException("the other process could not open " + repository + ": " + output);
    }

    /** The other process closes the repository and exits. */
    private void letGo() throws Exception {
        if (holder == null) return;
        holder.getOutputStream().close();
        assertTrue(holder.waitFor(60, TimeUnit.SECONDS), "the other process did not exit");
        holder = null;
    }
}
