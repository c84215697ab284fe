package io.statlens.gui;

import java.nio.file.Path;
import java.util.Optional;
import java.util.prefs.Preferences;

/** What the GUI remembers between sessions (java.util.prefs, node io/statlens/gui). */
public final class GuiSettings {
    private static final String REPOSITORY = "lastRepository";
    private static final String WIDTH = "windowWidth";
    private static final String HEIGHT = "windowHeight";
    private final Preferences node;

    public GuiSettings(Preferences node) {
        this.node = node;
    }

    public static GuiSettings user() {
        return new GuiSettings(Preferences.userRoot().node("io/statlens/gui"));
    }

    public Optional<Path> lastRepository() {
        return Optional.ofNullable(node.get(REPOSITORY, null)).map(Path::of);
    }

    public void lastRepository(Path dir) {
        node.put(REPOSITORY, dir.toAbsolutePath().toString());
    }

    public double width() {
        return node.getDouble(WIDTH, 1280);
    }

    public double height() {
        return node.getDouble(HEIGHT, 800);
    }

    public void windowSize(double width, double height) {
        node.putDouble(WIDTH, width);
        node.putDouble(HEIGHT, height);
    }
}
