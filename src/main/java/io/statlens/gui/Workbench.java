package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunAverager;
import io.statlens.analysis.RunComparer;
import io.statlens.analysis.RunStatistics;
import io.statlens.chart.ChartService;
import io.statlens.chart.DashboardCatalog;
import io.statlens.chart.FontSystem;
import io.statlens.chart.PresetCatalog;
import io.statlens.parse.ParserCatalog;
import io.statlens.report.ReportAssembler;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.saved.TimeWindows;
import io.statlens.store.schema.Repository;
import javafx.scene.control.Label;

import java.time.Clock;
import java.time.ZoneId;

/**
 * The GUI's composition root: the window's content with its view models, wired over one repository and one executor:
 * what the application shows, what the responsiveness benchmark drives, and what the GUI tests click through. Each
 * service is built here once ({@link #services}) and handed to the view models that use it; below this class the GUI
 * never sees the repository (LayerTest).
 */
record Workbench(MainView view, BrowserViewModel browser, ImportViewModel importer, ChartViewModel charts,
                 StatsViewModel stats, SqlConsoleViewModel console, ReportBuilderViewModel reports, NoteViewModel notes,
                 CompareViewModel compare, AverageViewModel average, DashboardViewModel dashboards, Label status) {

    /**
     * @param numbers how tables and reports show numbers
     * @param recent the recent imports (kept in the user's settings by the application, per session in tests)
     * @param opener how a written report or chart is opened (the desktop's, or a recorder in tests)
     */
    static Workbench create(Repository repository, TaskExecutor tasks, ZoneId zone, ReadableNumbers numbers,
                            RecentInputs recent, DocumentOpener opener) {
        // Java 2D's fonts start in the background while the window opens, not on the FX thread in the first chart.
        tasks.run(FontSystem::start, started -> { }, failed -> { });
        TaskExecutor executor = new ReadEndingExecutor(tasks, repository::endRead);
        Services s = services(repository, zone);
        Label status = new Label();
        BrowserViewModel browser = new BrowserViewModel(s.runs(), s.where(), executor, status::setText);
        ImportViewModel importer = new ImportViewModel(s.imports(), executor, zone, status::setText, browser::refresh, recent);
        ChartViewModel charts = new ChartViewModel(s.charts(), executor, zone, numbers, status::setText);
        StatsViewModel stats = new StatsViewModel(s.statistics(), s.runs(), executor);
        SqlConsoleViewModel console = new SqlConsoleViewModel(s.query(), executor);
        ReportBuilderViewModel reports = new ReportBuilderViewModel(s.runs(), s.windows(), s.presets(), s.reports(), s.charts(),
                executor, zone, numbers, opener);
        NoteViewModel notes = new NoteViewModel(s.annotations(), s.runs(), executor, zone, charts::redraw);
        CompareViewModel compare = new CompareViewModel(s.runs(), s.comparer(), s.charts(), executor);
        AverageViewModel average = new AverageViewModel(s.averager(), s.runs(), s.charts(), executor, browser::reload);
        DashboardViewModel dashboards = new DashboardViewModel(s.charts(), s.dashboards(), s.windows(), s.collects(), executor,
                zone, numbers, status::setText);
        MainView view = new MainView(browser, importer, charts, stats, console, reports, notes, compare, average, dashboards,
                status, numbers, executor);
        return new Workbench(view, browser, importer, charts, stats, console, reports, notes, compare, average, dashboards, status);
    }

    /** The services over one repository, each built once; the charts' times are shown in {@code zone}. */
    static Services services(Repository repository, ZoneId zone) {
        return new Services(repository.location().description(), new RunCatalog(repository), new ChartService(repository, zone),
                new AnnotationStore(repository), new TimeWindows(repository), new DashboardCatalog(repository),
                new PresetCatalog(repository), new ActiveCollects(repository),
                new CatalogBoundImport(ParserCatalog::installed, parsers -> new ImportService(repository, parsers)),
                new RunStatistics(repository), new RunComparer(repository), new RunAverager(repository),
                new ReportAssembler(repository, Clock.systemUTC()), new ReadOnlyQuery(repository));
    }
}
