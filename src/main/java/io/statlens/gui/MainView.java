package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.ChartData;
import io.statlens.chart.RenderSize;
import io.statlens.gui.BrowserNode.DatasetNode;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.gui.BrowserNode.RunNode;
import javafx.animation.PauseTransition;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The main window's content: tool bar (import, export, progress, cancel), the repository browser on the
 * left, the chart and the SQL console (tabs) on the right, warnings and status below. Holds no logic beyond
 * wiring the view models.
 */
public final class MainView extends BorderPane {
    private final BrowserViewModel browser;
    private final ImportViewModel importer;
    private final ChartViewModel charts;
    private final StatsViewModel stats;
    private final ReportBuilderViewModel reports;
    private final NoteViewModel notes;
    private final CompareViewModel compare;
    private final AverageViewModel average;
    private final DashboardViewModel dashboards;
    private final ReadableNumbers numbers;
    /** Where charts are drawn into pictures (every chart viewer of the window). */
    private final TaskExecutor executor;
    /** The status line: what an export from a chart's menu wrote. */
    private final Consumer<String> status;
    private TabPane tabs;
    private Tab dashboardTab;
    private Tab chartTab;
    private final Dialogs dialogs = new Dialogs(this);
    private final TreeView<BrowserNode> tree = new TreeView<>(new TreeItem<>());
    private final FirstStepsView firstSteps;
    private final ChartImageViewer viewer;
    /** A zoom or pan moves the axis many times a second: once it rests, the lines are cut again for what is shown. */
    private final PauseTransition settle = new PauseTransition(Duration.millis(250));
    private MetricNode pendingSelection;
    private static final double BROWSER_DIVIDER = 0.3;
    private static final double CHART_DIVIDER = 0.72;
    private final SplitPane mainSplit;
    private SplitPane chartSplit;
    private ToolBar toolBar;

    public MainView(BrowserViewModel browser, ImportViewModel importer, ChartViewModel charts, StatsViewModel stats,
                    SqlConsoleViewModel console, ReportBuilderViewModel reports, NoteViewModel notes, CompareViewModel compare,
                    AverageViewModel average, DashboardViewModel dashboards, Label status, ReadableNumbers numbers,
                    TaskExecutor executor) {
        this.executor = executor;
        this.status = status::setText;
        this.viewer = new ChartImageViewer(executor, this.status);
        this.dashboards = dashboards;
        this.numbers = numbers;
        this.reports = reports;
        this.notes = notes;
        this.compare = compare;
        this.average = average;
        this.browser = browser;
        this.importer = importer;
        this.charts = charts;
        this.stats = stats;
        this.firstSteps = new FirstStepsView(this::chooseFilesToImport, this::chooseFolderToImport, importer::importSamples,
                importer.runningProperty());
        // A new averaged run: select its charted metric once the reloaded browser holds it.
        average.createdProperty().addListener((o, was, now) -> {
            if (now != null) select(now);
        });
        setTop(toolBar());
        tabs = tabs(console);
        mainSplit = new SplitPane(browserPane(), tabs);
        mainSplit.setDividerPositions(BROWSER_DIVIDER);
        setCenter(mainSplit);
        setBottom(bottomPane(status));
        acceptDroppedFiles();
    }

    /** The dashboard, the chart and the SQL console as tabs; a query charted from the console shows in the chart's. */
    private TabPane tabs(SqlConsoleViewModel console) {
        dashboardTab = new Tab("Dashboard", new DashboardView(dashboards, dialogs, executor));
        dashboardTab.setId("dashboard-tab");
        chartTab = new Tab("Chart", chartPane());
        chartTab.setId("chart-tab");
        Tab sqlTab = new Tab("SQL", new SqlConsoleView(console, numbers));
        sqlTab.setId("sql-tab");
        TabPane pane = new TabPane(dashboardTab, chartTab, sqlTab);
        dashboards.reloadNames();
        pane.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        console.chartTo((sql, shown, failed) -> charts.showSql(sql, () -> {
            pane.getSelectionModel().select(chartTab);
            shown.run();
        }, failed));
        return pane;
    }

