package io.statlens.parse.builtin.dbt2;

import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.AppendedText;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.List;

/**
 * The run summary DBT-2's {@code dbt2-post-process} prints (also at the end of {@code dbt2-run-workload}):
 * a per-transaction table and NOTPM, duration, unknown errors and ramp-up. The summary holds no
 * time series: everything becomes summary values of data set {@code dbt2}. See docs/tools/dbt2.md.
 */
public final class Dbt2Parser implements Parser {
    static final String TOOL = "dbt2";
    private static final Pattern NOTPM = Pattern.compile("new-order transactions per minute \\(NOTPM\\)");
    private static final Pattern RULE = Pattern.compile("^[=\\-\\s]+$");
    private static final Pattern RESPONSE_GROUP = Pattern.compile("Response Time \\((\\w+)\\)");
    private static final Pattern RST_THROUGHPUT = Pattern.compile(
            "^\\*\\s*Throughput:\\s*(\\S+)\\s+new-order transactions per minute \\(NOTPM\\)$");
    private static final Pattern RST_MINUTES = Pattern.compile("^\\*\\s*(Duration|Ramp Up Time):\\s*(\\S+)\\s*minute\\(s\\)$");
    private static final Pattern RST_ERRORS = Pattern.compile("^\\*\\s*Unknown Errors:\\s*(\\S+)$");
    private static final Pattern RST_OTHER = Pattern.compile("^\\*\\s*([A-Za-z][\\w ]*):\\s*(.*)$");
    private static final Pattern OLD_THROUGHPUT = Pattern.compile("^(\\S+)\\s+new-order transactions per minute \\(NOTPM\\)$");
    private static final Pattern OLD_DURATION = Pattern.compile("^(\\S+)\\s+minute duration$");
    private static final Pattern OLD_ERRORS = Pattern.compile("^(\\S+)\\s+total unknown errors$");
    private static final Pattern OLD_RAMP_UP = Pattern.compile("^(\\S+)\\s+(seconds?|minutes?)\\(s\\)\\s+ramping up$");
    /** The bullet the reST report of 2019-2022 put before each of the classic lines under its table. */
    private static final Pattern BULLET = Pattern.compile("^\\*\\s+");
    private static final Pattern WAREHOUSE_RANGE = Pattern.compile("^warehouse range: min (\\S+) max (\\S+)$");
    private static final Pattern WAREHOUSE_STATS = Pattern.compile(
            "^warehouse stats: median (\\S+) mean (\\S+) sd (\\S+) var (\\S+)$");
    private static final Pattern RESULTS_DIR = Pattern.compile("^Results are in:\\s*(\\S.*)$");

