package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.util.function.Function;
import java.util.function.ToDoubleFunction;

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
        table.getColumns().add(text("run", StatsViewModel.Row::run));
        TableColumn<StatsViewModel.Row, String> key = text("key", StatsViewModel.Row::key);
        // A deep stack is stored as its start and a hash: its cell's tooltip says it whole.
        Tables.wholeText(key, StatsViewModel.Row::wholeKey);
        table.getColumns().add(key);
        table.getColumns().add(number("n", r -> numbers.integer(r.stats().n()), r -> r.stats().n()));
        table.getColumns().add(number("min", r -> numbers.number(r.stats().min(), r.unit()), r -> r.stats().min()));
        table.getColumns().add(number("max", r -> numbers.number(r.stats().max(), r.unit()), r -> r.stats().max()));
        table.getColumns().add(number("mean", r -> numbers.number(r.stats().mean(), r.unit()), r -> r.stats().mean()));
        table.getColumns().add(number("stddev", r -> numbers.number(r.stats().stddev(), r.unit()), r -> r.stats().stddev()));
        table.getColumns().add(number("p50", r -> numbers.number(r.stats().p50(), r.unit()), r -> r.stats().p50()));
        table.getColumns().add(number("p90", r -> numbers.number(r.stats().p90(), r.unit()), r -> r.stats().p90()));
        table.getColumns().add(number("p95", r -> numbers.number(r.stats().p95(), r.unit()), r -> r.stats().p95()));
        table.getColumns().add(number("p99", r -> numbers.number(r.stats().p99(), r.unit()), r -> r.stats().p99()));
        // Rows of one height, as the theme draws them (modena's -fx-cell-size, 2 em of the table's font): the table then lays out only the rows shown without
        // measuring each new row's cells, which made the first statistics of a chart one pulse of 150 ms.
        table.setStyle("-fx-fixed-cell-size: 2em;");
        Tables.fitToContent(table);
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(caption, table);
    }

    private static TableColumn<StatsViewModel.Row, String> text(String name, Function<StatsViewModel.Row, String> value) {
        TableColumn<StatsViewModel.Row, String> column = new TableColumn<>(name);
        column.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.apply(r.getValue())));
        // 257 rows for 256 CPUs after every chart and zoom: fitted by measuring these texts, not by laying out cells.
        Tables.shows(column, value);
        return column;
    }

    /** A number as people read it, its exact value in the cell's tooltip. */
    private static TableColumn<StatsViewModel.Row, String> number(String name, Function<StatsViewModel.Row, String> shown,
                                                                 ToDoubleFunction<StatsViewModel.Row> exact) {
        TableColumn<StatsViewModel.Row, String> column = text(name, shown);
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        column.setCellFactory(c -> new TableCell<>() {
            private final ExactValueTip tip = new ExactValueTip();

            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                StatsViewModel.Row row = empty || getTableRow() == null ? null : getTableRow().getItem();
                setText(row == null ? null : text);
                setTooltip(tip.saying(row == null ? null : ReadableNumbers.exact(exact.applyAsDouble(row))));
            }
        });
        return column;
    }

    TableView<StatsViewModel.Row> table() {
        return table;
    }
}
