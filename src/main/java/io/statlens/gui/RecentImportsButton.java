package io.statlens.gui;

import javafx.collections.ListChangeListener;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/** The tool bar's <i>Import recent</i> menu: the files and folders imported last; choosing one plans its import again. */
final class RecentImportsButton extends MenuButton {
    private final Consumer<Path> open;

    RecentImportsButton(RecentInputs recent, Consumer<Path> open) {
        super("Import recent");
        this.open = open;
        setId("import-recent");
        // Paths deleted or unmounted since the last import drop out each time the menu opens.
        setOnShowing(e -> recent.refresh());
        recent.shown().addListener((ListChangeListener<Path>) c -> fill(recent.shown()));
        fill(recent.shown());
    }

    private void fill(List<Path> paths) {
        if (paths.isEmpty()) {
            MenuItem none = new MenuItem("no recent imports");
            none.setDisable(true);
            getItems().setAll(none);
            return;
        }
        getItems().setAll(paths.stream().map(path -> {
            MenuItem item = new MenuItem(path.toString());
            item.setMnemonicParsing(false); // an underscore in a path is a character, not a mnemonic
            item.setOnAction(e -> open.accept(path));
            return item;
        }).toList());
    }
}
