package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.function.Function;

/** The statistics pane: a caption saying which time the figures cover, and one table row per run and key. */
public final class StatsView extends VBox {
    private final TableView<StatsViewModel.Row> table;

    public StatsView(StatsViewModel model, ReadableNumbers numbers) {
        Label caption = new Label();
        caption.setId("stats-caption");
        caption.textProperty().bind(model.captionProperty());
        caption.setPadding(new Insets(2, 6, 2, 6));
        table = new TableView<>(model.rows());
        table.setId("stats");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(text("run", StatsViewModel.Row::run));
        table.getColumns().add(text("key", StatsViewModel.Row::key));
        table.getColumns().add(number("n", r -> numbers.integer(r.stats().n())));
        table.getColumns().add(number("min", r -> numbers.number(r.stats().min(), r.unit())));
        table.getColumns().add(number("max", r -> numbers.number(r.stats().max(), r.unit())));
        table.getColumns().add(number("mean", r -> numbers.number(r.stats().mean(), r.unit())));
        table.getColumns().add(number("stddev", r -> numbers.number(r.stats().stddev(), r.unit())));
        table.getColumns().add(number("p50", r -> numbers.number(r.stats().p50(), r.unit())));
        table.getColumns().add(number("p90", r -> numbers.number(r.stats().p90(), r.unit())));
        table.getColumns().add(number("p95", r -> numbers.number(r.stats().p95(), r.unit())));
        table.getColumns().add(number("p99", r -> numbers.number(r.stats().p99(), r.unit())));
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(caption, table);
    }

    private static TableColumn<StatsViewModel.Row, String> text(String name, Function<StatsViewModel.Row, String> value) {
        TableColumn<StatsViewModel.Row, String> column = new TableColumn<>(name);
        column.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.apply(r.getValue())));
        return column;
    }

    private static TableColumn<StatsViewModel.Row, String> number(String name, Function<StatsViewModel.Row, String> shown) {
        TableColumn<StatsViewModel.Row, String> column = text(name, shown);
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        return column;
    }

    TableView<StatsViewModel.Row> table() {
        return table;
    }
}
