package io.statlens.parse.builtin.dstat;

import io.statlens.model.DatasetSpec;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.transcript.PastedCommand;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The state of one dstat/dool file: its preamble facts, the current header layout (CSV or screen), the run it is in
 * (the first line of each run averages since boot), and whether byte values are printed in bits.
 */
final class DstatRun {
    private static final Pattern VERSION = Pattern.compile("^(?i)(dstat|dool|pcp-dstat) ([0-9][\\w.]*+) CSV output$");
    /** A screen group line: titles drawn with dashes (dstat) or dotted box lines (dool). */
    private static final Pattern GROUP_LINE = Pattern.compile("^\\s*[-┄][-┄\\w/ .┬:%#]*$");
    /** A prompt typed without its blank: {@code $dstat -lrvn 10}. */
    private static final Pattern GLUED_PROMPT = Pattern.compile("^[$#%](?=(?:dstat|dool|pcp-dstat)\\b)");
    /** What dstat prints before its headers when no stat was chosen. */
    private static final Pattern DEFAULT_STATS = Pattern.compile("^You did not select any stats, using -\\w+ by default\\.$");
    private static final Pattern INTERRUPTED = Pattern.compile("\\s+\\^C\\s*$");
    /**
     * dstat's own words after a row that came late (dstat.py perform()): {@code missed N ticks}, the N-1 intervals it
     * printed nothing for and this one.
     */
    private static final Pattern MISSED = Pattern.compile("\\s+(?:\u001B\\[[0-9;]*m)*missed (\\d{1,9}) ticks(?:\u001B\\[[0-9;]*m)*\\s*$");
    /** A key typed while dstat waited (q, then ^C to quit): echoed after the last row, apart from its last value. */
    private static final Pattern TYPED_KEY = Pattern.compile("\\s+(\\^?\\p{Alpha})\\s*$");

    private final RecordSink sink;
    private final DstatClock clock;
    private String toolName = "dstat";
    private String version = "";
    private boolean bitsOption;
    private boolean bytesOption;
    private boolean csv;
    /** What the last byte value with a telling unit letter said: printed in bits or in bytes; null before one. */
    private Boolean screenBits;
    /**
     * Screen rows read before the run showed its mode: their byte values' {@code k} and {@code M} are alike in bits
     * and in bytes, and the run's first {@code b} or {@code B}, in a later row, tells theirs too (one run, one mode).
     */
    private final List<HeldRow> held = new ArrayList<>();
    /** CSV group titles, or the screen's group line, waiting for the labels under them. */
    private List<String> csvGroups;
    private String screenGroups;
    /**
     * A line that may be dstat's titles though it does not open with a dash ({@code async --filesystem-}), and its
     * number: titles only when the next line's labels stand under it ({@link DstatParser#titlesOverLabels}), else
     * read as any other line.
     */
    private String maybeTitles;
    private long maybeTitlesLine;
    private DstatLayout layout;
    private ScreenColumns screen;
    private long headerLine;
    private long sample;
    /** The next data line is the first of a run: dstat's first values average since boot. */
    private boolean runStarts = true;
    private final Map<String, DatasetSpec> announced = new HashMap<>();
    /** Rows held for the mode at most; then the tool's default (or the options) decides them, as before any letter. */
    private static final int MOST_HELD = 1000;
    private final Set<String> facts = new HashSet<>();

    DstatRun(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.clock = new DstatClock(context, sink);
    }

    void command(PastedCommand command) {
        release();
        if (!command.arguments().isEmpty()) fact("options", command.argumentText());
        String name = command.tool().substring(command.tool().lastIndexOf('/') + 1);
        if (name.startsWith("dool")) toolName = "dool";
        bitsOption = command.has("--bits");
        bytesOption = command.has("--bytes") || command.has("--dstat");
        screenBits = null;
        // a command line shows every argument: without a delay operand, dstat's and dool's default, 1 s
        clock.printedInterval(command.interval().orElse(Duration.ofSeconds(1)));
        runStarts = true;
    }

    /**
     * A line the transcript took for the shell's: dool's group line of box-drawing characters can look like a
     * drawn prompt, a label line that opens with {@code #} a root prompt; anything else ends the run before it.
     */
    void shell(String text, long number) {
        if (maybeTitles != null && DstatParser.titlesOverLabels(maybeTitles, text)
                || screenGroups != null && DstatParser.isLabelLine(screenGroups, text)) {
            line(text, number);
            return;
        }
        readHeldLine();
        if (isGroupLine(text)) {
            groupLine(text);
        } else {
            release();
            runStarts = true;
        }
    }

