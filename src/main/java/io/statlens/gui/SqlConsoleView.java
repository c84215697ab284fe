package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

import java.io.File;
import java.math.BigDecimal;
import java.util.List;

/**
 * The SQL console tab: editor (Ctrl-Enter runs, Stop ends a running query; Ctrl-Up/Ctrl-Down walk the history,
 * which is also listed on the right, double-click to reuse), the result table and a message line for row counts
 * and errors.
 */
public final class SqlConsoleView extends BorderPane {
    private final SqlConsoleViewModel model;
    private final ReadableNumbers numbers;
    private final TextArea editor = new TextArea();
    private final TableView<List<Object>> table = new TableView<>();

    public SqlConsoleView(SqlConsoleViewModel model) {
        this(model, ReadableNumbers.ROOT);
    }

    /** @param numbers how the result's numbers are shown */
    public SqlConsoleView(SqlConsoleViewModel model, ReadableNumbers numbers) {
        this.model = model;
        this.numbers = numbers;
        editor.setId("sql-editor");
        editor.setPromptText("SELECT RUN, ITEM, AVG(PCT_USR) FROM V_SAR_CPU GROUP BY RUN, ITEM");
        editor.setPrefRowCount(6);
        editor.textProperty().bindBidirectional(model.sqlProperty());
        editor.setOnKeyPressed(e -> {
            if (!e.isControlDown()) return;
            if (e.getCode() == KeyCode.ENTER) model.run();
            else if (e.getCode() == KeyCode.UP) model.previous();
            else if (e.getCode() == KeyCode.DOWN) model.next();
            else return;
            e.consume();
        });
        ListView<String> history = new ListView<>(model.history());
        history.setId("sql-history");
        history.setPrefWidth(220);
        history.setOnMouseClicked(e -> {
            String picked = history.getSelectionModel().getSelectedItem();
            if (e.getClickCount() == 2 && picked != null) model.sqlProperty().set(picked);
        });
        table.setId("sql-result");
        Tables.fitToContent(table);
        model.resultProperty().addListener((o, was, now) -> show(now));
        Label message = new Label();
        message.setId("sql-message");
        message.textProperty().bind(model.messageProperty());
        message.setWrapText(true);
        message.setPadding(new Insets(2, 6, 2, 6));
        SplitPane top = new SplitPane(editor, history);
        top.setDividerPositions(0.75);
        SplitPane center = new SplitPane(top, table);
        center.setOrientation(Orientation.VERTICAL);
        center.setDividerPositions(0.3);
        setTop(toolBar());
        setCenter(center);
        setBottom(message);
    }

    private ToolBar toolBar() {
        Button run = new Button("Run");
        run.setId("sql-run");
        run.setOnAction(e -> model.run());
        run.disableProperty().bind(model.runningProperty());
        Button stop = new Button("Stop");
        stop.setId("sql-stop");
        stop.disableProperty().bind(model.runningProperty().not());
        stop.setOnAction(e -> model.stop());
        Button export = new Button("Export CSV...");
        export.setId("sql-export");
        export.disableProperty().bind(model.resultProperty().isNull());
        export.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Export result");
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
            File file = chooser.showSaveDialog(getScene().getWindow());
            if (file != null) model.exportCsv(file.toPath());
        });
        Button chart = new Button("Chart this result");
        chart.setId("sql-chart");
        chart.setTooltip(new Tooltip("Chart the statement whose result is shown"));
        chart.disableProperty().bind(model.resultProperty().isNull().or(model.runningProperty()));
        chart.setOnAction(e -> model.chartResult());
        return new ToolBar(run, stop, export, chart);
    }

    private void show(SqlConsoleViewModel.Result result) {
        table.getColumns().clear();
        if (result == null) {
            table.getItems().clear();
            return;
        }
        for (int i = 0; i < result.columns().size(); i++) {
            int index = i;
            TableColumn<List<Object>, Object> column = new TableColumn<>(result.columns().get(i));
            column.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().get(index)));
            if (result.numeric().get(i)) {
                column.setStyle("-fx-alignment: CENTER-RIGHT;");
                column.setCellFactory(c -> new NumberCell());
            }
            table.getColumns().add(column);
        }
        table.getItems().setAll(result.rows());
    }

    /** A number as people read it ({@code 1,234.6}), its exact value (as the CSV export writes it) in the tooltip. */
    private final class NumberCell extends TableCell<List<Object>, Object> {
        private final ExactValueTip tip = new ExactValueTip();

        @Override
        protected void updateItem(Object value, boolean empty) {
            super.updateItem(value, empty);
            if (empty || value == null) {
                setText(null);
                setTooltip(null);
            } else if (value instanceof Double || value instanceof Float) {
                double d = ((Number) value).doubleValue();
                setText(numbers.number(d));
                setTooltip(tip.saying(ReadableNumbers.exact(d)));
            } else if (value instanceof Number n) {
                BigDecimal exact = n instanceof BigDecimal b ? b : new BigDecimal(n.toString());
                setText(numbers.decimal(exact));
                setTooltip(tip.saying(exact.toPlainString()));
            } else {
                setText(value.toString());
                setTooltip(null);
            }
        }
    }

    TableView<List<Object>> table() {
        return table;
    }
}
