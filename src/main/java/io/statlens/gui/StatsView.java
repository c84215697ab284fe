package io.statlens.gui;

import io.statlens.store.read.SeriesStats;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** The statistics pane: a caption saying which time the figures cover, and one table row per run and key. */
public final class StatsView extends VBox {
    private final TableView<StatsViewModel.Row> table;

    public StatsView(StatsViewModel model) {
        Label caption = new Label();
        caption.setId("stats-caption");
        caption.textProperty().bind(model.captionProperty());
        caption.setPadding(new Insets(2, 6, 2, 6));
        table = new TableView<>(model.rows());
        table.setId("stats");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(text("run", StatsViewModel.Row::run));
        table.getColumns().add(text("key", StatsViewModel.Row::key));
        table.getColumns().add(number("n", SeriesStats::n));
        table.getColumns().add(number("min", SeriesStats::min));
        table.getColumns().add(number("max", SeriesStats::max));
        table.getColumns().add(number("mean", SeriesStats::mean));
        table.getColumns().add(number("stddev", SeriesStats::stddev));
        table.getColumns().add(number("p50", SeriesStats::p50));
        table.getColumns().add(number("p90", SeriesStats::p90));
        table.getColumns().add(number("p95", SeriesStats::p95));
        table.getColumns().add(number("p99", SeriesStats::p99));
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(caption, table);
    }

    private static TableColumn<StatsViewModel.Row, String> text(String name, Function<StatsViewModel.Row, String> value) {
        TableColumn<StatsViewModel.Row, String> column = new TableColumn<>(name);
        column.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(value.apply(r.getValue())));
        return column;
    }

    private static TableColumn<StatsViewModel.Row, String> number(String name, ToDoubleFunction<SeriesStats> value) {
        TableColumn<StatsViewModel.Row, String> column = new TableColumn<>(name);
        column.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(shown(value.applyAsDouble(r.getValue().stats()))));
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        return column;
    }

    /** Six significant digits, no trailing zeros: enough to read, short enough for narrow columns. */
    static String shown(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return Double.toString(v);
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }

    TableView<StatsViewModel.Row> table() {
        return table;
    }
}
