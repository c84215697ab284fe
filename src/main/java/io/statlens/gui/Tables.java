package io.statlens.gui;

import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.control.Labeled;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.NestedTableColumnHeader;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.TableHeaderRow;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.TableViewSkinBase;
import javafx.scene.input.MouseEvent;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Tables whose columns are as wide as what they show, and whose cells say their whole text when it does not fit.
 *
 * <p>A column that says what its cells show ({@link #shows}) is as wide as the longest of those texts of the first
 * {@value #MEASURED_ROWS} rows, measured with the cells' font: no cell is made for it. Any other column gets
 * JavaFX's own measure, the one a double-click on a column's border uses: the header and the cells of the first
 * {@value #MEASURED_ROWS} rows, drawn by the column's own cell factory. That measure styles and lays out a cell per
 * row and column: for the statistics of 256 CPUs (257 rows, 11 columns) it kept the FX thread busy for most of a
 * second after every chart and zoom, so the tables the window refills often say their texts. A column is never
 * wider than {@value #WIDEST} pixels; a longer text is cut with an ellipsis, and hovering the cell shows all of it in
 * a tooltip. A cell that sets its own tooltip (a number's exact value) keeps it.
 */
final class Tables {
    static final int MEASURED_ROWS = 500;
    static final double WIDEST = 420;
    private static final String OWN_TIP = "statlens.fullTextTip";
    private static final String SHOWN_TEXT = "statlens.shownText";
    private static final String WHOLE_TEXT = "statlens.wholeText";
    /**
     * Of a column's texts only those at most this many characters shorter than its longest are measured: in the
     * proportional fonts of a desktop a text shorter by more is not wider (digits and separators are of one width).
     */
    private static final int SHORTER_MEASURED = 3;
    /** A cell's padding and border where no cell is there to ask (modena: 0.166667 em either side, 1 px border). */
    private static final double CELL_PADDING = 10;
    /** A header's padding beside its text, and the space JavaFX's own fit leaves (its sort arrow). */
    private static final double HEADER_PADDING = 20;

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
        // rows given before the table was made (a plan computed at once) change nothing later: fit them now
        Platform.runLater(skin::fit);
    }

    /**
     * Says what a column's cell shows for a row (the formatted text, as its cell factory draws it), so that fitting
     * the column measures these texts with the cells' font instead of styling and laying out a cell per row.
     */
    static <S> void shows(TableColumn<S, ?> column, Function<S, String> text) {
        column.getProperties().put(SHOWN_TEXT, text);
    }

    /**
     * Says the whole text of what a column's cells show in part (a key too long for a data table, shown as its start and
     * a hash): the cell's tooltip says it whenever it differs from the cell's text, cut short or not.
     */
    static <S> void wholeText(TableColumn<S, ?> column, Function<S, String> whole) {
        column.getProperties().put(WHOLE_TEXT, whole);
    }

    /** Gives the cell under the mouse a tooltip with its whole text while its text is cut short or stands for a longer one. */
    private static void fullTextTip(Node picked) {
        Node n = picked;
        while (n != null && !(n instanceof TableCell<?, ?>)) n = n.getParent();
        if (!(n instanceof TableCell<?, ?> cell)) return;
        Tooltip own = cell.getTooltip();
        if (own != null && !own.getProperties().containsKey(OWN_TIP)) return;
        String text = cell.getText();
        String whole = wholeTextOf(cell);
        boolean cut = text != null && !text.isEmpty() && cell.lookup(".text") instanceof Text shown && !text.equals(shown.getText());
        String full = whole != null && !whole.equals(text) ? whole : cut ? text : null;
        if (full == null) {
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

    /** The whole text of the cell's row, when its column says one ({@link #wholeText}); null otherwise. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String wholeTextOf(TableCell<?, ?> cell) {
        Object row = cell.getTableRow() == null ? null : cell.getTableRow().getItem();
        if (row == null || cell.getTableColumn() == null
                || !(cell.getTableColumn().getProperties().get(WHOLE_TEXT) instanceof Function whole)) return null;
        Object text = whole.apply(row);
        return text == null ? null : text.toString();
    }

    /** The table's skin, with column headers that can be asked to fit their column. */
    private static final class FittingSkin<S> extends TableViewSkin<S> {
        /** Fits in a row measured without a cell to ask, before fitting waits no more for cells. */
        private static final int GUESSED_FITS = 3;
        private final List<FittingHeader> headers = new ArrayList<>();
        private int guessedFits;
        private boolean refitting;

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
            Fonts fonts = Fonts.of(getSkinnable());
            for (FittingHeader h : List.copyOf(headers)) h.fit(fonts);
            fitAgainOnceCellsAreThere(fonts);
        }

        /**
         * Rows given before the table has cells (a plan computed before its window was shown, the first rows of an empty
         * table) are measured in a guessed font and padding, which may be narrower than the cells' own: fitted again
         * after the next layout, when their cells are there, a few times at most (a table never shown has none).
         */
        private void fitAgainOnceCellsAreThere(Fonts fonts) {
            javafx.scene.Scene scene = getSkinnable().getScene();
            if (fonts.onCells()) {
                guessedFits = 0;
                return;
            }
            if (scene == null || getSkinnable().getItems().isEmpty() || refitting || guessedFits >= GUESSED_FITS) return;
            guessedFits++;
            refitting = true;
            scene.addPostLayoutPulseListener(new Runnable() {
                @Override
                public void run() {
                    scene.removePostLayoutPulseListener(this);
                    refitting = false;
                    Platform.runLater(FittingSkin.this::fit);
                }
            });
        }
    }

    /**
     * The fonts of a table's cells and headers, and a cell's padding: asked once per fitting, of a cell shown.
     *
     * @param onCells whether a cell was there to ask; else the font and padding are a guess
     */
    private record Fonts(Font cell, Font header, double cellPadding, boolean onCells) {
        static Fonts of(TableView<?> table) {
            // a cell that shows a text: one made but not yet styled has the default font, not the table's
            Labeled cell = null;
            for (Node n : table.lookupAll(".table-cell")) {
                if (n instanceof Labeled l && l.getText() != null && !l.getText().isEmpty()) {
                    cell = l;
                    break;
                }
            }
            Labeled header = table.lookup(".column-header .label") instanceof Labeled l ? l : null;
            Font cellFont = cell != null ? cell.getFont() : header != null ? header.getFont() : Font.getDefault();
            return new Fonts(cellFont, header != null ? header.getFont() : cellFont,
                    cell != null ? cell.snappedLeftInset() + cell.snappedRightInset() + 2 : CELL_PADDING, cell != null);
        }
    }

    private static final class FittingHeader extends TableColumnHeader {
        FittingHeader(TableColumnBase<?, ?> column) {
            super(column);
        }

        void fit(Fonts fonts) {
            TableViewSkinBase<?, ?, ?, ?, ?> skin = getTableSkin();
            if (skin == null) return;
            TableColumnBase<?, ?> column = getTableColumn();
            if (column instanceof TableColumn<?, ?> c && c.getProperties().get(SHOWN_TEXT) instanceof Function<?, ?> text
                    && c.getTableView() != null) {
                c.setPrefWidth(Math.min(WIDEST, measured(c.getTableView(), c, text, fonts)));
                return;
            }
            resizeColumnToFitContent(MEASURED_ROWS);
            if (column.getWidth() > WIDEST && column instanceof TableColumn<?, ?> c) c.setPrefWidth(WIDEST);
        }

        /** The width of the column's header and of its longest texts, in the cells' font, with their padding. */
        @SuppressWarnings({"unchecked", "rawtypes"})
        private static double measured(TableView<?> table, TableColumn<?, ?> column, Function text, Fonts fonts) {
            List<?> items = table.getItems();
            int rows = Math.min(items.size(), MEASURED_ROWS);
            String[] texts = new String[rows];
            int longest = 0;
            for (int i = 0; i < rows; i++) {
                Object shown = text.apply(items.get(i));
                texts[i] = shown == null ? "" : shown.toString();
                longest = Math.max(longest, texts[i].length());
            }
            Text measure = new Text();
            measure.setFont(fonts.cell());
            double widest = 0;
            Set<String> measuredTexts = new HashSet<>();
            for (String t : texts) {
                if (t.length() >= longest - SHORTER_MEASURED && measuredTexts.add(t)) widest = Math.max(widest, width(measure, t));
            }
            measure.setFont(fonts.header());
            double headerWidth = width(measure, column.getText() == null ? "" : column.getText()) + HEADER_PADDING;
            return Math.ceil(Math.max(widest + fonts.cellPadding(), headerWidth));
        }

        private static double width(Text measure, String text) {
            measure.setText(text);
            return measure.getLayoutBounds().getWidth();
        }
    }

    /** For tests: the widths of the table's columns, in order. */
    static List<Double> widths(TableView<?> table) {
        ObservableList<? extends TableColumn<?, ?>> columns = table.getColumns();
        return columns.stream().map(TableColumn::getWidth).toList();
    }
}
