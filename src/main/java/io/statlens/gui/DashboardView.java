package io.statlens.gui;

import io.statlens.chart.ChartStack;
import io.statlens.chart.Dashboard;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.PresetCatalog;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.PauseTransition;
import javafx.animation.Timeline;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Cursor;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.Duration;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.event.AxisChangeListener;
import org.jfree.chart.plot.XYPlot;

import java.util.ArrayList;
import java.util.List;

/**
 * The dashboard tab's content: a tool bar (saved dashboards, add a chart, save, export, the whole time, progress and
 * Cancel), the charts stacked under it, each with a header to drag it by (or move it with its arrows, or remove
 * it) and its values at the crosshair under it, and the time under the mouse at the bottom.
 *
 * <p>The charts' time axes are one: a zoom (drag a rectangle, the keys, the context menu) or a pan (a middle-button
 * drag, the arrow keys) in any chart is set on the view
 * model, and every chart's axis follows it. Their plot areas are lined up ({@link ChartStack#align}), so that the
 * crosshair is one vertical line through all of them.
 */
public final class DashboardView extends BorderPane {
    static final String HINT = "Mouse over: every chart's values. Drag across: zoom; middle-drag or \u2190 \u2192: pan;"
            + " + -: zoom; right-click: Zoom out, Whole time; drag a header: move.";
    private static final String DRAG_KIND = "statlens-dashboard-chart";
    private final DashboardViewModel model;
    private final Dialogs dialogs;
    private final TaskExecutor executor;
    private final VBox stack = new VBox(6);
    private final Label time = new Label(HINT);
    private final List<Panel> panels = new ArrayList<>();
    /** Set while the view moves the charts' axes itself, so that those moves are not taken for the user's. */
    private boolean following;
    private final PauseTransition settle = new PauseTransition(Duration.millis(300));
    /** The height of each chart: the charts share the visible height, but are never lower than {@link #MIN_HEIGHT}. */
    private final DoubleProperty chartHeight = new SimpleDoubleProperty(DashboardViewModel.CHART_HEIGHT);
    static final double MIN_HEIGHT = 210;
    private final ScrollPane scroll = new ScrollPane(stack);

    /**
     * @param dialogs  where the file to export is chosen
     * @param executor where the charts are drawn into pictures
     */
    public DashboardView(DashboardViewModel model, Dialogs dialogs, TaskExecutor executor) {
        this.model = model;
        this.dialogs = dialogs;
        this.executor = executor;
        setTop(new VBox(toolBar(), title()));
        setCenter(chartStack());
        setBottom(messageLines());
        model.charts().addListener((ListChangeListener<DrawnChart>) c -> rebuild());
        // Once a zoom has settled, the charts are drawn again for it at the width they have.
        settle.setOnFinished(e -> model.refine(chartWidth()));
        model.zoomProperty().addListener((o, was, now) -> {
            follow(now);
            settle.playFromStart();
        });
    }