    private ToolBar toolBar() {
        Button importFiles = new Button("Import files...");
        importFiles.setId("import-files");
        importFiles.setOnAction(e -> chooseFilesToImport());
        Button importFolder = new Button("Import folder...");
        importFolder.setId("import-folder");
        importFolder.setOnAction(e -> chooseFolderToImport());
        Button export = new Button("Export chart...");
        export.setId("export");
        export.disableProperty().bind(charts.chartProperty().isNull());
        export.setOnAction(e -> dialogs.chooseFileToSave(this, "Export chart", new FileChooser.ExtensionFilter("PNG image", "*.png"),
                new FileChooser.ExtensionFilter("SVG drawing", "*.svg")).ifPresent(file -> charts.export(file, RenderSize.DEFAULT)));
        ProgressBar progress = new ProgressBar();
        progress.setId("progress");
        progress.progressProperty().bind(importer.progressProperty());
        progress.visibleProperty().bind(importer.runningProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("cancel");
        cancel.visibleProperty().bind(importer.runningProperty());
        cancel.setOnAction(e -> importer.cancel());
        importFiles.disableProperty().bind(importer.runningProperty());
        importFolder.disableProperty().bind(importer.runningProperty());
        RecentImportsButton recent = new RecentImportsButton(importer.recent(), path -> askRunAndImport(List.of(path)));
        recent.disableProperty().bind(importer.runningProperty());
        Button report = new Button("Report...");
        report.setId("report");
        report.setOnAction(e -> openReportBuilder());
        Button note = new Button("Add note at...");
        note.setId("add-note");
        note.disableProperty().bind(charts.shownProperty().isNull());
        note.setOnAction(e -> openNotes());
        Button compareRuns = new Button("Compare...");
        compareRuns.setId("compare");
        compareRuns.setOnAction(e -> openCompare());
        Button averageRuns = new Button("Average...");
        averageRuns.setId("average");
        averageRuns.setOnAction(e -> openAverage());
        // What needs runs is off until the browser has them selected: a report one or more, compare and average two.
        IntegerBinding runsSelected = Bindings.createIntegerBinding(() -> selectedRuns().size(),
                tree.getSelectionModel().getSelectedItems());
        report.disableProperty().bind(runsSelected.lessThan(1));
        compareRuns.disableProperty().bind(runsSelected.lessThan(2));
        averageRuns.disableProperty().bind(runsSelected.lessThan(2));
        report.setTooltip(new Tooltip("A PDF or HTML report of the runs selected in the browser"));
        compareRuns.setTooltip(new Tooltip("Compare the runs selected in the browser (Ctrl-click two or more; the first is the base)"));
        averageRuns.setTooltip(new Tooltip("Average the runs selected in the browser (Ctrl-click two or more) into a new run"));
        toolBar = new ToolBar(importFiles, importFolder, recent, export, note, compareRuns, averageRuns, report, progress, cancel);
        return toolBar;
    }

    /**
     * Offers to open another repository in place of this one (a folder, or a server's with the password asked for):
     * the application's, which can put a new window content over it.
     */
    void openRepositoriesWith(OpenRepositoryViewModel model) {
        Button open = new Button("Open repository...");
        open.setId("open-repository");
        open.setTooltip(new Tooltip("Open another repository: a folder, or a shared one on a PostgreSQL or Derby server"));
        open.setOnAction(e -> OpenRepositoryView.show(dialogs, model));
        toolBar.getItems().add(0, open);
        firstSteps.offerServer(() -> {
            model.kindProperty().set(OpenRepositoryViewModel.Kind.SERVER);
            OpenRepositoryView.show(dialogs, model);
        });
    }

    private void chooseFilesToImport() {
        List<Path> files = dialogs.chooseFilesToOpen("Import tool output");
        if (!files.isEmpty()) askRunAndImport(files);
    }

    private void chooseFolderToImport() {
        dialogs.chooseFolder("Import a folder of tool output").ifPresent(dir -> askRunAndImport(List.of(dir)));
    }

    private VBox browserPane() {
        TextField filter = new TextField();
        filter.setId("filter");
        filter.setPromptText("Filter runs, data sets, metrics");
        filter.textProperty().bindBidirectional(browser.filterProperty());
        tree.setId("browser");
        tree.setShowRoot(false);
        tree.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        tree.setCellFactory(t -> new TreeCell<>() {
            @Override
            protected void updateItem(BrowserNode item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item.label());
            }
        });
        browser.shownRuns().addListener((ListChangeListener<RunNode>) c -> rebuildTree(!browser.filterProperty().get().isBlank()));
        tree.getSelectionModel().getSelectedItems().addListener((ListChangeListener<TreeItem<BrowserNode>>) c -> showSelection());
        // An empty repository: the next steps where the runs will be.
        firstSteps.visibleProperty().bind(browser.emptyProperty());
        StackPane runs = new StackPane(tree, firstSteps);
        VBox.setVgrow(runs, Priority.ALWAYS);
        VBox box = new VBox(6, filter, runs);
        box.setPadding(new Insets(6));
        return box;
    }

