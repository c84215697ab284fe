package io.statlens.parse.builtin.pidstat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.text.SysstatJsonClock;
import io.statlens.parse.text.SysstatJsonHost;
import io.statlens.parse.text.Quotes;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.text.SysstatVersion;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.LineText;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.transcript.Prompt;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static java.util.Map.entry;

/**
 * {@code pidstat -o JSON} (sysstat 12.7): per sample its {@code "timestamp"} and one array of tasks per report
 * (pidstat.c's write_json_pid_* functions: {@code task-cpu-load}, {@code child-cpu-load}, {@code task-memory},
 * {@code child-memory}, {@code stack}, {@code io}, {@code context-switch}, {@code kernel}, {@code realtime}). Each task is
 * read as the row the text form prints for it: its fields under the text header's labels, keyed by process (or
 * thread and process with {@code -t}) and command, into the same data sets. A report not listed is read by its
 * fields' names. The JSON has no averages.
 */
final class PidstatJsonReader implements SysstatJson.Handler {
    /** The fields whose text label differs (the others keep their names: {@code minflt/s}, {@code VSZ}, {@code usr-ms}...). */
    private static final Map<String, String> LABELS = Map.ofEntries(entry("usr", "%usr"), entry("system", "%system"),
            entry("guest", "%guest"), entry("wait", "%wait"), entry("cpu", "%CPU"), entry("cpu_nr", "CPU"),
            entry("MEM", "%MEM"));
    /** The fields that identify a task; print_json_line_id writes {@code UID} (or {@code USER}), then PID or TGID and TID. */
    private static final Set<String> IDENTITY = Set.of("UID", "USER", "PID", "TGID", "TID");
    /** The command's field, and with -t the name of the thread's process, which the key leaves out as the text's does. */
    private static final String COMMAND = "cmd";
    private static final String LEADER = "leader";

    private final ParseContext context;
    private final RecordSink sink;
    private final Timeline timeline;
    private final SysstatJsonClock clock;
    private final PidstatRows rows;
    /** The header each set of fields stands for, by its labels. */
    private final Map<List<String>, PidstatHeader> headers = new HashMap<>();
    private SysstatLocale locale;
    /**
     * Whether the command pasted before the document gave an interval ({@code $ pidstat -o JSON 1 1}): then even a
     * document of one sample holds an interval's values, which the document alone cannot tell.
     */
    private boolean intervalStated;
    /** The first sample, held until a second one shows the run had an interval (pidstat without one prints one sample). */
    private Map<String, Object> first;
    private long firstLine;
    private long samples;

    PidstatJsonReader(ParseContext context, RecordSink sink) {
        this.context = context;
        this.sink = sink;
        this.timeline = new Timeline(context, sink);
        this.clock = new SysstatJsonClock(timeline, sink, "pidstat -H");
        this.rows = new PidstatRows(sink);
    }

    void read(LineSource lines) throws IOException {
        locale = SysstatLocale.of(SysstatJson.dateEvidence(lines.head()), context, SysstatJson.firstEpoch(lines.head()));
        Optional<PastedCommand> command = pastedCommand(lines.head());
        command.ifPresent(c -> {
            // as for the text: pidstat prints the version and exits at -V, the document is another command's
            if (!c.arguments().isEmpty() && !SysstatVersion.onlyVersion(c)) sink.fact("options", c.argumentText());
        });
        intervalStated = command.filter(c -> !SysstatVersion.onlyVersion(c)).flatMap(PastedCommand::interval).isPresent();
        SysstatJson.read(lines, sink, this, line -> commandOf(line).isPresent());
        if (first != null) sample(first, firstLine, !intervalStated);
        if (rows.count() == 0) {
            sink.warning(0, "no pidstat tasks in the JSON document");
            timeline.none("no tasks");
        }
    }

    @Override
    public void host(Map<String, Object> fields) {
        SysstatJsonHost host = SysstatJsonHost.announced(fields, locale, sink);
        if (host.date().isEmpty()) sink.warning(0, "the JSON document has no readable \"date\"; times of day cannot be placed");
        clock.date(host.date().orElse(null));
    }

