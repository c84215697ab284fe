package io.statlens.gui;

import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Insets;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * What the browser shows while the repository holds no run (the first start, most often): the next steps as links that
 * do them, each with a line on what it does. The main window gives the actions; the link to a server's repository is
 * there only where the window can open another repository.
 */
final class FirstStepsView extends VBox {
    private final VBox steps = new VBox(2);

    /**
     * @param importing whether an import is running (the import links are off meanwhile)
     */
    FirstStepsView(Runnable importFiles, Runnable importFolder, Runnable importDemo, ObservableBooleanValue importing) {
        super(8);
        setId("first-steps");
        setPadding(new Insets(10, 4, 4, 4));
        Label heading = new Label("No runs in this repository yet");
        heading.setStyle("-fx-font-weight: bold;");
        step("first-import-files", "Import files...", "vmstat, iostat, mpstat, sar, sysbench... output: the tool is"
                + " recognised in each file. Or drop files and folders on the window.", importFiles, importing);
        step("first-import-folder", "Import a folder...", "every file in it, one run", importFolder, importing);
        step("first-import-demo", "Import the demo's runs", "real outputs bundled with statlens (sar of 48 CPUs, mpstat,"
                + " iostat, vmstat, nicstat, sysbench, tpcc), the runs statlens demo shows", importDemo, importing);
        getChildren().addAll(heading, steps);
    }

    /** Offers to open a team's repository on a server (PostgreSQL, statlens server) by its URL. */
    void offerServer(Runnable openServer) {
        step("first-open-server", "Open a repository on a server...", "a team's shared repository on PostgreSQL or"
                + " statlens server, by its URL", openServer, null);
    }

    private void step(String id, String text, String what, Runnable action, ObservableBooleanValue off) {
        Hyperlink link = new Hyperlink(text);
        link.setId(id);
        link.setOnAction(e -> {
            link.setVisited(false);
            action.run();
        });
        if (off != null) link.disableProperty().bind(off);
        Label explained = new Label(what);
        explained.setWrapText(true);
        explained.setStyle("-fx-text-fill: #555;");
        explained.setPadding(new Insets(0, 0, 6, 6));
        steps.getChildren().addAll(link, explained);
    }
}
