package io.statlens.gui;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The windows and file choosers of the desktop window, in one place (JabRef's DialogService): views ask for a file or
 * a window here instead of making stages themselves. Tool windows (report builder, compare, average, notes) belong
 * to the main window, one of each kind, made when first asked for and reused, so that what the user typed in one
 * is still there when it is opened again. A file chooser sits over the window of the view that asks.
 */
final class Dialogs {
    private final Node main;
    private final Map<String, Stage> windows = new HashMap<>();

    /** @param main any node of the main window: the owner of the windows opened here */
    Dialogs(Node main) {
        this.main = main;
    }

    /**
     * Shows the tool window of this title and brings it to the front: made from {@code content} the first time, the
     * same window after.
     */
    void showWindow(String title, Supplier<Parent> content, double width, double height) {
        Stage stage = windows.computeIfAbsent(title, t -> stage(t, content.get(), width, height));
        Windows.show(stage);
    }

    /** Shows a new window the user answers before going on in the main window (the other windows stay usable). */
    void showModal(String title, Parent content, double width, double height) {
        Stage stage = stage(title, content, width, height);
        stage.initModality(Modality.WINDOW_MODAL);
        Windows.show(stage);
    }

    private Stage stage(String title, Parent content, double width, double height) {
        Stage stage = new Stage();
        stage.setTitle(title);
        stage.initOwner(main.getScene().getWindow());
        stage.setScene(new Scene(content, width, height));
        return stage;
    }

    /**
     * Asks a question over the window of {@code from} and waits for the answer: true for {@code yes}, false for Cancel
     * (or the window closed).
     */
    boolean confirm(Node from, String title, String question, String yes) {
        ButtonType doIt = new ButtonType(yes, ButtonBar.ButtonData.OK_DONE);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, question, doIt, ButtonType.CANCEL);
        alert.initOwner(from.getScene().getWindow());
        alert.setTitle(title);
        alert.setHeaderText(null);
        return alert.showAndWait().filter(doIt::equals).isPresent();
    }

    /** A line of text asked for over the window of {@code from}; empty when the user cancels or leaves it blank. */
    Optional<String> askText(Node from, String title, String question, String initial) {
        javafx.scene.control.TextInputDialog dialog = new javafx.scene.control.TextInputDialog(initial);
        dialog.initOwner(from.getScene().getWindow());
        dialog.setTitle(title);
        dialog.setHeaderText(null);
        dialog.setContentText(question);
        return dialog.showAndWait().map(String::strip).filter(t -> !t.isEmpty());
    }

    /** Files to open, chosen over the main window; empty when the user cancels. */
    List<Path> chooseFilesToOpen(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        List<File> files = chooser.showOpenMultipleDialog(main.getScene().getWindow());
        return files == null ? List.of() : files.stream().map(File::toPath).toList();
    }

    /** A folder, chosen over the main window; empty when the user cancels. */
    Optional<Path> chooseFolder(String title) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(title);
        return Optional.ofNullable(chooser.showDialog(main.getScene().getWindow())).map(File::toPath);
    }

    /**
     * A file to write, chosen over the window of {@code from}; empty when the user cancels.
     *
     * @param filters the file types offered, the first chosen
     */
    Optional<Path> chooseFileToSave(Node from, String title, FileChooser.ExtensionFilter... filters) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().addAll(filters);
        Window owner = from.getScene().getWindow();
        return Optional.ofNullable(chooser.showSaveDialog(owner)).map(File::toPath);
    }
}