    private SplitPane chartPane() {
        viewer.setId("chart");
        // Charts are cut to the pixel columns they are shown in, not to a file's.
        viewer.widthProperty().addListener((o, was, now) -> charts.viewSize((int) viewer.getWidth(), (int) viewer.getHeight()));
        viewer.heightProperty().addListener((o, was, now) -> charts.viewSize((int) viewer.getWidth(), (int) viewer.getHeight()));
        charts.chartProperty().addListener((o, was, now) -> {
            viewer.setChart(now);
            settle.stop();
            if (now != null && now.getPlot() instanceof XYPlot plot) {
                plot.getDomainAxis().addChangeListener(e -> {
                    if (charts.chartProperty().get() != now) return;
                    showStats(plot);
                    settle.setOnFinished(f -> refine(plot));
                    settle.playFromStart();
                });
                showStats(plot);
            }
        });
        chartSplit = new SplitPane(new ChartView(charts, viewer, this::openNotesAt), new StatsView(stats, numbers));
        chartSplit.setOrientation(Orientation.VERTICAL);
        chartSplit.setDividerPositions(CHART_DIVIDER);
        return chartSplit;
    }

    /**
     * Statistics over the time the chart shows: the whole run while the axis shows all the data (so that the
     * figures are those stored at import, as {@code statlens stats} prints them), else the zoomed part. Every way of
     * zooming out (a leftward drag, Auto Range, the wheel) comes here and to {@link #refine} through the same
     * {@link #shownPart}.
     */
    private void showStats(XYPlot plot) {
        ChartViewModel.Selection selection = charts.shownProperty().get();
        Range shown = shownPart(plot);
        boolean elapsed = !(plot.getDomainAxis() instanceof DateAxis);
        StatsViewModel.Window window = shown == null ? null : new StatsViewModel.Window(elapsed, shown.getLowerBound(), shown.getUpperBound());
        // A query's chart (the console's, or the chart's edited query) is described by its own values.
        if (charts.fromSqlProperty().get() && charts.dataProperty().get() != null) stats.showResult(charts.dataProperty().get(), window);
        else if (selection != null) stats.show(selection, window);
    }

    /**
     * The part of the chart's time the axis shows; null for all of it. An axis set to show all its data is all of the
     * run even before the lines of the whole run are back: after a zoom the chart holds only the zoomed lines, so that
     * the axis's own range at that moment is the old window.
     */
    private Range shownPart(XYPlot plot) {
        Range shown = plot.getDomainAxis().getRange();
        return plot.getDomainAxis().isAutoRange() || showsAll(shown) ? null : shown;
    }

    /** Whether the axis shows all the chart's samples: those it was drawn from, not the ones a zoom left it. */
    private boolean showsAll(Range shown) {
        ChartData data = charts.dataProperty().get();
        if (data == null) return true;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (ChartData.PlotSeries s : data.series()) {
            if (s.size() == 0) continue;
            lo = Math.min(lo, s.x()[0]);
            hi = Math.max(hi, s.x()[s.size() - 1]);
        }
        return lo > hi || (shown.getLowerBound() <= lo && shown.getUpperBound() >= hi);
    }

    /** The lines cut again to the pixel columns of the time shown, in the background (the window never waits). */
    private void refine(XYPlot plot) {
        Range shown = shownPart(plot);
        charts.refine(shown == null ? Double.NaN : shown.getLowerBound(), shown == null ? Double.NaN : shown.getUpperBound(),
                (int) viewer.getWidth(), (int) viewer.getHeight());
    }