    /** The scripts whose command lines are pasted above a summary. */
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("dbt2-run-workload", "dbt2-post-process", "dbt2"),
            Set.of("-a", "-c", "-d", "-o", "-w", "-l", "-i"));

    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "rst", "classic");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return List.of(TOOL);
    }

    @Override
    public double sniff(Head head) {
        if (head.anyMatch(NOTPM)) return 1.0;
        boolean header = head.anyMatch(Pattern.compile("^\\s*Transaction\\s+%\\s+(?:Average|Avg Response Time)\\b"));
        if (header && head.anyMatch(RESPONSE_GROUP)) return 0.9;
        return 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new Run(new Timeline(context, sink), sink).readAll(lines);
    }

    /** The state of one parse. */
    private static final class Run {
        private final Timeline timeline;
        private final RecordSink sink;
        private Transcript lines;
        private TranscriptLine current;
        private String responseUnit = "s";
        private Dbt2TransactionTable table;
        /** Between the header and the rule that closes the table. */
        private boolean inTable;
        private int tableRows;
        private boolean summaryStarted;
        private boolean rst;
        private long firstSkipped;
        private long skipped;

        Run(Timeline timeline, RecordSink sink) {
            this.timeline = timeline;
            this.sink = sink;
        }

        void readAll(LineSource source) throws IOException {
            lines = new Transcript(source, SYNTAX);
            TranscriptLine line;
            while ((line = lines.next()) != null) {
                long number = line.number();
                if (!line.is(TranscriptLine.Kind.TEXT)) continue;
                current = line;
                String t = line.text().strip();
                if (RULE.matcher(t).matches()) {
                    rst |= t.startsWith("=");
                    if (inTable && tableRows > 0) inTable = false;
                    continue;
                }
                // A note written after a line is cut off before the catch-all '* Name: value' fact would keep it.
                if (!take(t, number, false) && !takeWithout(t, number) && !take(t, number, true)) {
                    if (summaryStarted) {
                        sink.warning(number, "unrecognised line in a dbt2-post-process summary");
                    } else {
                        Matcher dir = RESULTS_DIR.matcher(t);
                        if (dir.matches()) sink.fact("dbt2.results_dir", dir.group(1));
                        if (skipped++ == 0) firstSkipped = number;
                    }
                }
            }
            finish();
            lines.finish(sink);
        }

        /** A summary line with a note written after it: read without the note. */
        private boolean takeWithout(String t, long number) {
            Optional<AppendedText> appended = AppendedText.cut(t);
            if (appended.isEmpty() || !take(appended.get().body().strip(), number, true)) return false;
            lines.appended(current, appended.get());
            return true;
        }

        /** Uses a line of the summary; false if it is none. {@code other}: also as a fact of any other {@code * Name: value} line. */
        private boolean take(String t, long number, boolean other) {
            Matcher group = RESPONSE_GROUP.matcher(t);
            if (group.find() && !Dbt2TransactionTable.isHeader(t)) {
                responseUnit = group.group(1);
                summaryStarted = true;
                return true;
            }
            if (Dbt2TransactionTable.isHeader(t)) {
                table = Dbt2TransactionTable.fromHeader(t, responseUnit);
                inTable = true;
                tableRows = 0;
                summaryStarted = true;
                return true;
            }
            if (totals(t, other)) {
                summaryStarted = true;
                return true;
            }
            if (inTable) {
                tableRows++;
                try {
                    row(table.row(t));
                } catch (IllegalArgumentException e) {
                    Optional<AppendedText> appended = AppendedText.cut(t);
                    if (appended.isEmpty() || !rowWithout(appended.get())) sink.warning(number, "transaction row: " + e.getMessage());
                }
                return true;
            }
            return false;
        }

        private void row(Dbt2TransactionTable.TransactionRow row) {
            for (int i = 0; i < row.values().length; i++) {
                Dbt2TransactionTable.Column c = table.columns().get(i);
                if (Double.isNaN(row.values()[i])) continue; // N/A: no response time to report
                summary(row.transaction() + "_" + c.name(), row.values()[i], c.unit());
            }
        }

        /** A transaction row someone wrote a note after: the row without it, if that reads. */
        private boolean rowWithout(AppendedText appended) {
            try {
                row(table.row(appended.body().strip()));
            } catch (IllegalArgumentException e) {
                return false;
            }
            lines.appended(current, appended);
            return true;
        }

        /** The lines after the table: NOTPM, duration, errors, ramp-up, warehouse statistics. */
        private boolean totals(String t, boolean other) {
            Matcher m;
            String classic = BULLET.matcher(t).replaceFirst("");
            if ((m = RST_THROUGHPUT.matcher(t)).matches() || (m = OLD_THROUGHPUT.matcher(classic)).matches()) {
                return number(m.group(1), "notpm", 1, "1/min");
            }
            if ((m = RST_MINUTES.matcher(t)).matches()) {
                rst = true;
                return m.group(1).equals("Duration") ? number(m.group(2), "duration_min", 1, "min")
                        : number(m.group(2), "ramp_up_s", 60, "s");
            }
            if ((m = RST_ERRORS.matcher(t)).matches() || (m = OLD_ERRORS.matcher(classic)).matches()) {
                return number(m.group(1), "unknown_errors", 1, "count");
            }
            if ((m = OLD_DURATION.matcher(classic)).matches()) return number(m.group(1), "duration_min", 1, "min");
            if ((m = OLD_RAMP_UP.matcher(classic)).matches()) {
                return number(m.group(1), "ramp_up_s", m.group(2).startsWith("minute") ? 60 : 1, "s");
            }
            if ((m = WAREHOUSE_RANGE.matcher(t)).matches()) {
                return number(m.group(1), "warehouse_min", 1, "") & number(m.group(2), "warehouse_max", 1, "");
            }
            if ((m = WAREHOUSE_STATS.matcher(t)).matches()) {
                return number(m.group(1), "warehouse_median", 1, "") & number(m.group(2), "warehouse_mean", 1, "")
                        & number(m.group(3), "warehouse_sd", 1, "") & number(m.group(4), "warehouse_var", 1, "");
            }
            if (other && summaryStarted && (m = RST_OTHER.matcher(t)).matches()) {
                sink.fact("dbt2." + Dbt2TransactionTable.snake(m.group(1)), m.group(2).strip());
                return true;
            }
            return false;
        }

        /** Records a number; a non-number leaves the line unrecognised, so it is warned about. */
        private boolean number(String text, String name, double factor, String unit) {
            if (!Numbers.isNumber(text)) return false;
            summary(name, Numbers.parse(text) * factor, unit);
            return true;
        }

        private void summary(String name, double value, String unit) {
            sink.summary(new SummaryValue(TOOL, "", name, value, unit));
        }

        private void finish() {
            timeline.none("dbt2-post-process prints a run summary without timestamps");
            sink.variant(rst ? "rst" : "classic");
            if (!summaryStarted) {
                sink.warning(0, "no dbt2-post-process summary (transaction table or NOTPM line) found");
            } else if (skipped > 0) {
                sink.warning(firstSkipped, "skipped " + skipped + " line(s) before the summary "
                        + "(console output of dbt2-run-workload, not part of the summary)");
            }
        }
    }
}
