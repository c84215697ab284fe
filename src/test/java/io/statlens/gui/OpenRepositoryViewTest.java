package io.statlens.gui;

import io.statlens.gui.OpenServerRepositoryTest.Account;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The main window's "Open repository..." in the real window, headless, against the test's Derby network server: the
 * server's fields are filled in, a wrong password is refused and the field emptied, the right one opens the repository.
 */
@ExtendWith(ApplicationExtension.class)
class OpenRepositoryViewTest {
    private final Preferences node = Preferences.userRoot().node("io/statlens/test/" + UUID.randomUUID());
    private final List<Repository> opened = new ArrayList<>();
    private Repository repo;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("open" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo);
        wiring.view().openRepositoriesWith(new OpenRepositoryViewModel(new SynchronousExecutor(), new GuiSettings(node), opened::add));
    }

    @AfterEach
    void close() throws BackingStoreException {
        opened.forEach(Repository::close);
        repo.close();
        node.removeNode();
    }

    @Test
    void aServerRepositoryOpensWithThePasswordTypedAndTheFieldIsEmptiedAfterEachTry(FxRobot robot) {
        Account account = OpenServerRepositoryTest.derbyServerAccount();
        robot.clickOn("#open-repository");
        robot.clickOn("#open-kind-server");
        robot.interact(() -> {
            robot.lookup("#open-url").queryAs(TextField.class).setText(account.url());
            robot.lookup("#open-user").queryAs(TextField.class).setText(account.user());
            robot.lookup("#open-password").queryAs(PasswordField.class).setText("guess-1234");
        });
        robot.clickOn("#open-repository-open");
        PasswordField password = robot.lookup("#open-password").queryAs(PasswordField.class);
        Label message = robot.lookup("#open-message").queryAs(Label.class);
        assertEquals("", password.getText(), "the password typed is not kept in the field");
        assertTrue(message.getText().contains("authentication failed: the server refused user 'ann'"), message.getText());
        assertTrue(opened.isEmpty());

        robot.interact(() -> password.setText(account.password()));
        robot.clickOn("#open-repository-open");
        assertEquals("", password.getText());
        assertEquals("opened " + account.url(), message.getText());
        assertEquals(1, opened.size());
        assertEquals(account.url(), opened.get(0).location().description());
    }
}
