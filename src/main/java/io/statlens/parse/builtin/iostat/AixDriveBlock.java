package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One drive of AIX {@code iostat -D} (the extended drive report): a name line that opens the {@code xfer:} section,
 * then sections {@code read:}, {@code write:}, {@code queue:} (and any other a version adds), each a line of labels
 * and a line of values under it, and a rule of dashes after the drive. Every label is a metric named
 * {@code section.label} ({@code read.avgserv}, {@code write.avgserv}); the drive is the key. A drive that comes
 * again starts the next report. Values carry IBM's suffixes: {@code K M G T} multiply by powers of 1000 (the tool
 * prints a 4 KiB read per second as {@code 16.4K} bytes for 4 tps), {@code S} is seconds in a column of
 * milliseconds.
 */
final class AixDriveBlock implements Block {
    static final String DATASET = "drive";
    private static final Pattern RULE = Pattern.compile("-{10,}");
    private static final String MAGNITUDES = "KMGT";

    private final String drive;
    private final long nameLine;
    private final ReportWriter out;
    private final RecordSink sink;
    private final List<String> labels = new ArrayList<>();
    private final List<Double> values = new ArrayList<>();
    /** The section whose labels came last and still waits for its values; null when none does. */
    private String pendingSection;
    private List<String> pendingLabels;
    private long pendingLine;
    private boolean written;

    private AixDriveBlock(String drive, long nameLine, ReportWriter out, RecordSink sink) {
        this.drive = drive;
        this.nameLine = nameLine;
        this.out = out;
        this.sink = sink;
    }

    /** The block for a name line {@code hdisk0 xfer: %tm_act bps tps bread bwrtn}, or null when it is not one. */
    static AixDriveBlock start(String[] tokens, long line, ReportWriter out, RecordSink sink) {
        if (tokens.length < 3 || !tokens[1].equals("xfer:") || CellValue.isNumber(tokens[0])) return null;
        AixDriveBlock block = new AixDriveBlock(tokens[0], line, out, sink);
        block.sectionLabels("xfer", tokens, 2, line);
        return block;
    }

    /** The metric of a label of a section: unit by IBM's description of the extended drive report. */
    static Metric metric(String label) {
        int dot = label.indexOf('.');
        String section = dot < 0 ? "" : label.substring(0, dot);
        String column = label.substring(dot + 1);
        String unit = switch (column) {
            case "%tm_act" -> "%";
            case "bps", "bread", "bwrtn" -> "B/s";
            case "Kbps" -> "kB/s";
            case "bkread", "bkwrtn" -> "blocks/s";
            case "tps", "rps", "wps" -> "1/s";
            case "partition-id" -> "";
            case "avgserv", "minserv", "maxserv", "avgtime", "mintime", "maxtime" -> "ms";
            case "avgwqsz", "avgsqsz" -> "requests";
            case "timeouts", "fails", "sqfull" -> "count";
            default -> IostatMetrics.of(column).unit();
        };
        return new Metric(label, unit, section.isEmpty() ? "" : "AIX iostat -D " + section + " section: " + column);
    }

    @Override
    public boolean offer(String[] tokens, long line) {
        if (tokens.length == 1 && RULE.matcher(tokens[0]).matches()) {
            end();
            return true;
        }
        String first = tokens[0];
        if (first.length() > 1 && first.endsWith(":") && tokens.length > 1 && !CellValue.isNumber(tokens[1])) {
            if (first.equals("xfer:")) return false;
            sectionLabels(first.substring(0, first.length() - 1), tokens, 1, line);
            return true;
        }
        if (pendingSection == null || !CellValue.isNumber(numberPart(first))) return false;
        if (tokens.length != pendingLabels.size()) {
            sink.warning(line, "expected " + pendingLabels.size() + " values under the '" + pendingSection
                    + ":' labels of drive '" + drive + "' at line " + pendingLine + ", found " + tokens.length);
            pendingSection = null;
            return true;
        }
        for (int i = 0; i < tokens.length; i++) {
            String label = pendingLabels.get(i);
            double v = value(tokens[i], metric(label).unit());
            if (Double.isNaN(v)) {
                sink.warning(line, "'" + tokens[i] + "' under '" + label + "' of drive '" + drive
                        + "': expected a number, with K, M, G or T (powers of 1000) or S (seconds) after it");
                continue;
            }
            labels.add(label);
            values.add(v);
        }
        pendingSection = null;
        return true;
    }

    private void sectionLabels(String section, String[] tokens, int from, long line) {
        warnPending();
        List<String> named = new ArrayList<>(tokens.length - from);
        for (int i = from; i < tokens.length; i++) named.add(section + "." + tokens[i]);
        pendingSection = section;
        pendingLabels = named;
        pendingLine = line;
    }

    /** A cell's value in its column's unit, or NaN when it is not a number with one of IBM's suffixes. */
    static double value(String cell, String unit) {
        if (CellValue.isNumber(cell)) return Numbers.parse(cell);
        String number = numberPart(cell);
        if (number.length() == cell.length() || !CellValue.isNumber(number)) return Double.NaN;
        char suffix = cell.charAt(cell.length() - 1);
        int power = MAGNITUDES.indexOf(suffix);
        if (power >= 0) return Numbers.parse(number) * Math.pow(1000, power + 1);
        if (suffix == 'S' && unit.equals("ms")) return Numbers.parse(number) * 1000;
        return Double.NaN;
    }

    private static String numberPart(String cell) {
        return cell.length() > 1 && Character.isLetter(cell.charAt(cell.length() - 1)) ? cell.substring(0, cell.length() - 1) : cell;
    }

    @Override
    public boolean fits(String[] tokens) {
        return pendingLabels != null && tokens.length == pendingLabels.size();
    }

    @Override
    public boolean fitsWidth(int tokens) {
        // the lines of a drive are read one by one; none is a row a terminal wrapped
        return true;
    }

    @Override
    public boolean startsRow(String[] tokens) {
        return false;
    }

    @Override
    public void end() {
        warnPending();
        if (written || labels.isEmpty()) return;
        written = true;
        if (out.current().hasRow(DATASET, drive)) out.finish();
        double[] row = new double[values.size()];
        for (int i = 0; i < row.length; i++) row[i] = values.get(i);
        out.current().part(DATASET, "Disks", labels).put(drive, List.copyOf(labels), row, 0);
    }

    private void warnPending() {
        if (pendingSection != null) {
            sink.warning(pendingLine, "the '" + pendingSection + ":' labels of drive '" + drive + "' (line " + nameLine
                    + ") are not followed by a line of values");
            pendingSection = null;
        }
    }
}
