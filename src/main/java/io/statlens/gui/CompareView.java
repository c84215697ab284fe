package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunComparer.Comparison;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.function.Consumer;

/**
 * The compare window's content: the runs, the filters of {@code statlens compare}, Compare; the result table
 * (sortable by any column, narrowed by the text filter), CSV export; under it the chart of the selected row.
 *
 * <p>The row's chart is drawn here, not in the main window: the table and the chart it explains stay side by
 * side, and what the user charted in the main window is left as it was.
 */
public final class CompareView extends BorderPane {
    private final TableView<Comparison> table = new TableView<>();
    private final ChartImageViewer viewer;

    /**
     * @param dialogs where the CSV file to export is chosen
     * @param numbers how the table shows numbers
     */
    public CompareView(CompareViewModel model, Dialogs dialogs, ReadableNumbers numbers, TaskExecutor executor,
                       Consumer<String> status) {
        viewer = new ChartImageViewer(executor, status);
        Label runs = new Label();
        runs.setId("compare-runs");
        model.runs().addListener((ListChangeListener<String>) c -> runs.setText(describe(model)));
        runs.setText(describe(model));
        ComboBox<String> tool = new ComboBox<>(model.tools());
        tool.setId("compare-tool");
        tool.setEditable(true);
        tool.setPromptText("all data sets");
        tool.valueProperty().bindBidirectional(model.toolProperty());
        TextField metrics = new TextField();
        metrics.setId("compare-metrics");
        metrics.setPromptText("tps; lat (ms,95%)");
        metrics.textProperty().bindBidirectional(model.metricsProperty());
        HBox.setHgrow(metrics, Priority.ALWAYS);
        TextField keys = new TextField();
        keys.setId("compare-keys");
        keys.setPromptText("all keys (CPUs, devices)");
        keys.textProperty().bindBidirectional(model.keysProperty());
        Button compare = new Button("Compare");
        compare.setId("compare-run");
        compare.setDefaultButton(true);
        compare.disableProperty().bind(model.runningProperty());
        compare.setOnAction(e -> model.compare());
        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(18, 18);
        progress.visibleProperty().bind(model.runningProperty());
        HBox options = new HBox(6, new Label("Tool or data set:"), tool, new Label("Metrics:"), metrics, new Label("Keys:"), keys,
                compare, progress);
        options.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, runs, options);
        top.setPadding(new Insets(8));

        TextField filter = new TextField();
        filter.setId("compare-filter");
        filter.setPromptText("Filter rows: words of the data set, metric, key, run...");
        filter.textProperty().bindBidirectional(model.filterProperty());
        table.setId("compare-table");
        SortedList<Comparison> sorted = new SortedList<>(model.shownRows());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.getColumns().add(text("data set", Comparison::dataset));
        TableColumn<Comparison, String> key = text("key", Comparison::key);
        // A deep stack is stored as its start and a hash: its cell's tooltip says it whole.
        Tables.wholeText(key, model::wholeKey);
        table.getColumns().add(key);
        // a host column only for runs of several hosts, each host compared with its own
        TableColumn<Comparison, String> host = text("host", Comparison::host);
        host.setVisible(false);
        model.shownRows().addListener((ListChangeListener<Comparison>) change ->
                host.setVisible(model.shownRows().stream().anyMatch(c -> !c.host().isEmpty())));
        table.getColumns().add(host);
        table.getColumns().add(text("metric", Comparison::metric));
        table.getColumns().add(text("unit", Comparison::unit));
        table.getColumns().add(text("run", Comparison::run));
        ShownAs measured = (c, v) -> numbers.number(v, c.unit());
        table.getColumns().add(number("base", c -> c.base().mean(), measured));
        table.getColumns().add(number("other", c -> c.other().mean(), measured));
        table.getColumns().add(number("change", Comparison::change, (c, v) -> numbers.signed(v, c.unit())));
        table.getColumns().add(number("% change", Comparison::changePct, (c, v) -> numbers.percentChange(v)));
        table.getColumns().add(text("significant", CompareViewModel::significance));
        table.getColumns().add(number("p", c -> c.verdict().pValue(), (c, v) -> numbers.pValue(v)));
        table.getColumns().add(number("base p95", c -> c.base().p95(), measured));
        table.getColumns().add(number("p95", c -> c.other().p95(), measured));
        table.getColumns().add(number("base max", c -> c.base().max(), measured));
        table.getColumns().add(number("max", c -> c.other().max(), measured));
        table.getColumns().add(text("kind", c -> c.kind().name()));
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> model.chart(now));
        table.setPlaceholder(new Label("Compare to see the rows"));
        Tables.fitToContent(table);
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox rows = new VBox(6, filter, table);

        viewer.setId("compare-chart");
        Label noChart = new Label("Select a row to chart its metric for the base run and the row's run");
        StackPane chartPane = new StackPane(noChart, viewer);
        viewer.visibleProperty().bind(model.chartProperty().isNotNull());
        noChart.visibleProperty().bind(model.chartProperty().isNull());
        model.chartProperty().addListener((o, was, now) -> {
            if (now != null) viewer.setChart(now);
        });
        SplitPane center = new SplitPane(rows, chartPane);
        center.setOrientation(Orientation.VERTICAL);
        center.setDividerPositions(0.5);
        center.setPadding(new Insets(0, 8, 0, 8));

        Button export = new Button("Export CSV...");
        export.setId("compare-export");
        export.disableProperty().bind(Bindings.isEmpty(model.shownRows()));
        export.setOnAction(e -> dialogs.chooseFileToSave(this, "Export comparison", new FileChooser.ExtensionFilter("CSV", "*.csv"))
                .ifPresent(file -> model.exportCsv(table.getItems(), file)));
        Label message = new Label();
        message.setId("compare-message");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        // The message takes what room is left; the button keeps its label whole ("Export CSV...", not "…").
        export.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(message, Priority.ALWAYS);
        HBox bottom = new HBox(8, export, message);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(8));

        setTop(top);
        setCenter(center);
        setBottom(bottom);
    }

    private static String describe(CompareViewModel model) {
        if (model.runs().isEmpty()) return "No runs selected";
        return "Base: " + model.runs().get(0) + "    compared: " + String.join(", ", model.runs().subList(1, model.runs().size()));
    }

    private static TableColumn<Comparison, String> text(String name, Function<Comparison, String> value) {
        TableColumn<Comparison, String> column = new TableColumn<>(name);
        column.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.apply(r.getValue())));
        return column;
    }

    /** How a number column shows a row's value. */
    private interface ShownAs {
        String text(Comparison row, double value);
    }

    /** A number column: sorts by the value, shows it as the CLI's table does. */
    private static TableColumn<Comparison, Double> number(String name, ToDoubleFunction<Comparison> value, ShownAs shown) {
        TableColumn<Comparison, Double> column = new TableColumn<>(name);
        column.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.applyAsDouble(r.getValue())));
        column.setCellFactory(c -> new TableCell<>() {
            private final ExactValueTip tip = new ExactValueTip();

            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                Comparison row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(row == null || v == null ? null : shown.text(row, v));
                // The exact value, as the CSV export writes it.
                setTooltip(tip.saying(row == null || v == null || Double.isNaN(v) ? null : ReadableNumbers.exact(v)));
            }
        });
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        return column;
    }

    TableView<Comparison> table() {
        return table;
    }

    ChartImageViewer viewer() {
        return viewer;
    }
}