    void line(String text, long number) {
        if (maybeTitles != null && DstatParser.titlesOverLabels(maybeTitles, text)) {
            screenHeader(maybeTitles, text, number);
            maybeTitles = null;
            return;
        }
        readHeldLine();
        String stripped = text.strip();
        Matcher glued = GLUED_PROMPT.matcher(stripped);
        if (glued.find()) {
            Optional<PastedCommand> command = PastedCommand.bare(stripped.substring(glued.end()), DstatParser.SYNTAX);
            if (command.isPresent()) {
                command(command.get());
                return;
            }
        }
        if (stripped.startsWith("\"") || csv && stripped.indexOf(',') >= 0) {
            csvLine(stripped, number);
        } else {
            screenLine(text, number, true);
        }
    }

    /** The line held as maybe titles, when the line after it was not their labels: read as any other line. */
    private void readHeldLine() {
        if (maybeTitles == null) return;
        String held = maybeTitles;
        maybeTitles = null;
        screenLine(held, maybeTitlesLine, false);
    }

    /** A line of the screen output: titles, labels, values, or dstat's own words; {@code hold}: may wait as titles. */
    private void screenLine(String text, long number, boolean hold) {
        String stripped = text.strip();
        if (isGroupLine(text)) {
            groupLine(text);
        } else if (screenGroups != null && DstatParser.isLabelLine(screenGroups, text)) {
            screenHeader(screenGroups, text, number);
            screenGroups = null;
        } else if (hold && DstatParser.looksLikeTitles(text)) {
            maybeTitles = text;
            maybeTitlesLine = number;
        } else if (DEFAULT_STATS.matcher(stripped).matches()) {
            // dstat's own line when no stat was asked for (dstat 0.7 Options.__init__); the header lines that follow name the stats
            return;
        } else if (layout == null) {
            sink.warning(number, "expected dstat's two header lines (group titles, then column labels) before values");
        } else if (screen != null) {
            screenValues(text, number);
        } else {
            csvValues(stripped, number);
        }
    }

    private static boolean isGroupLine(String text) {
        return GROUP_LINE.matcher(text).matches() && (text.contains("--") || text.contains("┄")
                || DstatParser.ONE_TITLE.matcher(text.strip()).matches());
    }

    private void groupLine(String text) {
        screenGroups = text;
        if (text.contains("┄")) toolName = "dool";
    }

    void finish() {
        readHeldLine();
        release();
        if (sample == 0) {
            sink.warning(0, layout == null ? "no dstat or dool header found" : "no dstat or dool values found");
        }
        clock.finish();
    }

    // --- CSV -------------------------------------------------------------------------------------------------

    private void csvLine(String line, long number) {
        release();
        csv = true;
        List<String> cells = DstatCsv.split(line);
        String first = cells.isEmpty() ? "" : cells.get(0);
        Matcher title = VERSION.matcher(first);
        if (title.matches()) {
            toolName = title.group(1).toLowerCase(Locale.ROOT);
            version = title.group(2);
            fact("tool.name", toolName);
            fact("tool.version", version);
            runStarts = true;
            return;
        }
        switch (first) {
            case "Author:" -> {
                return;
            }
            case "Host:" -> {
                fact("host", cells, 1);
                fact("user", cells, 6);
                return;
            }
            case "Cmdline:" -> {
                cmdline(cells.size() > 1 ? cells.get(1) : "");
                if (cells.size() > 6) clock.dated(cells.get(6), number);
                runStarts = true;
                return;
            }
            default -> { }
        }
        if (layout != null && csvGroups == null && !line.startsWith("\"")) {
            csvValues(line, number);
        } else if (csvGroups == null) {
            csvGroups = filledGroups(cells);
        } else {
            header(new DstatLayout(padded(csvGroups, cells.size()), labels(csvGroups, cells)), number, null);
            csvGroups = null;
        }
    }

    private void cmdline(String text) {
        if (text.isBlank()) return;
        Optional<PastedCommand> command = DstatParser.command(text);
        if (command.isPresent()) {
            command(command.get());
        } else {
            fact("options", text);
        }
    }

    private void fact(String name, List<String> cells, int index) {
        if (cells.size() > index && !cells.get(index).isBlank()) fact(name, cells.get(index));
    }

    /** A fact, once: the runs appended to one CSV repeat their host and user. */
    private void fact(String name, String value) {
        if (facts.add(name + "=" + value)) sink.fact(name, value);
    }

