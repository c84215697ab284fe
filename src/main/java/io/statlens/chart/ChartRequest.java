package io.statlens.chart;

import io.statlens.store.read.TimeWindow;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to draw, for {@link ChartService#draw}.
 *
 * @param definitions the charts, drawn in this order (new keys take their colours in this order too)
 * @param runs        the runs, in the order the user named them; they take the first colours. Every definition is
 *                    drawn for them, except a query without {@code :run}, which draws what it selects
 * @param marks       markers on every run's charts, besides the notes stored with the runs
 * @param size        the size the charts are drawn for: their series are cut to its pixel columns
 * @param lenient     skip, with the reason, a definition whose data the runs do not hold (presets applied to whatever
 *                    the runs hold) instead of failing
 * @param perTool     the most definitions of one tool that give charts (0: no limit), so that a demo report stays small
 * @param skipFlat    with {@code lenient}: skip, with the reason, a chart whose every value is zero (a swap chart of a
 *                    host that never swapped): a report or a default set of charts says that in a line, not a page
 * @param oneAxis     several runs on one elapsed-time axis in every chart, each run from 0, whatever their lengths (a
 *                    dashboard, whose charts share one axis and one crosshair); without it, runs of very different
 *                    lengths are overlaid over each run's own length, 0 to 100 %
 * @param times       the samples read, by their clock time ({@link TimeWindow#ALL}: all of them); a live dashboard reads
 *                    only its last minutes. A query's chart (SQL) reads what its query selects, whatever this says
 * @param windows     each run's own window, by run, instead of {@code times} (a report of each run's window "steady")
 */
public record ChartRequest(List<ChartDefinition> definitions, List<String> runs, List<ChartMark> marks, RenderSize size,
                           boolean lenient, int perTool, boolean skipFlat, boolean oneAxis, TimeWindow times,
                           Map<String, TimeWindow> windows) {
    public ChartRequest(List<ChartDefinition> definitions, List<String> runs, List<ChartMark> marks, RenderSize size,
                        boolean lenient, int perTool, boolean skipFlat, boolean oneAxis) {
        this(definitions, runs, marks, size, lenient, perTool, skipFlat, oneAxis, TimeWindow.ALL, Map.of());
    }

    public ChartRequest(List<ChartDefinition> definitions, List<String> runs, List<ChartMark> marks, RenderSize size,
                        boolean lenient, int perTool) {
        this(definitions, runs, marks, size, lenient, perTool, false, false);
    }

    public ChartRequest(List<ChartDefinition> definitions, List<String> runs, List<ChartMark> marks, RenderSize size,
                        boolean lenient, int perTool, boolean skipFlat) {
        this(definitions, runs, marks, size, lenient, perTool, skipFlat, false);
    }

    public ChartRequest {
        definitions = List.copyOf(definitions);
        runs = List.copyOf(runs);
        marks = List.copyOf(marks);
        Objects.requireNonNull(size, "size");
        Objects.requireNonNull(times, "times");
        windows = Map.copyOf(windows);
        if (perTool < 0) throw new IllegalArgumentException("perTool " + perTool);
    }

    /** One chart of these runs, at the default size; what the runs lack is an error. */
    public static ChartRequest of(ChartDefinition definition, List<String> runs) {
        return new ChartRequest(List.of(definition), runs, List.of(), RenderSize.DEFAULT, false, 0);
    }

    public ChartRequest withSize(RenderSize newSize) {
        return new ChartRequest(definitions, runs, marks, newSize, lenient, perTool, skipFlat, oneAxis, times, windows);
    }

    public ChartRequest withMarks(List<ChartMark> newMarks) {
        return new ChartRequest(definitions, runs, newMarks, size, lenient, perTool, skipFlat, oneAxis, times, windows);
    }

    /** The same request, skipping charts whose every value is zero (lenient requests only). */
    public ChartRequest skippingFlat() {
        return new ChartRequest(definitions, runs, marks, size, lenient, perTool, true, oneAxis, times, windows);
    }

    /** The same request with every chart of several runs on one elapsed-time axis ({@code oneAxis}). */
    public ChartRequest onOneAxis() {
        return new ChartRequest(definitions, runs, marks, size, lenient, perTool, skipFlat, true, times, windows);
    }

    /** The same request reading each run's samples in its window of these (a run not in them: {@code times}). */
    public ChartRequest within(Map<String, TimeWindow> runWindows) {
        return new ChartRequest(definitions, runs, marks, size, lenient, perTool, skipFlat, oneAxis, times, runWindows);
    }

    /** The samples read of this run. */
    public TimeWindow timesOf(String run) {
        return windows.getOrDefault(run, times);
    }

    /** The same request reading only the samples from {@code since} on (a live dashboard's last minutes). */
    public ChartRequest since(Instant since) {
        return new ChartRequest(definitions, runs, marks, size, lenient, perTool, skipFlat, oneAxis, new TimeWindow(since, null), windows);
    }
}
