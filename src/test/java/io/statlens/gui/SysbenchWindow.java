package io.statlens.gui;

import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The main window over an in-memory repository holding the sysbench fixtures, with every view model the
 * application wires, a synchronous executor, and an opener that records what it was asked to open.
 */
final class SysbenchWindow {
    final Repository repo = Repository.open(RepositoryLocation.memory("wb" + UUID.randomUUID()), true);
    final List<Path> opened = new ArrayList<>();
    final Label status;
    final BrowserViewModel browser;
    final ChartViewModel charts;
    final CompareViewModel compare;
    final AverageViewModel average;
    final ReportBuilderViewModel reports;
    final MainView view;

    SysbenchWindow(Stage stage) {
        RunFixtures.importSysbench(repo);
        Workbench wiring = TestWindow.show(stage, repo, RecentInputs.forSession(), opened::add, 1000, 700);
        status = wiring.status();
        browser = wiring.browser();
        charts = wiring.charts();
        compare = wiring.compare();
        average = wiring.average();
        reports = wiring.reports();
        view = wiring.view();
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
