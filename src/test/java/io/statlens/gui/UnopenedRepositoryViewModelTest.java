package io.statlens.gui;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window at a start whose repository did not open for another reason than a second statlens: a repository made by
 * a newer statlens. It says the store's reason, and Try again says it again rather than opening anything.
 */
class UnopenedRepositoryViewModelTest {
    @Test
    void aRepositoryOfANewerStatlensIsSaidInTheStoresWords(@TempDir Path dir) throws Exception {
        RepositoryLocation location = RepositoryLocation.embedded(dir.resolve("repo"));
        try (Repository repo = Repository.open(location); Statement s = repo.connection().createStatement()) {
            s.executeUpdate("INSERT INTO STATLENS_SCHEMA VALUES (999, 'from the future', CURRENT_TIMESTAMP)");
            repo.connection().commit();
        }
        UserException refusal = assertThrows(UserException.class, () -> Repository.open(location));
        List<Repository> opened = new ArrayList<>();
        UnopenedRepositoryViewModel model = new UnopenedRepositoryViewModel(location, refusal, new SynchronousExecutor(), opened::add);

        assertFalse(model.inUse());
        assertEquals("Cannot open the repository " + location.description(), model.headline());
        assertTrue(model.explanation().contains("was written by a newer statlens (schema version 999;"), model.explanation());
        model.tryAgain();
        assertTrue(model.messageProperty().get().startsWith("cannot open it (tried at "), model.messageProperty().get());
        assertTrue(model.messageProperty().get().contains("was written by a newer statlens"), model.messageProperty().get());
        assertFalse(model.openingProperty().get());
        assertTrue(opened.isEmpty());
    }
}