    private VBox bottomPane(Label status) {
        ListView<String> warnings = new ListView<>(importer.warnings());
        warnings.setId("warnings");
        warnings.setPrefHeight(110);
        TitledPane pane = new TitledPane("Import warnings", warnings);
        pane.setExpanded(false);
        importer.warnings().addListener((ListChangeListener<String>) c -> pane.setExpanded(!importer.warnings().isEmpty()));
        status.setId("status");
        status.setPadding(new Insets(2, 6, 2, 6));
        return new VBox(pane, status);
    }

    private void acceptDroppedFiles() {
        setOnDragOver(e -> {
            if (e.getDragboard().hasFiles() && !importer.runningProperty().get()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) askRunAndImport(e.getDragboard().getFiles().stream().map(File::toPath).toList());
            e.setDropCompleted(ok);
            e.consume();
        });
    }

    /** Opens the import plan for these inputs: the tool detected per file, to confirm or change, and the run's name. */
    void askRunAndImport(List<Path> inputs) {
        String what = inputs.size() == 1 ? String.valueOf(inputs.get(0).getFileName()) : inputs.size() + " files and folders";
        dialogs.showModal("Import " + what, new ImportPlanView(importer.plan(inputs)), 1000, 480);
    }

    private void rebuildTree(boolean expand) {
        TreeItem<BrowserNode> root = tree.getRoot();
        root.getChildren().clear();
        for (RunNode run : browser.shownRuns()) {
            TreeItem<BrowserNode> runItem = new TreeItem<>(run);
            runItem.setExpanded(expand);
            for (DatasetNode d : run.datasets()) {
                TreeItem<BrowserNode> dataItem = new TreeItem<>(d);
                dataItem.setExpanded(expand);
                d.metrics().forEach(m -> dataItem.getChildren().add(new TreeItem<>(m)));
                runItem.getChildren().add(dataItem);
            }
            root.getChildren().add(runItem);
        }
        if (pendingSelection != null) select(pendingSelection);
    }

    /** Opens the report builder (one window, reused) for the runs selected in the browser. */
    void openReportBuilder() {
        reports.open(selectedRuns());
        dialogs.showWindow("Report", () -> new ReportBuilderView(reports, dialogs), 1040, 600);
    }

    /** Opens the compare window (one, reused) for the runs selected in the browser; the first is the base. */
    void openCompare() {
        compare.open(selectedRuns());
        dialogs.showWindow("Compare runs", () -> new CompareView(compare, dialogs, numbers, executor, status), 1100, 760);
    }

    /** Opens the average window (one, reused) for the runs selected in the browser. */
    void openAverage() {
        average.open(selectedRuns());
        dialogs.showWindow("Average runs", () -> new AverageView(average, numbers, executor, status), 900, 760);
    }

    /** Opens the note window (one, reused) for the charted run, the first of an overlay. */
    void openNotes() {
        ChartViewModel.Selection shown = charts.shownProperty().get();
        if (shown == null) return;
        notes.open(shown.runs().get(0));
        dialogs.showWindow("Notes", () -> new NoteView(notes), 520, 380);
    }

    /** Opens the note window with a time filled in (a click on the chart). */
    void openNotesAt(String at) {
        notes.atProperty().set(at);
        openNotes();
    }

    /** The runs of everything selected in the browser, in the order shown. */
    List<String> selectedRuns() {
        Set<String> runs = new LinkedHashSet<>();
        for (TreeItem<BrowserNode> item : tree.getSelectionModel().getSelectedItems()) {
            if (item != null && item.getValue() != null) runs.add(item.getValue().run());
        }
        return List.copyOf(runs);
    }

    /** Selects a metric (by run, data set and label) in the browser, which charts it; now or once the browser holds it. */
    public void select(MetricNode wanted) {
        pendingSelection = wanted;
        for (TreeItem<BrowserNode> run : tree.getRoot().getChildren()) {
            for (TreeItem<BrowserNode> data : run.getChildren()) {
                for (TreeItem<BrowserNode> metric : data.getChildren()) {
                    if (!(metric.getValue() instanceof MetricNode m) || !m.run().equals(wanted.run())
                            || !m.dataset().equals(wanted.dataset()) || !m.metric().equals(wanted.metric())) continue;
                    pendingSelection = null;
                    run.setExpanded(true);
                    data.setExpanded(true);
                    tree.getSelectionModel().clearSelection();
                    tree.getSelectionModel().select(metric);
                    tree.scrollTo(tree.getRow(metric));
                    return;
                }
            }
        }
    }

