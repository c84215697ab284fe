package io.statlens.gui;

import io.statlens.store.Repository;
import io.statlens.store.RepositoryLocation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The main window over an in-memory repository holding the sysbench fixtures, with every view model the
 * application wires, a synchronous executor, and an opener that records what it was asked to open.
 */
final class Workbench {
    final Repository repo = Repository.open(RepositoryLocation.memory("wb" + UUID.randomUUID()), true);
    final List<Path> opened = new ArrayList<>();
    final Label status = new Label();
    final BrowserViewModel browser;
    final ChartViewModel charts;
    final CompareViewModel compare;
    final AverageViewModel average;
    final ReportBuilderViewModel reports;
    final MainView view;

    Workbench(Stage stage) {
        RunFixtures.importSysbench(repo);
        TaskExecutor executor = new SynchronousExecutor();
        browser = new BrowserViewModel(repo, executor, status::setText);
        charts = new ChartViewModel(repo, executor, ZoneOffset.UTC, status::setText);
        compare = new CompareViewModel(repo, executor, ZoneOffset.UTC);
        average = new AverageViewModel(repo, executor, ZoneOffset.UTC, browser::reload);
        reports = new ReportBuilderViewModel(repo, executor, ZoneOffset.UTC, opened::add);
        view = new MainView(browser, new ImportViewModel(repo, executor, ZoneOffset.UTC, status::setText, browser::reload),
                charts, new StatsViewModel(repo, executor), new SqlConsoleViewModel(repo, executor), reports,
                new NoteViewModel(repo, executor, ZoneOffset.UTC, charts::redraw), compare, average, status);
        stage.setScene(new Scene(view, 1000, 700));
        stage.show();
        browser.reload();
    }

    /** Selects these runs in the browser (as Ctrl-clicks do). */
    void selectRuns(String... runs) {
        view.tree().getSelectionModel().clearSelection();
        for (String run : runs) {
            for (TreeItem<BrowserNode> item : view.tree().getRoot().getChildren()) {
                if (item.getValue().run().equals(run)) view.tree().getSelectionModel().select(item);
            }
        }
    }

    List<String> runsInBrowser() {
        return view.tree().getRoot().getChildren().stream().map(i -> i.getValue().run()).toList();
    }
}
