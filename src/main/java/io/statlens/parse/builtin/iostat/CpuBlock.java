package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;

import java.util.List;

/**
 * Linux {@code avg-cpu:  %user %nice ...} and the one line of values under it; or AIX's {@code tty: tin tout avg-cpu:
 * %user ...}, whose line of values begins with the tty columns.
 */
final class CpuBlock implements Block {
    private final List<String> ttyLabels;
    private final List<String> labels;
    private final List<String> units;
    private final long headerLine;
    private final ReportWriter out;
    private final RecordSink sink;
    private boolean done;

    /** @param units the units of the labels, {@link #unitsOf} */
    CpuBlock(List<String> labels, List<String> units, long headerLine, ReportWriter out, RecordSink sink) {
        this(List.of(), labels, units, headerLine, out, sink);
    }

    /** @param ttyLabels the tty columns before the CPU's (AIX), each in {@code iostat.tty}; units are of all columns */
    CpuBlock(List<String> ttyLabels, List<String> labels, List<String> units, long headerLine, ReportWriter out, RecordSink sink) {
        this.ttyLabels = ttyLabels;
        this.labels = labels;
        this.units = units;
        this.headerLine = headerLine;
        this.out = out;
        this.sink = sink;
        if (!ttyLabels.isEmpty()) out.current().part("tty", "", ttyLabels);
        out.current().part("cpu", "", labels);
    }

    static List<String> unitsOf(List<String> labels) {
        return labels.stream().map(IostatMetrics::of).map(Metric::unit).toList();
    }

    @Override
    public boolean offer(String[] tokens, long line) {
        // A lone number is an epoch time stamp (-T u), not a short row.
        if (done || (tokens.length == 1 && width() > 1)) return false;
        double[] values = CellValue.parseAll(tokens, 0, tokens.length, units);
        if (values == null) return false;
        done = true;
        if (values.length != width()) {
            sink.warning(line, "expected " + width() + " numeric columns as in the avg-cpu header at line "
                    + headerLine + ", found " + values.length);
        } else {
            if (!ttyLabels.isEmpty()) out.current().part("tty", "", ttyLabels).put("", ttyLabels, values, 0);
            out.current().part("cpu", "", labels).put("", labels, values, ttyLabels.size());
        }
        return true;
    }

    @Override
    public boolean fits(String[] tokens) {
        return !done && tokens.length == width() && CellValue.parseAll(tokens, 0, tokens.length, units) != null;
    }

    @Override
    public boolean fitsWidth(int tokens) {
        return done || tokens == width();
    }

    @Override
    public boolean startsRow(String[] tokens) {
        return !done && tokens.length > 1 && CellValue.isNumber(tokens[0]);
    }

    private int width() {
        return ttyLabels.size() + labels.size();
    }

    @Override
    public void end() {
        if (!done) sink.warning(headerLine, "avg-cpu header is not followed by a line of values");
    }
}
