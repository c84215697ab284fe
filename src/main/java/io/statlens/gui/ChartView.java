package io.statlens.gui;

import io.statlens.chart.HotEnd;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import javafx.scene.input.MouseEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The chart tab's content: the key filter (top N, hottest by, keys by hand) and the SQL toggle above the chart,
 * the crosshair's readout under it, and the chart's query (shown, edited, applied) below when toggled on. Mouse
 * positions become axis values here; what to show for them is the view model's business.
 */
public final class ChartView extends BorderPane {
    static final String HINT = "Move the mouse over the chart for its values; drag across it to zoom the time (Shift-drag:"
            + " the values too; leftwards: all of it); middle-drag or arrow keys: pan; + and -: zoom; right-click: Zoom in,"
            + " Zoom out, Whole time, Add note here (or Alt-click) to add a note at a sample's time.";
    private final ChartViewModel model;
    private final ChartImageViewer viewer;
    private final Consumer<String> addNoteAt;
    private final Label readout = new Label(HINT);
    private final MenuButton keys = new MenuButton("Keys");
    private final Spinner<Integer> top = new Spinner<>(1, 9999, ChartViewModel.KeyFilter.DEFAULT.top());
    private final ChoiceBox<HotEnd> hot = new ChoiceBox<>();
    private final ToggleButton sqlToggle = new ToggleButton("SQL");
    private double menuX = Double.NaN;

