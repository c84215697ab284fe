package io.statlens.gui;

import io.statlens.model.UserException;
import io.statlens.store.read.ReadOnlyQuery;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The SQL console: the user's read-only question (passed as typed to {@link ReadOnlyQuery}, which refuses
 * anything but SELECT/VALUES), its result as a table, a history of the statements run, and CSV export.
 */
public final class SqlConsoleViewModel {
    /** Rows a result shows at most: the table holds them all in memory. */
    static final long MAX_ROWS = 10_000;

    /**
     * A result: column names and rows of values as {@link ReadOnlyQuery} reads them.
     *
     * @param more    whether the query had more rows than {@link #MAX_ROWS}
     * @param numeric per column, whether it holds numbers (shown as people read them, exact in the tooltip)
     */
    public record Result(List<String> columns, List<List<Object>> rows, boolean more, List<Boolean> numeric) {
        public Result {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
            numeric = List.copyOf(numeric);
            if (numeric.size() != columns.size()) throw new IllegalArgumentException("a numeric flag per column");
        }

        public Result(List<String> columns, List<List<Object>> rows) {
            this(columns, rows, false, columns.stream().map(c -> false).toList());
        }
    }

    /**
     * Where "Chart this result" sends a statement: the chart pane, which draws it through the chart layer's SQL
     * charts and says why a result cannot be charted.
     */
    public interface ChartTarget {
        void chart(String sql, Runnable shown, Consumer<String> failed);
    }

    /** What a result needs to be charted (docs/charts.md), said with every reason one cannot be. */
    static final String CHART_SHAPE = "A chart needs: first column x (a time stamp such as TS, or a number such as"
            + " ELAPSED_S), then text columns as the key (such as ITEM), and numeric columns as the values.";

    private final ReadOnlyQuery readOnlyQuery;
    private final TaskExecutor executor;
    private ChartTarget chartTarget;
    private final StringProperty sql = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Result> result = new ReadOnlyObjectWrapper<>();
    private final ObservableList<String> history = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private ReadOnlyQuery.Stop stop;
    /** The statement whose result is shown; null without one. */
    private String resultSql;
    // Where Up/Down stand in the history; history.size() means "past the newest", the text being typed.
    private int historyPosition;

    public SqlConsoleViewModel(ReadOnlyQuery readOnlyQuery, TaskExecutor executor) {
        this.readOnlyQuery = readOnlyQuery;
        this.executor = executor;
    }

    /** Runs the editor's text in the background; shows the result, or the UserException's message (no stack trace). */
    public void run() {
        String text = sql.get().strip();
        if (text.isEmpty() || running.get()) return;
        if (history.isEmpty() || !history.get(history.size() - 1).equals(text)) history.add(text);
        historyPosition = history.size();
        message.set("running... (Stop ends it)");
        ReadOnlyQuery.Stop thisStop = new ReadOnlyQuery.Stop();
        stop = thisStop;
        running.set(true);
        executor.run(() -> query(text, thisStop), r -> {
            running.set(false);
            resultSql = text;
            result.set(r);
            message.set(r.more() ? "the first " + r.rows().size() + " rows are shown; the result has more"
                    + " (statlens query --format csv streams all of them)" : r.rows().size() + " row(s)");
        }, e -> {
            running.set(false);
            // A refused or failed statement has no result: nothing is left to chart or export.
            resultSql = null;
            result.set(null);
            message.set(e instanceof UserException ? e.getMessage() : "query failed: " + e);
        });
    }

    /** Stops the running query (the Stop button); the repository stays as it was. */
    public void stop() {
        if (stop != null) stop.stop();
    }

    /** Whether a query is running, for the Stop button. */
    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    private Result query(String text, ReadOnlyQuery.Stop stop) {
        List<String> columns = new ArrayList<>();
        List<Boolean> numbers = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        ReadOnlyQuery.Outcome outcome = readOnlyQuery.run(text, Map.of(), new ReadOnlyQuery.Handler() {
            @Override
            public void columns(List<String> names, List<Boolean> numeric) {
                columns.addAll(names);
                numbers.addAll(numeric);
            }

            @Override
            public void row(List<Object> values) {
                rows.add(values);
            }
        }, new ReadOnlyQuery.Limits(ReadOnlyQuery.Limits.DEFAULT_TIMEOUT_SECONDS, MAX_ROWS), stop);
        return new Result(columns, rows, outcome.more(), numbers);
    }

    /** Sets where {@link #chartResult} charts (the main window's chart pane). */
    public void chartTo(ChartTarget target) {
        chartTarget = target;
    }

    /**
     * Charts the statement whose result is shown in the chart pane; why it cannot be charted, and the shape needed,
     * goes to the message. Without a result (none yet, or the statement was refused) there is nothing to chart.
     */
    public void chartResult() {
        String text = resultSql;
        if (text == null || result.get() == null) return;
        if (chartTarget == null) throw new IllegalStateException("no chart pane to chart in");
        message.set("charting...");
        chartTarget.chart(text, () -> message.set("charted in the Chart tab"),
                reason -> message.set("cannot chart this result: " + reason + "\n" + CHART_SHAPE));
    }

    /** Puts the previous statement of the history into the editor (Up). */
    public void previous() {
        if (historyPosition > 0) sql.set(history.get(--historyPosition));
    }

    /** Puts the next statement into the editor (Down); past the newest, an empty editor. */
    public void next() {
        if (historyPosition >= history.size()) return;
        historyPosition++;
        sql.set(historyPosition == history.size() ? "" : history.get(historyPosition));
    }

    /** Writes the shown result as CSV (RFC 4180, a header line), as {@code statlens query --format csv} does. */
    public void exportCsv(Path file) {
        Result shown = result.get();
        if (shown == null) throw new IllegalStateException("no result to export");
        executor.run(() -> {
            writeCsv(shown, file);
            return shown.rows().size();
        }, n -> message.set("wrote " + n + " row(s) to " + file),
                e -> message.set("cannot write " + file + ": " + e.getMessage()));
    }

    static void writeCsv(Result result, Path file) {
        try (Writer out = Files.newBufferedWriter(file);
             CSVPrinter printer = CSVFormat.RFC4180.builder().setRecordSeparator('\n').build().print(out)) {
            printer.printRecord(result.columns());
            for (List<Object> row : result.rows()) printer.printRecord(row);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public StringProperty sqlProperty() {
        return sql;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Result> resultProperty() {
        return result.getReadOnlyProperty();
    }

    public ObservableList<String> history() {
        return history;
    }
}
