package io.statlens.gui;

import io.statlens.gui.OpenRepositoryViewModel.Kind;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OpenRepositoryViewModelTest {
    private final Preferences node = Preferences.userRoot().node("io/statlens/test/" + UUID.randomUUID());
    private final GuiSettings settings = new GuiSettings(node);
    private final List<Repository> opened = new ArrayList<>();
    private final OpenRepositoryViewModel model = new OpenRepositoryViewModel(new SynchronousExecutor(), settings, opened::add);

    @AfterEach
    void cleanUp() throws BackingStoreException {
        opened.forEach(Repository::close);
        node.removeNode();
    }

    @Test
    void aFolderIsOpenedAndRememberedForNextTime(@TempDir Path dir) {
        Path folder = dir.resolve("repo");
        Repository.open(RepositoryLocation.embedded(folder), true).close();
        model.folderProperty().set(folder.toString());
        model.open("");
        assertEquals(1, opened.size());
        assertEquals(folder.toAbsolutePath().toString(), opened.get(0).location().description());
        assertEquals("opened " + folder.toAbsolutePath(), model.messageProperty().get());
        assertEquals(Optional.of(folder), settings.lastRepository());
        assertEquals(folder.toString(), new OpenRepositoryViewModel(new SynchronousExecutor(), settings, r -> { })
                .folderProperty().get(), "filled in next time");
    }

    @Test
    void whatCannotBeOpenedIsSaidAndNothingIsOpened(@TempDir Path dir) {
        model.open("");
        assertEquals("choose the repository's folder", model.messageProperty().get());
        model.folderProperty().set(dir.resolve("none").toString());
        model.open("");
        assertTrue(model.messageProperty().get().startsWith("no repository at " + dir.resolve("none")), model.messageProperty().get());

        model.kindProperty().set(Kind.SERVER);
        model.urlProperty().set("jdbc:mysql://db:3306/perf");
        model.open("x");
        assertEquals("a server's URL is jdbc:postgresql://HOST:5432/DATABASE or jdbc:derby://HOST:1527/NAME, not"
                + " 'jdbc:mysql://db:3306/perf'", model.messageProperty().get());
        model.urlProperty().set("jdbc:postgresql://db:5432/perf?user=me&password=hunter2");
        model.open("");
        assertEquals("type the password in its field, not in the URL (a URL is remembered; a password never is)",
                model.messageProperty().get());
        assertTrue(opened.isEmpty());
        assertEquals(Optional.empty(), settings.lastServer());
    }
}