    /**
     * What the browser's selection shows: a metric selected, its chart ({@link #chartMetric}); runs alone, their
     * dashboard ({@link #openDashboard}).
     */
    private void showSelection() {
        List<TreeItem<BrowserNode>> selected = new ArrayList<>(tree.getSelectionModel().getSelectedItems());
        MetricNode metric = null;
        for (TreeItem<BrowserNode> item : selected) {
            if (item != null && item.getValue() instanceof MetricNode m) metric = m;
        }
        if (metric == null) openDashboard(selected);
        else chartMetric(metric, selected);
    }

    /**
     * Charts the last selected metric for the runs of everything selected: select a metric, then
     * Ctrl-click other runs to overlay them.
     */
    private void chartMetric(MetricNode metric, List<TreeItem<BrowserNode>> selected) {
        tabs.getSelectionModel().select(chartTab);
        Set<String> runs = new LinkedHashSet<>();
        runs.add(metric.run());
        for (TreeItem<BrowserNode> item : selected) if (item != null && item.getValue() != null) runs.add(item.getValue().run());
        charts.show(new ChartViewModel.Selection(List.copyOf(runs), metric.dataset(), metric.metric()));
    }

    /**
     * Runs selected (and nothing below a run): their default dashboard, in the dashboard tab. A data set selected
     * opens nothing: it is a step on the way to a metric.
     */
    private void openDashboard(List<TreeItem<BrowserNode>> selected) {
        List<String> runs = new ArrayList<>();
        for (TreeItem<BrowserNode> item : selected) {
            if (item == null || !(item.getValue() instanceof RunNode run)) return;
            runs.add(run.run());
        }
        if (runs.isEmpty()) return;
        tabs.getSelectionModel().select(dashboardTab);
        dashboards.open(runs);
    }

    /** The split panes whose dividers are remembered, in a fixed order (browser | tabs, chart / statistics). */
    List<SplitPane> splitPanes() {
        return List.of(mainSplit, chartSplit);
    }

    /** The window's place, size and dividers now, to be restored at the next start. */
    WindowLayout layout(Stage stage) {
        List<Double> dividers = new ArrayList<>();
        for (SplitPane split : splitPanes()) for (double d : split.getDividerPositions()) dividers.add(d);
        // The scene's size: the window is opened with a scene of this size and its frame added around it.
        return new WindowLayout(stage.getX(), stage.getY(), getScene().getWidth(), getScene().getHeight(), stage.isMaximized(),
                dividers);
    }

    /**
     * Restores divider positions saved by {@link #layout}; a list that does not fit the panes (none saved yet, or an
     * older layout) gives the first start's: browser 30 %, chart 72 % above its statistics.
     */
    void dividers(List<Double> saved) {
        int needed = splitPanes().stream().mapToInt(s -> s.getDividers().size()).sum();
        List<Double> positions = saved.size() == needed ? saved : List.of(BROWSER_DIVIDER, CHART_DIVIDER);
        int i = 0;
        for (SplitPane split : splitPanes()) {
            double[] own = new double[split.getDividers().size()];
            for (int d = 0; d < own.length; d++) own[d] = positions.get(i++);
            split.setDividerPositions(own);
        }
    }

    TreeView<BrowserNode> tree() {
        return tree;
    }

    ChartImageViewer viewer() {
        return viewer;
    }

    /** The chart asked for is on screen: its picture drawn (off the FX thread) and nothing more to come for it. */
    boolean chartShown() {
        return chartSettled() && (charts.chartProperty().get() == null || viewer.pictureProperty().get() != null);
    }

    /**
     * Whether the chart shown is all there is to show: no zoom resting before its lines are cut again, none being cut,
     * no picture being drawn (the responsiveness benchmark's end of a chart or zoom).
     */
    boolean chartSettled() {
        return settle.getStatus() != javafx.animation.Animation.Status.RUNNING && !charts.refining() && !viewer.isDrawing();
    }
}