    /** The dashboard's name and runs, over the charts. */
    private Label title() {
        Label title = new Label();
        title.setId("dashboard-title");
        title.setStyle("-fx-font-weight: bold");
        title.setPadding(new Insets(4, 8, 0, 8));
        title.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            Dashboard d = model.dashboardProperty().get();
            return d == null ? "" : DashboardViewModel.title(d);
        }, model.dashboardProperty()));
        return title;
    }

    /** The charts one under another, scrolled, and what to do while there are none. */
    private StackPane chartStack() {
        stack.setId("dashboard-charts");
        stack.setPadding(new Insets(6));
        stack.setFillWidth(true);
        scroll.setFitToWidth(true);
        scroll.setId("dashboard-scroll");
        scroll.viewportBoundsProperty().addListener((o, was, now) -> fitHeights());
        Label empty = new Label("Select a run in the browser to see its dashboard: CPU, disk, network, memory, the"
                + " benchmark and the database on one time axis\n(Ctrl-click more runs to compare them on elapsed time).");
        empty.setId("dashboard-empty");
        empty.visibleProperty().bind(model.dashboardProperty().isNull());
        return new StackPane(scroll, empty);
    }

    /** Under the charts: the time and values under the mouse, and what the last action did. */
    private VBox messageLines() {
        time.setId("dashboard-time");
        time.setPadding(new Insets(2, 6, 2, 6));
        Label message = new Label();
        message.setId("dashboard-message");
        message.setWrapText(true);
        message.setPadding(new Insets(2, 6, 2, 6));
        message.textProperty().bind(model.messageProperty());
        return new VBox(time, message);
    }

    /** Whether the zoom has rested: the charts have been asked to be drawn again for it, or need not be. */
    boolean settled() {
        return settle.getStatus() != Animation.Status.RUNNING;
    }

    private FlowPane toolBar() {
        MenuButton open = new MenuButton("Open saved");
        open.setId("dashboard-open");
        open.setTooltip(new Tooltip("Open a dashboard saved by name, with the runs it was saved for"));
        model.savedNames().addListener((ListChangeListener<String>) c -> {
            List<MenuItem> items = new ArrayList<>();
            for (String name : model.savedNames()) {
                MenuItem item = new MenuItem(name);
                item.setOnAction(e -> model.openSaved(name));
                items.add(item);
            }
            open.getItems().setAll(items);
        });
        open.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.savedNames()));
        MenuButton add = new MenuButton("Add chart");
        add.setId("dashboard-add");
        add.setTooltip(new Tooltip("Add a chart preset that applies to the dashboard's runs"));
        model.addable().addListener((ListChangeListener<PresetCatalog.Preset>) c -> {
            List<MenuItem> items = new ArrayList<>();
            for (PresetCatalog.Preset p : model.addable()) {
                String title = p.definition().title();
                MenuItem item = new MenuItem(title == null ? p.name() : p.name() + "  —  " + title);
                item.setOnAction(e -> model.add(p.definition()));
                items.add(item);
            }
            add.getItems().setAll(items);
        });
        add.disableProperty().bind(model.dashboardProperty().isNull().or(javafx.beans.binding.Bindings.isEmpty(model.addable())));
        TextField name = new TextField();
        name.setId("dashboard-name");
        name.setPromptText("name to save as");
        name.setPrefColumnCount(9);
        // The name of the dashboard shown; other runs clear it, so that Save does not offer the last runs' name.
        model.dashboardProperty().addListener((o, was, now) -> {
            if (now != null && now.name() != null) name.setText(now.name());
            else if (now == null || was == null || !now.runs().equals(was.runs())) name.clear();
        });
        Button save = new Button("Save");
        save.setId("dashboard-save");
        save.disableProperty().bind(model.dashboardProperty().isNull().or(name.textProperty().isEmpty()));
        save.setOnAction(e -> model.save(name.getText(),
                question -> dialogs.confirm(this, "Replace the saved dashboard?", question, "Replace")));
        Button delete = new Button("Delete");
        delete.setId("dashboard-delete");
        delete.setTooltip(new Tooltip("Delete the saved dashboard shown (its charts stay until you open something else)"));
        delete.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> model.dashboardProperty().get() == null || model.dashboardProperty().get().name() == null,
                model.dashboardProperty()));
        delete.setOnAction(e -> model.deleteSaved());
        MenuButton window = new MenuButton("Window");
        window.setId("dashboard-window");
        window.setTooltip(new Tooltip("Show a time window saved with the runs (warm-up, steady state...) in every chart,"
                + " or save the time shown as one"));
        Runnable windowItems = () -> {
            List<MenuItem> items = new ArrayList<>();
            for (String n : model.windows()) {
                MenuItem item = new MenuItem(n);
                item.setOnAction(e -> model.showWindow(n));
                items.add(item);
            }
            if (!items.isEmpty()) items.add(new javafx.scene.control.SeparatorMenuItem());
            MenuItem saveWindow = new MenuItem("Save window as...");
            saveWindow.setId("dashboard-save-window");
            saveWindow.setOnAction(e -> dialogs.askText(this, "Save the time shown as a window",
                            "Name of the time window (saved with the runs; statlens report --window NAME):", "steady")
                    .ifPresent(n -> model.saveWindow(n, question -> dialogs.confirm(this, "Replace the time window?", question, "Replace"))));
            items.add(saveWindow);
            window.getItems().setAll(items);
        };
        windowItems.run();
        model.windows().addListener((ListChangeListener<String>) c -> windowItems.run());
        window.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.charts()));
        Button whole = new Button("Whole time");
        whole.setId("dashboard-whole");
        whole.disableProperty().bind(model.zoomProperty().isNull());
        whole.setOnAction(e -> model.zoom(null));
        Button export = new Button("Export page...");
        export.setId("dashboard-export");
        export.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.charts()));
        export.setOnAction(e -> dialogs.chooseFileToSave(this, "Export the dashboard as one page",
                        new FileChooser.ExtensionFilter("PNG image", "*.png"), new FileChooser.ExtensionFilter("SVG drawing", "*.svg"),
                        new FileChooser.ExtensionFilter("PDF document", "*.pdf"))
                .ifPresent(file -> model.export(file, DashboardViewModel.DEFAULT_WIDTH)));
        ToggleButton live = new ToggleButton("Live");
        live.setId("dashboard-live");
        live.setTooltip(new Tooltip("Follow the runs as a collect fills them: the last minutes up to the latest sample,"
                + " read again every " + DashboardViewModel.LIVE_PERIOD_MS / 1000 + " s, notes as they come. A zoom or pan ends it."));
        live.disableProperty().bind(model.dashboardProperty().isNull());
        live.setSelected(model.liveProperty().get());
        model.liveProperty().addListener((o, was, now) -> live.setSelected(now));
        live.setOnAction(e -> model.setLive(live.isSelected()));
        Spinner<Integer> minutes = new Spinner<>(1, 24 * 60, model.liveMinutesProperty().get());
        minutes.setId("dashboard-live-minutes");
        minutes.setEditable(true);
        minutes.setPrefWidth(66);
        minutes.setTooltip(new Tooltip("The minutes Live shows"));
        minutes.valueProperty().addListener((o, was, now) -> {
            if (now != null) model.liveMinutesProperty().set(now);
        });
        Label minutesLabel = new Label("min");
        Timeline ticks = new Timeline(new KeyFrame(Duration.millis(DashboardViewModel.LIVE_PERIOD_MS), e -> model.follow()));
        ticks.setCycleCount(Animation.INDEFINITE);
        model.liveProperty().addListener((o, was, now) -> {
            if (now) ticks.play();
            else ticks.stop();
        });
        ProgressBar progress = new ProgressBar();
        progress.setId("dashboard-progress");
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.loadingProperty());
        progress.managedProperty().bind(model.loadingProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("dashboard-cancel");
        cancel.visibleProperty().bind(model.loadingProperty());
        cancel.managedProperty().bind(model.loadingProperty());
        cancel.setOnAction(e -> model.cancel());
        for (javafx.scene.control.Control c : List.of(open, add, save, delete, window, whole, live, minutes, minutesLabel, export, cancel)) {
            c.setMinWidth(Region.USE_PREF_SIZE);
        }
        // A tool bar that wraps rather than hiding its last items behind » in a narrow window (Live, Delete and Export
        // went there at the default width): every button stays one click away, on a second row when it must.
        Separator between = new Separator(Orientation.VERTICAL);
        between.setPrefHeight(24);
        FlowPane bar = new FlowPane(6, 4, open, add, whole, window, live, minutes, minutesLabel, between, name, save, delete,
                export, progress, cancel);
        bar.getStyleClass().add("tool-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        return bar;
    }

    /** One chart of the stack: its header (drag handle, title, arrows, remove), the chart, and its readout. */
    private final class Panel extends VBox {
        DrawnChart drawn;
        final ChartImageViewer viewer;
        final Label readout = new Label();
        AxisChangeListener axisListener;

        Panel(DrawnChart drawn, int index, int count) {
            this.drawn = drawn;
            viewer = new ChartImageViewer(executor, model::say);
            viewer.setChart(drawn.chart());
            viewer.setId("dashboard-chart-" + index);
            if (plot() != null && model.linked(drawn)) plot().setDomainPannable(true);
            // One zoom for all: along time only, so that each chart keeps the value range that fits its data.
            viewer.setRangeZoomable(false);
            // The mouse wheel scrolls the dashboard; over a chart it would zoom that chart instead.
            viewer.setWheelZoomable(false);
            viewer.addEventHandler(MouseEvent.MOUSE_MOVED, e -> hover(Panel.this, e.getX()));
            Label handle = new Label("\u2261");
            handle.setStyle("-fx-font-size: 16px");
            handle.setCursor(Cursor.MOVE);
            Label name = new Label(drawn.definition().name() != null ? drawn.definition().name() : "chart");
            name.setStyle("-fx-font-weight: bold");
            name.setMinWidth(Region.USE_PREF_SIZE);
            // The values at the crosshair, in the header: one line that does not move the charts when it changes.
            readout.setId("dashboard-readout-" + index);
            readout.setMaxWidth(Double.MAX_VALUE);
            readout.setStyle("-fx-text-fill: #1f3a5f;");
            HBox.setHgrow(readout, Priority.ALWAYS);
            Button up = new Button("\u25B2");
            up.setId("dashboard-up-" + index);
            up.setTooltip(new Tooltip("Move this chart up"));
            up.setDisable(index == 0);
            up.setOnAction(e -> model.move(index, index - 1));
            Button down = new Button("\u25BC");
            down.setId("dashboard-down-" + index);
            down.setTooltip(new Tooltip("Move this chart down"));
            down.setDisable(index == count - 1);
            down.setOnAction(e -> model.move(index, index + 1));
            Button remove = new Button("\u2715");
            remove.setId("dashboard-remove-" + index);
            remove.setTooltip(new Tooltip("Remove this chart from the dashboard"));
            remove.setOnAction(e -> model.remove(drawn));
            for (Button b : List.of(up, down, remove)) b.setStyle("-fx-font-size: 9px; -fx-padding: 1 5 1 5;");
            HBox header = new HBox(8, handle, name, readout, up, down, remove);
            header.setAlignment(Pos.CENTER_LEFT);
            header.setPadding(new Insets(1, 4, 1, 4));
            header.setStyle("-fx-background-color: #eef1f5;");
            header.setCursor(Cursor.MOVE);
            viewer.prefHeightProperty().bind(chartHeight);
            viewer.minHeightProperty().bind(chartHeight);
            getChildren().addAll(header, viewer);
            setStyle("-fx-border-color: #d5d9df; -fx-border-width: 1;");
            draggable(header, index);
        }

        /** Dragging the header moves the chart: dropped on another chart, it takes that chart's place. */
        private void draggable(HBox header, int index) {
            header.setOnDragDetected(e -> {
                Dragboard board = header.startDragAndDrop(TransferMode.MOVE);
                ClipboardContent content = new ClipboardContent();
                content.putString(DRAG_KIND + ":" + index);
                board.setContent(content);
                e.consume();
            });
            setOnDragOver(e -> {
                if (draggedIndex(e.getDragboard()) >= 0) e.acceptTransferModes(TransferMode.MOVE);
                e.consume();
            });
            setOnDragDropped(e -> {
                int from = draggedIndex(e.getDragboard());
                if (from >= 0) model.move(from, index);
                e.setDropCompleted(from >= 0);
                e.consume();
            });
        }

        XYPlot plot() {
            return drawn.chart().getPlot() instanceof XYPlot p ? p : null;
        }
    }

    private static int draggedIndex(Dragboard board) {
        if (!board.hasString() || !board.getString().startsWith(DRAG_KIND + ":")) return -1;
        try {
            return Integer.parseInt(board.getString().substring(DRAG_KIND.length() + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Makes one panel per chart, lines their plot areas up and links their time axes. The same charts drawn again (a
     * zoom drawn for the time shown, a live dashboard read again) stay in their panels, each showing its last picture
     * until the new one is drawn, so that the dashboard never blinks empty.
     */
    private void rebuild() {
        for (Panel p : panels) {
            if (p.plot() != null && p.axisListener != null) p.plot().getDomainAxis().removeChangeListener(p.axisListener);
        }
        List<DrawnChart> charts = model.charts();
        if (sameCharts(charts)) {
            for (int i = 0; i < charts.size(); i++) {
                Panel p = panels.get(i);
                p.drawn = charts.get(i);
                if (p.plot() != null && model.linked(p.drawn)) p.plot().setDomainPannable(true);
            }
        } else {
            // A chart kept (moved, or another one added) gets a new panel: the old viewer stops drawing it.
            for (Panel p : panels) p.viewer.setChart(null);
            panels.clear();
            for (int i = 0; i < charts.size(); i++) panels.add(new Panel(charts.get(i), i, charts.size()));
            stack.getChildren().setAll(panels);
        }
        ChartStack.align(charts.stream().map(DrawnChart::chart).toList(), chartWidth(), DashboardViewModel.CHART_HEIGHT);
        fitHeights();
        follow(model.zoomProperty().get());
        // Each viewer takes its new chart with the axis already at the time shown: one picture, not two.
        for (Panel p : panels) p.viewer.setChart(p.drawn.chart());
        for (Panel p : panels) {
            XYPlot plot = p.plot();
            if (plot == null || !model.linked(p.drawn)) continue;
            p.axisListener = e -> {
                if (!following) zoomed(plot.getDomainAxis());
            };
            plot.getDomainAxis().addChangeListener(p.axisListener);
        }
        time.setText(HINT);
    }

    /** Whether the panels show these charts' definitions in this order (the same dashboard drawn again). */
    private boolean sameCharts(List<DrawnChart> charts) {
        if (panels.size() != charts.size() || panels.isEmpty()) return false;
        for (int i = 0; i < charts.size(); i++) {
            if (panels.get(i).drawn.definition() != charts.get(i).definition()) return false;
        }
        return true;
    }

    /** Shares the visible height among the charts (each at least {@link #MIN_HEIGHT}; more scroll). */
    private void fitHeights() {
        int n = panels.size();
        double viewport = scroll.getViewportBounds().getHeight();
        if (n == 0 || viewport <= 0) return;
        // Each panel adds its header (about 24 pixels), its border and the gap between panels.
        double each = (viewport - stack.getPadding().getTop() - stack.getPadding().getBottom()) / n - 24 - 2 - stack.getSpacing();
        chartHeight.set(Math.max(MIN_HEIGHT, Math.floor(each)));
    }

    /** A chart's axis was moved by the user (zoom, pan, or zoom out to the data): every chart shows the same. */
    private void zoomed(ValueAxis axis) {
        if (axis.isAutoRange()) {
            model.zoom(null);
        } else {
            double from = axis.getLowerBound();
            double to = axis.getUpperBound();
            if (to > from) model.zoom(new DashboardViewModel.Window(from, to));
        }
        follow(model.zoomProperty().get());
    }

    /** Sets every linked chart's axis to the shared window (all of the time when null). */
    private void follow(DashboardViewModel.Window window) {
        DashboardViewModel.Window shown = window != null ? window : model.whole();
        if (shown == null) return;
        following = true;
        try {
            for (Panel p : panels) {
                XYPlot plot = p.plot();
                if (plot == null || !model.linked(p.drawn)) continue;
                ValueAxis axis = plot.getDomainAxis();
                if (axis.getLowerBound() != shown.from() || axis.getUpperBound() != shown.to()) {
                    axis.setRange(shown.from(), shown.to());
                }
            }
        } finally {
            following = false;
        }
    }

    /** The mouse over a chart: the crosshair of every chart at the nearest sample's time, with their values. */
    private void hover(Panel over, double canvasX) {
        double x = axisValue(over, canvasX);
        if (Double.isNaN(x) || !model.linked(over.drawn)) {
            hideCrosshairs();
            return;
        }
        double at = model.snap(over.drawn, x);
        if (Double.isNaN(at)) return;
        time.setText(model.position(at));
        for (Panel p : panels) {
            if (!model.linked(p.drawn)) continue;
            p.viewer.showCrosshair(at);
            p.readout.setText(String.join("    ", model.readout(p.drawn, at)));
        }
    }

    private void hideCrosshairs() {
        for (Panel p : panels) p.viewer.hideCrosshair();
    }

    /** The x axis value under a point of a chart's viewer; NaN outside its data area. */
    private static double axisValue(Panel p, double viewerX) {
        return p.plot() == null ? Double.NaN : p.viewer.xValue(viewerX);
    }

    /** The width the charts are drawn at: the stack's, once it is laid out. */
    private int chartWidth() {
        double w = stack.getWidth() - stack.getPadding().getLeft() - stack.getPadding().getRight() - 4;
        return w > 200 ? (int) w : DashboardViewModel.DEFAULT_WIDTH;
    }

    /** For tests: where a chart's viewer shows the time {@code x}. */
    double viewerX(int chart, double x) {
        return panels.get(chart).viewer.xPosition(x);
    }

    ChartImageViewer viewer(int chart) {
        return panels.get(chart).viewer;
    }

    JFreeChart chart(int chart) {
        return panels.get(chart).drawn.chart();
    }

    Label readout(int chart) {
        return panels.get(chart).readout;
    }
}
