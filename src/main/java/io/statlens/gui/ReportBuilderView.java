package io.statlens.gui;

import io.statlens.model.UserException;
import io.statlens.report.ReportFormat;
import io.statlens.report.ReportSection;
import javafx.beans.property.ObjectProperty;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Tooltip;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Separator;
import javafx.scene.control.TextField;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

import java.io.File;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The report builder window's content: checklists of runs, chart presets and sections; format, file, Write
 * report; a single chart (preset and run) to SVG or PNG; the message and Open for what was written.
 */
public final class ReportBuilderView extends VBox {
    /** @param dialogs where the files to write are chosen */
    public ReportBuilderView(ReportBuilderViewModel model, Dialogs dialogs) {
        super(6);
        setPadding(new Insets(8));
        ListView<Choice<String>> runs = checklist(model.runs(), "report-runs");
        ListView<Choice<String>> presets = checklist(model.presets(), "report-presets");
        ListView<Choice<ReportSection>> sections = checklist(model.sections(), "report-sections");
        sections.setPrefWidth(150);
        runs.setPrefWidth(220);
        // The presets' descriptions are long: their list takes the room the others leave.
        presets.setPrefWidth(560);
        HBox lists = new HBox(8, column("Runs (the first checked is the base):", runs),
                column("Chart presets that apply:", presets), column("Sections:", sections));
        VBox.setVgrow(lists, Priority.ALWAYS);

        ChoiceBox<ReportFormat> format = new ChoiceBox<>();
        format.setId("report-format");
        format.getItems().setAll(ReportFormat.values());
        format.valueProperty().bindBidirectional(model.formatProperty());
        TextField file = pathField(model.outputProperty(), "report-file", "report.html or report.pdf");
        model.outputProperty().addListener((o, was, now) -> {
            if (now != null && now.getFileName() != null) formatOf(now, model);
        });
        Button browse = browse(dialogs, "Report file", model.outputProperty(), new FileChooser.ExtensionFilter("HTML page", "*.html"),
                new FileChooser.ExtensionFilter("PDF document", "*.pdf"));
        Button write = new Button("Write report");
        write.setId("report-write");
        write.disableProperty().bind(model.runningProperty());
        write.setOnAction(e -> model.write());
        ChoiceBox<String> window = new ChoiceBox<>(model.windows());
        window.setId("report-window");
        window.setTooltip(new Tooltip("Each run's charts, statistics and comparison cover its own time window of this name"));
        window.valueProperty().bindBidirectional(model.windowProperty());
        HBox report = row(new Label("Format:"), format, new Label("Time:"), window, new Label("File:"), file, browse, write);

        ChoiceBox<String> preset = new ChoiceBox<>(model.chartPresets());
        preset.setId("chart-preset");
        preset.valueProperty().bindBidirectional(model.chartPresetProperty());
        ChoiceBox<String> run = new ChoiceBox<>(model.chartRuns());
        run.setId("chart-run");
        run.valueProperty().bindBidirectional(model.chartRunProperty());
        TextField chartFile = pathField(model.chartOutputProperty(), "chart-file", "chart.svg or chart.png");
        Button chartBrowse = browse(dialogs, "Chart file", model.chartOutputProperty(),
                new FileChooser.ExtensionFilter("SVG drawing", "*.svg"), new FileChooser.ExtensionFilter("PNG image", "*.png"));
        Button exportChart = new Button("Export chart");
        exportChart.setId("chart-export");
        exportChart.disableProperty().bind(model.runningProperty());
        exportChart.setOnAction(e -> model.exportChart());
        HBox chart = row(new Label("One chart:"), preset, new Label("of run"), run, chartFile, chartBrowse, exportChart);

        Label message = new Label();
        message.setId("report-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        Button open = new Button("Open");
        open.setId("report-open");
        open.disableProperty().bind(model.writtenProperty().isNull().or(model.runningProperty()));
        open.setOnAction(e -> model.openWritten());
        getChildren().addAll(lists, report, new Separator(), chart, new Separator(), row(message, open));
    }

    private static <T> ListView<Choice<T>> checklist(ObservableList<Choice<T>> items, String id) {
        ListView<Choice<T>> list = new ListView<>(items);
        list.setId(id);
        list.setCellFactory(CheckBoxListCell.forListView(Choice::checkedProperty));
        return list;
    }

    private static VBox column(String title, ListView<?> list) {
        VBox.setVgrow(list, Priority.ALWAYS);
        HBox.setHgrow(list, Priority.ALWAYS);
        VBox box = new VBox(4, new Label(title), list);
        HBox.setHgrow(box, Priority.ALWAYS);
        return box;
    }

    private static HBox row(Node... nodes) {
        HBox box = new HBox(6, nodes);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /** A text field kept equal to a path property, both ways (typing sets the path; Browse... sets the text). */
    private static TextField pathField(ObjectProperty<Path> path, String id, String prompt) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        HBox.setHgrow(field, Priority.ALWAYS);
        field.textProperty().addListener((o, was, now) -> {
            Path typed = now.isBlank() ? null : Path.of(now.strip());
            if (!Objects.equals(typed, path.get())) path.set(typed);
        });
        path.addListener((o, was, now) -> {
            String text = now == null ? "" : now.toString();
            if (!text.equals(field.getText())) field.setText(text);
        });
        return field;
    }

    private static Button browse(Dialogs dialogs, String title, ObjectProperty<Path> path, FileChooser.ExtensionFilter... filters) {
        Button browse = new Button("Browse...");
        browse.setOnAction(e -> dialogs.chooseFileToSave(browse, title, filters).ifPresent(path::set));
        return browse;
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
