package io.statlens.gui;

import io.statlens.analysis.ChangeSignificance;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunComparer;
import io.statlens.analysis.RunComparer.Comparison;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.model.UserException;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.WholeKeys;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.jfree.chart.JFreeChart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The compare window: the runs selected in the browser (the first is the base) compared by {@link RunComparer}
 * with the filters {@code statlens compare} has (tool or data set, metrics, keys); the rows as the command
 * prints them, a text filter over them, CSV export, and a chart of the selected row's metric for the two runs
 * it compares.
 */
public final class CompareViewModel {
    /** Metric labels contain commas ({@code lat (ms,95%)}), so the filter fields separate names with this. */
    public static final String SEPARATOR = ";";
    /** The columns of {@code statlens compare --format csv}, in its order. */
    static final List<String> CSV_HEADER = List.of("kind", "dataset", "metric", "unit", "key", "run", "base_mean", "mean",
            "change", "change_pct", "base_p95", "p95", "base_max", "max", "p_value", "significant");

    private final RunCatalog runCatalog;
    private final RunComparer runComparer;
    private final ChartService chartService;
    private final TaskExecutor executor;
    private final ObservableList<String> runs = FXCollections.observableArrayList();
    private final ObservableList<String> tools = FXCollections.observableArrayList();
    private final StringProperty tool = new SimpleStringProperty("");
    private final StringProperty metrics = new SimpleStringProperty("");
    private final StringProperty keys = new SimpleStringProperty("");
    private final StringProperty filter = new SimpleStringProperty("");
    private final ObservableList<Comparison> rows = FXCollections.observableArrayList();
    /** The compared runs' whole keys (of the rows shown); read on the FX thread. */
    private List<WholeKeys> wholeKeys = List.of();
    private final FilteredList<Comparison> shownRows = new FilteredList<>(rows);
    private final ReadOnlyObjectWrapper<JFreeChart> chart = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();

    public CompareViewModel(RunCatalog runCatalog, RunComparer runComparer, ChartService chartService, TaskExecutor executor) {
        this.runCatalog = runCatalog;
        this.runComparer = runComparer;
        this.chartService = chartService;
        this.executor = executor;
        filter.addListener((o, was, now) -> shownRows.setPredicate(row -> matches(row, now)));
    }

    /** Starts over with these runs (the browser's selection, base first); offers the base run's tools and data sets. */
    public void open(List<String> selected) {
        runs.setAll(selected);
        rows.clear();
        chart.set(null);
        tools.clear();
        if (selected.size() < 2) {
            message.set("select two or more runs in the browser (Ctrl-click); the first is the base");
            return;
        }
        message.set("base " + selected.get(0) + ", compared: " + String.join(", ", selected.subList(1, selected.size())));
        executor.run(() -> toolsOf(selected.get(0)), names -> {
            tools.setAll("");
            tools.addAll(names);
        }, e -> message.set(e instanceof UserException ? e.getMessage() : "cannot read run " + selected.get(0) + ": " + e));
    }

    /** The base run's tools ({@code sar}) and data sets ({@code sar.cpu}), which is what --tool accepts. */
    private List<String> toolsOf(String base) {
        Set<String> names = new TreeSet<>();
        for (String dataset : runCatalog.datasetNames(base)) {
            names.add(dataset);
            int dot = dataset.indexOf('.');
            if (dot > 0) names.add(dataset.substring(0, dot));
        }
        return List.copyOf(names);
    }

    /** Runs the comparison in the background; the rows replace the shown ones, or the error is the message. */
    public void compare() {
        List<String> chosen = List.copyOf(runs);
        if (chosen.size() < 2) {
            message.set("select two or more runs in the browser (Ctrl-click); the first is the base");
            return;
        }
        String t = tool.get() == null ? "" : tool.get().strip();
        RunComparer.Request request = new RunComparer.Request(chosen.get(0), chosen.subList(1, chosen.size()),
                t.isEmpty() ? Optional.empty() : Optional.of(t), split(metrics.get()), split(keys.get()));
        running.set(true);
        message.set("comparing " + String.join(", ", request.others()) + " with " + request.base() + "...");
        executor.run(() -> new Compared(runComparer.compare(request), runComparer.hostsNote(request.base(), request.others()),
                chosen.stream().map(runCatalog::wholeKeys).toList()), result -> {
            running.set(false);
            chart.set(null);
            wholeKeys = result.wholeKeys();
            rows.setAll(result.rows());
            long significant = result.rows().stream().filter(c -> c.verdict().significant()).count();
            message.set(result.rows().size() + " row(s), " + significant + " significant (p < " + ChangeSignificance.ALPHA
                    + "); base " + request.base() + result.hostsNote().map(note -> ". " + note).orElse(""));
        }, e -> {
            running.set(false);
            rows.clear();
            chart.set(null);
            message.set(e instanceof UserException ? e.getMessage() : "cannot compare: " + e);
        });
    }

