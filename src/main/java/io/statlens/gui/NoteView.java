package io.statlens.gui;

import io.statlens.analysis.TimeExpression;
import io.statlens.store.saved.Annotation;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.List;

/** The note window's content: the run, time and text of a new note, Add, and the run's notes with Delete. */
public final class NoteView extends VBox {
    public NoteView(NoteViewModel model) {
        super(6);
        setPadding(new Insets(8));
        Label run = new Label();
        run.textProperty().bind(model.runProperty().map(r -> "Run: " + r));
        TextField at = new TextField();
        at.setId("note-at");
        at.setPromptText(TimeExpression.EXAMPLES);
        at.textProperty().bindBidirectional(model.atProperty());
        HBox.setHgrow(at, Priority.ALWAYS);
        TextField text = new TextField();
        text.setId("note-text");
        text.setPromptText("warmup done");
        text.textProperty().bindBidirectional(model.textProperty());
        HBox.setHgrow(text, Priority.ALWAYS);
        Button add = new Button("Add note");
        add.setId("note-add");
        add.setDefaultButton(true);
        add.setOnAction(e -> model.add());
        Label message = new Label();
        message.setId("note-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        ListView<Annotation> notes = new ListView<>(model.notes());
        notes.setId("note-list");
        notes.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(Annotation a, boolean empty) {
                super.updateItem(a, empty);
                setText(empty || a == null ? null : a.time() + "  " + a.text() + "  (" + a.source() + ")");
            }
        });
        notes.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        notes.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.DELETE && !notes.getSelectionModel().isEmpty()) {
                model.delete(List.copyOf(notes.getSelectionModel().getSelectedItems()));
                e.consume();
            }
        });
        VBox.setVgrow(notes, Priority.ALWAYS);
        Button delete = new Button("Delete");
        delete.setId("note-delete");
        delete.disableProperty().bind(Bindings.isEmpty(notes.getSelectionModel().getSelectedItems()));
        delete.setOnAction(e -> model.delete(List.copyOf(notes.getSelectionModel().getSelectedItems())));
        getChildren().addAll(run, new HBox(6, new Label("At:"), at), new HBox(6, new Label("Note:"), text), add, message,
                new Label("Notes of the run (select, then Delete):"), notes, delete);
    }
}
