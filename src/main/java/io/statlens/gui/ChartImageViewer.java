package io.statlens.gui;

import io.statlens.chart.ChartFormat;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.FallbackFonts;
import io.statlens.chart.RenderSize;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.shape.Line;
import javafx.scene.shape.Rectangle;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.entity.EntityCollection;
import org.jfree.chart.event.ChartChangeListener;
import org.jfree.chart.plot.Pannable;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.plot.Zoomable;

import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.io.File;
import java.nio.IntBuffer;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Shows a JFreeChart as one picture drawn off the FX thread ({@link ChartPicture}, on the executor's drawing thread),
 * so that the window never waits for a chart to be drawn: JFreeChart-FX's viewer draws on the FX thread into a canvas
 * of some 20,000 path segments, which JavaFX then rasterizes in software while the FX thread waits. The chart is drawn
 * again when it changes and, once a resize rests, at the new size; drawings asked for meanwhile collapse into one.
 * What the user does with it: drag to zoom the time shown (leftwards to zoom out to all the data), Shift-drag a
 * rectangle to zoom the values too, a middle-button drag (or Alt-drag, where the window manager leaves it) to pan,
 * the wheel to zoom the time around the mouse (Shift: the values too), the context menu to zoom in, out or to the
 * whole time and to export the chart as shown. Every gesture has a twin without the mouse's modifiers, since desktops
 * take Alt-drag for moving windows: clicked (or tabbed to), the chart takes the arrow keys to pan, + and - to zoom
 * and Home for the whole time. The crosshair is a line over the picture, not a drawing of the chart. The mouse is
 * read through the layout the last picture was drawn with.
 */
public final class ChartImageViewer extends Region {
    /** A drag shorter than this (pixels) is a click, not a zoom. */
    private static final double MIN_DRAG = 10;
    /** How much one wheel step zooms. */
    private static final double WHEEL_ZOOM = 1.1;
    /** How much a key (+ or -) zooms. */
    private static final double KEY_ZOOM = 1.25;
    /** How far an arrow key pans: this part of the time shown. */
    private static final double KEY_PAN = 0.1;
    /** How much the context menu's Zoom in and Zoom out zoom, around the point clicked. */
    private static final double MENU_ZOOM = 2;
    /** A resize draws the chart again once the size rests this long; until then the last picture stays. */
    private static final Duration RESIZE_SETTLE = Duration.millis(120);

    private final TaskExecutor executor;
    private final Consumer<String> status;
    private final ObjectProperty<JFreeChart> chart = new SimpleObjectProperty<>(this, "chart");
    private final ReadOnlyObjectWrapper<ChartPicture> picture = new ReadOnlyObjectWrapper<>(this, "picture");
    private final ImageView image = new ImageView();
    private final Line crosshair = new Line();
    private final Rectangle zoomBox = new Rectangle();
    private final Rectangle clip = new Rectangle();
    private final ContextMenu menu = new ContextMenu();
    private final Tooltip tip = new Tooltip();
    private final PauseTransition resized = new PauseTransition(RESIZE_SETTLE);
    /** The chart's change events, from whatever thread changed it (an export fits its fonts in the background). */
    private final ChartChangeListener changed = e -> {
        if (Platform.isFxApplicationThread()) redraw();
        else Platform.runLater(this::redraw);
    };
    private double crosshairValue = Double.NaN;
    private boolean rangeZoomable = true;
    private boolean wheelZoomable = true;
    /** A picture is being drawn. */
    private boolean drawing;
    /** The picture shown (or being drawn) is older than the chart or the size. */
    private boolean stale;
    /** A drawing will start once the FX thread is done with the event that changed the chart. */
    private boolean asked;
    /** The chart's fonts are being fitted on the FX thread: that change is the drawing's own, not a reason for another. */
    private boolean fitting;
    private boolean tipShown;
    /** Where a zoom or pan drag started; null when none is under way. */
    private javafx.geometry.Point2D dragFrom;
    private boolean panning;
    /** The drag under way zooms the value axis too (Shift held as it started). */
    private boolean valueZoom;
    private double lastX;
    private double lastY;
    /** Where the context menu was asked for (this node's units): its zooms are around that point. */
    private javafx.geometry.Point2D menuAt;

    /** @param status told what an export wrote, or why it could not */
    public ChartImageViewer(TaskExecutor executor, Consumer<String> status) {
        this.executor = executor;
        this.status = status;
        getStyleClass().add("chart-image-viewer");
        image.setManaged(false);
        image.setSmooth(true);
        crosshair.setManaged(false);
        crosshair.setMouseTransparent(true);
        crosshair.setStroke(Color.rgb(64, 64, 64));
        crosshair.setStrokeWidth(1);
        crosshair.setVisible(false);
        zoomBox.setManaged(false);
        zoomBox.setMouseTransparent(true);
        zoomBox.setFill(Color.rgb(0, 0, 255, 0.25));
        zoomBox.setVisible(false);
        getChildren().addAll(image, zoomBox, crosshair);
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
        setPrefSize(640, 400);
        // Tabbed to or clicked, the chart takes the keys that pan and zoom it.
        setFocusTraversable(true);
        chart.addListener((o, was, now) -> {
            if (was != null) was.removeChangeListener(changed);
            if (now != null) now.addChangeListener(changed);
            hideCrosshair();
            if (now == null) {
                image.setImage(null);
                picture.set(null);
            }
            redraw();
        });
        resized.setOnFinished(e -> redraw());
        widthProperty().addListener((o, was, now) -> resized());
        heightProperty().addListener((o, was, now) -> resized());
        mouse();
        menu();
    }

    public ObjectProperty<JFreeChart> chartProperty() {
        return chart;
    }

    public JFreeChart getChart() {
        return chart.get();
    }

    public void setChart(JFreeChart c) {
        chart.set(c);
    }

    /** The picture shown, with the layout it was drawn with; null before the first one. */
    public ReadOnlyObjectProperty<ChartPicture> pictureProperty() {
        return picture.getReadOnlyProperty();
    }

    /** Where the shown picture drew the chart's parts; null before the first picture. */
    public org.jfree.chart.ChartRenderingInfo getRenderingInfo() {
        ChartPicture p = picture.get();
        return p == null ? null : p.info();
    }

    /** The menu of a right click: Zoom in, Zoom out, Whole time, Export As; views add their own items. */
    public ContextMenu getContextMenu() {
        return menu;
    }

    /**
     * Whether a Shift-drag (or Shift and the wheel) may zoom the value axis too; a plain drag zooms the time axis only.
     * A dashboard zooms time only: each chart keeps the value range that fits its data.
     */
    public void setRangeZoomable(boolean zoomable) {
        rangeZoomable = zoomable;
    }

    /** Whether the mouse wheel zooms the chart; in a scrolled stack of charts it scrolls the stack instead. */
    public void setWheelZoomable(boolean zoomable) {
        wheelZoomable = zoomable;
    }

    /** Whether a picture is being drawn or will be (a change or a resize not drawn yet). */
    public boolean isDrawing() {
        return drawing || asked || (stale && chart.get() != null);
    }

    private void resized() {
        if (picture.get() == null) {
            redraw();
        } else {
            stale = true;
            resized.playFromStart();
        }
    }

    /** Asks for a picture of the chart as it is now, drawn once the FX thread ends the event that changed it. */
    private void redraw() {
        if (fitting) return;
        stale = true;
        if (asked || drawing) return;
        asked = true;
        Platform.runLater(this::draw);
    }

    private void draw() {
        asked = false;
        JFreeChart c = chart.get();
        double w = getWidth();
        double h = getHeight();
        if (c == null || !stale || drawing || w < 1 || h < 1) return;
        stale = false;
        drawing = true;
        // The fonts are fitted here, on the thread that owns the chart: fitting changes the chart, which tells its
        // listeners (this one, and the window's axis listeners) on the thread that changed it.
        fitting = true;
        try {
            FallbackFonts.fit(c);
        } finally {
            fitting = false;
        }
        double scale = getScene() == null || getScene().getWindow() == null ? 1 : getScene().getWindow().getRenderScaleX();
        executor.draw(() -> ChartPicture.draw(c, w, h, scale), drawn -> {
            drawing = false;
            if (c == chart.get()) show(drawn);
            if (stale) redraw();
        }, e -> {
            drawing = false;
            // Drawn while the window changed the chart (a zoom, a new data set): the next picture is right. A chart
            // that did not change is not drawn again, or a broken one would be drawn forever.
            if (stale) redraw();
            else status.accept("cannot draw the chart: " + e);
        });
    }

    private void show(ChartPicture p) {
        PixelBuffer<IntBuffer> pixels = new PixelBuffer<>(p.pixelWidth(), p.pixelHeight(), IntBuffer.wrap(p.pixels()),
                PixelFormat.getIntArgbPreInstance());
        image.setImage(new WritableImage(pixels));
        image.setFitWidth(p.width());
        image.setFitHeight(p.height());
        picture.set(p);
        placeCrosshair();
    }

    @Override
    protected void layoutChildren() {
        image.relocate(0, 0);
        placeCrosshair();
    }

    /** The plot's data area in the shown picture; null without one. */
    public Rectangle2D dataArea() {
        ChartPicture p = picture.get();
        return p == null ? null : p.info().getPlotInfo().getDataArea();
    }

    /** The x axis value under {@code x} (this node's units); NaN outside the plot's data area or without an x-y chart. */
    public double xValue(double x) {
        Rectangle2D area = dataArea();
        if (area == null || !(getChart() != null && getChart().getPlot() instanceof XYPlot plot)) return Double.NaN;
        if (x < area.getMinX() || x > area.getMaxX()) return Double.NaN;
        return plot.getDomainAxis().java2DToValue(x, area, plot.getDomainAxisEdge());
    }

    /** Where (this node's units) the shown picture draws the x axis value {@code value}; NaN without an x-y chart. */
    public double xPosition(double value) {
        Rectangle2D area = dataArea();
        if (area == null || !(getChart() != null && getChart().getPlot() instanceof XYPlot plot)) return Double.NaN;
        return plot.getDomainAxis().valueToJava2D(value, area, plot.getDomainAxisEdge());
    }

    /** A vertical line through the data area at the x axis value {@code value}, over the picture. */
    public void showCrosshair(double value) {
        crosshairValue = value;
        placeCrosshair();
    }

    public void hideCrosshair() {
        crosshairValue = Double.NaN;
        crosshair.setVisible(false);
    }

    /** The x axis value the crosshair stands at; NaN while it is hidden. */
    public double crosshairValue() {
        return crosshair.isVisible() ? crosshairValue : Double.NaN;
    }

    private void placeCrosshair() {
        Rectangle2D area = dataArea();
        double x = Double.isNaN(crosshairValue) ? Double.NaN : xPosition(crosshairValue);
        if (area == null || Double.isNaN(x) || x < area.getMinX() || x > area.getMaxX()) {
            crosshair.setVisible(false);
            return;
        }
        // On a pixel's middle, so that a line one pixel wide is one pixel wide and not two half-grey ones.
        double at = Math.floor(x) + 0.5;
        crosshair.setStartX(at);
        crosshair.setEndX(at);
        crosshair.setStartY(area.getMinY());
        crosshair.setEndY(area.getMaxY());
        crosshair.setVisible(true);
    }

    private void mouse() {
        addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            requestFocus();
            Rectangle2D area = dataArea();
            boolean middle = e.getButton() == MouseButton.MIDDLE;
            if ((e.getButton() != MouseButton.PRIMARY && !middle) || e.isPopupTrigger() || !inside(area, e.getX(), e.getY())) {
                return;
            }
            dragFrom = new javafx.geometry.Point2D(e.getX(), e.getY());
            // The middle button pans on every desktop; Alt-drag only where the window manager does not take it.
            panning = middle || e.isAltDown();
            valueZoom = e.isShiftDown();
            lastX = e.getX();
            lastY = e.getY();
        });
        addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            if (dragFrom == null) return;
            if (panning) pan(e.getX(), e.getY());
            else showZoomBox(e.getX(), e.getY());
        });
        addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            if (dragFrom == null) return;
            if (!panning) zoomTo(e.getX(), e.getY());
            dragFrom = null;
            zoomBox.setVisible(false);
        });
        addEventHandler(MouseEvent.MOUSE_MOVED, e -> tooltipAt(e.getX(), e.getY()));
        addEventHandler(ScrollEvent.SCROLL, e -> {
            // Some desktops turn Shift and the wheel into a sideways scroll.
            double delta = e.getDeltaY() != 0 ? e.getDeltaY() : e.isShiftDown() ? e.getDeltaX() : 0;
            if (!wheelZoomable || delta == 0) return;
            wheel(e.getX(), e.getY(), delta > 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM, e.isShiftDown());
            e.consume();
        });
        addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, e -> {
            menuAt = new javafx.geometry.Point2D(e.getX(), e.getY());
            menu.show(this, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        addEventHandler(KeyEvent.KEY_PRESSED, this::key);
    }

    /**
     * The keys' twins of the mouse's gestures: left and right pan, + and - zoom the time around the middle, up and down
     * zoom the values (Shift-drag's twin; where the values zoom: not on a dashboard, whose arrows scroll it), Home shows
     * it all.
     */
    private void key(KeyEvent e) {
        Rectangle2D area = dataArea();
        if (area == null || e.isControlDown() || e.isAltDown() || e.isMetaDown()) return;
        KeyCode code = e.getCode();
        if (code == KeyCode.LEFT || code == KeyCode.RIGHT) {
            panTime(code == KeyCode.RIGHT ? KEY_PAN : -KEY_PAN);
        } else if (code == KeyCode.PLUS || code == KeyCode.EQUALS || code == KeyCode.ADD) {
            zoomTime(1 / KEY_ZOOM, area.getCenterX(), area.getCenterY());
        } else if (code == KeyCode.MINUS || code == KeyCode.SUBTRACT) {
            zoomTime(KEY_ZOOM, area.getCenterX(), area.getCenterY());
        } else if ((code == KeyCode.UP || code == KeyCode.DOWN) && zoomsValues()) {
            zoomValues(code == KeyCode.UP ? 1 / KEY_ZOOM : KEY_ZOOM, area.getCenterX(), area.getCenterY());
        } else if (code == KeyCode.HOME) {
            autoRange();
        } else {
            return;
        }
        e.consume();
    }

    /** Moves the time shown by this part of it: later for a positive part, earlier for a negative one. */
    private void panTime(double part) {
        if (getChart() == null || !(getChart().getPlot() instanceof Pannable p) || !p.isDomainPannable()) return;
        PlotRenderingInfo info = getRenderingInfo().getPlotInfo();
        Rectangle2D area = info.getDataArea();
        quietly(() -> p.panDomainAxes(part, info, new Point2D.Double(area.getCenterX(), area.getCenterY())));
    }

    /** Zooms the time out ({@code factor} above 1) or in around {@code (x, y)}; the values keep fitting the data. */
    private void zoomTime(double factor, double x, double y) {
        if (getChart() == null || !(getChart().getPlot() instanceof Zoomable z) || !z.isDomainZoomable()) return;
        PlotRenderingInfo info = getRenderingInfo().getPlotInfo();
        quietly(() -> z.zoomDomainAxes(factor, info, new Point2D.Double(x, y), true));
    }

    /** Zooms the values out ({@code factor} above 1) or in around {@code (x, y)}; the time stays. */
    private void zoomValues(double factor, double x, double y) {
        if (!(getChart().getPlot() instanceof Zoomable z)) return;
        PlotRenderingInfo info = getRenderingInfo().getPlotInfo();
        quietly(() -> z.zoomRangeAxes(factor, info, new Point2D.Double(x, y), true));
    }

    /** Whether this chart zooms its values (Shift-drag, up and down, the menu): not a dashboard's. */
    private boolean zoomsValues() {
        return rangeZoomable && getChart() != null && getChart().getPlot() instanceof Zoomable z && z.isRangeZoomable()
                && z.getOrientation() == PlotOrientation.VERTICAL;
    }

    /** Zooms the time (or the values) around where the context menu was asked for (the middle without one). */
    private void zoomAtMenu(double factor, boolean values) {
        Rectangle2D area = dataArea();
        if (area == null) return;
        boolean at = menuAt != null && inside(area, menuAt.getX(), menuAt.getY());
        double x = at ? menuAt.getX() : area.getCenterX();
        double y = at ? menuAt.getY() : area.getCenterY();
        if (values) zoomValues(factor, x, y);
        else zoomTime(factor, x, y);
    }

    /** The zoom rectangle from where the drag started to {@code (x, y)}, inside the data area (all its height if only time zooms). */
    private void showZoomBox(double x, double y) {
        Rectangle2D area = dataArea();
        if (area == null) return;
        double x0 = clamp(Math.min(dragFrom.getX(), x), area.getMinX(), area.getMaxX());
        double x1 = clamp(Math.max(dragFrom.getX(), x), area.getMinX(), area.getMaxX());
        boolean vertical = zoomsRange();
        double y0 = vertical ? clamp(Math.min(dragFrom.getY(), y), area.getMinY(), area.getMaxY()) : area.getMinY();
        double y1 = vertical ? clamp(Math.max(dragFrom.getY(), y), area.getMinY(), area.getMaxY()) : area.getMaxY();
        zoomBox.setX(x0);
        zoomBox.setY(y0);
        zoomBox.setWidth(x1 - x0);
        zoomBox.setHeight(y1 - y0);
        zoomBox.setVisible(true);
    }

    /**
     * Ends a zoom drag at {@code (x, y)}: rightwards (or downwards) zooms into the rectangle, leftwards (or upwards)
     * shows all the data again, as JFreeChart's viewers do; a shorter drag is a click and changes nothing.
     */
    private void zoomTo(double x, double y) {
        Rectangle2D area = dataArea();
        if (area == null || !(getChart().getPlot() instanceof Zoomable z)) return;
        boolean across = Math.abs(x - dragFrom.getX()) >= MIN_DRAG;
        boolean down = zoomsRange() && Math.abs(y - dragFrom.getY()) >= MIN_DRAG;
        if (!across && !down) return;
        if ((across && x < dragFrom.getX()) || (down && y < dragFrom.getY())) {
            autoRange();
            return;
        }
        double x0 = clamp(Math.min(dragFrom.getX(), x), area.getMinX(), area.getMaxX());
        double x1 = clamp(Math.max(dragFrom.getX(), x), area.getMinX(), area.getMaxX());
        double y0 = clamp(Math.min(dragFrom.getY(), y), area.getMinY(), area.getMaxY());
        double y1 = clamp(Math.max(dragFrom.getY(), y), area.getMinY(), area.getMaxY());
        double left = (x0 - area.getMinX()) / area.getWidth();
        double right = (x1 - area.getMinX()) / area.getWidth();
        double bottom = (area.getMaxY() - y1) / area.getHeight();
        double top = (area.getMaxY() - y0) / area.getHeight();
        boolean vertical = z.getOrientation() == PlotOrientation.VERTICAL;
        PlotRenderingInfo info = getRenderingInfo().getPlotInfo();
        Point2D anchor = new Point2D.Double((x0 + x1) / 2, (y0 + y1) / 2);
        quietly(() -> {
            // The time axis runs across a vertical plot, and up a horizontal one.
            if (z.isDomainZoomable() && (vertical ? across : down)) {
                z.zoomDomainAxes(vertical ? left : bottom, vertical ? right : top, info, anchor);
            }
            if (z.isRangeZoomable() && rangeZoomable && valueZoom && (vertical ? down : across)) {
                z.zoomRangeAxes(vertical ? bottom : left, vertical ? top : right, info, anchor);
            }
        });
    }

    /** Pans by the mouse's move since the last drag event, if the plot allows it (the window's plots pan along time). */
    private void pan(double x, double y) {
        Rectangle2D area = dataArea();
        if (area == null || !(getChart().getPlot() instanceof Pannable p)) return;
        double across = -(x - lastX) / area.getWidth();
        double up = (y - lastY) / area.getHeight();
        lastX = x;
        lastY = y;
        PlotRenderingInfo info = getRenderingInfo().getPlotInfo();
        Point2D at = new Point2D.Double(x, y);
        boolean vertical = p.getOrientation() == PlotOrientation.VERTICAL;
        quietly(() -> {
            if (p.isDomainPannable()) p.panDomainAxes(vertical ? across : up, info, at);
            if (p.isRangePannable()) p.panRangeAxes(vertical ? up : across, info, at);
        });
    }

    /** Zooms out ({@code factor} above 1) or in around {@code (x, y)}: the time, and the values too if {@code values}. */
    private void wheel(double x, double y, double factor, boolean values) {
        Rectangle2D area = dataArea();
        if (!inside(area, x, y) || !(getChart().getPlot() instanceof Zoomable z)) return;
        PlotRenderingInfo info = getRenderingInfo().getPlotInfo();
        Point2D at = new Point2D.Double(x, y);
        quietly(() -> {
            if (z.isDomainZoomable()) z.zoomDomainAxes(factor, info, at, true);
            if (z.isRangeZoomable() && rangeZoomable && values) z.zoomRangeAxes(factor, info, at, true);
        });
    }

    /** Every axis back to showing all of its data. */
    public void autoRange() {
        JFreeChart c = getChart();
        if (c == null || !(c.getPlot() instanceof Zoomable z) || getRenderingInfo() == null) return;
        PlotRenderingInfo info = getRenderingInfo().getPlotInfo();
        Point2D centre = new Point2D.Double(info.getDataArea().getCenterX(), info.getDataArea().getCenterY());
        // A factor of 0 is JFreeChart's "auto range".
        quietly(() -> {
            z.zoomDomainAxes(0, info, centre);
            z.zoomRangeAxes(0, info, centre);
        });
    }

    /** Changes the plot's axes as one change: one picture drawn after, not one per axis. */
    private void quietly(Runnable change) {
        Plot plot = getChart().getPlot();
        boolean notify = plot.isNotify();
        plot.setNotify(false);
        try {
            change.run();
        } finally {
            plot.setNotify(notify);
        }
    }

    private boolean zoomsRange() {
        return rangeZoomable && valueZoom && getChart() != null && getChart().getPlot() instanceof Zoomable z
                && (z.getOrientation() == PlotOrientation.VERTICAL ? z.isRangeZoomable() : z.isDomainZoomable());
    }

    /** The tooltip of what the picture drew under the mouse, when its renderer gave it one. */
    private void tooltipAt(double x, double y) {
        org.jfree.chart.ChartRenderingInfo info = getRenderingInfo();
        EntityCollection entities = info == null ? null : info.getEntityCollection();
        ChartEntity entity = entities == null || entities.getEntityCount() == 0 ? null : entities.getEntity(x, y);
        String text = entity == null ? null : entity.getToolTipText();
        if (text != null && !text.isEmpty()) {
            tip.setText(text);
            if (!tipShown) Tooltip.install(this, tip);
            tipShown = true;
        } else if (tipShown) {
            Tooltip.uninstall(this, tip);
            tipShown = false;
        }
    }

    private void menu() {
        Menu exportAs = new Menu("Export As");
        for (ChartFormat format : ChartFormat.values()) {
            MenuItem item = new MenuItem(format.name() + "...");
            item.setId("chart-export-" + format.extension());
            item.setOnAction(e -> chooseAndExport(format));
            exportAs.getItems().add(item);
        }
        MenuItem in = new MenuItem("Zoom in");
        in.setId("chart-zoom-in");
        in.setOnAction(e -> zoomAtMenu(1 / MENU_ZOOM, false));
        MenuItem out = new MenuItem("Zoom out");
        out.setId("chart-zoom-out");
        out.setOnAction(e -> zoomAtMenu(MENU_ZOOM, false));
        // Shift-drag's twins: the values only, where they zoom (a dashboard's charts keep the values that fit their data).
        MenuItem valuesIn = new MenuItem("Zoom values in");
        valuesIn.setId("chart-zoom-values-in");
        valuesIn.setOnAction(e -> zoomAtMenu(1 / MENU_ZOOM, true));
        MenuItem valuesOut = new MenuItem("Zoom values out");
        valuesOut.setId("chart-zoom-values-out");
        valuesOut.setOnAction(e -> zoomAtMenu(MENU_ZOOM, true));
        menu.setOnShowing(e -> {
            valuesIn.setVisible(zoomsValues());
            valuesOut.setVisible(zoomsValues());
        });
        MenuItem all = new MenuItem("Whole time");
        all.setId("chart-auto-range");
        all.setOnAction(e -> autoRange());
        menu.getItems().addAll(in, out, valuesIn, valuesOut, all, new SeparatorMenuItem(), exportAs);
    }

    private void chooseAndExport(ChartFormat format) {
        if (getChart() == null) return;
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the chart as " + format.name());
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(format.name(), "*." + format.extension()));
        File file = chooser.showSaveDialog(getScene().getWindow());
        if (file == null) return;
        Path chosen = file.toPath();
        // A name typed without the extension gets the format's.
        if (!chosen.getFileName().toString().toLowerCase(Locale.ROOT).endsWith("." + format.extension())) {
            chosen = chosen.resolveSibling(chosen.getFileName() + "." + format.extension());
        }
        export(chosen);
    }

    /**
     * Writes the chart as shown, at the size shown, in the format of the file's extension (.png or .svg), in the
     * background; the status line says what was written.
     */
    public void export(Path file) {
        JFreeChart c = getChart();
        if (c == null) return;
        String name = file.getFileName().toString();
        ChartFormat format = ChartFormat.parse(name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT));
        RenderSize size = new RenderSize((int) clamp(getWidth(), 200, 10_000), (int) clamp(getHeight(), 150, 10_000), 1);
        executor.draw(() -> ChartWriter.write(c, format, size, file),
                bytes -> status.accept("wrote " + file + " (" + bytes + " bytes)"),
                e -> status.accept("cannot write " + file + ": " + e.getMessage()));
    }

    /** Whether {@code (x, y)} lies in the data area, its edges included (the axes' ends are where a drag may start). */
    private static boolean inside(Rectangle2D area, double x, double y) {
        return area != null && x >= area.getMinX() && x <= area.getMaxX() && y >= area.getMinY() && y <= area.getMaxY();
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }
}
