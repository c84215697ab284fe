package io.statlens.gui;

import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the window remembers, on a throwaway preferences node (never the user's own). */
class GuiSettingsTest {
    private final Preferences node = Preferences.userRoot().node("io/statlens/test/" + UUID.randomUUID());
    private final GuiSettings settings = new GuiSettings(node);

    @AfterEach
    void removeNode() throws BackingStoreException {
        node.removeNode();
    }

    @Test
    void aFreshNodeGivesTheDefaultLayout() {
        assertEquals(WindowLayout.DEFAULT, settings.windowLayout());
        assertTrue(settings.lastRepository().isEmpty());
    }

    @Test
    void layoutAndRepositoryRoundTrip() {
        WindowLayout layout = new WindowLayout(120, 80, 1500, 950, false, List.of(0.25, 0.6));
        settings.windowLayout(layout);
        settings.lastRepository(Path.of("/data/repo"));
        GuiSettings again = new GuiSettings(node);
        assertEquals(layout, again.windowLayout());
        assertEquals(Path.of("/data/repo"), again.lastRepository().orElseThrow());
    }

    @Test
    void dividersEditedIntoNonsenseAreDropped() {
        settings.windowLayout(new WindowLayout(0, 0, 800, 600, false, List.of(0.3)));
        node.put("windowDividers", "0.3,abc");
        assertEquals(List.of(), settings.windowLayout().dividers());
        node.put("windowDividers", "0.3,1.7");
        assertEquals(List.of(), settings.windowLayout().dividers());
    }

    @Test
    void aMaximizedWindowKeepsTheSizeToReturnTo() {
        WindowLayout before = new WindowLayout(50, 40, 1200, 700, false, List.of(0.3, 0.7));
        WindowLayout closed = new WindowLayout(0, 0, 2560, 1400, true, List.of(0.2, 0.8));
        assertEquals(new WindowLayout(50, 40, 1200, 700, true, List.of(0.2, 0.8)), closed.keepingBoundsWhenMaximized(before));
        WindowLayout normal = new WindowLayout(10, 10, 900, 600, false, List.of());
        assertEquals(normal, normal.keepingBoundsWhenMaximized(before));
    }

    @Test
    void aPlaceOffEveryScreenIsNotRestored() {
        List<Rectangle2D> screens = List.of(new Rectangle2D(0, 0, 1920, 1080));
        assertTrue(new WindowLayout(100, 100, 800, 600, false, List.of()).placedOn(screens));
        assertFalse(new WindowLayout(3000, 100, 800, 600, false, List.of()).placedOn(screens));
        assertFalse(WindowLayout.DEFAULT.placedOn(screens));
    }
}
