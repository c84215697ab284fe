package io.statlens.parse.declarative;

import io.statlens.parse.spi.RecordSink;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines no rule matched since the last blank line, held as the key of the keyed line records that follow
 * ({@code key = lines}): a DTrace stack printed one frame per line above its count, or the key above a quantize
 * histogram. They key every record up to the next blank line, header, section or time line; a new unmatched line
 * after a record starts the next key. Lines that never key a record are warned about, so nothing goes unsaid.
 */
final class KeyLines {
    /** More frames than any stack DTrace prints (its default ustack depth is 100): the oldest are warned about. */
    private static final int MAX_LINES = 256;

    private record Held(long number, String text) {
    }

    private final RecordSink sink;
    private final String tool;
    private final List<Held> held = new ArrayList<>();
    private boolean used;

    KeyLines(RecordSink sink, String tool) {
        this.sink = sink;
        this.tool = tool;
    }

    void add(long number, String text) {
        if (used) end();
        if (held.size() == MAX_LINES) unused(held.remove(0));
        held.add(new Held(number, text));
    }

    /** The held lines as a key ({@code frame;frame;...}); they now key the records up to the next key or end. */
    String key() {
        used = true;
        StringBuilder key = new StringBuilder();
        for (Held h : held) {
            if (!key.isEmpty()) key.append(';');
            key.append(h.text());
        }
        return key.toString();
    }

    /** A blank line, header, section or time line, or the end of the file: the held lines key nothing more. */
    void end() {
        if (!used) held.forEach(this::unused);
        held.clear();
        used = false;
    }

    private void unused(Held h) {
        sink.warning(h.number(), "expected a " + tool + " record after this line; line not recognised");
    }
}
