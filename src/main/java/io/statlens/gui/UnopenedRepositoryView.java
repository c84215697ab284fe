package io.statlens.gui;

import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The window when its repository did not open at start: the heading ("statlens is already open on ..."), what it means,
 * <em>Try again</em> and <em>Open another repository...</em>, and what the last try did.
 */
final class UnopenedRepositoryView extends VBox {
    UnopenedRepositoryView(UnopenedRepositoryViewModel model, OpenRepositoryViewModel another) {
        super(12);
        setId("unopened");
        setPadding(new Insets(24));
        setMaxWidth(760);
        Label heading = new Label(model.headline());
        heading.setId("unopened-heading");
        heading.setWrapText(true);
        heading.setStyle("-fx-font-size: 1.4em; -fx-font-weight: bold;");
        Label explanation = new Label(model.explanation());
        explanation.setId("unopened-explanation");
        explanation.setWrapText(true);
        Button retry = new Button("Try again");
        retry.setId("unopened-try-again");
        retry.setDefaultButton(true);
        retry.disableProperty().bind(model.openingProperty());
        retry.setOnAction(e -> model.tryAgain());
        Dialogs dialogs = new Dialogs(this);
        Button open = new Button("Open another repository...");
        open.setId("unopened-open-another");
        open.setOnAction(e -> OpenRepositoryView.show(dialogs, another));
        ProgressIndicator busy = new ProgressIndicator();
        busy.setMaxSize(18, 18);
        busy.visibleProperty().bind(model.openingProperty());
        Label message = new Label();
        message.setId("unopened-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        getChildren().addAll(heading, explanation, new HBox(8, retry, open, busy), message);
    }
}
