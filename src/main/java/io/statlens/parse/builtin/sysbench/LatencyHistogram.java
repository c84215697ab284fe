package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.spi.RecordSink;

import java.util.regex.Pattern;

/**
 * The latency histogram {@code --histogram} prints after the intermediate reports (sysbench 1.0+: src/sysbench.c
 * logs the title, src/sb_histogram.c {@code sb_histogram_print} the header and a row per non-empty bucket,
 * {@code printf("%12.3f |%-40.*s %lu\n", value, width, stars, count)}). It is sysbench's own output, so it is no
 * warning; it is not stored (a distribution over the whole run, not a series), which one notice per histogram says.
 * Rows are taken only after the title or the header, so that other lines that happen to look alike are still warned
 * about.
 */
final class LatencyHistogram {
    static final String TITLE = "Latency histogram (values are in milliseconds)";
    private static final Pattern HEADER = Pattern.compile("^value\\s+-+ distribution -+\\s+count$");
    private static final Pattern ROW = Pattern.compile("^\\d+\\.\\d{3} \\|\\**\\s+\\d+$");

    private final RecordSink sink;
    private boolean open;
    private long first;
    private int buckets;

    LatencyHistogram(RecordSink sink) {
        this.sink = sink;
    }

    /** Whether this trimmed line is the histogram's title, header or one of its rows. */
    boolean accept(String text, long number) {
        if (text.equals(TITLE) || HEADER.matcher(text).matches()) {
            if (!open) first = number;
            open = true;
            return true;
        }
        if (open && ROW.matcher(text).matches()) {
            buckets++;
            return true;
        }
        return false;
    }

    /** The histogram, if one was read, has ended: said once. */
    void end() {
        if (!open) return;
        sink.notice(first, "sysbench's latency histogram (--histogram, " + buckets + " buckets) is not stored: "
                + "the run's latencies are the summary's min, avg, max and percentile");
        open = false;
        buckets = 0;
    }
}
