package io.statlens.parse.declarative;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;

import java.util.ArrayList;
import java.util.List;

/**
 * A table row of a definition with {@code stack.frame} rules, held until the stack printed under it has ended
 * (lockstat -s and plockstat -s print each row's call stack below it, in its time histogram's Stack column and then
 * one frame a line). With -s the tool counts each lock, caller and stack apart, so the same lock and caller come
 * again with another stack: the stack, joined with {@code ;} leaf first and kept whole, is the last part of the key
 * ({@code .../Stack}). A row without frames keeps its key and its data set's own key label.
 */
final class StackedRow {
    /** More frames than lockstat or plockstat record (their -s depth is at most 100): the deepest are left out. */
    private static final int MAX_FRAMES = 256;

    private final HeaderLayout layout;
    private final Row row;
    private final List<String> frames = new ArrayList<>();
    /** The last frame was cut short by a line wrap ({@code name \}): the next frame line continues it. */
    private boolean continued;

    StackedRow(HeaderLayout layout, Row row) {
        this.layout = layout;
        this.row = row;
    }

    /** One frame line's frame; {@code continues} when the frame goes on on the next line. */
    void frame(String text, boolean continues) {
        if (continued && !frames.isEmpty()) {
            frames.set(frames.size() - 1, frames.getLast() + text);
        } else if (frames.size() < MAX_FRAMES) {
            frames.add(text);
        }
        continued = continues;
    }

    DatasetSpec spec() {
        return frames.isEmpty() ? layout.spec() : layout.stackedSpec();
    }

    Row row() {
        if (frames.isEmpty()) return row;
        String stack = String.join(";", frames);
        String key = row.key().isEmpty() ? stack : row.key() + "/" + stack;
        return new Row(row.sample(), row.time(), key, row.sinceBoot(), row.values());
    }
}
