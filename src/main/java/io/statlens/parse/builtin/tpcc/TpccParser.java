package io.statlens.parse.builtin.tpcc;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Intervals;
import io.statlens.parse.timeline.SampleClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * tpcc-mysql's {@code tpcc_start} console output: banner, {@code option x with value '...'} lines,
 * {@code <Parameters>}, the per-interval lines (data set {@code tpcc}, table TPCC) and the end-of-run
 * sections (summary values, constraint-check facts, TpmC). See docs/tools/tpcc-mysql.md.
 */
public final class TpccParser implements Parser {
    private static final Pattern BANNER = Pattern.compile("TPC-C Load Generator");
    private static final Pattern RESULT_SECTION = Pattern.compile("^\\s*<(Raw Results|Constraint Check|TpmC)");
    private static final Pattern OPTION = Pattern.compile("^\\s*option (\\S)(?: \\([^)]*\\))? with value '(.*)'\\s*$");
    private static final Pattern PARAMETER = Pattern.compile("^\\s*\\[([A-Za-z][A-Za-z ]*)]:\\s*(.*?)\\s*$");
    private static final Pattern RAMP_UP = Pattern.compile("^\\s*RAMP-UP TIME\\.\\((\\d+) sec\\.\\)\\s*$");
    private static final Pattern MEASURING = Pattern.compile("^\\s*MEASURING START\\.\\s*$");
    /** What a terminal leaves on the next line when it hard-wraps a complete-looking interval line. */
    private static final Pattern FRAGMENT = Pattern.compile("^\\s*[\\d.]+(?:,\\s*\\d+\\|[\\d.]+)*+,?\\s*$");
    private static final Pattern WRAPPED_PIECE = Pattern.compile("^[\\w.%|:, ]+$");
    /** Banner stars, the dots threads print when they stop, thread notices (the transcript kit takes fences and prompts). */
    private static final Pattern NOISE = Pattern.compile("^\\s*(?:\\*+|\\*+ ###easy### TPC-C Load Generator \\*+|\\.+"
            + "|STOPPING THREADS\\.*|<Parameters>|Using schema: .*)\\s*$");
    /** tpcc_start's options are echoed by the program itself ({@code option h with value ...}); its command line is noise. */
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("tpcc_start"), Set.of());
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

    private static final ParserInfo INFO = ParserInfo.builtIn(TpccIntervalSpec.TOOL, "trx-intervals", "summary-only");

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
        return List.of(TpccIntervalSpec.TOOL);
    }

    @Override
    public double sniff(Head head) {
        if (head.anyMatch(BANNER)) return 1.0;
        if (head.anyMatch(TpccIntervalLine.START)) return 0.9;
        if (head.anyMatch(RESULT_SECTION)) return 0.8;
        return 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new Run(lines, context, sink).readAll();
    }

    /** The state of one parse. */
    private static final class Run {
        private final Transcript lines;
        private final Timeline timeline;
        private final RecordSink sink;
        private final TpccResults results;
        private final List<String> options = new ArrayList<>();
        private Integer optionInterval;
        private boolean rampUpKnown;
        private boolean measuringStarted;
        private TpccIntervalLine pending;
        private SampleClock clock;
        private DatasetSpec spec;
        private String shape;
        private long sample;
        private boolean resultsSeen;

        Run(LineSource lines, ParseContext context, RecordSink sink) {
            this.lines = new Transcript(lines, SYNTAX);
            this.timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
            this.sink = sink;
            this.results = new TpccResults(sink);
        }

        void readAll() throws IOException {
            TranscriptLine read;
            while ((read = lines.next()) != null) {
                String line = read.text();
                long number = read.number();
                Matcher option = OPTION.matcher(line);
                if (option.matches()) {
                    option(option.group(1), option.group(2), number);
                    continue;
                }
                emitOptions();
                if (!read.is(TranscriptLine.Kind.TEXT) || NOISE.matcher(line).matches()) continue;
                if (TpccIntervalLine.startsInterval(line)) {
                    interval(joinWrapped(read), number);
                } else if (results.opensSection(line)) {
                    resultsSeen = true;
                } else if (results.inSection()) {
                    // a note written after a result (' 5812.667 TpmC  <-- best run') is cut off by the transcript kit
                    String result = lines.repair(read, results::understands, text -> !text.startsWith("<"));
                    results.accept(result, number).ifPresent(problem -> sink.warning(number, problem));
                } else if (!header(line) && !header(lines.repair(read, Run::isHeader, text -> false))) {
                    sink.warning(number, "unrecognised line: expected tpcc_start output (parameters, interval lines "
                            + "'<seconds>, trx: ...' or result sections)");
                }
            }
            emitOptions();
            finish();
            lines.finish(sink);
        }

        private static boolean isHeader(String line) {
            return PARAMETER.matcher(line).matches() || RAMP_UP.matcher(line).matches() || MEASURING.matcher(line).matches();
        }

        /** Banner-to-measurement lines: parameters, ramp-up and measuring-start notices. */
        private boolean header(String line) {
            Matcher parameter = PARAMETER.matcher(line);
            if (parameter.matches()) {
                parameter(parameter.group(1), parameter.group(2));
                return true;
            }
            Matcher rampUp = RAMP_UP.matcher(line);
            if (rampUp.matches()) {
                if (!rampUpKnown) sink.fact("tpcc.rampup_s", rampUp.group(1));
                rampUpKnown = true;
                return true;
            }
            if (MEASURING.matcher(line).matches()) {
                measuringStarted = true;
                return true;
            }
            return false;
        }

        private void option(String letter, String value, long number) {
            if (letter.equals("i")) {
                try {
                    optionInterval = Integer.parseInt(value.strip());
                } catch (NumberFormatException e) {
                    sink.warning(number, "expected a number of seconds for option i");
                }
            }
            // The password is echoed by tpcc_start; statlens does not keep it.
            options.add("-" + letter + " " + (letter.equals("p") ? "***" : value));
        }

        private void emitOptions() {
            if (options.isEmpty()) return;
            sink.fact("options", String.join(" ", options));
            options.clear();
        }

        private void parameter(String name, String value) {
            String bare = value.replace("(sec.)", "").strip();
            switch (name) {
                case "pass" -> { /* the password is not recorded */ }
                case "warehouse" -> sink.fact("tpcc.warehouses", bare);
                case "connection" -> sink.fact("tpcc.connections", bare);
                case "rampup" -> {
                    sink.fact("tpcc.rampup_s", bare);
                    rampUpKnown = true;
                }
                case "measure" -> sink.fact("tpcc.measure_s", bare);
                default -> sink.fact("tpcc." + name.strip().toLowerCase(Locale.ROOT).replace(' ', '_'), bare);
            }
        }

        /**
         * Terminals hard-wrap the long interval lines (about 105 columns in one published run): the rest
         * continues at the start of the next line, sometimes mid-number. A line that reads as a whole may still
         * go on when the wrap fell inside its last value ({@code 49|5} then {@code 178.482}).
         */
        private String joinWrapped(TranscriptLine first) throws IOException {
            Predicate<String> complete = text -> TpccIntervalLine.parse(text).ok();
            Predicate<String> rest = text -> !TpccIntervalLine.startsInterval(text) && !NOISE.matcher(text).matches();
            if (!complete.test(first.text())) return lines.repair(first, complete, text -> rest.test(text) && WRAPPED_PIECE.matcher(text).matches());
            return lines.withTail(first, complete, text -> rest.test(text) && FRAGMENT.matcher(text).matches());
        }

        private void interval(String text, long number) {
            TpccIntervalLine.Parsed parsed = TpccIntervalLine.parse(text);
            if (!parsed.ok()) {
                sink.warning(number, "interval line: " + parsed.problem());
                return;
            }
            TpccIntervalLine line = parsed.line();
            if (clock == null) {
                if (pending == null) {
                    if (optionInterval != null) {
                        startClock(Intervals.seconds(optionInterval).orElse(null));
                    } else if (measuringStarted) {
                        // tpcc_start's first line is printed one interval after MEASURING START.
                        startClock(Intervals.seconds(line.elapsed()).orElse(null));
                    } else {
                        pending = line;
                        return;
                    }
                } else {
                    int step = line.elapsed() - pending.elapsed();
                    startClock(Intervals.seconds(step).orElse(null));
                    emit(pending);
                    pending = null;
                }
            }
            emit(line);
        }

        private void startClock(Duration knownInterval) {
            timeline.printedInterval(knownInterval);
            clock = timeline.sampleClock();
            sink.variant("trx-intervals");
        }

        private void emit(TpccIntervalLine line) {
            if (!line.shape().equals(shape)) {
                shape = line.shape();
                spec = TpccIntervalSpec.forLine(line);
                sink.dataset(spec);
            }
            sink.row(spec, new Row(sample++, clock.atElapsed(line.elapsed()), "", false, TpccIntervalSpec.values(line)));
        }

        private void finish() {
            if (pending != null) {
                startClock(null);
                emit(pending);
            }
            if (clock != null) return;
            sink.variant("summary-only");
            timeline.none("the output has no interval lines");
            if (!resultsSeen) {
                sink.warning(0, "no interval lines and no result sections: nothing of tpcc_start's output was found");
            }
        }
    }
}
