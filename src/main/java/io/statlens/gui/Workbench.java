package io.statlens.gui;

import io.statlens.store.Repository;
import javafx.scene.control.Label;

import java.time.ZoneId;

/**
 * The window's content with its view models, wired over one repository and one executor: what the application
 * shows, and what the responsiveness benchmark drives.
 */
record Workbench(MainView view, BrowserViewModel browser, ImportViewModel importer, ChartViewModel charts,
                 StatsViewModel stats, Label status) {

    static Workbench create(Repository repository, TaskExecutor executor, ZoneId zone, RecentInputs recent) {
        Label status = new Label();
        BrowserViewModel browser = new BrowserViewModel(repository, executor, status::setText);
        ImportViewModel importer = new ImportViewModel(repository, executor, zone, status::setText, browser::reload, recent);
        ChartViewModel charts = new ChartViewModel(repository, executor, zone, status::setText);
        StatsViewModel stats = new StatsViewModel(repository, executor);
        MainView view = new MainView(browser, importer, charts, stats,
                new SqlConsoleViewModel(repository, executor), new ReportBuilderViewModel(repository, executor, zone),
                new NoteViewModel(repository, executor, zone, charts::redraw), status);
        return new Workbench(view, browser, importer, charts, stats, status);
    }
}
