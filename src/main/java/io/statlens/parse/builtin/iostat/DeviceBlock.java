package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.Arrays;
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
    /** The most words {@link #offerPlainRow} reads on a line; a longer one takes the general path. */
    private static final int MAX_WORDS = 64;
    /** The values of the line read by {@link #offerPlainRow}; reused for every line. */
    private final double[] cells = new double[MAX_WORDS];
    /** The device names of the rows read so far, shared with the blocks of the reports before and after this one. */
    private final DeviceNames names;
    /** Rows read by {@link #offerPlainRow} in this block: where the next one's name was in the report before. */
    private int plainRows;

    /** @param units the units of the header's columns, {@link #unitsOf} */
    DeviceBlock(ColumnHeader header, List<String> units, DeviceNames names, long headerLine, ReportWriter out, RecordSink sink) {
        this.header = header;
        this.names = names;
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
        boolean keyFirst = header.keyFirst();
        int length = line.length();
        int words = 0;
        int cellCount = 0;
        int keyStart = -1;
        int keyEnd = -1;
        int i = 0;
        // one pass: words are found and their digits read as they go (the rules of Numbers.parseSimple)
        while (true) {
            char c = 0;
            while (i < length && Tokens.isSpace(c = line.charAt(i))) i++;
            if (i >= length) break;
            if (words == MAX_WORDS || (keyStart >= 0 && !keyFirst)) return false; // a key last must be the last word
            int start = i;
            words++;
            if (keyFirst && words == 1) {
                while (i < length && !Tokens.isSpace(line.charAt(i))) i++;
                keyStart = start;
                keyEnd = i;
                continue;
            }
            // as CellValue: a cell starts with a digit, a sign or a point
            boolean simple = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
            boolean negative = c == '-';
            if (c == '-' || c == '+') i++;
            long mantissa = 0;
            int digits = 0;
            int fraction = -1;
            for (; i < length; i++) {
                c = line.charAt(i);
                if (c >= '0' && c <= '9') {
                    mantissa = mantissa * 10 + (c - '0');
                    digits++;
                    if (fraction >= 0) fraction++;
                } else if ((c == '.' || c == ',') && fraction < 0) {
                    fraction = 0;
                } else if (Tokens.isSpace(c)) {
                    break;
                } else {
                    simple = false;
                }
            }
            if (simple && i - start <= 17 && digits > 0 && digits <= 15) {
                cells[cellCount++] = Numbers.simpleValue(mantissa, fraction, negative);
            } else if (keyFirst) {
                return false;
            } else {
                keyStart = start;
                keyEnd = i;
            }
        }
        if (keyStart < 0 || words < 2 || (cellCount != header.labels().size() && cellCount != header.widthWithExtras())) return false;
        char first = line.charAt(keyStart);
        // as CellValue.isNumber: a name that starts like a number is read by the general path
        if ((first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.') return false;
        take(names.name(plainRows++, line, keyStart, keyEnd), Arrays.copyOf(cells, cellCount), number);
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
