package io.statlens.parse;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.RecordSink;

import java.time.Instant;

/**
 * The edge between any parser and the sink it writes to: what no repository can hold is turned into
 * {@code file:line} warnings here, once, whatever parser produced it. A cell that overflowed to
 * ±infinity ({@code 1e999}, a digit string beyond the double range, an {@code Infinity} literal)
 * becomes an empty cell and the rest of its row stands; a row whose time lies outside the years a
 * repository stores is dropped; so is a summary value out of range. The current line is the one the
 * parser last read from its {@link LineSource}.
 */
public final class CheckedSink implements RecordSink {
    /** The years a repository's timestamps hold (SQL TIMESTAMP: years 1 to 9999). */
    static final Instant EARLIEST = Instant.parse("0001-01-02T00:00:00Z");
    static final Instant LATEST = Instant.parse("9999-12-30T23:59:59Z");

    private final RecordSink sink;
    private final LineSource lines;

    public CheckedSink(RecordSink sink, LineSource lines) {
        this.sink = sink;
        this.lines = lines;
    }

    @Override
    public void dataset(DatasetSpec spec) {
        sink.dataset(spec);
    }

    @Override
    public void row(DatasetSpec spec, Row row) {
        if (row.time().isBefore(EARLIEST) || row.time().isAfter(LATEST)) {
            sink.warning(lines.lineNumber(), "row skipped: its time " + row.time() + " is out of range (years 1 to 9999)");
            return;
        }
        double[] values = row.values();
        double[] checked = null;
        for (int i = 0; i < values.length; i++) {
            if (!storable(values[i])) {
                if (checked == null) checked = values.clone();
                checked[i] = Double.NaN;
                String label = i < spec.metrics().size() ? spec.metrics().get(i).label() : "column " + (i + 1);
                sink.warning(lines.lineNumber(), "value out of range for " + label + " (stored as no value)");
            }
        }
        sink.row(spec, checked == null ? row : new Row(row.sample(), row.time(), row.key(), row.sinceBoot(), checked));
    }

    @Override
    public void summary(SummaryValue value) {
        if (!storable(value.value()) || Double.isNaN(value.value())) {
            sink.warning(lines.lineNumber(), "summary value " + value.name() + " skipped: "
                    + (Double.isNaN(value.value()) ? "not a number" : "value out of range"));
            return;
        }
        sink.summary(value);
    }

    @Override
    public void fact(Fact fact) {
        sink.fact(fact);
    }

    @Override
    public void warning(long line, String message) {
        sink.warning(line, message);
    }

    @Override
    public void notice(long line, String message) {
        sink.notice(line, message);
    }

    @Override
    public void variant(String variant) {
        sink.variant(variant);
    }

    /**
     * Whether a repository can hold the value: NaN (no value) or a finite double that is not subnormal;
     * databases refuse infinities and flush or refuse magnitudes below the smallest normal double.
     */
    static boolean storable(double v) {
        if (Double.isNaN(v)) return true;
        if (Double.isInfinite(v)) return false;
        return v == 0 || Math.abs(v) >= Double.MIN_NORMAL;
    }
}
