package io.statlens.parse.spi;

import io.statlens.model.Cancellation;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Lines of one input, read on demand, with their 1-based numbers and look-ahead: one line
 * ({@link #peek}) or the first lines for detection ({@link #head}).
 *
 * <p>Input is decoded as UTF-8; undecodable bytes become U+FFFD rather than failing the import.
 * Carriage returns and a leading byte-order mark are dropped. Every read checks a {@link Cancellation},
 * so cancelling an import stops a parser promptly. A line longer than {@value BoundedLines#MAX_LINE}
 * characters is never handed to a parser: it is skipped (its number still counts) and reported to the
 * {@link OverlongLines} listener, so that no input makes a parser hold or scan an unbounded line.
 *
 * <p>What a document added where it split the text across pages (a page footer such as {@code Page 3 of 12} or
 * the page's address, a form feed and the next page's running header, and the blank lines around them) is left
 * out too, and reported to the {@link PageBreaks} listener: a table goes on across the break as it did before.
 */
public final class LineSource implements Closeable {
    /** The longest line handed to a parser, in characters. */
    public static final int MAX_LINE_LENGTH = BoundedLines.MAX_LINE;

    /** Told about every line that was too long to keep. */
    @FunctionalInterface
    public interface OverlongLines {
        void skipped(long line, long length);

        /** The warning on a line too long to keep, the same from an import and from a collect. */
        static String warning(long length) {
            return String.format(java.util.Locale.ROOT, "line of %,d characters skipped: lines longer than %,d characters are not read",
                    length, MAX_LINE_LENGTH);
        }
    }

    /**
     * Told about every line of page furniture left out: a footer (a page number, an address), or the line after a
     * form feed that a blank line sets off, taken for the page's running header.
     */
    @FunctionalInterface
    public interface PageBreaks {
        void skipped(long line, String text, boolean footer);
    }

    /**
     * The lines of the input a reader is given: those of one part of a file that holds several tools' or hosts' output.
     * Every other line is passed over as if it were not there, but counts, so that the lines given keep their numbers in
     * the file.
     */
    public interface Selection {
        /** The first line that may be given. */
        long first();

        /** The last line that may be given; reading stops after it. */
        long last();

        /** Whether a line between {@link #first} and {@link #last} is given: its number in the input, and its text. */
        boolean keeps(long line, String text);
    }

    /** At most this many blank and footer lines are looked through at once for a page break. */
    private static final int LONGEST_BREAK = 24;

    /** A line read ahead, with its number in the input (skipped lines count). */
    private record Numbered(String text, long number) {
    }

    private final LineSplitter reader;
    private final String name;
    private long lineNumber;
    /** Physical number of the last line read from the input, skipped ones included. */
    private long linesRead;
    /** Lines read ahead by {@link #peek} and {@link #head}, not yet returned by {@link #next}. */
    private final ArrayDeque<Numbered> ahead = new ArrayDeque<>();
    /** Lines read from the input and looked through for page furniture, not yet handed on. */
    private final ArrayDeque<Numbered> checked = new ArrayDeque<>();
    private PageBreaks pageBreaks = (line, text, footer) -> { };
    private boolean ended;
    private long charsRead;
    private OverlongLines overlong = (line, length) -> { };
    private final Cancellation cancellation;
    /** Whether lines arrive while they are read (a tool's output being collected): see {@link #live}. */
    private boolean live;
    /** Whether the lines are a tool's own output as a collect read it: see {@link #asToolOutput}. */
    private boolean toolOutput;
    /** The lines given, when only some are: see {@link #select}. */
    private Selection selection;

    public LineSource(String name, Reader reader) {
        this(name, reader, Cancellation.NONE);
    }

    public LineSource(String name, Reader reader, Cancellation cancellation) {
        this(name, new BoundedLines(reader, cancellation, name), cancellation);
    }

    private LineSource(String name, LineSplitter reader, Cancellation cancellation) {
        this.name = name;
        this.cancellation = cancellation;
        this.reader = reader;
    }

    /** Where lines too long to keep are reported (the import makes them {@code file:line} warnings). */
    public LineSource onOverlongLine(OverlongLines listener) {
        this.overlong = listener;
        return this;
    }

    /**
     * Gives only the selected lines, with their numbers in the input; only before the first line is read. Page breaks are
     * looked for among the selected lines, and lines too long to keep are reported only between its first and last line.
     */
    public LineSource select(Selection lines) {
        if (linesRead > 0) throw new IllegalStateException("select() after reading: the first lines of " + name + " are gone");
        this.selection = lines;
        return this;
    }

    /** Where the page footers and running headers left out are reported (the parse makes them notices). */
    public LineSource onPageBreak(PageBreaks listener) {
        this.pageBreaks = listener;
        return this;
    }

    public static LineSource of(String name, InputStream in) {
        return of(name, in, Cancellation.NONE);
    }

    public static LineSource of(String name, InputStream in, Cancellation cancellation) {
        // split in the bytes, each line decoded on its own (BoundedByteLines): the lines of a decoder of the whole stream
        return new LineSource(name, new BoundedByteLines(in, cancellation, name), cancellation);
    }

    /**
     * The output of a tool that is still running, read as it arrives. Its {@link #head()} is the lines arrived so far
     * (at least one, unless the output ends first) rather than the first {@value Head#MAX_LINES}, which a tool
     * printing a line every few seconds would take minutes to write: a parser that looks at its head (for a JSON
     * document, say) starts on the first lines, and the rows of each report reach the sink as the report arrives.
     */
    public static LineSource live(String name, InputStream in, Cancellation cancellation) {
        LineSource source = of(name, in, cancellation).asToolOutput();
        source.live = true;
        return source;
    }

    /**
     * Marks the lines as a tool's own output, read from its pipe by a collect or from the raw file a collect kept: it
     * has no pages and no terminal wrapped it, so neither is looked for. Both readings of the same bytes then agree
     * (a collect reads no more than the lines arrived so far ahead, too few to tell a wrap width from).
     */
    public LineSource asToolOutput() {
        toolOutput = true;
        return this;
    }

    /** Whether the lines are a tool's own output ({@link #asToolOutput}), never a terminal's or a page's capture. */
    public boolean toolOutput() {
        return toolOutput;
    }

    public static LineSource ofString(String name, String text) {
        return new LineSource(name, new StringReader(text));
    }

    /** The file name, for messages. */
    public String name() {
        return name;
    }

    /** The next line, or null at the end. */
    public String next() throws IOException {
        Numbered line = ahead.isEmpty() ? read() : ahead.poll();
        if (line == null) return null;
        lineNumber = line.number();
        return line.text();
    }

    /** The line {@link #next()} would return, without consuming it; null at the end. */
    public String peek() throws IOException {
        if (ahead.isEmpty()) {
            Numbered line = read();
            if (line == null) return null;
            ahead.add(line);
        }
        return ahead.peek().text();
    }

    /**
     * The first lines of the input, for detection, without consuming them: {@link #next()} still returns
     * the first line. Only before the first {@link #next()}.
     */
    public Head head() throws IOException {
        if (lineNumber > 0) throw new IllegalStateException("head() after next(): the first lines of " + name + " are gone");
        while (ahead.size() < Head.MAX_LINES) {
            if (live && !ahead.isEmpty() && !reader.ready()) break;
            Numbered line = read();
            if (line == null) break;
            ahead.add(line);
        }
        return Head.of(name, ahead.stream().map(Numbered::text).toList(), ahead.stream().map(Numbered::number).toList());
    }

    /** Number of the line last returned by {@link #next()}; 0 before the first. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Characters consumed so far, for progress reports. */
    public long charsRead() {
        return charsRead;
    }

    /**
     * The next line without page furniture. A blank line, a footer or a form feed may begin a page break: the lines
     * from it to the next other line are read and, if they hold a footer or a form feed, left out except for a line
     * of the next page that followed the form feed directly. A tool's own output has no pages.
     */
    private Numbered read() throws IOException {
        if (!checked.isEmpty()) return checked.poll();
        Numbered first = readInput();
        if (first == null || toolOutput || !PageFurniture.mayBegin(first.text())) return first;
        List<Numbered> run = new ArrayList<>();
        run.add(first);
        boolean pageBreak = !PageFurniture.blank(first.text());
        Numbered after = null;
        while (run.size() < LONGEST_BREAK) {
            Numbered line = readInput();
            if (line == null) break;
            if (!PageFurniture.mayBegin(line.text())) {
                after = line;
                break;
            }
            run.add(line);
            pageBreak |= !PageFurniture.blank(line.text());
        }
        if (!pageBreak || run.size() == LONGEST_BREAK) {
            checked.addAll(run);
        } else {
            for (int i = 0; i < run.size(); i++) {
                Numbered line = run.get(i);
                String text = line.text();
                if (PageFurniture.blank(text)) continue;
                boolean footer = true;
                if (PageFurniture.startsPage(text)) {
                    text = text.substring(1);
                    if (PageFurniture.blank(text)) continue;
                    // the next page's first line: its running header when a blank line or a footer sets it off
                    footer = PageFurniture.isFooter(text);
                    if (!footer && i + 1 == run.size() && after != null) {
                        checked.add(new Numbered(text, line.number()));
                        continue;
                    }
                }
                pageBreaks.skipped(line.number(), text.strip(), footer);
            }
        }
        if (after != null) checked.add(after);
        return checked.poll();
    }

    private Numbered readInput() throws IOException {
        if (ended) return null;
        if (cancellation.isCancelled()) throw new InterruptedIOException("cancelled while reading " + name);
        while (true) {
            BoundedLines.Item item = selection != null && linesRead >= selection.last() ? null : reader.next();
            if (item == null) {
                ended = true;
                return null;
            }
            linesRead++;
            boolean selected = selection == null || linesRead >= selection.first();
            if (item instanceof BoundedLines.Overlong o) {
                charsRead += o.length() + 1;
                if (selected) overlong.skipped(linesRead, o.length());
                continue;
            }
            BoundedLines.Line l = (BoundedLines.Line) item;
            charsRead += l.consumed();
            String line = l.text();
            if (linesRead == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') line = line.substring(1);
            if (selected && (selection == null || selection.keeps(linesRead, line))) return new Numbered(line, linesRead);
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
