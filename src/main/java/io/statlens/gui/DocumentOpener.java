package io.statlens.gui;

import java.nio.file.Path;

/**
 * Opens a written file with the desktop's program for it. The application passes JavaFX's
 * {@code HostServices.showDocument}; tests pass a recorder, so that nothing is opened.
 */
@FunctionalInterface
public interface DocumentOpener {
    void open(Path file);
}
