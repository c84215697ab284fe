package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.List;

/**
 * The device (or NFS mount) lines under a {@link ColumnHeader}: one line per key, the key first or
 * last. sysstat's {@code -h} before 12.x prints a long name on a line of its own and the values,
 * indented, on the next one.
 */
final class DeviceBlock implements Block {
    private final ColumnHeader header;
    private final long headerLine;
    private final ReportWriter out;
    private final RecordSink sink;
    private final List<String> units;
    private String pendingKey;
    private long pendingLine;
    /** Where the words of the line read by {@link #offerPlainRow} start and end; reused for every line. */
    private final int[] starts = new int[64];
    private final int[] ends = new int[64];

    /** @param units the units of the header's columns, {@link #unitsOf} */
    DeviceBlock(ColumnHeader header, List<String> units, long headerLine, ReportWriter out, RecordSink sink) {
        this.header = header;
        this.units = units;
        this.headerLine = headerLine;
        this.out = out;
        this.sink = sink;
        out.current().part(header.dataset(), header.keyLabel(), header.labels());
    }

    /** The units of a header's columns, the device columns then the tty and cpu ones. */
    static List<String> unitsOf(ColumnHeader header) {
        List<String> units = new ArrayList<>();
        for (List<String> labels : List.of(header.labels(), header.ttyLabels(), header.cpuLabels())) {
            labels.stream().map(IostatMetrics::of).map(Metric::unit).forEach(units::add);
        }
        return List.copyOf(units);
    }

    @Override
    public boolean offer(String[] tokens, long line) {
        int n = tokens.length;
        if (pendingKey != null) {
            double[] values = CellValue.parseAll(tokens, 0, n, units);
            if (values != null) {
                take(pendingKey, values, line);
                pendingKey = null;
                return true;
            }
        }
        if (n < 2) return false;
        String key = header.keyFirst() ? tokens[0] : tokens[n - 1];
        if (CellValue.isNumber(key)) return false;
        int from = header.keyFirst() ? 1 : 0;
        double[] values = CellValue.parseAll(tokens, from, from + n - 1, units);
        if (values == null) return false;
        take(key, values, line);
        return true;
    }

    /**
     * Takes a row of plain numbers (the common case) straight from the line, without a String per cell: true
     * only where {@link #offer} would take the line's words the same way with no repair or warning (the width
     * of the header, a key that is not a number, every cell a simple decimal); otherwise false, and the line
     * takes the general path.
     */
    boolean offerPlainRow(String line, long number) {
        if (pendingKey != null) return false;
        int count = 0;
        int length = line.length();
        int i = 0;
        while (i < length) {
            while (i < length && Tokens.isSpace(line.charAt(i))) i++;
            if (i >= length) break;
            if (count == starts.length) return false;
            starts[count] = i;
            while (i < length && !Tokens.isSpace(line.charAt(i))) i++;
            ends[count++] = i;
        }
        if (count < 2 || (count - 1 != header.labels().size() && count - 1 != header.widthWithExtras())) return false;
        int keyWord = header.keyFirst() ? 0 : count - 1;
        String key = line.substring(starts[keyWord], ends[keyWord]);
        if (CellValue.isNumber(key)) return false;
        int from = header.keyFirst() ? 1 : 0;
        double[] values = new double[count - 1];
        for (int k = 0; k < values.length; k++) {
            int start = starts[from + k];
            char c = line.charAt(start);
            // as CellValue: a cell starts with a digit, a sign or a point
            if (!(c >= '0' && c <= '9') && c != '-' && c != '+' && c != '.') return false;
            double v = Numbers.parseSimple(line, start, ends[from + k]);
            if (Double.isNaN(v)) return false;
            values[k] = v;
        }
        take(key, values, number);
        return true;
    }

    @Override
    public boolean fits(String[] tokens) {
        int n = tokens.length;
        if (n < 2) return false;
        int width = header.labels().size();
        if (n - 1 != width && n - 1 != header.widthWithExtras()) return false;
        String key = header.keyFirst() ? tokens[0] : tokens[n - 1];
        int from = header.keyFirst() ? 1 : 0;
        return !CellValue.isNumber(key) && CellValue.parseAll(tokens, from, from + n - 1, units) != null;
    }

    @Override
    public boolean fitsWidth(int tokens) {
        return tokens - 1 == header.labels().size() || tokens - 1 == header.widthWithExtras()
                || (pendingKey != null && (tokens == header.labels().size() || tokens == header.widthWithExtras()));
    }

    @Override
    public boolean startsRow(String[] tokens) {
        if (tokens.length < 2) return false;
        return header.keyFirst() ? !CellValue.isNumber(tokens[0]) && CellValue.isNumber(tokens[1]) : CellValue.isNumber(tokens[0]);
    }

    /** A line holding only a device name, whose values follow on the next line. */
    boolean offerName(String[] tokens, long line) {
        if (!header.keyFirst() || tokens.length != 1 || CellValue.isNumber(tokens[0])) return false;
        warnPendingName();
        pendingKey = tokens[0];
        pendingLine = line;
        return true;
    }

    @Override
    public void end() {
        warnPendingName();
    }

    private void warnPendingName() {
        if (pendingKey != null) {
            sink.warning(pendingLine, "device name '" + pendingKey + "' is not followed by a line of values");
            pendingKey = null;
        }
    }

    private void take(String key, double[] values, long line) {
        int width = header.labels().size();
        boolean extras = header.widthWithExtras() > width && values.length == header.widthWithExtras();
        if (values.length != width && !extras) {
            sink.warning(line, "expected " + width + " numeric columns as in the header at line " + headerLine
                    + (header.widthWithExtras() > width ? " (or " + header.widthWithExtras() + " with tty and cpu)" : "")
                    + ", found " + values.length);
            return;
        }
        Report report = out.current();
        if (!report.part(header.dataset(), header.keyLabel(), header.labels()).put(key, header.labels(), values, 0)) {
            sink.warning(line, header.keyLabel() + " '" + key + "' appears twice in one report; keeping the later values");
        }
        if (extras) {
            int tty = header.ttyLabels().size();
            if (tty > 0) report.part("tty", "", header.ttyLabels()).put("", header.ttyLabels(), values, width);
            if (!header.cpuLabels().isEmpty()) {
                report.part("cpu", "", header.cpuLabels()).put("", header.cpuLabels(), values, width + tty);
            }
        }
    }
}
