package io.statlens.gui;

import io.statlens.chart.ChartBuilder;
import io.statlens.chart.ChartData;
import io.statlens.chart.ChartDataLoader;
import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartFormat;
import io.statlens.chart.ChartNote;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.KeyPalette;
import io.statlens.chart.NoteSource;
import io.statlens.chart.RenderSize;
import io.statlens.store.AnnotationStore;
import io.statlens.store.Repository;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.jfree.chart.JFreeChart;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The chart pane: one metric of a data set for one or more runs (several runs share an elapsed-time
 * axis), drawn by the chart layer as on the command line, and exported to PNG or SVG.
 */
public final class ChartViewModel {
    /** What is charted: the runs and the data set and metric. */
    public record Selection(List<String> runs, String dataset, String metric) {
        public Selection {
            runs = List.copyOf(runs);
        }
    }

    private final Repository repo;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final Consumer<String> status;
    private final ReadOnlyObjectWrapper<JFreeChart> chart = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Selection> shown = new ReadOnlyObjectWrapper<>();

    public ChartViewModel(Repository repo, TaskExecutor executor, ZoneId zone, Consumer<String> status) {
        this.repo = repo;
        this.executor = executor;
        this.zone = zone;
        this.status = status;
    }

    public void show(Selection selection) {
        status.accept("charting " + selection.dataset() + " " + selection.metric() + " of " + String.join(", ", selection.runs()) + "...");
        executor.run(() -> build(selection), built -> {
            shown.set(selection); // first: listeners of the chart ask what it shows
            chart.set(built);
            status.accept(built.getTitle().getText());
        }, e -> status.accept("cannot chart " + selection.metric() + ": " + e.getMessage()));
    }

    /** Draws the shown selection again (a note was added). */
    public void redraw() {
        Selection current = shown.get();
        if (current != null) show(current);
    }

    private JFreeChart build(Selection s) {
        ChartDefinition def = ChartDefinition.builder().tool(s.dataset()).metric(List.of(s.metric())).build();
        AnnotationStore annotations = new AnnotationStore(repo);
        NoteSource notes = run -> annotations.list(run).stream().map(a -> new ChartNote(a.time(), a.text())).toList();
        List<ChartData> charts = new ChartDataLoader(repo, zone).load(def, s.runs(), notes, false).charts();
        return new ChartBuilder(new KeyPalette().register(s.runs()), zone).build(charts.get(0), RenderSize.DEFAULT);
    }

    /** Writes the shown chart; the format follows the file's extension (.png or .svg). */
    public void export(Path file, RenderSize size) {
        JFreeChart current = chart.get();
        if (current == null) throw new IllegalStateException("no chart to export");
        ChartFormat format = ChartFormat.parse(extension(file));
        executor.run(() -> ChartWriter.write(current, format, size, file),
                bytes -> status.accept("wrote " + file + " (" + bytes + " bytes)"),
                e -> status.accept("cannot write " + file + ": " + e.getMessage()));
    }

    private static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    public ReadOnlyObjectProperty<JFreeChart> chartProperty() {
        return chart.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Selection> shownProperty() {
        return shown.getReadOnlyProperty();
    }
}
