package io.statlens.gui;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Recent inputs kept in GuiSettings, on a node of their own: the user's real io/statlens/gui node is never written. */
class RecentInputsTest {
    private final Preferences node = Preferences.userRoot().node("io/statlens/test/recent-" + UUID.randomUUID());
    @TempDir
    Path dir;

    @AfterEach
    void removeNode() throws BackingStoreException {
        node.removeNode();
    }

    private List<Path> folders(int n) throws IOException {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(Files.createDirectories(dir.resolve("run" + i)));
        return out;
    }

    @Test
    void mostRecentFirstWithoutDuplicatesAtMostTen() throws IOException {
        List<Path> runs = folders(12);
        RecentInputs recent = RecentInputs.kept(new GuiSettings(node));
        for (Path run : runs) recent.remember(List.of(run));
        recent.remember(List.of(runs.get(5)));

        assertEquals(List.of(runs.get(5), runs.get(11), runs.get(10), runs.get(9), runs.get(8), runs.get(7), runs.get(6),
                runs.get(4), runs.get(3), runs.get(2)), recent.shown());
        assertEquals(recent.shown(), new GuiSettings(node).recentInputs(), "stored, in the same order");
        assertEquals(runs.get(5).toString(), node.get("recentInput0", null));
    }

    @Test
    void aNewWindowReadsThemBackAndMissingPathsAreNotShown() throws IOException {
        List<Path> runs = folders(3);
        Path file = Files.writeString(dir.resolve("vmstat.txt"), "x");
        RecentInputs.kept(new GuiSettings(node)).remember(List.of(runs.get(0), runs.get(1), file));
        Files.delete(runs.get(1));

        RecentInputs next = RecentInputs.kept(new GuiSettings(node));
        assertEquals(List.of(runs.get(0), file), next.shown());

        Files.delete(file);
        next.refresh();
        assertEquals(List.of(runs.get(0)), next.shown());
        next.remember(List.of(runs.get(2)));
        assertEquals(List.of(runs.get(2), runs.get(0)), new GuiSettings(node).recentInputs(), "gone paths are forgotten");
    }

    @Test
    void withoutSettingsTheyLastForTheSession() throws IOException {
        List<Path> runs = folders(2);
        RecentInputs session = RecentInputs.forSession();
        session.remember(List.of(runs.get(0)));
        session.remember(List.of(runs.get(1), runs.get(0)));
        assertEquals(List.of(runs.get(1), runs.get(0)), session.shown());
    }
}