    /** Group titles are printed over a group's first column only; the empty cells after one belong to it. */
    private static List<String> filledGroups(List<String> cells) {
        List<String> out = new ArrayList<>(cells.size());
        String current = "";
        for (String c : cells) {
            if (!c.isEmpty()) current = c;
            out.add(current);
        }
        return out;
    }

    /** With several CPUs, disks or interfaces, dstat writes each label after its group: {@code cpu0 usage:usr}. */
    private static List<String> labels(List<String> groups, List<String> cells) {
        List<String> out = new ArrayList<>(cells.size());
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            String group = i < groups.size() ? groups.get(i) : "";
            out.add(!group.isEmpty() && cell.startsWith(group + ":") ? cell.substring(group.length() + 1) : cell);
        }
        return out;
    }

    private static List<String> padded(List<String> groups, int size) {
        List<String> out = new ArrayList<>(groups);
        String last = groups.isEmpty() ? "" : groups.get(groups.size() - 1);
        while (out.size() < size) out.add(last);
        return out.subList(0, size);
    }

    private void csvValues(String line, long number) {
        List<String> cells = DstatCsv.split(line);
        // a trailing separator (dool's "-" CSV of an empty plugin) leaves one empty cell too many
        if (cells.size() == layout.size() + 1 && cells.get(cells.size() - 1).isEmpty()) cells = cells.subList(0, layout.size());
        if (cells.size() != layout.size()) {
            sink.warning(number, "expected " + layout.size() + " values as in the header at line " + headerLine
                    + ", found " + cells.size());
            return;
        }
        double[] values = new double[cells.size()];
        for (int i = 0; i < cells.size(); i++) {
            DstatColumn kind = layout.kind(i);
            if (kind == null) continue;
            String cell = cells.get(i).strip();
            if (cell.isEmpty() || cell.equals("-")) {
                values[i] = Double.NaN;
                continue;
            }
            try {
                values[i] = Numbers.parse(cell);
            } catch (NumberFormatException e) {
                sink.warning(number, "expected a number for " + layout.labels().get(i) + ", found '" + cell + "'");
                return;
            }
            // dool 1.3 and later writes byte counts in bits into the CSV too, unless told --bytes
            if (kind.bytes() && csvInBits()) values[i] /= 8;
        }
        write(cells, values, layout.leaders(cells, false, number, sink), number, layout, runStarts);
    }

    private boolean csvInBits() {
        if (!toolName.equals("dool") || bytesOption) return false;
        String[] parts = version.split("\\.");
        try {
            int major = Integer.parseInt(parts[0]);
            int minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return major > 1 || major == 1 && minor >= 3;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    // --- screen ----------------------------------------------------------------------------------------------

    private void screenHeader(String groupLine, String labelLine, long number) {
        ScreenColumns columns = ScreenColumns.of(groupLine, labelLine);
        if (columns.misplaced()) {
            sink.warning(number, "the group titles do not stand over the column labels (were the blanks changed, by a document?)"
                    + " and are not one per plugin, so which plugin a column belongs to cannot be told: the lines up to the"
                    + " next header are skipped");
            screen = null;
            layout = null;
            return;
        }
        screen = columns;
        header(new DstatLayout(columns.groups(), columns.labels()), number, columns);
        List<String> unreadable = layout.unreadableOnScreen();
        if (!unreadable.isEmpty()) {
            sink.notice(number, "the screen shows which process led " + String.join(", ", unreadable) + " but not how much:"
                    + " dstat divides those values by 1000 until they fit and prints no unit; their values are left empty"
                    + " (the CSV of --output holds them)");
        }
    }

    private void screenValues(String printed, long number) {
        // ^C typed while dstat waited for its next row: the terminal echoes it after the last one
        String line = INTERRUPTED.matcher(printed).replaceFirst("");
        int skipped = 0;
        Matcher missed = MISSED.matcher(line);
        if (missed.find()) {
            skipped = Math.max(0, Integer.parseInt(missed.group(1)) - 1);
            line = line.substring(0, missed.start());
            sink.notice(number, "dstat '" + missed.group().strip() + "': it printed no row for " + skipped + " interval(s)"
                    + " before this one, which is placed that much later; dstat divides this row's counts by one interval,"
                    + " so its rates (not its percentages or sizes) are up to " + (skipped + 1) + " times the real ones: kept as printed");
        }
        Optional<List<String>> cells = screen.cells(line);
        Matcher typed = TYPED_KEY.matcher(line);
        if (cells.isEmpty() && typed.find()) {
            cells = screen.cells(line.substring(0, typed.start()));
            if (cells.isPresent()) {
                sink.notice(number, "'" + typed.group(1) + "' after the row's last value is a key typed at the terminal,"
                        + " not a value: left out");
                line = line.substring(0, typed.start());
            }
        }
        if (cells.isEmpty() && runStarts && layout.timeColumn() == 0) {
            Optional<List<String>> alone = screen.timeAlone(line);
            if (alone.isPresent()) {
                // pcp-dstat has nothing to print before its first interval: this row takes the place of dstat's
                // since-boot row, so the run starts at its time and the next row is an interval
                sink.notice(number, "a row of the time alone: no values before the first interval; kept as the run's"
                        + " start (since boot, without values)");
                double[] none = new double[alone.get().size()];
                Arrays.fill(none, Double.NaN);
                release();
                write(alone.get(), none, List.of(), number, layout, runStarts);
                return;
            }
        }
        if (cells.isEmpty()) {
            sink.warning(number, "expected " + layout.size() + " values in the groups of the header at line "
                    + headerLine + ", found '" + line.strip() + "'");
            return;
        }
        List<String> c = cells.get();
        boolean dool = toolName.equals("dool");
        // one run prints every row in one mode (cprint reads the run's op.bits): a letter anywhere tells it for the run
        boolean bytes = false;
        for (int i = 0; i < c.size(); i++) {
            DstatColumn kind = layout.kind(i);
            bytes |= kind != null && kind.bytes();
            Boolean evidence = kind == null ? null : ScreenValue.inBits(c.get(i), kind, dool);
            if (evidence != null) screenBits = evidence;
        }
        if (screenBits == null && bytes) {
            held.add(new HeldRow(c, number, layout, runStarts, skipped));
            runStarts = false;
            if (held.size() >= MOST_HELD) release();
            return;
        }
        release();
        screenRow(new HeldRow(c, number, layout, runStarts, skipped), bits());
        runStarts = false;
    }

    /** The mode of the run's byte values: what its letters told, else what the options or the tool's default say. */
    private boolean bits() {
        return screenBits != null ? screenBits : toolName.equals("dool") ? !bytesOption : bitsOption;
    }

    /** Writes the held rows in the mode the run has shown, or, when it has shown none, in {@link #bits()}'s default. */
    private void release() {
        boolean bits = bits();
        for (HeldRow row : held) screenRow(row, bits);
        held.clear();
    }

    private void screenRow(HeldRow row, boolean bits) {
        sample += row.skipped();
        List<String> c = row.cells();
        double[] values = new double[c.size()];
        for (int i = 0; i < c.size(); i++) {
            DstatColumn kind = row.layout().kind(i);
            if (kind == null) continue;
            try {
                values[i] = ScreenValue.parse(c.get(i), kind, bits);
            } catch (NumberFormatException e) {
                sink.warning(row.number(), "expected a number for " + row.layout().labels().get(i) + ", found '" + c.get(i) + "'");
                return;
            }
        }
        write(c, values, row.layout().leaders(c, true, row.number(), sink), row.number(), row.layout(), row.runStarts());
    }

    /** A screen row as split by its header's layout, waiting for the run's mode. */
    private record HeldRow(List<String> cells, long number, DstatLayout layout, boolean runStarts, int skipped) {
    }

    // --- both ------------------------------------------------------------------------------------------------

    private void header(DstatLayout next, long number, ScreenColumns columns) {
        // dstat repeats its header every screenful within a run, and the held rows keep the layout they were read by;
        // only data sets of other metrics, announced here, must wait for the rows of the old ones
        if (layout == null || !next.specs().equals(layout.specs())) release();
        headerLine = number;
        screen = columns;
        if (!next.duplicates().isEmpty()) {
            sink.warning(number, "columns printed twice in one group, the second left out: " + String.join(", ", next.duplicates()));
        }
        for (DatasetSpec spec : next.specs()) {
            // announced again when another header gave the data set other columns in between
            if (!spec.equals(announced.put(spec.qualifiedName(), spec))) sink.dataset(spec);
        }
        layout = next;
        sink.variant(toolName + (csv ? "-csv" : "-screen"));
    }

    private void write(List<String> cells, double[] values, List<DstatLayout.TopRow> leaders, long number,
                       DstatLayout at, boolean starts) {
        Instant time = clock.time(at, cells, sample, number);
        if (time == null) return;
        at.write(sink, sample++, time, starts, values, leaders);
        runStarts = false;
    }
}
