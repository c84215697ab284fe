package io.statlens.gui;

import io.statlens.chart.FontSystem;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.store.schema.Repository;
import javafx.scene.control.Label;

import java.time.ZoneId;

/**
 * The window's content with its view models, wired over one repository and one executor: what the application
 * shows, what the responsiveness benchmark drives, and what the GUI tests click through.
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
        TaskExecutor executor = new ReadEndingExecutor(tasks, repository);
        Label status = new Label();
        BrowserViewModel browser = new BrowserViewModel(repository, executor, status::setText);
        ImportViewModel importer = new ImportViewModel(repository, executor, zone, status::setText, browser::refresh, recent);
        ChartViewModel charts = new ChartViewModel(repository, executor, zone, numbers, status::setText);
        StatsViewModel stats = new StatsViewModel(repository, executor);
        SqlConsoleViewModel console = new SqlConsoleViewModel(repository, executor);
        ReportBuilderViewModel reports = new ReportBuilderViewModel(repository, executor, zone, numbers, opener);
        NoteViewModel notes = new NoteViewModel(repository, executor, zone, charts::redraw);
        CompareViewModel compare = new CompareViewModel(repository, executor, zone);
        AverageViewModel average = new AverageViewModel(repository, executor, zone, browser::reload);
        DashboardViewModel dashboards = new DashboardViewModel(repository, executor, zone, numbers, status::setText);
        MainView view = new MainView(browser, importer, charts, stats, console, reports, notes, compare, average, dashboards,
                status, numbers, executor);
        return new Workbench(view, browser, importer, charts, stats, console, reports, notes, compare, average, dashboards, status);
    }
}
