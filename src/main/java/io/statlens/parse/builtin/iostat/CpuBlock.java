package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;

import java.util.List;

/** Linux {@code avg-cpu:  %user %nice ...} and the one line of values under it. */
final class CpuBlock implements Block {
    private final List<String> labels;
    private final List<String> units;
    private final long headerLine;
    private final ReportWriter out;
    private final RecordSink sink;
    private boolean done;

    /** @param units the units of the labels, {@link #unitsOf} */
    CpuBlock(List<String> labels, List<String> units, long headerLine, ReportWriter out, RecordSink sink) {
        this.labels = labels;
        this.units = units;
        this.headerLine = headerLine;
        this.out = out;
        this.sink = sink;
        out.current().part("cpu", "", labels);
    }

    static List<String> unitsOf(List<String> labels) {
        return labels.stream().map(IostatMetrics::of).map(Metric::unit).toList();
    }

    @Override
    public boolean offer(String[] tokens, long line) {
        // A lone number is an epoch time stamp (-T u), not a short row.
        if (done || (tokens.length == 1 && labels.size() > 1)) return false;
        double[] values = CellValue.parseAll(tokens, 0, tokens.length, units);
        if (values == null) return false;
        done = true;
        if (values.length != labels.size()) {
            sink.warning(line, "expected " + labels.size() + " numeric columns as in the avg-cpu header at line "
                    + headerLine + ", found " + values.length);
        } else {
            out.current().part("cpu", "", labels).put("", labels, values, 0);
        }
        return true;
    }

    @Override
    public boolean fits(String[] tokens) {
        return !done && tokens.length == labels.size() && CellValue.parseAll(tokens, 0, tokens.length, units) != null;
    }

    @Override
    public boolean fitsWidth(int tokens) {
        return done || tokens == labels.size();
    }

    @Override
    public boolean startsRow(String[] tokens) {
        return !done && tokens.length > 1 && CellValue.isNumber(tokens[0]);
    }

    @Override
    public void end() {
        if (!done) sink.warning(headerLine, "avg-cpu header is not followed by a line of values");
    }
}