    /**
     * A sample. Like pidstat's text without an interval (whose header and rows print one time), a document of one
     * sample is taken to average since each task started, unless the command pasted before it gave an interval:
     * {@code pidstat -o JSON 1 1} prints the same shape.
     */
    @Override
    public void sample(Map<String, Object> sample, long line) {
        if (samples++ == 0) {
            first = sample;
            firstLine = line;
            return;
        }
        if (first != null) {
            sample(first, firstLine, false);
            first = null;
        }
        sample(sample, line, false);
    }

    private void sample(Map<String, Object> sample, long line, boolean sinceStart) {
        Instant at = clock.at(sample.get("timestamp"), line);
        if (at == null) return;
        for (Map.Entry<String, Object> report : sample.entrySet()) {
            if (!(report.getValue() instanceof List<?> tasks)) continue;
            for (Object task : tasks) {
                if (task instanceof Map<?, ?> fields) task(report.getKey(), fields, at, sinceStart, line);
            }
        }
    }

    private void task(String report, Map<?, ?> fields, Instant at, boolean sinceStart, long line) {
        List<String> labels = new ArrayList<>(fields.size());
        List<Object> cells = new ArrayList<>(fields.size());
        for (Map.Entry<?, ?> f : fields.entrySet()) {
            String name = String.valueOf(f.getKey());
            if (name.equals(COMMAND) || name.equals(LEADER)) continue;
            labels.add(LABELS.getOrDefault(name, name));
            cells.add(f.getValue());
        }
        labels.add("Command");
        String[] words = labels.toArray(String[]::new);
        PidstatHeader header = PidstatHeader.isHeader(words)
                ? headers.computeIfAbsent(labels, l -> PidstatHeader.of(words, line).orElse(null)) : null;
        if (header == null) {
            sink.warning(line, "expected a task of pidstat's \"" + report + "\" (UID, PID or TGID and TID, its values and cmd),"
                    + " found the fields " + fields.keySet() + "; skipped");
            return;
        }
        String tid = text(fields.get("TID"));
        boolean thread = !tid.isEmpty();
        String process = text(fields.get(fields.containsKey("TGID") ? "TGID" : "PID"));
        String id = thread ? process + "/" + tid : process;
        if (!id.replace("/", "").chars().allMatch(Character::isDigit) || process.isEmpty()) {
            sink.warning(line, "expected a process id in \"" + report + "\", found '" + id + "'; skipped");
            return;
        }
        String command = text(fields.get(COMMAND));
        double[] values = new double[labels.size()];
        for (int i = 0; i < cells.size(); i++) {
            String label = labels.get(i);
            values[i] = IDENTITY.contains(label) || !(cells.get(i) instanceof Double d) ? Double.NaN : rows.stored(d, label, line);
        }
        values[values.length - 1] = Double.NaN;
        rows.row(header, thread, command.isEmpty() ? id : id + " " + command, at, sinceStart, values);
    }

    /**
     * The last pidstat command pasted before the document in the file's first lines: after a prompt
     * ({@code $ pidstat -o JSON 1 1}) or alone, quote markers taken off as the document's are.
     */
    private static Optional<PastedCommand> pastedCommand(Head head) {
        Optional<PastedCommand> found = Optional.empty();
        for (String raw : head.lines()) {
            if (SysstatJson.opensAt(Quotes.unquoted(LineText.clean(raw)))) break;
            Optional<PastedCommand> command = commandOf(raw);
            if (command.isPresent()) found = command;
        }
        return found;
    }

    /** The pidstat command a line before the document holds, after a prompt or alone. */
    private static Optional<PastedCommand> commandOf(String raw) {
        String text = Quotes.unquoted(LineText.clean(raw));
        Optional<String> typed = Prompt.command(text);
        return typed.isPresent()
                ? PastedCommand.afterPrompt(typed.get(), PidstatParser.SYNTAX)
                : PastedCommand.bare(text.strip(), PidstatParser.SYNTAX);
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }
}
