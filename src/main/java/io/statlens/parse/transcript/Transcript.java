package io.statlens.parse.transcript;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.HostPrefix;
import io.statlens.parse.text.Quotes;
import io.statlens.parse.transcript.TranscriptLine.Kind;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The lines of one file read as what they usually are: a terminal session or a note pasted together with
 * the tool's output. Every line is cleaned ({@link LineText}) and classified ({@link TranscriptLine.Kind}):
 * the tool's own output, blank, decoration (markdown fences, elisions, reST directives), the shell (prompts,
 * continuation lines, {@code ^C}, exit codes, comments, uptime lines) or a command line that runs the tool,
 * read once for every tool by {@link PastedCommand}.
 *
 * <ul>
 *   <li>The line numbers a page's code view put before every line of a block are taken off ({@link CodeViewNumbers}).</li>
 *   <li>Forum and e-mail quotes ({@code > } before every line) are removed; a {@code > } line right after a
 *       prompt is the shell's continuation prompt instead, and belongs to the shell. When most lines are quoted, the
 *       reply's own lines around the quote (fewer markers than the quoted output has) are left out as decoration,
 *       blank ones included, and {@link #finish} warns once for each run of them.</li>
 *   <li>A command continued with a trailing backslash is read with its continuation lines
 *       ({@code $ sysbench oltp_insert \} then indented option lines).</li>
 *   <li>{@link #repair} mends a line the parser could not read: a line a terminal or a blog wrapped at a fixed
 *       width is rejoined with its rest, and text a person appended ({@code max: 162.82 --最长耗时}) is cut off.
 *       Each kind of repair is reported once per file, as a notice, by {@link #finish}.</li>
 * </ul>
 *
 * <p>One instance reads one file, forward only, with one line of look-ahead ({@link #peek}).
 */
public final class Transcript {
    private static final Pattern FENCE = Pattern.compile("^(?:```|~~~).*$");
    private static final Pattern ELISION = Pattern.compile(
            "^(?:\\.{3,}|…+|[\\[(<]\\s*(?:\\.{2,}|…|snip\\w*|truncated|omitted|output truncated)[^\\])>]{0,30}[\\])>]"
                    + "|-+\\s*(?:snip|cut)\\s*-+|[\\[(]\\s*(?:\\.{2,}|…)\\s*(?:\\d+ )?(?:more )?lines?[^\\])]{0,30}[\\])])$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern DIRECTIVE = Pattern.compile("^(?:\\.\\.\\s+[\\w-]+::.*|::)$");
    private static final Pattern CONTROL = Pattern.compile("^\\^[A-Z\\\\\\[]");
    private static final Pattern EXIT_CODE = Pattern.compile(
            "^\\[\\d+\\](?:[+-]?\\s+(?:Done|Exit|Stopped|Killed|Terminated|Running|Interrupt)\\b.*)?$");
    private static final Pattern UPTIME = Pattern.compile("^\\d{1,2}:\\d{2}(?::\\d{2})?\\s+up\\s");
    /** A statement typed at a database client's prompt ({@code mysql> SELECT ...}), and how one ends. */
    private static final Pattern SQL_START = Pattern.compile(
            "(?i)^(?:SELECT|SHOW|WITH|UPDATE|INSERT|DELETE|SET|TRUNCATE|CALL|EXPLAIN|DESCRIBE|DESC|USE)\\b");
    private static final Pattern SQL_END = Pattern.compile("(?:;|\\\\[Gg])\\s*$");
    /** Most lines a statement typed at a client's prompt is read on. */
    private static final int MAX_STATEMENT_LINES = 40;
    /** Deeper quotes are counted as this deep: no thread nests further in practice. */
    private static final int MAX_QUOTE_DEPTH = 16;
    /** Most continuation lines a wrapped line is rejoined from. */
    private static final int MAX_PIECES = 4;
    /** Ways to join a piece: as it is (a terminal's wrap), without its indentation, or after a blank (a page's wrap). */
    private static final int JOINS = 3;

    private final LineSource lines;
    private final CommandSyntax syntax;
    /** The syntax's program names, as an array: every line that starts with a word is checked against them. */
    private final String[] names;
    private final ArrayDeque<TranscriptLine> ahead = new ArrayDeque<>();
    private long lineNumber;
    /** After a prompt typed at the terminal: a following {@code > } line is the shell's continuation prompt. */
    private boolean shellContinues;
    /**
     * Lines of a statement still to come: after {@code mysql> SELECT a,} its next lines, until one ends in {@code ;}
     * or {@code \G} (the client's {@code ->} prompt before them, or only indentation as a document prints them).
     */
    private int statementLines;
    private final Repairs wrapped = new Repairs();
    /** The width a terminal hard-wrapped the whole file at, 0 when it was not ({@link TerminalWidth}). */
    private final int wrapWidth;
    private final Repairs appended = new Repairs();
    /** Quoted lines a mail client wrapped at a blank, rejoined as they were read ({@link MailWrap}). */
    private final Repairs mailWrapped = new Repairs();
    /** Output that was glued to the command line read last ({@link GluedOutput}): the next line, of the same number. */
    private TranscriptLine glued;
    /** How deep a reply quotes the output ({@link #outputDepth}); 0 when the file is not a quoting reply. */
    private final int quoteDepth;
    /** The line numbers a page's code view put before the lines of a block ({@link CodeViewNumbers}). */
    private final CodeViewNumbers codeViewNumbers = new CodeViewNumbers();
    /** The {@code host: } pdsh or clush wrote before every line ({@link HostPrefix}), or null. */
    private final HostPrefix hostPrefix;
    /** The runs of reply text left out, in file order: first line and number of lines with text. */
    private final List<long[]> replyRuns = new ArrayList<>();
    /** Whether the line read last was the reply's (a next reply line goes on the same run). */
    private boolean inReply;

    public Transcript(LineSource lines, CommandSyntax syntax) {
        this(lines, syntax, Layout.of(lines));
    }

    private Transcript(LineSource lines, CommandSyntax syntax, Layout layout) {
        this.lines = lines;
        this.syntax = syntax;
        this.names = syntax.names().toArray(String[]::new);
        this.wrapWidth = layout.wrapWidth();
        this.quoteDepth = layout.quoteDepth();
        this.hostPrefix = layout.hostPrefix();
    }

    /**
     * What the first lines say about the whole file, whatever the tool: the width a terminal wrapped it at, how deep a
     * reply quotes it, the host prefix before every line. Read before the first line.
     */
    private record Layout(int wrapWidth, int quoteDepth, HostPrefix hostPrefix) {
        static Layout of(LineSource lines) {
            return new Layout(TerminalWidth.of(lines), Transcript.quoteDepth(lines), Transcript.hostPrefix(lines));
        }
    }

    /** The head {@link #read(Head, CommandSyntax)} read last (its lines, by identity) and its layout. */
    private record HeadLayout(List<String> lines, Layout layout) {
    }

    /**
     * Detection reads one head once for each tool ({@link #read(Head, CommandSyntax)} from every sniffer), and the
     * layout of a head is the same for all of them: it is worked out for the first and kept for the others (it was a
     * fifth of the CPU of detecting a pasted file). The last two heads are kept: detection asks each sniffer about a
     * pasted head and then about it without what pasting added ({@code PastedHead}), in turn, and with one kept the two
     * pushed each other out at every sniffer.
     */
    private static volatile RecentHeads recentHeads = new RecentHeads(null, null);

    /** The head read last and the one before it. */
    private record RecentHeads(HeadLayout last, HeadLayout before) {
        /** The layout kept for these lines (by identity), or null. */
        Layout of(List<String> lines) {
            if (last != null && last.lines() == lines) return last.layout();
            if (before != null && before.lines() == lines) return before.layout();
            return null;
        }
    }

    /** The host prefix of the first lines; only before the first line is read. */
    private static HostPrefix hostPrefix(LineSource lines) {
        if (lines.lineNumber() > 0 || lines.toolOutput()) return null;
        try {
            return HostPrefix.of(lines.head().lines()).orElse(null);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The depth of the quoted output, from the first lines; only before the first line is read. */
    private static int quoteDepth(LineSource lines) {
        if (lines.lineNumber() > 0 || lines.toolOutput()) return 0;
        try {
            return outputDepth(lines.head().lines());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The depth at which a reply quotes the output: the quote depth most of the lines with text have (the smaller one
     * of a tie); 0 when most are not quoted. The {@code > } lines of a command continued at a shell's prompt are the
     * shell's, not a quote, and are not counted.
     */
    static int outputDepth(List<String> lines) {
        int[] count = new int[MAX_QUOTE_DEPTH + 1];
        boolean afterPrompt = false;
        for (String line : lines) {
            int depth = Quotes.depth(line);
            if (depth > 0 && afterPrompt) continue;
            afterPrompt = depth == 0 && Prompt.command(LineText.clean(line)).isPresent();
            if (Quotes.unquoted(line).isBlank()) continue;
            count[Math.min(depth, MAX_QUOTE_DEPTH)]++;
        }
        int best = 0;
        for (int d = 1; d <= MAX_QUOTE_DEPTH; d++) {
            if (count[d] > count[best]) best = d;
        }
        return best;
    }

    /** The first lines of a file as a transcript reads them, for detection: cleaned, quotes removed, classified. */
    public static List<TranscriptLine> read(Head head, CommandSyntax syntax) {
        List<TranscriptLine> out = new ArrayList<>(head.lines().size());
        try (LineSource source = new LineSource(head.fileName(), new java.io.StringReader(String.join("\n", head.lines())))) {
            RecentHeads recent = recentHeads;
            Layout layout = recent.of(head.lines());
            if (layout == null) {
                layout = Layout.of(source);
                recentHeads = new RecentHeads(new HeadLayout(head.lines(), layout), recent.last());
            }
            Transcript transcript = new Transcript(source, syntax, layout);
            for (TranscriptLine line = transcript.next(); line != null; line = transcript.next()) out.add(line);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out;
    }

    /** One line on its own, as a transcript would read it (for detection, which sees lines out of context). */
    public static TranscriptLine line(String text, CommandSyntax syntax) {
        try (LineSource source = LineSource.ofString("line", text)) {
            TranscriptLine line = new Transcript(source, syntax).next();
            return line == null ? new TranscriptLine(1, "", Kind.BLANK, null) : line;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The next line, or null at the end of the file. */
    public TranscriptLine next() throws IOException {
        TranscriptLine line = ahead.isEmpty() ? read() : ahead.poll();
        if (line != null) lineNumber = line.number();
        return line;
    }

    /** The line {@link #next} returns next, without taking it; null at the end. */
    public TranscriptLine peek() throws IOException {
        if (ahead.isEmpty()) {
            TranscriptLine line = read();
            if (line == null) return null;
            ahead.add(line);
        }
        return ahead.peek();
    }

    /** The line {@code index} places after the one {@link #next} returns next (0: that one), without taking it; null past the end. */
    public TranscriptLine peek(int index) throws IOException {
        return peekAt(index);
    }

    /** Number of the line last returned by {@link #next}; 0 before the first. */
    public long lineNumber() {
        return lineNumber;
    }

    /** The file name, for messages. */
    public String name() {
        return lines.name();
    }

    /**
     * Mends a line the parser cannot read as it is: first by rejoining it with the lines a terminal or a
     * page wrapped it onto, then by cutting off text appended to it. Continuation lines are taken only when
     * the joined line is understood.
     *
     * @param understood whether the parser can read a text
     * @return the text to read: the mended line if a repair made it understood, else the line's own text
     */
    public String repair(TranscriptLine line, Predicate<String> understood) throws IOException {
        return repair(line, understood, piece -> true);
    }

    /**
     * Like {@link #repair(TranscriptLine, Predicate)}, with {@code piece} saying which lines may be the rest of
     * a wrapped line (a line that starts a record of its own never is).
     */
    public String repair(TranscriptLine line, Predicate<String> understood, Predicate<String> piece) throws IOException {
        String text = line.text();
        if (understood.test(text)) return text;
        Optional<String> joined = rejoin(text, understood, piece, MAX_PIECES);
        if (joined.isPresent()) {
            wrapped.add(line.number(), "");
            return joined.get();
        }
        Optional<AppendedText> cut = AppendedText.cut(text);
        if (cut.isPresent() && understood.test(cut.get().body())) {
            appended.add(line.number(), cut.get().appended());
            return cut.get().body();
        }
        return text;
    }

    /**
     * A line the parser understands, but whose rest a wrap put on the next line where the break fell between two
     * of its items ({@code ... lat (ms,95%): 9.22} then {@code err/s: 0.00 reconn/s: 0.00}): joined when the next
     * line is such a {@code tail} and the whole is understood.
     */
    public String withTail(TranscriptLine line, Predicate<String> understood, Predicate<String> tail) throws IOException {
        String text = line.text();
        TranscriptLine next = peek();
        if (next == null || !next.is(Kind.TEXT) || !tail.test(next.text().strip())) return text;
        Optional<String> joined = rejoin(text, understood, tail, 1);
        if (joined.isEmpty()) return text;
        wrapped.add(line.number(), "");
        return joined.get();
    }

    /**
     * Records that the parser read a line without the text a person appended to it (found with
     * {@link AppendedText#cut}), for parsers that must try the cut line themselves; {@link #finish} reports it.
     */
    public void appended(TranscriptLine line, AppendedText appendedText) {
        appended.add(line.number(), appendedText.appended());
    }

    /**
     * Reports the repairs made, one notice per kind, and each run of reply text left out, as a warning; the host a
     * pdsh prefix named is the fact {@code host}.
     */
    public void finish(RecordSink sink) {
        if (hostPrefix != null) {
            sink.fact("host", hostPrefix.host());
            sink.notice(0, "every line's host prefix " + hostPrefix.described() + " was taken off (pdsh or clush output)");
        }
        if (codeViewNumbers.count() > 0) {
            sink.notice(codeViewNumbers.firstLine(), "the line numbers a page's code view put before " + codeViewNumbers.count()
                    + (codeViewNumbers.count() == 1 ? " line were" : " lines were") + " taken off");
        }
        for (long[] run : replyRuns) {
            sink.warning(run[0], "reply text around the quoted output skipped"
                    + (run[1] == 1 ? "" : " (" + run[1] + " lines)"));
        }
        if (wrapped.count > 0) {
            sink.notice(wrapped.first, wrapped.count == 1
                    ? "a line wrapped by a terminal or a page was rejoined with its rest"
                    : wrapped.count + " lines wrapped by a terminal or a page were rejoined with their rest (first at line "
                            + wrapped.first + ")");
        }
        if (mailWrapped.count > 0) {
            sink.notice(mailWrapped.first, mailWrapped.count == 1
                    ? "a quoted line that a mail client wrapped was rejoined with its rest"
                    : mailWrapped.count + " quoted lines that a mail client wrapped were rejoined with their rest (first at line "
                            + mailWrapped.first + ")");
        }
        if (appended.count > 0) {
            sink.notice(appended.first, (appended.count == 1 ? "text appended to a line was ignored: '"
                    : "text appended to " + appended.count + " lines was ignored (first at line " + appended.first + "): '")
                    + appended.sample + "'");
        }
    }

    /**
     * Joins up to {@link #MAX_PIECES} following lines until the parser understands the line. A terminal cuts
     * anywhere, so its continuation goes on exactly where the line stopped (blanks included); a page or an
     * editor wraps at a blank, which the join puts back. Both are tried for each piece. A line the parser
     * understands alone is never taken as a piece.
     */
    private Optional<String> rejoin(String text, Predicate<String> understood, Predicate<String> piece, int limit)
            throws IOException {
        List<String> pieces = new ArrayList<>();
        while (pieces.size() < limit) {
            TranscriptLine next = peekAt(pieces.size());
            if (next == null || !next.is(Kind.TEXT) || !piece.test(next.text().strip()) || understood.test(next.text())) break;
            pieces.add(next.text());
        }
        for (int k = 1; k <= pieces.size(); k++) {
            int ways = (int) Math.pow(JOINS, k);
            for (int way = 0; way < ways; way++) {
                String candidate = joined(text, pieces, k, way);
                if (understood.test(candidate)) {
                    for (int i = 0; i < k; i++) next();
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** The line with {@code k} pieces joined, the {@code way} (in base {@link #JOINS}) saying how each is joined. */
    private static String joined(String text, List<String> pieces, int k, int way) {
        StringBuilder joined = new StringBuilder(text);
        int w = way;
        for (int i = 0; i < k; i++) {
            String piece = pieces.get(i);
            switch (w % JOINS) {
                case 0 -> joined.append(piece);
                case 1 -> joined.append(piece.strip());
                default -> {
                    joined.setLength(stripTrailingLength(joined));
                    joined.append(' ').append(piece.strip());
                }
            }
            w /= JOINS;
        }
        return joined.toString();
    }

    private static int stripTrailingLength(CharSequence s) {
        int n = s.length();
        while (n > 0 && LineText.isSpace(s.charAt(n - 1))) n--;
        return n;
    }

    private TranscriptLine peekAt(int index) throws IOException {
        while (ahead.size() <= index) {
            TranscriptLine line = read();
            if (line == null) return null;
            ahead.add(line);
        }
        int i = 0;
        for (TranscriptLine line : ahead) {
            if (i++ == index) return line;
        }
        return null;
    }

    private TranscriptLine read() throws IOException {
        if (glued != null) {
            TranscriptLine output = glued;
            glued = null;
            return output;
        }
        String raw = lines.next();
        if (raw == null) return null;
        long number = lines.lineNumber();
        // the line after is read ahead only for a line numbered as a code view numbers them: a live tool's rows start
        // with digits too, and its newest row must not wait for the next one
        raw = codeViewNumbers.strip(raw, number, CodeViewNumbers.carriesNumber(raw) ? lines.peek() : null);
        if (hostPrefix != null) raw = hostPrefix.strip(raw);
        if (quoteDepth > 0) raw = unflowed(raw, number);
        if (wrapWidth > 0 && raw.length() <= wrapWidth && TerminalWidth.columns(raw) == wrapWidth) raw = unwrapped(raw, number);
        // one walk over the line tells whether it needs cleaning and, if not, whether it may hold a prompt
        int scan = LineText.scan(raw, Prompt.ASCII_MARKS);
        return scan == LineText.NOT_PLAIN ? classify(number, LineText.clean(raw), false, false)
                : classify(number, raw, true, scan == LineText.PLAIN_WITH_MARK);
    }

    /** A quoted line that a mail client wrapped at a blank, with its rest ({@link MailWrap}). */
    private String unflowed(String first, long number) throws IOException {
        String next = lines.peek();
        if (next == null || !MailWrap.continues(first, next)) return first;
        // an elision after a row cut short ("(truncated output)" in a book) is a line of its own, not the row's rest
        if (ELISION.matcher(Quotes.unquoted(next).strip()).matches()) return first;
        mailWrapped.add(number, "");
        return MailWrap.joined(first, lines.next());
    }

    /** A line of exactly the terminal's width went on on the next line(s), character for character. */
    private String unwrapped(String first, long number) throws IOException {
        StringBuilder line = new StringBuilder(first);
        String piece = first;
        int pieces = 0;
        // as many pieces as the line had: a 400-column mpstat -A row folded at 80 is six lines
        while (TerminalWidth.columns(piece) == wrapWidth && line.length() + wrapWidth <= LineSource.MAX_LINE_LENGTH) {
            String next = lines.peek();
            if (next == null || TerminalWidth.blank(next)) break;
            piece = lines.next();
            line.append(piece);
            pieces++;
        }
        if (pieces > 0) wrapped.add(number, "");
        return line.toString();
    }

    /**
     * @param plain     whether {@code cleaned} is a raw line that needed no cleaning ({@link LineText#scan})
     * @param holdsMark for a plain line, whether its scan found a prompt mark
     */
    private TranscriptLine classify(long number, String cleaned, boolean plain, boolean holdsMark) throws IOException {
        boolean reply = quoteDepth > 0 && Quotes.depth(cleaned) < quoteDepth;
        // a blank line of the reply does not end the table it interrupts, as a blank line of the output would
        if (reply && Quotes.unquoted(cleaned).isBlank()) return new TranscriptLine(number, cleaned, Kind.DECORATION, null);
        TranscriptLine line = classified(number, cleaned, plain, holdsMark);
        if (!reply) {
            inReply = false;
            return line;
        }
        // the reply's fences, elisions, prompts and commands are what they are; its words are skipped
        return line.is(Kind.TEXT) ? reply(number, line.text()) : line;
    }

    private TranscriptLine classified(long number, String cleaned, boolean plain, boolean holdsMark) throws IOException {
        String text = cleaned;
        int first = firstNonSpace(text);
        if (first < 0) {
            shellContinues = false;
            statementLines = 0;
            return new TranscriptLine(number, text, Kind.BLANK, null);
        }
        if (statementLines > 0) {
            Optional<TranscriptLine> statement = statementLine(number, text);
            if (statement.isPresent()) return statement.get();
        }
        char c = text.charAt(first);
        if (c >= '0' && c <= '9') {
            // Output of the statistics tools starts with digits; only uptime(1) is told apart here.
            shellContinues = false;
            boolean uptime = text.contains(" up ") && UPTIME.matcher(text.substring(first)).find();
            return new TranscriptLine(number, text, uptime ? Kind.SHELL : Kind.TEXT, null);
        }
        boolean quoted = false;
        if (c == '>' && !Quotes.comparison(text, first)) {
            if (shellContinues) return new TranscriptLine(number, text, Kind.SHELL, null);
            text = Quotes.MARKERS.matcher(text).replaceFirst("");
            quoted = true;
            first = firstNonSpace(text);
            if (first < 0) return new TranscriptLine(number, text, Kind.BLANK, null);
        }
        shellContinues = false;
        c = text.charAt(first);
        // Each test below looks at the first character before it runs a pattern: this runs for every line.
        if (isDecoration(c, text)) return new TranscriptLine(number, text, Kind.DECORATION, null);
        if ((c == '^' && CONTROL.matcher(text.strip()).lookingAt()) || (c == '[' && EXIT_CODE.matcher(text.strip()).matches())) {
            return new TranscriptLine(number, text, Kind.SHELL, null);
        }
        Optional<String> afterPrompt = plain && !quoted ? Prompt.commandOfPlain(text, holdsMark) : Prompt.command(text);
        if (afterPrompt.isPresent()) {
            shellContinues = !quoted;
            String typed = afterPrompt.get().strip();
            statementLines = SQL_START.matcher(typed).lookingAt() && !SQL_END.matcher(typed).find() ? MAX_STATEMENT_LINES : 0;
            String command = continued(afterPrompt.get());
            Optional<PastedCommand> runs = PastedCommand.afterPrompt(command, syntax);
            if (runs.isPresent() && command.equals(afterPrompt.get()) && text.endsWith(command)) {
                Optional<TranscriptLine> unglued = unglued(number, text, text.length() - command.length(), true);
                if (unglued.isPresent()) return unglued.get();
            }
            // a shell line is read without its quote markers, as the tool's output is (pidstat -h's '# Time' header)
            String shell = text;
            return runs.map(r -> new TranscriptLine(number, cleaned, Kind.COMMAND, r))
                    .orElseGet(() -> new TranscriptLine(number, shell, Kind.SHELL, null));
        }
        if (c == '#') return new TranscriptLine(number, text, Kind.SHELL, null);
        if (mayBeBareCommand(text, first)) {
            // output glued to the command first: its first argument may be no option or number until the output comes
            // off (mpstat 219:45:12 CPU ...: the count 2 glued to the time)
            Optional<TranscriptLine> unglued = unglued(number, text, first, false);
            if (unglued.isPresent()) return unglued.get();
            String stripped = text.strip();
            Optional<PastedCommand> bare = PastedCommand.bare(stripped, syntax);
            if (bare.isPresent()) {
                String command = continued(stripped);
                Optional<PastedCommand> whole = command.equals(stripped) ? bare : PastedCommand.bare(command, syntax);
                return new TranscriptLine(number, text, Kind.COMMAND, whole.orElse(bare.get()));
            }
        }
        return new TranscriptLine(number, text, Kind.TEXT, null);
    }

    /** A line of the reply's own words around the quoted output: decoration, counted in its run of reply text. */
    private TranscriptLine reply(long number, String text) {
        if (inReply && !replyRuns.isEmpty()) replyRuns.get(replyRuns.size() - 1)[1]++;
        else replyRuns.add(new long[] {number, 1});
        inReply = true;
        return new TranscriptLine(number, text, Kind.DECORATION, null);
    }

    /**
     * The next line of a statement typed at a database client's prompt, unless it is already the output (a box,
     * a {@code \G} row, a number): the statement ends there, or at a line that ends in {@code ;} or {@code \G}.
     */
    private Optional<TranscriptLine> statementLine(long number, String text) {
        String typed = Quotes.MARKERS.matcher(text).replaceFirst("").strip();
        if (typed.startsWith("->")) typed = typed.substring(2).strip();
        if (typed.isEmpty() || "+|*".indexOf(typed.charAt(0)) >= 0 || Character.isDigit(typed.charAt(0))) {
            statementLines = 0;
            return Optional.empty();
        }
        statementLines = SQL_END.matcher(typed).find() ? 0 : statementLines - 1;
        return Optional.of(new TranscriptLine(number, text, Kind.SHELL, null));
    }

    /**
     * A command line with the tool's output glued to it ({@link GluedOutput}): the command, now, and the output as
     * the next line; empty when the line is the command alone.
     */
    private Optional<TranscriptLine> unglued(long number, String text, int commandStart, boolean afterPrompt) {
        var start = GluedOutput.start(text, commandStart);
        if (start.isEmpty()) return Optional.empty();
        String command = text.substring(commandStart, start.getAsInt()).strip();
        Optional<PastedCommand> runs = afterPrompt ? PastedCommand.afterPrompt(command, syntax) : PastedCommand.bare(command, syntax);
        if (runs.isEmpty()) return Optional.empty();
        glued = new TranscriptLine(number, text.substring(start.getAsInt()), Kind.TEXT, null);
        return Optional.of(new TranscriptLine(number, text.substring(0, start.getAsInt()).stripTrailing(), Kind.COMMAND, runs.get()));
    }

    /** A command ending in a backslash goes on on the next lines (a {@code > } prompt or indentation before them). */
    private String continued(String command) throws IOException {
        String joined = command.strip();
        int guard = 0;
        while (joined.endsWith("\\") && guard++ < 50) {
            String next = lines.peek();
            if (next == null) break;
            String text = LineText.clean(next).strip();
            if (text.isEmpty()) break;
            if (text.startsWith(">")) text = text.substring(1).strip();
            joined = joined.substring(0, joined.length() - 1).stripTrailing() + " " + text;
            lines.next();
        }
        return joined;
    }

    /** A bare command starts with the tool's name, perhaps after a path: its first word ends with a name. */
    private boolean mayBeBareCommand(String text, int first) {
        int end = first;
        while (end < text.length() && !LineText.isSpace(text.charAt(end))) end++;
        for (String name : names) {
            int at = end - name.length();
            if (at >= first && text.startsWith(name, at) && (at == first || text.charAt(at - 1) == '/')) return true;
        }
        return false;
    }

    /** Blank, markup or {@code ^C}: what a terminal's wrap never leaves as the rest of a line. */
    static boolean isQuietNoise(String line) {
        int first = firstNonSpace(line);
        if (first < 0) return true;
        char c = line.charAt(first);
        return isDecoration(c, line) || (c == '^' && CONTROL.matcher(line.strip()).lookingAt());
    }

    private static boolean isDecoration(char c, String text) {
        if (c == '`' || c == '~') return FENCE.matcher(text.strip()).matches();
        if (c == '.' || c == '\u2026' || c == '[' || c == '(' || c == '<' || c == '-') {
            String stripped = text.strip();
            return ELISION.matcher(stripped).matches() || DIRECTIVE.matcher(stripped).matches();
        }
        return c == ':' && text.strip().equals("::");
    }

    private static int firstNonSpace(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!LineText.isSpace(text.charAt(i))) return i;
        }
        return -1;
    }

    /** How often one kind of repair was made, where first, and an example. */
    private static final class Repairs {
        long count;
        long first;
        String sample;

        void add(long line, String example) {
            if (count++ == 0) {
                first = line;
                sample = example;
            }
        }
    }
}
