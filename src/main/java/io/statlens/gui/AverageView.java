package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunAverager.DatasetResult;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

import java.util.function.Function;
import java.util.function.Consumer;

/**
 * The average window's content: the runs, the new run's name and the options of {@code statlens average},
 * Average; then what was averaged (per data set its grid interval, keys and rows; what was left out) and a chart
 * of a chosen metric of the new run over its input runs.
 */
public final class AverageView extends BorderPane {
    private final ChartImageViewer viewer;

    public AverageView(AverageViewModel model, ReadableNumbers numbers, TaskExecutor executor, Consumer<String> status) {
        viewer = new ChartImageViewer(executor, status);
        Label runs = new Label();
        runs.setId("average-runs");
        model.runs().addListener((ListChangeListener<String>) c -> runs.setText("Runs: " + String.join(", ", model.runs())));
        TextField name = new TextField();
        name.setId("average-name");
        name.textProperty().bindBidirectional(model.nameProperty());
        TextField interval = new TextField();
        interval.setId("average-interval");
        interval.setPromptText("the runs' own");
        interval.setPrefColumnCount(8);
        interval.textProperty().bindBidirectional(model.intervalProperty());
        ChoiceBox<String> textFrom = new ChoiceBox<>();
        textFrom.setId("average-text-from");
        textFrom.setConverter(new StringConverter<>() {
            @Override
            public String toString(String run) {
                return run == null || run.isEmpty() ? "the representative run" : run;
            }

            @Override
            public String fromString(String text) {
                return text;
            }
        });
        model.runs().addListener((ListChangeListener<String>) c -> {
            textFrom.getItems().setAll("");
            textFrom.getItems().addAll(model.runs());
        });
        textFrom.valueProperty().bindBidirectional(model.textFromProperty());
        CheckBox replace = new CheckBox("Replace a run of that name");
        replace.setId("average-replace");
        replace.selectedProperty().bindBidirectional(model.replaceProperty());
        Button average = new Button("Average");
        average.setId("average-run");
        average.setDefaultButton(true);
        average.disableProperty().bind(model.runningProperty());
        average.setOnAction(e -> model.average());
        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(18, 18);
        progress.visibleProperty().bind(model.runningProperty());
        HBox.setHgrow(name, Priority.ALWAYS);
        HBox first = new HBox(6, new Label("New run:"), name, new Label("Interval (s):"), interval);
        textFrom.setMinWidth(190);
        HBox second = new HBox(6, new Label("Facts from:"), textFrom, replace, average, progress);
        first.setAlignment(Pos.CENTER_LEFT);
        second.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(6, runs, first, second);
        top.setPadding(new Insets(8));

        Label summary = new Label();
        summary.setId("average-summary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        summary.textProperty().bind(model.summaryProperty());
        TableView<DatasetResult> table = new TableView<>(model.datasets());
        table.setId("average-table");
        table.setPlaceholder(new Label("Average to see what was averaged"));
        table.getColumns().add(column("data set", DatasetResult::dataset));
        table.getColumns().add(column("interval s", d -> numbers.number(d.intervalS(), "s")));
        table.getColumns().add(column("keys", d -> numbers.integer(d.keys())));
        table.getColumns().add(column("rows", d -> numbers.integer(d.rows())));
        table.setPrefHeight(120);
        Tables.fitToContent(table);
        ListView<String> notes = new ListView<>(model.notes());
        notes.setId("average-notes");
        notes.setPrefHeight(70);
        VBox result = new VBox(6, summary, table, new Label("Left out:"), notes);

        ComboBox<String> dataset = new ComboBox<>(model.chartDatasets());
        dataset.setId("average-chart-dataset");
        dataset.valueProperty().bindBidirectional(model.chartDatasetProperty());
        ComboBox<String> metric = new ComboBox<>(model.chartMetrics());
        metric.setId("average-chart-metric");
        metric.valueProperty().bindBidirectional(model.chartMetricProperty());
        HBox chartChoice = new HBox(6, new Label("Chart:"), dataset, metric);
        chartChoice.setAlignment(Pos.CENTER_LEFT);
        viewer.setId("average-chart");
        Label noChart = new Label("The new run's metric, with its input runs, once averaged");
        viewer.visibleProperty().bind(model.chartProperty().isNotNull());
        noChart.visibleProperty().bind(model.chartProperty().isNull());
        model.chartProperty().addListener((o, was, now) -> {
            if (now != null) viewer.setChart(now);
        });
        StackPane chartPane = new StackPane(noChart, viewer);
        VBox.setVgrow(chartPane, Priority.ALWAYS);
        VBox charted = new VBox(6, chartChoice, chartPane);
        SplitPane center = new SplitPane(result, charted);
        center.setOrientation(Orientation.VERTICAL);
        center.setDividerPositions(0.35);
        center.setPadding(new Insets(0, 8, 0, 8));

        Label message = new Label();
        message.setId("average-message");
        message.setWrapText(true);
        message.setPadding(new Insets(8));
        message.textProperty().bind(model.messageProperty());

        setTop(top);
        setCenter(center);
        setBottom(message);
    }

    private static TableColumn<DatasetResult, String> column(String name, Function<DatasetResult, String> value) {
        TableColumn<DatasetResult, String> column = new TableColumn<>(name);
        column.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.apply(r.getValue())));
        return column;
    }

    ChartImageViewer viewer() {
        return viewer;
    }
}