    /**
     * @param viewer    the chart viewer (the main window sets its chart)
     * @param addNoteAt opens the note dialog with this time filled in
     */
    public ChartView(ChartViewModel model, ChartImageViewer viewer, Consumer<String> addNoteAt) {
        this.model = model;
        this.viewer = viewer;
        this.addNoteAt = addNoteAt;
        viewer.addEventHandler(MouseEvent.MOUSE_MOVED, e -> follow(e.getX()));
        viewer.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.isAltDown() && e.isStillSincePress()) noteAt(e.getX());
        });
        viewer.addEventHandler(MouseEvent.MOUSE_EXITED, e -> viewer.hideCrosshair());
        viewer.addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, e -> menuX = e.getX());
        MenuItem noteHere = new MenuItem("Add note here");
        noteHere.setId("chart-note-here");
        noteHere.setOnAction(e -> noteAt(menuX));
        viewer.getContextMenu().getItems().addAll(new SeparatorMenuItem(), noteHere);
        model.chartProperty().addListener((o, was, now) -> {
            viewer.hideCrosshair();
            readout.setText(HINT);
        });

        readout.setId("chart-readout");
        readout.setWrapText(true);
        readout.setPadding(new Insets(2, 6, 2, 6));
        // An empty chart area says what to do, rather than show nothing.
        Label empty = new Label("Select a metric in the browser to chart it (Ctrl-click other runs to overlay them),\n"
                + "or drop tool output files or folders here to import them.");
        empty.setId("chart-empty");
        empty.visibleProperty().bind(model.chartProperty().isNull().and(model.loadingProperty().not()));
        StackPane chartArea = new StackPane(viewer, empty, loadingPane());
        VBox.setVgrow(chartArea, Priority.ALWAYS);
        setTop(toolBar());
        setCenter(new VBox(chartArea, readout));
        setBottom(sqlPane());
    }

    /** Over the chart while one is loaded: what is loaded, a spinning indicator and Cancel. */
    private VBox loadingPane() {
        ProgressIndicator spinning = new ProgressIndicator();
        spinning.setMaxSize(48, 48);
        Label what = new Label();
        what.textProperty().bind(model.loadingTextProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("chart-cancel");
        cancel.setOnAction(e -> model.cancel());
        VBox pane = new VBox(8, spinning, what, cancel);
        pane.setId("chart-loading");
        pane.setAlignment(Pos.CENTER);
        pane.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        pane.setPadding(new Insets(16));
        pane.setStyle("-fx-background-color: rgba(255,255,255,0.9); -fx-border-color: #c8ced6; -fx-background-radius: 4;"
                + " -fx-border-radius: 4;");
        pane.visibleProperty().bind(model.loadingProperty());
        return pane;
    }

    private ToolBar toolBar() {
        top.setId("chart-top");
        top.setEditable(true);
        top.setPrefWidth(80);
        top.valueProperty().addListener((o, was, now) -> {
            if (now != null && now != model.filterProperty().get().top()) model.top(now);
        });
        hot.setId("chart-hot");
        hot.getItems().setAll(HotEnd.HIGH, HotEnd.LOW);
        hot.setConverter(new StringConverter<>() {
            @Override
            public String toString(HotEnd end) {
                return end == HotEnd.LOW ? "lowest mean" : "highest mean";
            }

            @Override
            public HotEnd fromString(String text) {
                return text.startsWith("lowest") ? HotEnd.LOW : HotEnd.HIGH;
            }
        });
        hot.setValue(ChartViewModel.KeyFilter.DEFAULT.hot());
        hot.valueProperty().addListener((o, was, now) -> {
            if (now != null && now != model.filterProperty().get().hot()) model.hot(now);
        });
        keys.setId("chart-keys");
        model.keys().addListener((ListChangeListener<String>) c -> rebuildKeys());
        model.filterProperty().addListener((o, was, now) -> syncFilter(now));
        keys.disableProperty().bind(model.fromSqlProperty().or(Bindings.isEmpty(model.keys())));
        sqlToggle.setId("chart-sql-toggle");
        sqlToggle.setTooltip(new Tooltip("Show (and edit) the query that gives this chart's data"));
        ToolBar bar = new ToolBar(new Label("Top"), top, new Label("hottest by"), hot, keys, sqlToggle);
        bar.disableProperty().bind(model.chartProperty().isNull());
        return bar;
    }

    private VBox sqlPane() {
        TextArea editor = new TextArea();
        editor.setId("chart-sql");
        editor.setPrefRowCount(8);
        editor.setStyle("-fx-font-family: monospace");
        editor.textProperty().bindBidirectional(model.sqlProperty());
        Button apply = new Button("Apply");
        apply.setId("chart-sql-apply");
        apply.setOnAction(e -> model.applySql());
        Button reset = new Button("Back to the selection");
        reset.setId("chart-sql-reset");
        reset.disableProperty().bind(model.fromSqlProperty().not().or(model.shownProperty().isNull()));
        reset.setOnAction(e -> model.resetSql());
        Label message = new Label();
        message.setId("chart-sql-message");
        message.setWrapText(true);
        message.textProperty().bind(model.sqlMessageProperty());
        HBox.setHgrow(message, Priority.ALWAYS);
        VBox pane = new VBox(4, editor, new HBox(6, apply, reset, message));
        pane.setPadding(new Insets(4, 6, 4, 6));
        pane.visibleProperty().bind(sqlToggle.selectedProperty());
        pane.managedProperty().bind(sqlToggle.selectedProperty());
        return pane;
    }

    /** One check box per key, kept open while picking: every change redraws the chart with the keys checked. */
    private void rebuildKeys() {
        List<MenuItem> items = new ArrayList<>();
        MenuItem hottest = new MenuItem("The N hottest (clear picks)");
        hottest.setId("chart-keys-clear");
        hottest.setOnAction(e -> model.pick(List.of()));
        items.add(hottest);
        items.add(new SeparatorMenuItem());
        for (String key : model.keys()) {
            CheckBox box = new CheckBox(key);
            box.setSelected(model.filterProperty().get().picked().contains(key));
            box.selectedProperty().addListener((o, was, now) -> model.pick(checkedKeys()));
            CustomMenuItem item = new CustomMenuItem(box, false);
            items.add(item);
        }
        keys.getItems().setAll(items);
        syncFilter(model.filterProperty().get());
    }

    private List<String> checkedKeys() {
        List<String> out = new ArrayList<>();
        for (MenuItem item : keys.getItems()) {
            if (item instanceof CustomMenuItem c && c.getContent() instanceof CheckBox box && box.isSelected()) out.add(box.getText());
        }
        return out;
    }

    /** Shows the filter the chart has (a new selection clears the picks) without setting it again. */
    private void syncFilter(ChartViewModel.KeyFilter f) {
        if (top.getValue() != f.top()) top.getValueFactory().setValue(f.top());
        if (hot.getValue() != f.hot()) hot.setValue(f.hot());
        keys.setText(f.picked().isEmpty() ? "Keys" : "Keys (" + f.picked().size() + " picked)");
        for (MenuItem item : keys.getItems()) {
            if (item instanceof CustomMenuItem c && c.getContent() instanceof CheckBox box
                    && box.isSelected() != f.picked().contains(box.getText())) {
                box.setSelected(f.picked().contains(box.getText()));
            }
        }
    }

    private void follow(double viewerX) {
        double x = viewer.xValue(viewerX);
        List<String> lines = Double.isNaN(x) ? List.of() : model.readout(x);
        if (lines.isEmpty()) {
            viewer.hideCrosshair();
            return;
        }
        viewer.showCrosshair(model.snap(x));
        readout.setText(String.join("    ", lines));
    }

    private void noteAt(double viewerX) {
        double x = viewer.xValue(viewerX);
        String at = Double.isNaN(x) ? "" : model.noteTime(x);
        if (!at.isEmpty()) addNoteAt.accept(at);
    }
}
