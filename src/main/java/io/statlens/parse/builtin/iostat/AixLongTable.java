package io.statlens.parse.builtin.iostat;

import io.statlens.model.Metric;
import io.statlens.parse.spi.RecordSink;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AIX {@code iostat -D -l} (the long form of the extended report; {@code -Dsal} adds adapters): a group line
 * {@code Disks: xfers read write queue} (or {@code Vadapter:}), a rule of dash runs (the first over the names, then
 * one per group), two lines of labels whose words stand right-aligned over each other ({@code avg} over
 * {@code serv}), then one line per drive or adapter with all its values. A drive's columns get the names of the
 * short form {@code -D} ({@link AixDriveBlock}): {@code section.label} with the two words joined
 * ({@code read.avgserv}, {@code queue.avgwqsz}) and IBM's names where the long form shortens them ({@code %tm act}
 * is {@code %tm_act}, {@code fail} is {@code fails}, {@code serv qfull} is {@code sqfull}), so that both forms
 * fill one data set. Values keep IBM's suffixes ({@link AixDriveBlock#value}).
 */
final class AixLongTable implements Block {
    /** The data set of virtual adapters ({@code Vadapter:}). */
    static final String ADAPTERS = "adapter";
    private static final Pattern GROUP_LINE = Pattern.compile("^\\s*(Disks|Vadapter):((?:\\s+[a-z]+){2,}+)\\s*$");
    private static final Pattern RULE = Pattern.compile("^\\s*-{4,}(?:\\s+-{4,})++\\s*$");
    private static final Pattern DASHES = Pattern.compile("-+");
    private static final Pattern WORD = Pattern.compile("\\S+");
    /** Where the long form's stacked words differ from the short form's labels (IBM's iostat -D). */
    private static final Map<String, String> SHORT_FORM = Map.of("%tmact", "%tm_act", "fail", "fails", "servqfull", "sqfull");

    private final String dataset;
    private final String keyLabel;
    private final List<String> labels;
    private final List<String> units;
    private final long headerLine;
    private final ReportWriter out;
    private final RecordSink sink;

    private AixLongTable(String dataset, String keyLabel, List<String> labels, long headerLine, ReportWriter out, RecordSink sink) {
        this.dataset = dataset;
        this.keyLabel = keyLabel;
        this.labels = labels;
        this.units = labels.stream().map(l -> metric(l).unit()).toList();
        this.headerLine = headerLine;
        this.out = out;
        this.sink = sink;
    }

    /** Whether a line is the group line that opens a long table ({@code Disks: xfers read write queue}). */
    static boolean isGroupLine(String line) {
        return GROUP_LINE.matcher(line).matches();
    }

    /**
     * The table a group line, its rule and its two label lines open; empty (with a warning) when the rule or the
     * labels do not stand under the groups as AIX prints them.
     */
    static Optional<AixLongTable> of(String groupLine, String rule, String top, String bottom, long line,
                                     ReportWriter out, RecordSink sink) {
        Matcher g = GROUP_LINE.matcher(groupLine);
        if (!g.matches() || !RULE.matcher(rule).matches()) return Optional.empty();
        List<String> groups = List.of(g.group(2).strip().split("\\s+"));
        List<int[]> runs = spans(DASHES, rule);
        if (runs.size() != groups.size() + 1) {
            sink.warning(line, "expected a rule of " + (groups.size() + 1) + " runs of dashes under '" + groupLine.strip()
                    + "' (the names, then one per group), found " + runs.size() + "; the table is skipped");
            return Optional.empty();
        }
        List<int[]> topWords = spans(WORD, top);
        List<int[]> bottomWords = spans(WORD, bottom);
        String[] below = new String[topWords.size()];
        for (int[] b : bottomWords) {
            int over = -1;
            for (int i = 0; i < topWords.size(); i++) {
                if (Math.abs(topWords.get(i)[1] - b[1]) <= 1) over = i;
            }
            if (over < 0) {
                sink.warning(line + 3, "'" + bottom.substring(b[0], b[1]) + "' stands under no label of the line above it; the table is skipped");
                return Optional.empty();
            }
            below[over] = bottom.substring(b[0], b[1]);
        }
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < topWords.size(); i++) {
            int[] w = topWords.get(i);
            int group = groupOf(runs, w[1] - 1);
            if (group < 1) {
                sink.warning(line + 2, "'" + top.substring(w[0], w[1]) + "' stands under no group of '" + groupLine.strip()
                        + "'; the table is skipped");
                return Optional.empty();
            }
            String word = top.substring(w[0], w[1]) + (below[i] == null ? "" : below[i]);
            String section = groups.get(group - 1);
            if (section.equals("xfers")) section = "xfer";
            labels.add(section + "." + SHORT_FORM.getOrDefault(word, word));
        }
        boolean disks = g.group(1).equals("Disks");
        return Optional.of(new AixLongTable(disks ? AixDriveBlock.DATASET : ADAPTERS, disks ? "Disks" : "Vadapter",
                List.copyOf(labels), line, out, sink));
    }

    /** The group (0: the names' run) whose dashes stand under a column, or -1. */
    private static int groupOf(List<int[]> runs, int column) {
        for (int i = 0; i < runs.size(); i++) {
            if (column >= runs.get(i)[0] && column < runs.get(i)[1]) return i;
        }
        return -1;
    }

    private static List<int[]> spans(Pattern pattern, String line) {
        List<int[]> out = new ArrayList<>();
        Matcher m = pattern.matcher(line);
        while (m.find()) out.add(new int[] {m.start(), m.end()});
        return out;
    }

    private static Metric metric(String label) {
        return AixDriveBlock.metric(label);
    }

    @Override
    public boolean offer(String[] tokens, long line) {
        if (!startsRow(tokens)) return false;
        if (tokens.length != labels.size() + 1) {
            sink.warning(line, "expected a name and " + labels.size() + " values as under the labels at line " + headerLine
                    + ", found " + tokens.length + " words");
            return true;
        }
        List<String> kept = new ArrayList<>(labels.size());
        List<Double> values = new ArrayList<>(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            double v = AixDriveBlock.value(tokens[i + 1], units.get(i));
            if (Double.isNaN(v)) {
                sink.warning(line, "'" + tokens[i + 1] + "' under '" + labels.get(i) + "' of '" + tokens[0]
                        + "': expected a number, with K, M, G or T (powers of 1000) or S (seconds) after it");
                continue;
            }
            kept.add(labels.get(i));
            values.add(v);
        }
        if (out.current().hasRow(dataset, tokens[0])) out.finish();
        double[] row = values.stream().mapToDouble(Double::doubleValue).toArray();
        out.current().part(dataset, keyLabel, labels).put(tokens[0], List.copyOf(kept), row, 0);
        return true;
    }

    @Override
    public boolean fits(String[] tokens) {
        return tokens.length == labels.size() + 1;
    }

    @Override
    public boolean fitsWidth(int tokens) {
        return tokens == labels.size() + 1;
    }

    @Override
    public boolean startsRow(String[] tokens) {
        return tokens.length > 1 && !CellValue.isNumber(tokens[0]) && CellValue.isNumber(tokens[1]);
    }

    @Override
    public void end() {
        // every line is a whole drive or adapter
    }
}
