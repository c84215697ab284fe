package io.statlens.gui;

import javafx.scene.control.Tooltip;

/**
 * The tooltip of a table cell that shows a number rounded: its exact value. One per cell, its text replaced row by
 * row. A cell is given every row of its table when its column is fitted to its content ({@link Tables}); a new
 * Tooltip per row (a popup window's worth of objects) made fitting the statistics of 256 CPUs take seconds of the
 * FX thread, during which the window did not answer.
 */
final class ExactValueTip {
    private Tooltip tip;

    /** The cell's tooltip saying {@code exact}; null (no tooltip) for null. */
    Tooltip saying(String exact) {
        if (exact == null) return null;
        if (tip == null) tip = new Tooltip();
        tip.setText(exact);
        return tip;
    }
}
