package io.statlens.parse.declarative;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.text.Quotes;
import io.statlens.parse.transcript.Prompt;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One pass of a declarative parser over one file. Each line is, in this order: skipped ({@code skip}),
 * a header of one of the tables, a time line, a one-line record, a fact line, noise, or a data row of
 * the table whose header came last. Only the layouts of the distinct headers seen and each data set's
 * current report are kept, so files of any size stream through.
 */
final class DeclarativeRun {
    /** The mark a row leaves in its report under {@code report.start = row}: the next row finds it and starts another. */
    private static final String ONE_ROW = "\u0000row";
    /** The cells of a split group: blanks and commas (a printa format of comma-separated values) separate them. */
    private static final Pattern SPLIT_CELLS = Pattern.compile("[\\s,]+");
    /** A cell of a split group that is a value: a number, a percentage. */
    private static final Pattern SPLIT_NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?%?");
    /** The key label part of a split group's words. */
    private static final String SPLIT_KEY = "key";
    private final ParserDefinition definition;
    private final RecordSink sink;
    private final ParseContext context;
    private final TimeOptions timeOptions;
    private final ReportClock clock;
    private final Map<String, DatasetState> datasets = new HashMap<>();
    private final Map<LineDefinition, DatasetSpec> lineSpecs = new HashMap<>();
    private final Map<HeaderKey, HeaderLayout> layouts = new HashMap<>();
    private final KeyLines keyLines;
    private HeaderLayout layout;
    private Instant lastRowTime;
    private long recordsFound;
    /** Whether a header or line said the file's variant: else the definition's default is said at the end. */
    private boolean variantSaid;
    /** The last section title seen and the [section] it matched; null before the first. */
    private SectionDefinition section;
    private String sectionTitle;
    /** The last table row, while the stack printed under it is read (definitions with {@code stack.frame}); else null. */
    private StackedRow stacked;
    /** The labels of the last heading a script printed above split records ({@code PID CMD TIME FILE}); empty before. */
    private List<String> heading = List.of();
    /** The rows read by shape of the block being read, held until it ends. */
    private final PrintaBlock printaBlock;
    /** The arguments of the last command of the tool pasted before the lines, null before any ([line] command.lacks). */
    private String commandArguments;
    private final Map<HeadedShape, DatasetSpec> headingSpecs = new HashMap<>();
    /** A key line was just held above the line it keys ({@code key.above}): the blank line between ends no key. */
    private boolean keyAboveHeld;

    /** A heading's labels, and those of them over values in a row under it. */
    private record HeadedShape(List<String> heading, List<String> values) {
    }

    /** The header of the table with this index, with these labels, in this data set. */
    private record HeaderKey(int table, List<String> labels, String dataset, String keyPrefix) {
    }

    DeclarativeRun(ParserDefinition definition, ParseContext context, RecordSink sink) {
        this.definition = definition;
        this.context = context;
        this.timeOptions = TimeOptions.in(context);
        this.sink = sink;
        this.clock = new ReportClock(context, sink, definition.intervalDefault());
        this.keyLines = new KeyLines(sink, definition.tool());
        this.printaBlock = new PrintaBlock(sink, definition.tool());
    }

