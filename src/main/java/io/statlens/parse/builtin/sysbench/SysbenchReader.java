package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.AppendedText;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
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
    /** {@code --report-checkpoints}: a full statistics block follows; the final one, printed last, wins. */
    private static final Pattern CHECKPOINT = Pattern.compile("^\\[\\s*\\d+(?:\\.\\d+)?s\\s*\\]\\s*Checkpoint report:$");
    /** Terminals wrap at their width; a shorter line that reads as a whole is not taken for a wrapped one. */
    private static final int WRAP_WIDTH = 60;

    private final RecordSink sink;
    private final Runs runs;
    private final Timeline timeline;
    private final IntervalSeries series;
    private final SummarySections sections = new SummarySections();
    private final SkippedLines skipped;
    private final LatencyHistogram histogram;
    private String bannerSeries;
    private String intervalFormat = "";
    private boolean sawBanner;

    SysbenchReader(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.runs = new Runs(sink);
        this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
        this.series = new IntervalSeries(timeline, sink);
        this.skipped = new SkippedLines(sink);
        this.histogram = new LatencyHistogram(sink);
    }

    void read(LineSource source) throws IOException {
        Transcript lines = new Transcript(source, SysbenchCommand.SYNTAX);
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            line(line, lines);
        }
        finish();
        lines.finish(sink);
    }

    private void line(TranscriptLine transcriptLine, Transcript lines) throws IOException {
        long number = transcriptLine.number();
        switch (transcriptLine.kind()) {
            case BLANK -> {
                series.flush();
                sections.end();
                return;
            }
            case DECORATION, SHELL -> {
                // fences, elisions, author comments, prompts of other commands, cram continuations and exit codes
                series.flush();
                return;
            }
            case COMMAND -> {
                skipped.flush();
                series.flush();
                command(transcriptLine.command());
                return;
            }
            case TEXT -> {
                // read below
            }
        }
        SysbenchLine line = SysbenchLine.of(transcriptLine.text(), runs.current().prefix());
        if (line.blank()) {
            series.flush();
            sections.end();
            return;
        }
        String text = line.text();
        if (histogram.accept(text, number)) {
            skipped.flush();
            return;
        }
        histogram.end();
        if (CHECKPOINT.matcher(text).matches()) {
            skipped.flush();
            series.flush();
            return;
        }
        IntervalLine interval = IntervalLine.parse(text);
        if (interval != null) {
            if (interval.error() != null || transcriptLine.text().strip().length() >= WRAP_WIDTH) {
                interval = mended(transcriptLine, interval, lines);
            }
            skipped.flush();
            interval(number, interval);
            return;
        }
        series.flush();
        if (REPEATED.matcher(text).matches()) return;
        Banner banner = Banner.parse(line.full());
        if (banner != null || MESSAGE.matcher(text).matches()) {
            skipped.flush();
            if (banner != null) {
                banner(banner);
            } else {
                message(number, text, lines);
            }
            return;
        }
        if (read(line, number)) return;
        Optional<AppendedText> appended = AppendedText.cut(text);
        if (appended.isPresent() && read(SysbenchLine.of(appended.get().body(), ""), number)) {
            lines.appended(transcriptLine, appended.get());
            return;
        }
        skipped.add(number, text);
    }

    /** Reads a line of the final report or the option echo; false if it is none of them. */
    private boolean read(SysbenchLine line, long number) {
        try {
            if (recognised(line)) {
                skipped.flush();
                runs.current().output();
                return true;
            }
        } catch (NumberFormatException e) {
            if (AppendedText.cut(line.text()).isPresent()) return false;
            skipped.flush();
            sink.warning(number, "expected numbers in '" + line.text() + "': " + e.getMessage());
            return true;
        }
        return false;
    }

    /**
     * An intermediate report a terminal or a page wrapped ({@code ... lat (ms,95%): 9.22 er} then
     * {@code r/s: 0.00 reconn/s: 0.00}), or with text appended: mended by the transcript when that makes it
     * readable.
     */
    private IntervalLine mended(TranscriptLine line, IntervalLine first, Transcript lines) throws IOException {
        String prefix = runs.current().prefix();
        Predicate<String> readable = t -> readable(IntervalLine.parse(SysbenchLine.of(t, prefix).text()));
        // a line that starts with a stamp is a report of its own, never the rest of a wrapped one
        Predicate<String> rest = t -> !t.startsWith("[");
        String text = first.error() != null
                ? lines.repair(line, readable, rest)
                : lines.withTail(line, readable, t -> rest.test(t) && readable(IntervalLine.parse("[ 0s ] " + t)));
        if (text.equals(line.text())) return first;
        IntervalLine again = IntervalLine.parse(SysbenchLine.of(text, prefix).text());
        return again != null ? again : first;
    }

    private static boolean readable(IntervalLine line) {
        return line != null && line.error() == null;
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

    private void command(PastedCommand command) {
        if (runs.current().begun()) runs.next();
        Run run = runs.current();
        run.command();
        SysbenchCommand.facts(command, run);
    }

    /**
     * FATAL and WARNING lines are kept as notices (the tool's own words, not a malformed line); a following
     * "(last message repeated N times)" is folded in.
     */
    private void message(long number, String text, Transcript lines) throws IOException {
        String message = "sysbench printed: " + text;
        TranscriptLine next = lines.peek();
        Matcher repeated = next == null ? null : REPEATED.matcher(next.text().strip());
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
        histogram.end();
        series.flush();
        skipped.flush();
        runs.end();
        timeline.none("the output has no intermediate reports (run without --report-interval)");
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
