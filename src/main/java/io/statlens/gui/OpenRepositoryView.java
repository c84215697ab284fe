package io.statlens.gui;

import io.statlens.gui.OpenRepositoryViewModel.Kind;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The open-repository window: a folder (with a chooser), or a server's URL, user and password; Open. The password
 * field is emptied after every attempt, so that it is typed again rather than kept.
 */
final class OpenRepositoryView extends VBox {
    /** Shows the open-repository window (one, reused) over the window of {@code dialogs}. */
    static void show(Dialogs dialogs, OpenRepositoryViewModel model) {
        dialogs.showWindow("Open repository", () -> new OpenRepositoryView(model, dialogs), 640, 400);
    }

    OpenRepositoryView(OpenRepositoryViewModel model, Dialogs dialogs) {
        super(10);
        setPadding(new Insets(12));
        ToggleGroup where = new ToggleGroup();
        RadioButton folderKind = new RadioButton("A repository folder on this computer (embedded Derby)");
        folderKind.setId("open-kind-folder");
        folderKind.setToggleGroup(where);
        RadioButton serverKind = new RadioButton("A shared repository on a server (PostgreSQL, or a Derby network server)");
        serverKind.setId("open-kind-server");
        serverKind.setToggleGroup(where);
        (model.kindProperty().get() == Kind.SERVER ? serverKind : folderKind).setSelected(true);
        where.selectedToggleProperty().addListener((o, was, now) ->
                model.kindProperty().set(now == serverKind ? Kind.SERVER : Kind.FOLDER));
        // The window is reused: a link that asks for a server's repository sets the kind while it is open.
        model.kindProperty().addListener((o, was, now) -> (now == Kind.SERVER ? serverKind : folderKind).setSelected(true));

        TextField folder = new TextField();
        folder.setId("open-folder");
        folder.setPromptText("/home/me/.statlens/repo");
        folder.textProperty().bindBidirectional(model.folderProperty());
        Button browse = new Button("Choose...");
        browse.setId("open-browse");
        browse.setOnAction(e -> dialogs.chooseFolder("The repository's folder").ifPresent(dir -> folder.setText(dir.toString())));
        HBox.setHgrow(folder, Priority.ALWAYS);
        HBox folderRow = new HBox(6, folder, browse);
        folderRow.disableProperty().bind(serverKind.selectedProperty());
        folderRow.setPadding(new Insets(0, 0, 0, 24));

        TextField url = new TextField();
        url.setId("open-url");
        url.setPromptText("jdbc:postgresql://HOST:5432/DATABASE  or  jdbc:derby://HOST:1527/statlens");
        url.textProperty().bindBidirectional(model.urlProperty());
        TextField user = new TextField();
        user.setId("open-user");
        user.textProperty().bindBidirectional(model.userProperty());
        PasswordField password = new PasswordField();
        password.setId("open-password");
        password.setPromptText("asked for each time, never stored");
        GridPane server = new GridPane();
        server.setHgap(8);
        server.setVgap(6);
        server.addRow(0, new Label("URL"), url);
        server.addRow(1, new Label("User"), user);
        server.addRow(2, new Label("Password"), password);
        ColumnConstraints grow = new ColumnConstraints();
        grow.setHgrow(Priority.ALWAYS);
        server.getColumnConstraints().addAll(new ColumnConstraints(), grow);
        server.disableProperty().bind(folderKind.selectedProperty());
        server.setPadding(new Insets(0, 0, 0, 24));

        Button open = new Button("Open");
        open.setId("open-repository-open");
        open.setDefaultButton(true);
        open.disableProperty().bind(model.openingProperty());
        open.setOnAction(e -> {
            String typed = password.getText();
            password.clear();
            model.open(typed);
        });
        ProgressIndicator busy = new ProgressIndicator();
        busy.setMaxSize(18, 18);
        busy.visibleProperty().bind(model.openingProperty());
        Label message = new Label();
        message.setId("open-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        Label note = new Label("The window then shows that repository; the one shown now is closed. The password goes to"
                + " the server only: it is not remembered, and the URL must not hold it. Without one, PGPASSWORD or"
                + " ~/.pgpass (PostgreSQL) and STATLENS_DB_PASSWORD (Derby) are used, as on the command line.");
        note.setWrapText(true);
        note.setStyle("-fx-text-fill: #555;");
        getChildren().addAll(folderKind, folderRow, serverKind, server, new HBox(8, open, busy), message, note);
    }
}