    void run(LineSource source) throws IOException {
        Transcript lines = new Transcript(source, definition.command());
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            try {
                handle(line, lines);
            } catch (BudgetedLine.TooSlow e) {
                sink.warning(line.number(), "line skipped: the patterns of " + definition.source()
                        + " need too long to match it (a pattern that backtracks; see docs/parsers.md)");
            }
        }
        printaBlock.end();
        endStack();
        keyLines.end();
        if (recordsFound > 0 && !variantSaid && !definition.defaultVariant().isEmpty()) sink.variant(definition.defaultVariant());
        if (recordsFound == 0) {
            sink.warning(0, "no " + definition.tool() + " data found: no line matched a header or record of "
                    + definition.source());
        }
        clock.finish();
        lines.finish(sink);
    }

    /**
     * One line, without its indentation. The definition's own rules come first, so that a tool whose lines look
     * like shell comments or prompts can still be described; then a pasted command of the tool, noise, or a row.
     */
    private void handle(TranscriptLine transcriptLine, Transcript lines) throws IOException {
        String line = transcriptLine.text().strip();
        long number = transcriptLine.number();
        // every pattern of the definition matches through the line's budget of work
        BudgetedLine budgeted = new BudgetedLine(line);
        // a line no split record could read ends the block of rows read by shape; one that may be is decided below
        if (!mayBeSplit(budgeted)) printaBlock.end();
        if (line.isEmpty()) {
            if (!keyAboveHeld) keyLines.end();
            return;
        }
        keyAboveHeld = false;
        if (matchesAny(definition.skips(), budgeted)) return;
        // a command typed after a prompt runs the tool whatever its words look like (dtrace's lquantize(arg1, 0, 50) is
        // no row); a bare one may be a row ('dtrace  760', the dtrace process's count) and is read as one first
        if (transcriptLine.is(TranscriptLine.Kind.COMMAND) && Prompt.command(Quotes.unquoted(line)).isPresent()) {
            command(transcriptLine.command());
            return;
        }
        if (definition.keysRowsByStack() && !transcriptLine.noise() && stackFrame(budgeted)) return;
        endStack();
        if (heading(budgeted)) {
            keyLines.end();
            return;
        }
        boolean title = sectionTitle(number, budgeted);
        for (int t = 0; !title && t < definition.tables().size(); t++) {
            Matcher m = budgeted.matcher(definition.tables().get(t).header());
            if (m.find()) {
                keyLines.end();
                header(number, line, m, t);
                return;
            }
        }
        if (!title && timeLine(number, budgeted)) {
            keyLines.end();
            return;
        }
        if (!transcriptLine.noise() && keyAbove(line, lines)) {
            keyLines.add(number, collapsed(line));
            keyAboveHeld = true;
            return;
        }
        if (headedRow(number, budgeted)) return;
        for (LineDefinition record : definition.lines()) {
            if (!record.appliesAfter(commandArguments)) continue;
            Matcher m = budgeted.matcher(record.match());
            if (m.find()) {
                lineRecord(number, record, m);
                return;
            }
        }
        if (title || factLine(budgeted)) return;
        if (transcriptLine.is(TranscriptLine.Kind.COMMAND)) {
            command(transcriptLine.command());
            return;
        }
        if (transcriptLine.noise()) return;
        if (layout == null && definition.collectsKeyLines()) {
            keyLines.add(number, collapsed(line));
            return;
        }
        if (layout == null) {
            sink.warning(number, "expected a " + definition.tool() + " header before data rows; line not recognised");
            return;
        }
        String[] tokens = Tokens.split(line);
        if (!fitsWidth(tokens.length)) tokens = Tokens.split(lines.repair(transcriptLine, text -> fits(text.strip())));
        dataRow(number, tokens);
    }

    /**
     * A pasted command line of the tool: its arguments, and the interval for output without times when the
     * definition says which options take a value (else {@code -i 2} could be an option's value or an interval).
     */
    private void command(PastedCommand command) {
        // the tool typed again is a new run: its first report is since boot again (nicstat, vm_stat, prstat -m)
        datasets.values().forEach(DatasetState::startRun);
        commandArguments = command.argumentText();
        if (!command.arguments().isEmpty()) sink.fact("options", command.argumentText());
        if (definition.commandOptions()) command.interval().ifPresent(clock::commandInterval);
    }

    /** Whether a line has as many cells as the header (or more, when a column is wide); cheap, for every row. */
    private boolean fitsWidth(int count) {
        int width = layout.width();
        return count == width || (count > width && layout.wideIndex() >= 0);
    }

    /** Whether a line is a complete row of the current table: as many cells as the header, each readable. */
    private boolean fits(String line) {
        String[] cells = cellsOf(Tokens.split(line));
        if (cells == null) return false;
        int[] columns = layout.valueIndexes();
        for (int v = 0; v < columns.length; v++) {
            try {
                layout.reader(v).read(cells[columns[v]]);
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }

    /** Records the fact of every fact rule the line matches (a banner may carry several); false if none does. */
    private boolean factLine(BudgetedLine line) {
        boolean matched = false;
        for (FactRule fact : definition.factRules()) {
            Matcher m = line.matcher(fact.pattern());
            if (m.find()) {
                matched = true;
                if (m.group(1) != null) sink.fact(fact.name(), m.group(1).strip());
            }
        }
        return matched;
    }

    private void header(long number, String line, Matcher m, int tableIndex) {
        TableDefinition table = definition.tables().get(tableIndex);
        String labelText = line;
        Instant headerTime = null;
        if (table.time().source() == TimeSpec.Source.HEADER && m.group("time") != null) {
            labelText = line.substring(0, m.start("time")) + " " + line.substring(m.end("time"));
            headerTime = printedTime(number, m.group("time"), table.time().format(), "printed in the header");
        }
        String dataset = table.dataset();
        String keyPrefix = "";
        if (dataset.equals(SectionDefinition.FROM_SECTION)) {
            if (section == null) {
                sink.warning(number, "expected a section title before this header; its rows are stored in the data set "
                        + definition.tool());
                dataset = "";
            } else {
                dataset = section.dataset();
                if (section.keyTitle()) keyPrefix = sectionTitle;
            }
        }
        // Tools repeat their header every report: its layout (and any warning about it) is made once.
        List<String> labels = table.labels(Tokens.split(labelText));
        HeaderKey headerKey = new HeaderKey(tableIndex, labels, dataset, keyPrefix);
        HeaderLayout known = layouts.get(headerKey);
        if (known == null) {
            known = HeaderLayout.of(definition.tool(), table, dataset, keyPrefix, labels, number, sink);
            layouts.put(headerKey, known);
        }
        layout = known.atLine(number);
        variant(table.variant());
        if (table.kind() == TableKind.FACTS) return;
        DatasetState state = state(dataset);
        // rows keyed by their stacks announce their spec when the stack has told which (endStack)
        if (!definition.keysRowsByStack() && state.announce(layout.spec())) sink.dataset(layout.spec());
        if (!state.reportOpen() || table.reportStart().contains(ReportStart.HEADER)) state.openReport(clock.timeLineCount());
        if (headerTime != null) state.reportTime(headerTime);
    }

    /**
     * A section title: the data set of the tables after it. The title seen again in its data set's report means the
     * tool printed its sections again (lockstat run in a loop): the data set's next report starts. Its line may also
     * be a {@code [line]} record (the title's event counts), so the line goes on to those.
     */
    private boolean sectionTitle(long number, BudgetedLine line) {
        for (SectionDefinition candidate : definition.sections()) {
            Matcher m = line.matcher(candidate.match());
            if (!m.find()) continue;
            keyLines.end();
            section = candidate;
            String title = candidate.match().namedGroups().containsKey("title") && m.group("title") != null
                    ? m.group("title") : line.toString();
            sectionTitle = collapsed(title);
            layout = null;
            DatasetState state = state(candidate.dataset());
            if (!state.reportOpen() || !state.addKey(sectionTitle)) {
                state.openReport(clock.timeLineCount());
                state.addKey(sectionTitle);
            }
            return true;
        }
        return false;
    }

    private boolean timeLine(long number, BudgetedLine line) {
        Optional<Pattern> pattern = definition.timeLines();
        if (pattern.isEmpty()) return false;
        Matcher m = line.matcher(pattern.get());
        if (!m.find()) return false;
        printaBlock.end();
        String text = m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : line.toString();
        Optional<Instant> time = DateLine.parse(text, timeOptions.zone());
        if (time.isPresent()) {
            clock.timeLine(time.get());
        } else {
            sink.warning(number, "expected a date(1) line such as 'Sun Nov 17 17:01:05 EST 2013' or epoch seconds, found '"
                    + text + "'");
        }
        return true;
    }

    private void lineRecord(long number, LineDefinition record, Matcher m) {
        recordsFound++;
        if (record.splits()) {
            splitRecord(number, record, m);
            return;
        }
        printaBlock.end();
        DatasetSpec spec = lineSpecs.computeIfAbsent(record, r -> new DatasetSpec(definition.tool(), r.dataset(),
                String.join("/", r.keyGroups()), r.groups().stream().map(g -> r.columns().metric(g)).toList()));
        DatasetState state = state(record.dataset());
        if (state.announce(spec)) sink.dataset(spec);
        variant(record.variant());
        double[] values = new double[record.groups().size()];
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            String group = record.groups().get(i);
            String text = m.group(group);
            values[i] = text == null ? Double.NaN : value(record.columns().reader(group), group, text, problems);
        }
        warnProblems(number, problems);
        if (record.keyed()) {
            keyedRecord(spec, record, m, state, values);
            return;
        }
        state.openReport(clock.timeLineCount());
        // A record such as prstat's Total line closes a report: it belongs to the rows just before it.
        Instant time = lastRowTime != null ? lastRowTime : clock.report(state.sample(), state.reportsSinceTimeLine());
        sink.row(spec, new Row(state.sample(), time, "", false, values));
    }

    /**
     * A keyed record (a DTrace printa row) belongs to the data set's current report, like a table's row; a key already
     * in the report, or a time line since it started, starts the next one (the next tick's printa).
     */
    private void keyedRecord(DatasetSpec spec, LineDefinition record, Matcher m, DatasetState state, double[] values) {
        keyedRow(spec, state, keyOf(record, m, List.of()), values);
    }

    /** The record's key: its key groups (and held lines), then any words of its split group, joined with '/'. */
    private String keyOf(LineDefinition record, Matcher m, List<String> words) {
        List<String> parts = new ArrayList<>();
        for (String group : record.keyGroups()) {
            String part = group.equals(LineDefinition.LINES) ? keyLines.key() : m.group(group);
            if (part != null && !part.isBlank()) parts.add(collapsed(part));
        }
        if (!words.isEmpty()) parts.add(String.join(" ", words));
        return String.join("/", parts);
    }

    /**
     * A record read by shape ({@code split}): a DTrace printa() with a format of the script's own puts its @ values where
     * the format says, before the key, after it, several of them, with words between. The numbers of the group are the
     * values ({@code value}, {@code value2}, ...), its other words the key; the data set's metrics grow to the most
     * values a row has had.
     */
    private void splitRecord(long number, LineDefinition record, Matcher m) {
        List<String> cells = cellsOf(m.group(record.split()));
        // under a heading with as many labels, the heading says which numbers are values (PID is a key column)
        List<String> headed = record.heading().isPresent() && cells.size() == heading.size()
                ? headedValues(record, cells) : List.of();
        List<String> words = new ArrayList<>();
        List<String> numbers = new ArrayList<>();
        List<Boolean> shape = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            boolean value = headed.isEmpty() ? SPLIT_NUMBER.matcher(cells.get(i)).matches() : headed.contains(heading.get(i));
            (value ? numbers : words).add(cells.get(i));
            shape.add(value);
        }
        // the key is taken now: a held row keeps the key groups its own line matched
        String key = keyOf(record, m, words);
        printaBlock.add(number, shape, headed.isEmpty()
                ? () -> emitSplit(number, record, splitSpec(record, numbers.size()), key, numbers)
                : () -> headedRecord(number, record, key, numbers, headed));
    }

    /**
     * Reads a row that fits the last heading (as many cells as it has labels) by the record that heading names, before
     * the records listed ahead of it: the DTraceToolkit's xcallsbypid prints 'PID CMD XCALLS' above rows ('215 utmpd 3')
     * that the default layout's record would also read, keyed by an unnamed key and a value named by nothing. A row the
     * lines around it key (a histogram's bucket under its key line) is left to its own record: the heading is not its.
     */
    private boolean headedRow(long number, BudgetedLine line) {
        if (heading.isEmpty()) return false;
        for (LineDefinition record : definition.lines()) {
            if (!record.appliesAfter(commandArguments) || !line.matcher(record.match()).find()) continue;
            if (record.keyGroups().contains(LineDefinition.LINES)) return false;
            break;
        }
        for (LineDefinition record : definition.lines()) {
            if (record.heading().isEmpty() || !record.appliesAfter(commandArguments)) continue;
            Matcher m = line.matcher(record.match());
            if (m.find() && cellsOf(m.group(record.split())).size() == heading.size()) {
                lineRecord(number, record, m);
                return true;
            }
        }
        return false;
    }

    /** Whether a line may be a record read by shape: one of them matches it. */
    private boolean mayBeSplit(BudgetedLine line) {
        for (LineDefinition record : definition.lines()) {
            if (record.splits() && line.matcher(record.match()).find()) return true;
        }
        return false;
    }

    private void emitSplit(long number, LineDefinition record, DatasetSpec spec, String key, List<String> numbers) {
        DatasetState state = state(record.dataset());
        if (state.announce(spec)) sink.dataset(spec);
        variant(record.variant());
        double[] values = new double[spec.metrics().size()];
        Arrays.fill(values, Double.NaN);
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < numbers.size(); i++) {
            String label = spec.metrics().get(i).label();
            values[i] = value(record.columns().reader(label), label, numbers.get(i), problems);
        }
        warnProblems(number, problems);
        keyedRow(spec, state, key, values);
    }

    private static List<String> cellsOf(String text) {
        List<String> cells = new ArrayList<>();
        for (String cell : SPLIT_CELLS.split(text == null ? "" : text.strip())) {
            if (!cell.isEmpty()) cells.add(cell);
        }
        return cells;
    }

    /** The heading's labels over numbers that are values (not key columns such as PID); empty if none. */
    private List<String> headedValues(LineDefinition record, List<String> cells) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            String label = heading.get(i);
            if (SPLIT_NUMBER.matcher(cells.get(i)).matches() && !record.headingKeys().contains(label)) values.add(label);
        }
        return values;
    }

    /** A split record under a heading that fits it: its values named by the heading, its key the other columns. */
    private void headedRecord(long number, LineDefinition record, String key, List<String> numbers, List<String> labels) {
        DatasetSpec spec = headingSpecs.computeIfAbsent(new HeadedShape(heading, labels), shape -> {
            List<String> keyLabels = new ArrayList<>(record.keyGroups());
            List<String> keyColumns = shape.heading().stream().filter(l -> !labels.contains(l)).toList();
            if (!keyColumns.isEmpty()) keyLabels.add(String.join(" ", keyColumns));
            // values keep the names of the shape (value, value2, ...), so presets and runs compare alike; the heading
            // says what each is
            List<Metric> metrics = new ArrayList<>();
            for (int i = 0; i < labels.size(); i++) {
                Metric shaped = record.columns().metric(i == 0 ? LineDefinition.SPLIT_VALUE : LineDefinition.SPLIT_VALUE + (i + 1));
                metrics.add(new Metric(shaped.label(), shaped.unit(), labels.get(i)));
            }
            return new DatasetSpec(definition.tool(), record.dataset(), String.join("/", keyLabels), metrics);
        });
        emitSplit(number, record, spec, key, numbers);
    }

    /** The spec of a split record with at least this many values: the widest announced so far, or a wider one. */
    private DatasetSpec splitSpec(LineDefinition record, int count) {
        DatasetSpec known = lineSpecs.get(record);
        if (known != null && known.metrics().size() >= count) return known;
        List<Metric> metrics = new ArrayList<>();
        for (int i = 0; i < Math.max(1, count); i++) {
            String label = i == 0 ? LineDefinition.SPLIT_VALUE : LineDefinition.SPLIT_VALUE + (i + 1);
            metrics.add(record.columns().metric(label));
        }
        List<String> keyLabels = new ArrayList<>(record.keyGroups());
        keyLabels.add(SPLIT_KEY);
        DatasetSpec spec = new DatasetSpec(definition.tool(), record.dataset(), String.join("/", keyLabels), metrics);
        lineSpecs.put(record, spec);
        return spec;
    }

    private void keyedRow(DatasetSpec spec, DatasetState state, String key, double[] values) {
        if (!state.reportOpen() || state.timeLinesAtStart() != clock.timeLineCount() || !state.addKey(key)) {
            state.openReport(clock.timeLineCount());
            state.addKey(key);
        }
        if (state.reportTime() == null) state.reportTime(clock.report(state.sample(), state.reportsSinceTimeLine()));
        sink.row(spec, new Row(state.sample(), state.reportTime(), key, false, values));
    }

    /**
     * A heading a script prints above its printa() rows: two or more labels, a unit in parentheses joining the label
     * before it ({@code TIME (ns)}). It names the cells of the split records after it, up to the next heading.
     */
    private boolean heading(BudgetedLine line) {
        for (LineDefinition record : definition.lines()) {
            if (record.heading().isEmpty() || !line.matcher(record.heading().get()).find()) continue;
            List<String> labels = new ArrayList<>();
            for (String word : Tokens.split(line.toString())) {
                if (word.startsWith("(") && !labels.isEmpty()) labels.set(labels.size() - 1, labels.getLast() + " " + word);
                else labels.add(word);
            }
            // a label printed twice names no column for sure: the rows under it are read by shape
            heading = new HashSet<>(labels).size() == labels.size() ? List.copyOf(labels) : List.of();
            return true;
        }
        return false;
    }

    /**
     * Whether the line is a key printed above the line {@code key.above} matches, next or after one blank line: dtrace
     * starts a histogram with a newline (dt_print_quanthdr), so a printa() format's own key line ('%8d  %S\n%@d') is
     * followed by a blank line, the default layout's keys by the header itself. A line of numbers alone there is left
     * to the records: a keyless printa's values print so too.
     */
    private boolean keyAbove(String line, Transcript lines) throws IOException {
        if (definition.keyAbove().isEmpty() || !definition.collectsKeyLines()) return false;
        if (SPLIT_CELLS.splitAsStream(line).allMatch(cell -> cell.isEmpty() || SPLIT_NUMBER.matcher(cell).matches())) {
            return false;
        }
        for (int i = 0; i < 2; i++) {
            TranscriptLine next = lines.peek(i);
            if (next == null) return false;
            String text = next.text().strip();
            if (text.isEmpty()) continue;
            return new BudgetedLine(text).matcher(definition.keyAbove().get()).find();
        }
        return false;
    }

    /** A frame of the stack under the last row (a frame line without a row above it is skipped); false if none. */
    private boolean stackFrame(BudgetedLine line) {
        for (Pattern p : definition.stackFrames()) {
            Matcher m = line.matcher(p);
            if (!m.find()) continue;
            String frame = m.group(DefinitionReader.STACK_FRAME);
            boolean continues = p.namedGroups().containsKey(DefinitionReader.STACK_FRAME_CONTINUED)
                    && m.group(DefinitionReader.STACK_FRAME_CONTINUED) != null;
            if (stacked != null && frame != null) stacked.frame(frame, continues);
            return true;
        }
        return false;
    }

    /** The held row, its key ending with its stack if one was printed under it, goes to the sink. */
    private void endStack() {
        if (stacked == null) return;
        DatasetSpec spec = stacked.spec();
        if (state(spec.name()).announce(spec)) sink.dataset(spec);
        sink.row(spec, stacked.row());
        stacked = null;
    }

    /** Says the variant of a header or line that has one (the last said wins). */
    private void variant(String variant) {
        if (variant.isEmpty()) return;
        sink.variant(variant);
        variantSaid = true;
    }

    /** The text with every run of blanks as one blank: keys compare alike however the tool padded them. */
    private static String collapsed(String text) {
        return String.join(" ", Tokens.split(text));
    }

    private void dataRow(long number, String[] tokens) {
        String[] cells = cells(number, tokens);
        if (cells == null) return;
        TableDefinition table = layout.table();
        String key = key(cells);
        if (table.kind() == TableKind.FACTS) {
            cellFacts(table, key, cells);
            return;
        }
        DatasetState state = state(layout.spec().name());
        Instant time = rowTime(number, cells, state, table);
        if (time == null) return;
        int[] columns = layout.valueIndexes();
        double[] values = new double[columns.length];
        List<String> problems = new ArrayList<>();
        for (int v = 0; v < columns.length; v++) {
            values[v] = value(layout.reader(v), layout.label(columns[v]), cells[columns[v]], problems);
        }
        warnProblems(number, problems);
        Row row = new Row(state.sample(), time, key, table.sinceBoot() && state.firstOfRun(), values);
        if (definition.keysRowsByStack()) {
            stacked = new StackedRow(layout, row);
        } else {
            sink.row(layout.spec(), row);
        }
        lastRowTime = time;
        recordsFound++;
    }

    /** The row's cells aligned with the header, or null (with a warning) when they cannot be. */
    private String[] cells(long number, String[] tokens) {
        String[] cells = cellsOf(tokens);
        if (cells == null) {
            sink.warning(number, "expected " + layout.width() + " columns as in the header at line " + layout.line()
                    + ", found " + tokens.length);
        }
        return cells;
    }

    /** The row's cells aligned with the header, or null when there are too few, or too many without a wide column. */
    private String[] cellsOf(String[] tokens) {
        int width = layout.width();
        if (tokens.length == width) return tokens;
        int wide = layout.wideIndex();
        if (tokens.length < width || wide < 0) return null;
        // The wide column (a process or lock name with blanks) takes the surplus cells.
        int surplus = tokens.length - width;
        String[] cells = new String[width];
        System.arraycopy(tokens, 0, cells, 0, wide);
        cells[wide] = String.join(" ", Arrays.asList(tokens).subList(wide, wide + surplus + 1));
        System.arraycopy(tokens, wide + surplus + 1, cells, wide + 1, width - wide - 1);
        return cells;
    }

    private String key(String[] cells) {
        int[] keys = layout.keyIndexes();
        if (keys.length == 1 && layout.keyPrefix().isEmpty()) return cells[keys[0]];
        List<String> parts = new ArrayList<>();
        if (!layout.keyPrefix().isEmpty()) parts.add(layout.keyPrefix());
        for (int k : keys) parts.add(cells[k]);
        return String.join("/", parts);
    }

    /** The row's time; opens a new report when the definition says this row starts one. Null when unreadable. */
    private Instant rowTime(long number, String[] cells, DatasetState state, TableDefinition table) {
        if (table.reportStart().contains(ReportStart.TIME_LINE) && state.timeLinesAtStart() != clock.timeLineCount()) {
            state.openReport(clock.timeLineCount());
        }
        // A report is one row: the report a header opened takes the first row under it, each later row opens the next.
        if (table.reportStart().contains(ReportStart.ROW) && (!state.reportOpen() || !state.addKey(ONE_ROW))) {
            state.openReport(clock.timeLineCount());
            state.addKey(ONE_ROW);
        }
        int column = layout.timeIndex();
        if (column < 0) {
            if (!state.reportOpen()) state.openReport(clock.timeLineCount());
            if (state.reportTime() == null) state.reportTime(clock.report(state.sample(), state.reportsSinceTimeLine()));
            return state.reportTime();
        }
        String text = cells[column];
        Instant time = printedTime(number, text, table.time().format(), "in column '" + layout.label(column) + "'");
        if (time == null) return null;
        boolean changed = state.reportTimeText() != null && !state.reportTimeText().equals(text);
        if (!state.reportOpen() || (changed && table.reportStart().contains(ReportStart.TIME_CHANGE))) {
            state.openReport(clock.timeLineCount());
        }
        if (state.reportTimeText() == null) state.reportTimeText(text);
        return time;
    }

    private Instant printedTime(long number, String text, TimeFormat format, String where) {
        try {
            if (format.epoch()) return clock.epoch(format.epochInstant(text), where);
            return clock.timeOfDay(format.timeOfDay(text), where);
        } catch (DateTimeException | NumberFormatException e) {
            sink.warning(number, "expected a time (" + format.pattern() + ") " + where + ", found '" + text + "'");
            return null;
        }
    }

    private void cellFacts(TableDefinition table, String key, String[] cells) {
        recordsFound++;
        StringBuilder prefix = new StringBuilder(definition.tool()).append('.');
        if (!table.dataset().isEmpty()) prefix.append(table.dataset()).append('.');
        if (!key.isEmpty()) prefix.append(key).append('.');
        for (int column : layout.valueIndexes()) {
            if (table.columns().missing().contains(cells[column])) continue;
            sink.fact((prefix + layout.label(column)).toLowerCase(Locale.ROOT), cells[column]);
        }
    }

    private static double value(CellReader reader, String label, String cell, List<String> problems) {
        try {
            return reader.read(cell);
        } catch (NumberFormatException e) {
            problems.add("expected " + reader.expected() + " in column '" + label + "', found '" + cell + "'");
            return Double.NaN;
        }
    }

    private void warnProblems(long number, List<String> problems) {
        if (!problems.isEmpty()) sink.warning(number, String.join("; ", problems) + " (stored as no value)");
    }

    private DatasetState state(String dataset) {
        return datasets.computeIfAbsent(dataset, d -> new DatasetState());
    }

    private static boolean matchesAny(List<Pattern> patterns, BudgetedLine line) {
        for (Pattern p : patterns) {
            if (line.matcher(p).find()) return true;
        }
        return false;
    }
}
