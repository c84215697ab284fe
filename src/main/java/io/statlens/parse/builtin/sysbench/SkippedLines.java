package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.spi.RecordSink;

/**
 * Lines that are not sysbench output, reported as one warning per stretch rather than one per line: a sysbench
 * report embedded in another program's log (PerfKitBenchmarker) or a cram test file has hundreds of them.
 * Blank lines inside a stretch do not end it; any recognised line does.
 */
final class SkippedLines {
    private static final int SHOWN_CHARS = 80;

    private final RecordSink sink;
    private long first;
    private long last;
    private int count;
    private String sample;

    SkippedLines(RecordSink sink) {
        this.sink = sink;
    }

    void add(long line, String text) {
        if (count == 0) {
            first = line;
            sample = text.length() > SHOWN_CHARS ? text.substring(0, SHOWN_CHARS) + "..." : text;
        }
        last = line;
        count++;
    }

    /** Ends the current stretch, warning about it. */
    void flush() {
        if (count == 0) return;
        if (count == 1) {
            sink.warning(first, "not sysbench output, skipped: '" + sample + "'");
        } else {
            sink.warning(first, count + " lines up to line " + last
                    + " are not sysbench output, skipped (first: '" + sample + "')");
        }
        count = 0;
    }
}
