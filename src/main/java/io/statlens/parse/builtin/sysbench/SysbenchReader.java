package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One pass over one input: decides what each line is and hands it to the part that keeps it. Runs (one per
 * sysbench invocation) start at a banner or at a shell command that runs sysbench.
 */
final class SysbenchReader {
    /** sysbench's own log levels, and messages programs print with the program name (the dynamic loader's). */
    private static final Pattern MESSAGE = Pattern.compile("^(?:FATAL|ALERT|WARNING|sysbench):\\s.*$");
    private static final Pattern REPEATED = Pattern.compile("^\\(last message repeated (\\d+) times\\)$");
    /** Author comments, markdown fences, interrupts and elisions. */
    private static final Pattern NOISE = Pattern.compile("^(?:#.*|\\^C|\\.\\.\\.|\u2026|```.*|~~~.*)$");
    /** {@code --report-checkpoints}: a full statistics block follows; the final one, printed last, wins. */
    private static final Pattern CHECKPOINT = Pattern.compile("^\\[\\s*\\d+(?:\\.\\d+)?s\\s*\\]\\s*Checkpoint report:$");

    private final RecordSink sink;
    private final Runs runs;
    private final IntervalSeries series;
    private final SummarySections sections = new SummarySections();
    private final SkippedLines skipped;
    private String bannerSeries;
    private String intervalFormat = "";
    private boolean sawBanner;

    SysbenchReader(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.runs = new Runs(sink);
        this.series = new IntervalSeries(context, sink);
        this.skipped = new SkippedLines(sink);
    }

    void read(LineSource lines) throws IOException {
        String raw;
        while ((raw = lines.next()) != null) {
            line(raw, lines);
        }
        finish();
    }

    private void line(String raw, LineSource lines) throws IOException {
        long number = lines.lineNumber();
        SysbenchLine line = SysbenchLine.of(raw, runs.current().prefix());
        if (line.blank()) {
            series.flush();
            sections.end();
            return;
        }
        String text = line.text();
        if (CHECKPOINT.matcher(text).matches()) {
            skipped.flush();
            series.flush();
            return;
        }
        IntervalLine interval = IntervalLine.parse(text);
        if (interval != null) {
            skipped.flush();
            interval(number, interval);
            return;
        }
        series.flush();
        if (NOISE.matcher(text).matches() || REPEATED.matcher(text).matches()) return;
        Banner banner = Banner.parse(line.full());
        String command = banner == null ? ShellLines.sysbenchCommand(text) : null;
        if (banner != null || command != null || MESSAGE.matcher(text).matches()) {
            skipped.flush();
            if (banner != null) {
                banner(banner);
            } else if (command != null) {
                command(command);
            } else {
                message(number, text, lines);
            }
            return;
        }
        if (ShellLines.isShell(text)) return;
        try {
            if (recognised(line)) {
                skipped.flush();
                runs.current().output();
                return;
            }
        } catch (NumberFormatException e) {
            skipped.flush();
            sink.warning(number, "expected numbers in '" + text + "': " + e.getMessage());
            return;
        }
        skipped.add(number, text);
    }

    private boolean recognised(SysbenchLine line) {
        Run run = runs.current();
        String text = line.text();
        return sections.header(text, run)
                || LooseSummaryLines.accept(text, run)
                || sections.accept(line, run)
                || OptionLines.accept(text, run);
    }

    private void banner(Banner banner) {
        if (runs.current().started()) runs.next();
        Run run = runs.current();
        run.banner(banner.prefix());
        run.fact("sysbench.output_prefix", banner.prefix());
        run.fact("sysbench.version", banner.version());
        run.fact("tool.version", banner.version());
        run.fact("sysbench.luajit", banner.luaJit());
        if (bannerSeries == null && !banner.version().isEmpty()) bannerSeries = banner.series();
        sawBanner = true;
    }

    private void command(String command) {
        if (runs.current().begun()) runs.next();
        Run run = runs.current();
        run.command();
        ShellLines.facts(command, run);
    }

    /**
     * FATAL and WARNING lines are kept as notices (the tool's own words, not a malformed line); a following
     * "(last message repeated N times)" is folded in.
     */
    private void message(long number, String text, LineSource lines) throws IOException {
        String message = "sysbench printed: " + text;
        String next = lines.peek();
        Matcher repeated = next == null ? null : REPEATED.matcher(next.strip());
        if (repeated != null && repeated.matches()) {
            lines.next();
            message += " (repeated " + repeated.group(1) + " more times)";
        }
        sink.notice(number, message);
    }

    private void interval(long number, IntervalLine interval) {
        if (interval.error() != null) {
            series.flush();
            sink.warning(number, "intermediate report not understood: " + interval.error());
            return;
        }
        Run run = runs.current();
        if (interval.elapsed() < run.lastElapsed()) {
            sink.warning(number, "intermediate report at " + interval.elapsed() + " s follows one at " + run.lastElapsed()
                    + " s without a new banner; its time overlaps the earlier reports");
        }
        run.interval(interval.elapsed());
        for (IntervalLine.Field f : interval.fields()) run.fact("sysbench.percentile", IntervalMetrics.percentile(f));
        String first = interval.fields().get(0).label();
        if (first.equals("thds")) noteIntervalFormat("1.0");
        if (first.equals("threads")) noteIntervalFormat("0.5");
        if (interval.fields().stream().anyMatch(f -> f.label().equals("tps"))) run.fact("sysbench.test", "oltp");
        series.add(interval, runs.offsetSeconds(), run.reportInterval());
    }

    private void noteIntervalFormat(String format) {
        if (intervalFormat.isEmpty()) intervalFormat = format;
    }

    private void finish() {
        series.flush();
        skipped.flush();
        runs.end();
        if (series.rows() == 0) {
            sink.fact("time.source", "none: the output has no intermediate reports (run without --report-interval)");
        }
        if (runs.measuredRuns() == 0) {
            sink.warning(0, sawBanner
                    ? "sysbench printed no intermediate reports and no final statistics with numbers; nothing to store"
                    : "no sysbench output found: no banner, intermediate report or final statistics");
        }
        sink.variant(variant());
    }

    /** {@code sysbench-1.0}: the version series of the first banner, else the one the output format points to. */
    private String variant() {
        if (bannerSeries != null) return "sysbench-" + bannerSeries;
        String hint = sections.formatHint().compareTo(intervalFormat) >= 0 ? sections.formatHint() : intervalFormat;
        return hint.isEmpty() ? "sysbench" : "sysbench-" + hint;
    }
}
