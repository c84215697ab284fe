package io.statlens.parse.declarative;

import io.statlens.parse.spi.RecordSink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows read by shape ({@code split}) on consecutive lines, held until the block ends: a printa() format prints every
 * row of an aggregation alike, as many cells with the numbers in the same places, so a line among them of another shape
 * (a script's {@code Sampled 5 seconds} above its rows) is prose, not a row. A shape two or more rows share and no other
 * shape matches in number is the block's; a line alone in its shape beside them is skipped with a warning. A block of
 * one row, or of rows of as many shapes each, is kept whole: nothing says which line is prose.
 */
final class PrintaBlock {
    /** A held row: its line, its shape, and what stores it. */
    private record Held(long line, List<Boolean> shape, Runnable store) {
    }

    private final RecordSink sink;
    private final String tool;
    private final List<Held> held = new ArrayList<>();

    PrintaBlock(RecordSink sink, String tool) {
        this.sink = sink;
        this.tool = tool;
    }

    /**
     * Holds a row until its block ends.
     *
     * @param shape for each cell, whether it is a number
     */
    void add(long line, List<Boolean> shape, Runnable store) {
        held.add(new Held(line, List.copyOf(shape), store));
    }

    /** The block ended (a line that is no such row): its rows are stored in order, prose among them skipped. */
    void end() {
        if (held.isEmpty()) return;
        Map<List<Boolean>, Integer> counts = new HashMap<>();
        held.forEach(h -> counts.merge(h.shape(), 1, Integer::sum));
        int most = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        boolean oneShape = most >= 2 && counts.values().stream().filter(c -> c == most).count() == 1;
        List<Held> block = List.copyOf(held);
        held.clear();
        for (Held h : block) {
            if (oneShape && counts.get(h.shape()) == 1) {
                sink.warning(h.line(), "line skipped as prose: its " + h.shape().size() + " cells are not shaped as the "
                        + most + " " + tool + " rows around it");
            } else {
                h.store().run();
            }
        }
    }
}
