package io.statlens.gui;

import io.statlens.gui.ImportPlanViewModel.FileRow;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxTableCell;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;

/**
 * The import plan window's content: the run's name, one row per file, or per part of a file of several tools' or hosts'
 * output (import tick, name, host, lines, size, detected tool, the tool to use; columns as wide as their texts), the start, interval and time zone of output that does not say them and the locale the files were
 * printed in, a message line, Import and Cancel. Cancel closes the window; Import closes it once the import succeeded, and a failed import's reasons are
 * shown in the window, left open to fix the plan and import again.
 */
public final class ImportPlanView extends VBox {
    public ImportPlanView(ImportPlanViewModel model) {
        super(6);
        setPadding(new Insets(8));
        TextField run = new TextField();
        run.setId("plan-run");
        run.textProperty().bindBidirectional(model.runProperty());
        HBox.setHgrow(run, Priority.ALWAYS);

        TableView<FileRow> table = new TableView<>(model.rows());
        table.setId("plan-table");
        table.setEditable(true);
        table.setPlaceholder(new Label("no files"));
        TableColumn<FileRow, Boolean> include = new TableColumn<>("Import");
        include.setCellValueFactory(c -> c.getValue().includedProperty());
        include.setCellFactory(CheckBoxTableCell.forTableColumn(include));
        include.setPrefWidth(60);
        TableColumn<FileRow, String> file = textColumn("File", FileRow::name, 300);
        TableColumn<FileRow, String> host = textColumn("Host", FileRow::host, 100);
        TableColumn<FileRow, String> lines = textColumn("Lines", FileRow::lines, 60);
        lines.setStyle("-fx-alignment: CENTER-RIGHT;");
        TableColumn<FileRow, String> size = textColumn("Size", FileRow::size, 80);
        size.setStyle("-fx-alignment: CENTER-RIGHT;");
        TableColumn<FileRow, String> detected = textColumn("Detected", FileRow::detected, 110);
        TableColumn<FileRow, FileRow> tool = new TableColumn<>("Tool");
        tool.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        tool.setCellFactory(c -> new ToolCell(model.tools()));
        tool.setPrefWidth(140);
        table.getColumns().setAll(List.of(include, file, host, lines, size, detected, tool));
        Tables.fitToContent(table);
        // A part's row offers to read its file whole by one parser (statlens import --tool), should the split be wrong;
        // that row offers the parts back.
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(FileRow row, boolean empty) {
                super.updateItem(row, empty);
                if (empty || row == null) {
                    setTooltip(null);
                    setContextMenu(null);
                } else if (row.partLabel().isPresent()) {
                    setTooltip(new Tooltip(row.candidates() + "\nRight-click to read all of " + row.file().getFileName()
                            + " with one parser"));
                    setContextMenu(menu("Read all of " + row.file().getFileName() + " with one parser", () -> model.readWhole(row)));
                } else if (model.readsWhole(row)) {
                    setTooltip(new Tooltip(row.candidates() + "\nRight-click to read it in its parts again"));
                    setContextMenu(menu("Read " + row.file().getFileName() + " in its parts, each by its own parser",
                            () -> model.readInParts(row)));
                } else {
                    setTooltip(new Tooltip(row.candidates()));
                    setContextMenu(null);
                }
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);

        Label message = new Label();
        message.setId("plan-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        TextArea failure = new TextArea();
        failure.setId("plan-failure");
        failure.setEditable(false);
        failure.setWrapText(true);
        failure.setPrefRowCount(5);
        failure.setStyle("-fx-text-fill: #8b0000;");
        failure.textProperty().bind(model.failureProperty());
        failure.visibleProperty().bind(model.failureProperty().isNotEmpty());
        failure.managedProperty().bind(failure.visibleProperty());
        // Its rows whole: the table gives up the room (it scrolls), not the reasons.
        failure.setMinHeight(Region.USE_PREF_SIZE);
        Button importButton = new Button("Import");
        importButton.setId("plan-import");
        importButton.setDefaultButton(true);
        importButton.disableProperty().bind(model.planningProperty().or(model.importingProperty()));
        importButton.setOnAction(e -> model.importChosen());
        model.doneProperty().addListener((o, was, now) -> {
            if (now) getScene().getWindow().hide();
        });
        Button cancel = new Button("Cancel");
        cancel.setId("plan-cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(e -> getScene().getWindow().hide());
        getChildren().addAll(new HBox(6, new Label("Run:"), run), table, times(model), message, failure,
                new HBox(6, importButton, cancel));
    }

    private static ContextMenu menu(String text, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setOnAction(e -> action.run());
        return new ContextMenu(item);
    }

    /** A text field of the plan, bound both ways to the view model's value, its meaning in the tooltip. */
    private static TextField field(String id, String prompt, int columns, StringProperty value, String tooltip) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        field.setPrefColumnCount(columns);
        field.textProperty().bindBidirectional(value);
        field.setTooltip(new Tooltip(tooltip));
        return field;
    }

    /**
     * The times of output that does not say them and the locale of what a file leaves open, as
     * {@code statlens import --start/--interval/--tz/--file-locale} take them.
     */
    private static FlowPane times(ImportPlanViewModel model) {
        TextField start = field("plan-start", "2024-03-01T10:00:00", 14, model.startProperty(),
                "The time of the first sample of output printed without dates (as --start);"
                + " blank: the file's own times, else its modification time");
        TextField interval = field("plan-interval", "seconds", 5, model.intervalProperty(),
                "Seconds between samples of output printed without times (as --interval)");
        String windowZone = model.windowZone().normalized().equals(ZoneOffset.UTC) ? "UTC" : model.windowZone().getId();
        TextField zone = field("plan-zone", windowZone, 12, model.zoneProperty(),
                "The zone of times printed without one (as --tz): UTC, Europe/Berlin, +02:00; blank: " + windowZone);
        TextField locale = field("plan-locale", "en_US, en_GB...", 8, model.localeProperty(),
                "The locale the files were printed in (as --file-locale), when a file does not show it:"
                + " day or month first in a date such as 04/01/11, which zone CST or IST means; blank: the files' own evidence,"
                + " else month first with a notice");
        // each label stays with its field, and a window too narrow for all four wraps them rather than hiding the last
        FlowPane row = new FlowPane(12, 6);
        row.getChildren().addAll(group(new Label("Undated output starts at"), start),
                group(new Label("every"), interval, new Label("s;")), group(new Label("times are in zone"), zone),
                group(new Label("printed in locale"), locale));
        row.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return row;
    }

    /** Labels and their field, kept on one line. */
    private static HBox group(javafx.scene.Node... nodes) {
        for (javafx.scene.Node node : nodes) {
            if (node instanceof Label label) label.setMinWidth(Region.USE_PREF_SIZE);
        }
        HBox group = new HBox(6, nodes);
        group.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return group;
    }

    private static TableColumn<FileRow, String> textColumn(String title, Function<FileRow, String> value,
                                                          double width) {
        TableColumn<FileRow, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(value.apply(c.getValue())));
        column.setEditable(false);
        column.setPrefWidth(width);
        // on the line of the row's tool drop-down, not at the top of the taller row
        column.setStyle("-fx-alignment: CENTER-LEFT;");
        // fitted to these texts (Tables.fitToContent), so that a part's long name is shown whole
        Tables.shows(column, value);
        return column;
    }

    /** A file's tool as a drop-down of every registered tool, bound to the row it shows. */
    private static final class ToolCell extends TableCell<FileRow, FileRow> {
        private final ComboBox<String> box;
        private ObjectProperty<String> shown;

        ToolCell(ObservableList<String> tools) {
            box = new ComboBox<>(tools);
            box.getStyleClass().add("plan-tool");
            box.setPromptText("choose...");
            box.setMaxWidth(Double.MAX_VALUE);
            setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        }

        @Override
        protected void updateItem(FileRow row, boolean empty) {
            super.updateItem(row, empty);
            if (shown != null) box.valueProperty().unbindBidirectional(shown);
            shown = empty || row == null ? null : row.toolProperty();
            if (shown != null) box.valueProperty().bindBidirectional(shown);
            setGraphic(shown == null ? null : box);
        }
    }
}
