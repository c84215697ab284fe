package io.statlens.parse.builtin.sar;

import io.statlens.parse.spi.RecordSink;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sections of sadf's machine formats ({@code -d}, {@code -j}): a section's labels, as the text form prints
 * them, name the same data set and metrics as sar's text ({@link SectionHeader}), and its rows go out as the text
 * form's do, so that a sadf file and a sar file of the same data compare.
 */
final class SadfSections {
    private final RecordSink sink;
    private final Map<List<String>, SectionHeader> headers = new HashMap<>();
    private final Map<String, SectionState> sections = new HashMap<>();
    private final Set<String> factsRecorded = new HashSet<>();
    private long rows;
    /** Whether the notice about a filesystem mounted again was given (once per file). */
    private boolean mountedAgainTold;

    SadfSections(RecordSink sink) {
        this.sink = sink;
    }

    /**
     * One row of a section.
     *
     * @param labels the section's labels as the text form prints them, its key first ({@code CPU %usr ...})
     * @param cells  the row's cells in the same order; sadf's {@code -1} in a CPU key is the text form's {@code all}
     */
    void row(List<String> labels, Instant time, String[] cells, long line) {
        SectionHeader header = headers.computeIfAbsent(List.copyOf(labels), SectionHeader::of);
        if (header.spec().keyLabel().equals("CPU") && cells.length > 0 && cells[0].equals("-1")) cells[0] = "all";
        SectionHeader.Cells parsed = header.cells(cells);
        SectionState state = sections.get(header.spec().name());
        if (parsed != null && state != null && state.printedAgain(time, parsed.key())) {
            if (!mountedAgainTold) sink.notice(line, SectionHeader.mountedAgain(parsed.key()));
            mountedAgainTold = true;
            return;
        }
        if (parsed == null) {
            sink.warning(line, "expected " + header.columnCount() + " values for " + String.join(" ", labels) + ", found " + cells.length);
            return;
        }
        if (!parsed.nonNumeric().isEmpty()) {
            sink.warning(line, "not a number, stored as missing: " + String.join(", ", parsed.nonNumeric()));
        }
        for (SectionHeader.Text text : parsed.texts()) {
            if (!text.value().isBlank()) {
                fact(header.spec().name() + "." + parsed.key() + "." + text.label().toLowerCase(), text.value());
            }
        }
        if (state == null) {
            state = new SectionState(header, line);
            sections.put(header.spec().name(), state);
        } else {
            state.header(header, line);
        }
        state.emit(time, parsed.key(), parsed.values(), sink);
        rows++;
    }

    /** Records a fact once per name and value (sadf repeats restarts and sensor names). */
    void fact(String name, String value) {
        if (factsRecorded.add(name + '\n' + value)) sink.fact(name, value);
    }

    long rows() {
        return rows;
    }
}
