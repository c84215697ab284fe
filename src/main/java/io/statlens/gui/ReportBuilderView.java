package io.statlens.gui;

import io.statlens.model.UserException;
import io.statlens.report.ReportFormat;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

import java.io.File;
import java.nio.file.Path;
import java.util.Objects;

/** The report builder window's content: runs (from the browser's selection), format, file, Write. */
public final class ReportBuilderView extends VBox {
    public ReportBuilderView(ReportBuilderViewModel model) {
        super(6);
        setPadding(new Insets(8));
        ListView<String> runs = new ListView<>(model.runs());
        runs.setId("report-runs");
        runs.setPrefHeight(120);
        ChoiceBox<ReportFormat> format = new ChoiceBox<>();
        format.setId("report-format");
        format.getItems().setAll(ReportFormat.values());
        format.valueProperty().bindBidirectional(model.formatProperty());
        TextField file = new TextField();
        file.setId("report-file");
        file.setPromptText("report.html or report.pdf");
        HBox.setHgrow(file, Priority.ALWAYS);
        file.textProperty().addListener((o, was, now) -> {
            Path typed = now.isBlank() ? null : Path.of(now.strip());
            if (!Objects.equals(typed, model.outputProperty().get())) model.outputProperty().set(typed);
        });
        model.outputProperty().addListener((o, was, now) -> {
            String text = now == null ? "" : now.toString();
            if (!text.equals(file.getText())) file.setText(text);
            if (now != null && now.getFileName() != null) formatOf(now, model);
        });
        Button browse = new Button("Browse...");
        browse.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Report file");
            chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("HTML page", "*.html"),
                    new FileChooser.ExtensionFilter("PDF document", "*.pdf"));
            File chosen = chooser.showSaveDialog(getScene().getWindow());
            if (chosen != null) model.outputProperty().set(chosen.toPath());
        });
        Button write = new Button("Write report");
        write.setId("report-write");
        write.disableProperty().bind(model.runningProperty());
        write.setOnAction(e -> model.write());
        Label message = new Label();
        message.setId("report-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        getChildren().addAll(new Label("Runs (the first is the base of the comparison):"), runs,
                new HBox(6, new Label("Format:"), format), new HBox(6, new Label("File:"), file, browse), write, message);
    }

    /** A file named .pdf or .html chooses the format; other names leave the choice as it is. */
    private static void formatOf(Path file, ReportBuilderViewModel model) {
        try {
            model.formatProperty().set(ReportFormat.of(file));
        } catch (UserException notPdfOrHtml) {
            // keep the chosen format
        }
    }
}