    /** A comparison's rows, that its runs ran on different hosts when they did, and the runs' whole keys. */
    private record Compared(List<Comparison> rows, Optional<String> hostsNote, List<WholeKeys> wholeKeys) {
    }

    /** A row's key whole, where it was too long for a data table and the row says its start and a hash. */
    public String wholeKey(Comparison row) {
        for (WholeKeys whole : wholeKeys) {
            String key = whole.whole(row.dataset(), row.key());
            if (!key.equals(row.key())) return key;
        }
        return row.key();
    }

    /**
     * Charts a row's metric (and key) for the base run and the row's run on one elapsed-time axis, drawn by the
     * chart layer as the main chart is. A summary value is one number per run: nothing to draw.
     */
    public void chart(Comparison row) {
        if (row == null) return;
        if (row.kind() == RunComparer.Kind.summary) {
            chart.set(null);
            message.set(row.metric() + " is a summary value, one number per run: no series to chart");
            return;
        }
        List<String> pair = List.of(runs.get(0), row.run());
        executor.run(() -> build(row, pair), chart::set,
                e -> message.set("cannot chart " + row.metric() + ": " + e.getMessage()));
    }

    private JFreeChart build(Comparison row, List<String> pair) {
        ChartDefinition.Builder def = ChartDefinition.builder().tool(row.dataset()).metric(List.of(row.metric()));
        if (!row.key().isEmpty()) def.key(row.key());
        return chartService.draw(ChartRequest.of(def.build(), pair)).charts().get(0).chart();
    }

    /** Writes rows (the table's, as filtered and sorted) as {@code statlens compare --format csv} writes them. */
    public void exportCsv(List<Comparison> table, Path file) {
        List<Comparison> copy = List.copyOf(table);
        executor.run(() -> {
            writeCsv(copy, file);
            return copy.size();
        }, n -> message.set("wrote " + n + " row(s) to " + file), e -> message.set("cannot write " + file + ": " + e.getMessage()));
    }

    static void writeCsv(List<Comparison> table, Path file) {
        try (Writer out = Files.newBufferedWriter(file);
             CSVPrinter printer = CSVFormat.RFC4180.builder().setRecordSeparator('\n').build().print(out)) {
            printer.printRecord(CSV_HEADER);
            for (Comparison c : table) {
                List<String> values = new ArrayList<>(List.of(c.kind().name(), c.dataset(), c.metric(), c.unit(), c.key(), c.run()));
                for (double v : new double[]{c.base().mean(), c.other().mean(), c.change(), c.changePct(), c.base().p95(),
                        c.other().p95(), c.base().max(), c.other().max(), c.verdict().pValue()}) {
                    values.add(ReadableNumbers.exact(v));
                }
                values.add(significance(c));
                printer.printRecord(values);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code yes}, {@code no}, or empty when no test was possible, as the CLI says it. */
    static String significance(Comparison c) {
        if (!c.verdict().tested()) return "";
        return c.verdict().significant() ? "yes" : "no";
    }

    /** Names typed into a filter field: separated by {@value #SEPARATOR}, blanks dropped. */
    static List<String> split(String text) {
        if (text == null) return List.of();
        return Arrays.stream(text.split(SEPARATOR)).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** The text filter: every word must occur in the row's kind, data set, metric, unit, key or run. */
    static boolean matches(Comparison row, String text) {
        String haystack = String.join(" ", row.kind().name(), row.dataset(), row.metric(), row.unit(), row.key(), row.run(),
                significance(row)).toLowerCase(Locale.ROOT);
        for (String word : text.toLowerCase(Locale.ROOT).split("\\s+")) {
            if (!word.isEmpty() && !haystack.contains(word)) return false;
        }
        return true;
    }

    /** The runs compared, base first. */
    public ObservableList<String> runs() {
        return runs;
    }

    /** Choices for the tool filter: empty (all), then the base run's tools and data sets. */
    public ObservableList<String> tools() {
        return tools;
    }

    public StringProperty toolProperty() {
        return tool;
    }

    public StringProperty metricsProperty() {
        return metrics;
    }

    public StringProperty keysProperty() {
        return keys;
    }

    public StringProperty filterProperty() {
        return filter;
    }

    /** The comparison's rows that pass the text filter, in {@link RunComparer}'s order (significant first). */
    public ObservableList<Comparison> shownRows() {
        return shownRows;
    }

    public ReadOnlyObjectProperty<JFreeChart> chartProperty() {
        return chart.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
