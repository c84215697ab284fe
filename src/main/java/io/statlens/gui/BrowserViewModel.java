package io.statlens.gui;

import io.statlens.gui.BrowserNode.DatasetNode;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.gui.BrowserNode.RunNode;
import io.statlens.store.read.RunCatalog;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** The repository browser: the runs with their data sets and metrics, and the text filter over them. */
public final class BrowserViewModel {
    private final RunCatalog runCatalog;
    private final String where;
    private final TaskExecutor executor;
    private final Consumer<String> status;
    private List<RunNode> all = List.of();
    private final ReadOnlyListWrapper<RunNode> shown = new ReadOnlyListWrapper<>(FXCollections.observableArrayList());
    private final StringProperty filter = new SimpleStringProperty("");
    /** The repository's runs, filter or not; -1 until they have been read. */
    private final ReadOnlyIntegerWrapper runCount = new ReadOnlyIntegerWrapper(-1);
    private final BooleanBinding empty = runCount.isEqualTo(0);

    /** @param where the repository as the status line names it */
    public BrowserViewModel(RunCatalog runCatalog, String where, TaskExecutor executor, Consumer<String> status) {
        this.runCatalog = runCatalog;
        this.where = where;
        this.executor = executor;
        this.status = status;
        filter.addListener((o, was, now) -> shown.setAll(BrowserFilter.apply(all, now)));
    }

    /** Reads the runs in the background and says in the status line how many there are (at start, after averaging). */
    public void reload() {
        load(true);
    }

    /**
     * Reads the runs again after an import, keeping the status line: it shows what the import did, which the
     * number of runs would overwrite. A failure to read is still said.
     */
    public void refresh() {
        load(false);
    }

    private void load(boolean sayCount) {
        executor.run(() -> read(runCatalog), runs -> {
            all = runs;
            shown.setAll(BrowserFilter.apply(all, filter.get()));
            runCount.set(runs.size());
            if (sayCount) status.accept(runs.size() + " run(s) in " + where);
        }, e -> status.accept("cannot read the runs: " + e.getMessage()));
    }

    static List<RunNode> read(RunCatalog catalog) {
        List<RunNode> runs = new ArrayList<>();
        for (RunCatalog.RunInfo r : catalog.runs()) {
            List<DatasetNode> datasets = new ArrayList<>();
            for (RunCatalog.DatasetInfo d : catalog.details(r.name()).datasets()) {
                List<MetricNode> metrics = d.metrics().stream()
                        .map(m -> new MetricNode(r.name(), d.qualifiedName(), m.label(), m.unit())).toList();
                datasets.add(new DatasetNode(r.name(), d.qualifiedName(), d.keyLabel(), d.rows(), metrics));
            }
            runs.add(new RunNode(r.name(), r.host(), r.start(), r.tags(), datasets));
        }
        return runs;
    }

    /** The runs that pass the filter, with only their matching data sets and metrics. */
    public ReadOnlyListProperty<RunNode> shownRuns() {
        return shown.getReadOnlyProperty();
    }

    /** How many runs the repository holds (whatever the filter shows); -1 until they have been read. */
    public ReadOnlyIntegerProperty runCountProperty() {
        return runCount.getReadOnlyProperty();
    }

    /** Whether the repository has been read and holds no run: the browser then offers the first steps instead. */
    public BooleanBinding emptyProperty() {
        return empty;
    }

    public StringProperty filterProperty() {
        return filter;
    }
}
