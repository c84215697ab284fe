package io.statlens.parse.builtin.mysql;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pt-mext's side-by-side columns: one line per status variable, its name, then one value per snapshot of the
 * {@code mysqladmin extended-status} output pt-mext read ({@code pt-mext -r -- mysqladmin ext -i10 -c3}); with
 * {@code -r} the first column is absolute and the others are differences. The columns become snapshots of the data
 * set {@code mysql.status}, as {@link MysqlStatusParser} writes it. See docs/tools/pt-mext.md.
 *
 * <p>A column is a snapshot, so every line must be read before the first snapshot is complete: the variables are
 * held in memory, as pt-mext itself holds them (a few hundred lines).
 */
public final class PtMextParser implements Parser {
    static final String TOOL = "pt-mext";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "absolute", "relative");
    /** pt-mext, and the mysqladmin command after its {@code --}; {@code -i} and {@code -c} are mysqladmin's. */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("pt-mext"), Set.of("-i", "-c", "-S", "-u", "-h", "-P"));
    /**
     * A variable's name and its values, one per snapshot: thousands of them for a long capture ({@code -i1 -c3600}).
     * The group of values is possessive, so that Java's matcher takes them in a loop rather than one nested call per
     * value (a greedy group overflowed the stack on a few thousand, as on /proc/stat's {@code intr} line during
     * detection); the values are separated by blanks, so no match needs to give one back.
     */
    private static final Pattern ROW = Pattern.compile("^([A-Za-z][A-Za-z0-9_]*+)((?:\\s+-?\\d+(?:\\.\\d+)?)++)$");
    /**
     * A variable whose value is text, as {@code join} keeps it in pt-mysql-summary's {@code mysql-status-defer}: a
     * name with an underscore, in any case (MySQL's {@code Ssl_version TLSv1.3 TLSv1.3}, Galera's
     * {@code wsrep_ready ON ON}), then anything, values with blanks included, or nothing ({@code Current_tls_capath}
     * with empty values); or a name without one ({@code Compression OFF OFF}) with one word per snapshot, so that a
     * sentence is not taken for one. pt-mext itself prints text as {@code 0}.
     */
    private static final Pattern TEXT_ROW = Pattern.compile("^[A-Za-z][A-Za-z0-9]*+(_[A-Za-z0-9_]*+)?(?:\\s+(.*))?$");
    private static final Pattern STATUS_NAME = Pattern.compile("^(?:Aborted_\\w+|Bytes_\\w+|Com_[a-z_]+|Handler_\\w+"
            + "|Innodb_\\w+|Questions|Queries|Threads_\\w+|Uptime)$");
    /** Most variables pt-mext output may list: servers print 300 to 1,000. */
    private static final int MAX_VARIABLES = 10_000;
    private static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

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
        return StatusWriter.datasets();
    }

    @Override
    public double sniff(Head head) {
        int rows = 0;
        int status = 0;
        int columns = -1;
        boolean command = false;
        for (TranscriptLine line : Transcript.read(head, SYNTAX)) {
            if (line.is(TranscriptLine.Kind.COMMAND)) command = true;
            if (line.kind() != TranscriptLine.Kind.TEXT) continue;
            var m = ROW.matcher(line.text().strip());
            if (!m.matches()) continue;
            int n = m.group(2).strip().split("\\s+").length;
            if (n < 2) continue;
            if (columns < 0) columns = n;
            if (n != columns) return 0;
            rows++;
            if (STATUS_NAME.matcher(m.group(1)).matches()) status++;
        }
        if (rows < 5 || status < 3) return 0;
        return command ? 0.95 : 0.85;
    }

    @Override
    public void parse(LineSource source, ParseContext context, RecordSink sink) throws IOException {
        Timeline timeline = new Timeline(context, sink, DEFAULT_INTERVAL);
        StatusWriter writer = new StatusWriter(sink);
        Map<String, double[]> variables = new LinkedHashMap<>();
        int columns = -1;
        boolean hadText = false;
        Transcript lines = new Transcript(source, SYNTAX);
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            if (line.is(TranscriptLine.Kind.COMMAND)) {
                command(line.command(), timeline, writer, sink);
                continue;
            }
            if (line.noise()) continue;
            String text = line.text().strip();
            var m = ROW.matcher(text);
            if (!m.matches() && textValued(text, columns)) {
                // not a number, so left out without a warning, as MysqlStatusParser leaves text values out; and a
                // capture with text in it holds no differences (mysqladmin -r prints none)
                hadText = true;
                continue;
            }
            if (!m.matches()) {
                sink.warning(line.number(), "expected a status variable's name and its values ('Com_select  95413  4534'), found '"
                        + (text.length() > 80 ? text.substring(0, 80) + "..." : text) + "'");
                continue;
            }
            String[] cells = m.group(2).strip().split("\\s+");
            if (columns < 0) columns = cells.length;
            if (cells.length != columns) {
                sink.warning(line.number(), "expected " + columns + " values as on the first line, found " + cells.length);
                continue;
            }
            if (variables.size() >= MAX_VARIABLES && !variables.containsKey(m.group(1))) {
                sink.warning(line.number(), "more than " + MAX_VARIABLES + " variables; the rest are skipped");
                break;
            }
            double[] values = new double[cells.length];
            // a number too large for a double (hundreds of digits) is no value, as nothing can count that far
            for (int i = 0; i < cells.length; i++) values[i] = finiteOrNaN(Numbers.parse(cells[i]));
            variables.put(m.group(1), values);
        }
        lines.finish(sink);
        if (variables.isEmpty()) {
            sink.warning(0, "no pt-mext lines found (a status variable's name, then one value per snapshot)");
            return;
        }
        for (int c = 0; c < columns; c++) {
            Map<String, Double> snapshot = new LinkedHashMap<>();
            for (Map.Entry<String, double[]> e : variables.entrySet()) snapshot.put(e.getKey(), e.getValue()[c]);
            writer.snapshot(new StatusWriter.Snapshot(timeline.unstamped(c), snapshot, hadText, false));
        }
        timeline.end();
        writer.finish();
        sink.variant(writer.relative() ? "relative" : "absolute");
    }

    /** @return whether the line is a variable whose values are text ({@link #TEXT_ROW}), {@code columns} snapshots wide */
    private static boolean textValued(String text, int columns) {
        Matcher t = TEXT_ROW.matcher(text);
        if (!t.matches()) return false;
        if (t.group(1) != null) return true;
        String values = t.group(2);
        return values != null && columns > 0 && values.split("\\s+").length == columns;
    }

    private static double finiteOrNaN(double v) {
        return Double.isFinite(v) ? v : Double.NaN;
    }

    /** {@code pt-mext -r -- mysqladmin ext -i10 -c3}: -r before the {@code --}, the interval after it. */
    private static void command(PastedCommand command, Timeline timeline, StatusWriter writer, RecordSink sink) {
        if (!command.arguments().isEmpty()) sink.fact("options", command.argumentText());
        List<String> mine = new ArrayList<>();
        List<String> after = null;
        for (String a : command.arguments()) {
            if (after != null) after.add(a);
            else if (a.equals("--")) after = new ArrayList<>();
            else mine.add(a);
        }
        writer.stated(Optional.of(mine.contains("-r") || mine.contains("--relative")));
        if (after != null) timeline.printedInterval(MysqladminOptions.of(after).interval().orElse(null));
    }
}
