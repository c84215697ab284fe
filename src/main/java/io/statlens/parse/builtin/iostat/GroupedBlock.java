package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;

import java.util.List;

/** The value lines under a {@link GroupedHeader}: every line is a report of its own. */
final class GroupedBlock implements Block {
    private final GroupedHeader header;
    private final long headerLine;
    private final ReportWriter out;
    private final RecordSink sink;
    private final List<String> units;

    GroupedBlock(GroupedHeader header, long headerLine, ReportWriter out, RecordSink sink) {
        this.header = header;
        this.headerLine = headerLine;
        this.out = out;
        this.sink = sink;
        this.units = header.groups().stream().flatMap(g -> g.labels().stream()).map(IostatMetrics::of).map(Metric::unit).toList();
    }

    @Override
    public boolean offer(String[] tokens, long line) {
        // A lone number is an epoch time stamp (-T u), not a short row.
        if (tokens.length == 1 && header.width() > 1) return false;
        double[] values = CellValue.parseAll(tokens, 0, tokens.length, units);
        if (values == null) return false;
        if (values.length != header.width()) {
            sink.warning(line, "expected " + header.width() + " numeric columns as in the header at line " + headerLine
                    + ", found " + values.length);
            return true;
        }
        if (out.current().hasRows()) out.finish();
        int at = 0;
        for (GroupedHeader.Group group : header.groups()) {
            String keyLabel = group.dataset().isEmpty() ? "Device" : "";
            out.current().part(group.dataset(), keyLabel, group.labels()).put(group.key(), group.labels(), values, at);
            at += group.labels().size();
        }
        return true;
    }

    @Override
    public boolean fits(String[] tokens) {
        return tokens.length == header.width() && CellValue.parseAll(tokens, 0, tokens.length, units) != null;
    }

    @Override
    public boolean fitsWidth(int tokens) {
        return tokens == header.width();
    }

    @Override
    public boolean startsRow(String[] tokens) {
        return tokens.length > 1 && CellValue.isNumber(tokens[0]);
    }

    @Override
    public void end() {
        // Every line is complete in itself: nothing can be missing.
    }
}
