package io.statlens.parse.builtin.mpstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.AnnouncedDatasets;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.ColumnLayout;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Solaris / illumos mpstat: a header before every report ({@code CPU minf mjf ... idl}, or
 * {@code SET ... idl sze} with -a), the first report averaging since boot, and no times, unless a
 * capture script put a date(1) or epoch line before each report.
 */
final class SolarisMpstatReader implements MpstatReader {
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    private final TimeOptions timeOptions;
    private final Timeline timeline;
    private final RecordSink sink;
    private final Map<String, SampleCounter> samples = new HashMap<>();
    private final AnnouncedDatasets announced = new AnnouncedDatasets();

    private TableHeader table;
    /** Where the current header's columns end, for rows whose values ran together. */
    private ColumnLayout layout;
    private long sample;
    private Instant reportTime;
    private Instant pendingDate;
    /** Null until the first report: then whether times come from date lines or are derived. */
    private Boolean fromDateLines;
    private boolean warnedMissingDate;
    private boolean warnedIgnoredDate;
    /** True after a header that is not understood: its rows are skipped, the header was warned about. */
    private boolean skippingTable;
    private int rowsInReport;
    private int rowsInPreviousReport;
    private long reportLine;

    SolarisMpstatReader(ParseContext context, RecordSink sink, Optional<Duration> commandInterval) {
        this.timeOptions = TimeOptions.in(context);
        this.timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
        this.sink = sink;
        commandInterval.ifPresent(timeline::printedInterval);
    }

    /** Whether a line is a Solaris mpstat header: {@code CPU} or {@code SET} and usr/sys/idl columns, no numbers. */
    static boolean isHeader(String[] words) {
        if (words.length < 4 || !(words[0].equals("CPU") || words[0].equals("SET"))) return false;
        List<String> list = List.of(words);
        if (!list.contains("idl") || !list.contains("usr")) return false;
        return list.stream().noneMatch(Numbers::isNumber);
    }

    /** A header of a table this parser does not know, such as Solaris 11 {@code mpstat -A core}. */
    private static boolean isOtherTable(String[] words) {
        if (words.length < 4 || !words[0].chars().allMatch(Character::isUpperCase)) return false;
        List<String> list = List.of(words);
        return list.contains("idl") && list.stream().noneMatch(Numbers::isNumber);
    }

    @Override
    public void line(TranscriptLine line) {
        String text = line.text();
        long number = line.number();
        Optional<Instant> date = DateLine.parse(text, timeOptions.zone());
        if (date.isPresent()) {
            dateLine(number, date.get());
            return;
        }
        String[] words = Tokens.split(text);
        if (isHeader(words)) {
            header(number, words);
            layout = ColumnLayout.of(text);
        } else if (isOtherTable(words)) {
            sink.warning(number, "not a known mpstat table (" + String.join(" ", words) + "); its rows are skipped");
            table = null;
            skippingTable = true;
        } else if (words.length > 0 && Numbers.isNumber(words[0]) && (table != null || skippingTable)) {
            if (table != null) dataRow(number, text, words);
        } else {
            sink.warning(number, table == null
                    ? "expected a Solaris mpstat header (CPU minf mjf ... idl), found '" + text.strip() + "'"
                    : "expected a Solaris mpstat data line for the header at line " + table.line()
                            + ", found '" + text.strip() + "'");
        }
    }

    private void dateLine(long number, Instant date) {
        if (Boolean.FALSE.equals(fromDateLines)) {
            if (!warnedIgnoredDate) {
                sink.notice(number, "date line ignored: the first report had none, so times are derived for all reports");
                warnedIgnoredDate = true;
            }
            return;
        }
        pendingDate = date;
    }

