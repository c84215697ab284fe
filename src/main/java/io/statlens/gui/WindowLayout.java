package io.statlens.gui;

import java.util.List;

/**
 * Where the main window was and how it was divided, restored at the next start.
 *
 * @param x         left edge on screen; NaN to let the system place the window
 * @param y         top edge on screen; NaN to let the system place the window
 * @param width     width of the window's content (its scene), without the frame
 * @param height    height of the window's content, without the frame
 * @param maximized whether it filled the screen (the size is then the one to return to)
 * @param dividers  divider positions (0..1) of the window's split panes, in {@link MainView#splitPanes()} order
 */
public record WindowLayout(double x, double y, double width, double height, boolean maximized, List<Double> dividers) {
    public static final WindowLayout DEFAULT = new WindowLayout(Double.NaN, Double.NaN, 1280, 800, false, List.of());

    public WindowLayout {
        dividers = List.copyOf(dividers);
    }

    /**
     * A maximized window reports the screen's size: keep the place and size it had before (from the layout it was
     * opened with), so that un-maximizing after a restart returns to them.
     */
    public WindowLayout keepingBoundsWhenMaximized(WindowLayout before) {
        return maximized ? new WindowLayout(before.x, before.y, before.width, before.height, true, dividers) : this;
    }

    /** True when the top-left corner lies on one of the screens' visible bounds (a screen may have gone since). */
    public boolean placedOn(List<javafx.geometry.Rectangle2D> screens) {
        if (Double.isNaN(x) || Double.isNaN(y)) return false;
        return screens.stream().anyMatch(s -> s.contains(x + 20, y + 20));
    }
}
