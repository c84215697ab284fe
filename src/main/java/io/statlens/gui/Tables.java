package io.statlens.gui;

import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.NestedTableColumnHeader;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.TableHeaderRow;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.TableViewSkinBase;
import javafx.scene.input.MouseEvent;
import javafx.scene.text.Text;

import java.util.ArrayList;
import java.util.List;

/**
 * Tables whose columns are as wide as what they show, and whose cells say their whole text when it does not fit.
 *
 * <p>Column widths come from JavaFX's own measure, the one a double-click on a column's border uses: the header
 * and the cells of the first {@value #MEASURED_ROWS} rows, drawn by the column's own cell factory, so that a
 * formatted number is measured as shown. A column is never wider than {@value #WIDEST} pixels; a longer text is
 * cut with an ellipsis, and hovering the cell shows all of it in a tooltip. A cell that sets its own tooltip (a
 * number's exact value) keeps it.
 */
final class Tables {
    static final int MEASURED_ROWS = 500;
    static final double WIDEST = 420;
    private static final String OWN_TIP = "statlens.fullTextTip";

    private Tables() {
    }

    /** Sizes the table's columns to their content now and whenever its rows or columns change. */
    static <S> void fitToContent(TableView<S> table) {
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        FittingSkin<S> skin = new FittingSkin<>(table);
        table.setSkin(skin);
        ListChangeListener<Object> refit = c -> Platform.runLater(skin::fit);
        table.getColumns().addListener(refit);
        table.getItems().addListener(refit);
        table.itemsProperty().addListener((o, was, now) -> {
            if (was != null) was.removeListener(refit);
            if (now != null) now.addListener(refit);
            Platform.runLater(skin::fit);
        });
        table.addEventFilter(MouseEvent.MOUSE_MOVED, e -> fullTextTip(e.getPickResult().getIntersectedNode()));
    }

    /** Gives the cell under the mouse a tooltip with its whole text while its text is cut short. */
    private static void fullTextTip(Node picked) {
        Node n = picked;
        while (n != null && !(n instanceof TableCell<?, ?>)) n = n.getParent();
        if (!(n instanceof TableCell<?, ?> cell)) return;
        Tooltip own = cell.getTooltip();
        if (own != null && !own.getProperties().containsKey(OWN_TIP)) return;
        String full = cell.getText();
        boolean cut = full != null && !full.isEmpty() && cell.lookup(".text") instanceof Text shown && !full.equals(shown.getText());
        if (!cut) {
            if (own != null) cell.setTooltip(null);
            return;
        }
        if (own == null || !full.equals(own.getText())) {
            Tooltip tip = new Tooltip(full);
            tip.getProperties().put(OWN_TIP, Boolean.TRUE);
            tip.setWrapText(true);
            tip.setMaxWidth(800);
            cell.setTooltip(tip);
        }
    }

    /** The table's skin, with column headers that can be asked to fit their column. */
    private static final class FittingSkin<S> extends TableViewSkin<S> {
        private final List<FittingHeader> headers = new ArrayList<>();

        FittingSkin(TableView<S> table) {
            super(table);
        }

        @Override
        protected TableHeaderRow createTableHeaderRow() {
            return new TableHeaderRow(this) {
                @Override
                protected NestedTableColumnHeader createRootHeader() {
                    return new NestedTableColumnHeader(null) {
                        @Override
                        protected TableColumnHeader createTableColumnHeader(TableColumnBase col) {
                            if (col == null || !col.getColumns().isEmpty()) return super.createTableColumnHeader(col);
                            FittingHeader h = new FittingHeader(col);
                            headers.add(h);
                            return h;
                        }
                    };
                }
            };
        }

        /** Sizes every column shown to its content, at most {@link #WIDEST} wide. */
        void fit() {
            headers.removeIf(h -> h.getTableColumn() == null || !getSkinnable().getVisibleLeafColumns().contains(h.getTableColumn()));
            for (FittingHeader h : List.copyOf(headers)) h.fit();
        }
    }

    private static final class FittingHeader extends TableColumnHeader {
        FittingHeader(TableColumnBase<?, ?> column) {
            super(column);
        }

        void fit() {
            TableViewSkinBase<?, ?, ?, ?, ?> skin = getTableSkin();
            if (skin == null) return;
            resizeColumnToFitContent(MEASURED_ROWS);
            TableColumnBase<?, ?> column = getTableColumn();
            if (column.getWidth() > WIDEST && column instanceof TableColumn<?, ?> c) c.setPrefWidth(WIDEST);
        }
    }

    /** For tests: the widths of the table's columns, in order. */
    static List<Double> widths(TableView<?> table) {
        ObservableList<? extends TableColumn<?, ?>> columns = table.getColumns();
        return columns.stream().map(TableColumn::getWidth).toList();
    }
}