    private void header(long number, String[] words) {
        List<Metric> metrics = new ArrayList<>(words.length - 1);
        for (int i = 1; i < words.length; i++) metrics.add(MpstatColumns.metric(words[i]));
        if (new HashSet<>(List.of(words)).size() != words.length) {
            sink.warning(number, "a column name appears twice in this header; its rows are skipped");
            table = null;
            skippingTable = true;
            return;
        }
        String dataset = words[0].equals("SET") ? MpstatDatasets.SOLARIS_PSET : "";
        DatasetSpec spec = new DatasetSpec(LinuxMpstatReader.TOOL, dataset, words[0], metrics);
        if (table == null || !table.spec().qualifiedName().equals(spec.qualifiedName())) {
            sink.variant(dataset.isEmpty() ? "solaris" : "solaris-pset");
        }
        table = new TableHeader(spec, number);
        skippingTable = false;
        sample = samples.computeIfAbsent(spec.qualifiedName(), q -> new SampleCounter()).startReport();
        reportTime = timeOfReport(number);
        rowsInPreviousReport = rowsInReport;
        rowsInReport = 0;
        reportLine = number;
    }

    private Instant timeOfReport(long number) {
        if (fromDateLines == null) {
            fromDateLines = pendingDate != null;
            if (fromDateLines) {
                timeline.source("date(1) or epoch line before each report (a zone it prints wins over "
                        + timeOptions.zone() + ")");
            }
        }
        if (!fromDateLines) return timeline.sampleClock().at(sample);
        if (pendingDate != null) {
            Instant t = pendingDate;
            pendingDate = null;
            return timeline.stamped(t, sample);
        }
        if (!warnedMissingDate) {
            sink.notice(number, "no date line before this report; its time is the previous report's + "
                    + timeline.step().toSeconds() + " s");
            warnedMissingDate = true;
        }
        return timeline.unstamped(sample);
    }

    private void dataRow(long number, String text, String[] words) {
        if (words.length != table.spec().metrics().size() + 1) {
            runTogether(number, text);
            return;
        }
        double[] values = table.values(words, 1, number, sink);
        if (values == null) return;
        row(words[0], values);
    }

    /**
     * A row with fewer values than its header: mpstat prints each value right-aligned in a field of fixed width, and
     * a value wider than its field runs into the one before it ({@code 12345678} under {@code syscl usr}). Values
     * are cut where the header's columns end; those that cannot be cut for sure are stored as missing, with a
     * warning, and the rest of the row is kept.
     */
    private void runTogether(long number, String text) {
        ColumnLayout.Cells cells = layout.split(text);
        String[] v = cells.values();
        if (!cells.complete() && cells.fit() != ColumnLayout.Fit.AMBIGUOUS || v[0] == null) {
            sink.warning(number, "expected " + table.spec().metrics().size() + " values as in the header at line "
                    + table.line() + ": " + (v[0] == null ? "the CPU id ran into the values after it" : cells.problem())
                    + "; line skipped");
            return;
        }
        if (cells.fit() == ColumnLayout.Fit.AMBIGUOUS) sink.warning(number, cells.problem() + "; those values are stored as missing");
        double[] values = new double[v.length - 1];
        for (int i = 1; i < v.length; i++) {
            try {
                values[i - 1] = v[i] == null ? Double.NaN : Numbers.parse(v[i]);
            } catch (NumberFormatException e) {
                sink.warning(number, "expected a number for " + table.spec().metrics().get(i - 1).label() + ", found '" + v[i] + "'");
                return;
            }
        }
        row(v[0], values);
    }

    private void row(String cpu, double[] values) {
        DatasetSpec spec = table.spec();
        announced.announce(spec, sink);
        sink.row(spec, new Row(sample, reportTime, cpu, sample == 0, values));
        rowsInReport++;
    }

    @Override
    public void finish(long lastLine) {
        timeline.end();
        if (announced.isEmpty()) {
            sink.warning(0, "no Solaris mpstat data lines found");
        } else if (rowsInReport < rowsInPreviousReport) {
            // captures cut to a number of lines end inside a report; its rows are kept
            sink.warning(lastLine, "the input ends inside the report of line " + reportLine + ": " + rowsInReport
                    + " rows instead of " + rowsInPreviousReport + " as in the report before; the rows are kept");
        }
    }
}
