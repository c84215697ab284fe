package io.statlens.parse.builtin.proc;

import io.statlens.parse.builtin.mysql.TimeLines;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A file of snapshots of one file or command taken in a loop, each after a time line: pt-stalk's
 * {@code (echo $ts; cat /proc/stat) >> PREFIX-procstat} with {@code ts="$(date +"TS %s.%N %F %T")"}, or a loop of one's
 * own with {@code date} or {@code date +%s}. The time lines split the file into snapshots and date them; without
 * them a snapshot starts where the subclass says its first line is (MemTotal, the cpu line, df's header), and
 * snapshots follow one interval apart from the start statlens is given. Lines before the first such line (a pasted
 * file's "here is what I see") are not a snapshot of their own: the first snapshot's reader is given them too. Each
 * subclass is one kind of snapshot: it sniffs, and reads each snapshot's lines into rows.
 */
abstract class SnapshotLoopParser implements Parser {

    /** Reads the snapshots of one file, in order. */
    interface Snapshots {
        /**
         * One snapshot's lines (cleaned, stripped of nothing: columns stay where they were).
         *
         * @param seconds the time since the last snapshot, NaN for the first
         */
        void snapshot(long sample, Instant time, double seconds, List<TranscriptLine> lines);

        /** After the last snapshot; {@code snapshots} is how many there were. */
        void finish(long snapshots);
    }

    /** pt-stalk's time line ({@code TS 1796183899.358415888 2026-12-02 04:58:19}), a date(1) line or an epoch. */
    static final Pattern PT_STALK_TS = Pattern.compile("^TS \\d{9,11}(?:\\.\\d+)?(?: .*)?$");
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    /** Most lines one snapshot may have: /proc/diskstats of a large server has a few thousand. */
    private static final int MAX_LINES = 100_000;

    private final CommandSyntax syntax;

    /** @param commands the programs whose pasted command lines start the output ({@code cat}, {@code df}) */
    SnapshotLoopParser(Set<String> commands) {
        this.syntax = CommandSyntax.of(commands, Set.of());
    }

    @Override
    public Set<String> commandNames() {
        return syntax.names();
    }

    /** Whether the line begins a snapshot, for files without time lines. */
    abstract boolean opens(String line);

    /** A reader for one file. */
    abstract Snapshots reader(RecordSink sink);

    @Override
    public final void parse(LineSource source, ParseContext context, RecordSink sink) throws IOException {
        Timeline timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
        timeline.whenStepAssumed(step -> "the output has no time lines; taking " + step.toSeconds()
                + " s between snapshots; give --interval to set it");
        Snapshots reader = reader(sink);
        Transcript lines = new Transcript(source, syntax);
        List<TranscriptLine> snapshot = new ArrayList<>();
        Instant stamp = null;
        boolean stamped = false;
        long sample = 0;
        Instant previous = null;
        // whether the snapshot being gathered has its first line (only files without time lines need to know)
        boolean opened = false;
        TranscriptLine line;
        while (true) {
            line = lines.next();
            Optional<Instant> time = Optional.empty();
            boolean opener = false;
            boolean opens = false;
            if (line != null && !line.noise() && !line.is(TranscriptLine.Kind.COMMAND)) {
                time = timeLine(line.text().strip(), timeline);
                opener = time.isEmpty() && !stamped && opens(line.text().strip());
                opens = opener && opened;
            }
            if (line == null || time.isPresent() || opens) {
                if (!snapshot.isEmpty()) {
                    // the first of unstamped snapshots is at the start: one snapshot alone has no interval to assume,
                    // one the next unstamped snapshot follows (it opens now) has
                    Instant at = stamp != null ? timeline.stamped(stamp, sample)
                            : sample == 0 ? timeline.first(opens) : timeline.unstamped(sample);
                    double seconds = previous == null ? Double.NaN : Duration.between(previous, at).toNanos() / 1e9;
                    reader.snapshot(sample, at, seconds, snapshot);
                    previous = at;
                    sample++;
                    snapshot = new ArrayList<>();
                    opened = false;
                }
                stamp = null;
                if (line == null) break;
                if (time.isPresent()) {
                    stamp = time.get();
                    stamped = true;
                    continue;
                }
            }
            if (line.noise() || line.is(TranscriptLine.Kind.COMMAND)) continue;
            opened |= opener;
            if (snapshot.size() < MAX_LINES) snapshot.add(line);
        }
        timeline.end();
        if (stamped) timeline.source("pt-stalk TS lines (or date(1) lines) before the snapshots");
        lines.finish(sink);
        reader.finish(sample);
    }

    /** The time a time line states, if the line is one. */
    private static Optional<Instant> timeLine(String text, Timeline timeline) {
        if (text.isEmpty()) return Optional.empty();
        char c = text.charAt(0);
        // Only these start a time line: TS, a weekday (date(1) in most locales starts with one) or an epoch.
        if (c != 'T' && !Character.isLetter(c) && !Character.isDigit(c)) return Optional.empty();
        return TimeLines.parse(text, timeline.options().zone());
    }

    /** Whether the first lines start with pt-stalk's TS line. */
    static boolean startsWithTs(List<String> lines) {
        for (String line : lines) {
            String t = line.strip();
            if (t.isEmpty()) continue;
            return PT_STALK_TS.matcher(t).matches();
        }
        return false;
    }
}
