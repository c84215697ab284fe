package io.statlens.parse;

import io.statlens.model.ParseWarning;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.text.SysstatAverage;
import io.statlens.parse.text.Tokens;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where a plain file's output changes from one tool to another with no command line between them
 * ({@code { vmstat 1 3; iostat -x 1 2; } > f}), found in the one pass {@link FileParts} makes over the file: its lines
 * are given one at a time and only the lines of a head are held.
 *
 * <p>A line may open another tool's output only when it opens with something else than a figure (a banner, a header:
 * sysstat's {@code Linux ...}, vmstat's {@code procs ---}; not sysstat's average rows, in any of its languages, which
 * close a tool's report), and it is looked at only the first time its shape and the
 * next non-blank line's are seen together ({@link #shape}: figures, runs of blanks and the first word aside), so that a
 * tool's repeated headers and its device rows, whatever the device, are looked at once, while sysstat's banner is
 * looked at again when what follows it changes (iostat's {@code avg-cpu:}, then mpstat's CPU header). Looking is
 * detection on the lines from there on (at most a {@link Head}'s, held in memory): another tool's output starts there
 * when detection recognises a tool in those lines and another in the lines since the last start, at the first of
 * them the tool before no longer reads ({@link #start}). At most
 * {@link #MOST_LOOKS} lines are looked at in a file, so a file of many shapes (prose) costs no more detections than
 * that; a large file of one tool's output costs a shape a line and a few detections.
 */
final class ToolChanges {
    /** Lines looked at per file at most: each costs one or two detections. */
    private static final int MOST_LOOKS = 64;
    /** Characters of a line its shape is taken from. */
    private static final int SHAPED = 80;
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final AutoDetectParser detector;
    private final String fileName;
    /** The lines read and not yet looked at: the line to look at next and the lines after it, up to a head's. */
    private final ArrayDeque<Numbered> window = new ArrayDeque<>(Head.MAX_LINES);
    /** The first lines of the output since the last start, up to a head's: what its tool is detected on. */
    private final List<String> part = new ArrayList<>();
    /** The last lines of the output since the last start, up to a head's: what its tool reads before the window. */
    private final ArrayDeque<String> behind = new ArrayDeque<>(Head.MAX_LINES);
    private final Set<Long> seen = new HashSet<>();
    private final List<Long> starts = new ArrayList<>();
    private Optional<Parser> partParser = Optional.empty();
    /** How many of the part's lines {@link #partParser} was detected on. */
    private int partDetectedOn = -1;
    private int looks;

    /** A line of the window; its shape is worked out once, when a signature first needs it. */
    private static final class Numbered {
        private final long number;
        private final String text;
        private long shape;
        private boolean shaped;

        Numbered(long number, String text) {
            this.number = number;
            this.text = text;
        }

        long number() {
            return number;
        }

        String text() {
            return text;
        }

        long shape() {
            if (!shaped) {
                shape = ToolChanges.shape(text);
                shaped = true;
            }
            return shape;
        }
    }

    ToolChanges(AutoDetectParser detector, String fileName) {
        this.detector = detector;
        this.fileName = fileName;
    }

    /** The next line of the file, numbered as in the file. */
    void add(long number, String text) {
        window.addLast(new Numbered(number, text));
        if (window.size() == Head.MAX_LINES) next();
    }

    /** The lines where another tool's output starts, in file order, once every line has been given. */
    List<Long> starts() {
        while (!window.isEmpty()) next();
        return List.copyOf(starts);
    }

    /**
     * Looks at the first line of the window, with the lines after it, then moves it to the part it belongs to: a new
     * part when another tool's output starts at it.
     */
    private void next() {
        Numbered line = window.peekFirst();
        boolean started = !starts.isEmpty() && starts.getLast() == line.number();
        if (started) {
            newPart();
        } else if (looks < MOST_LOOKS && !part.isEmpty() && (starts.isEmpty() || starts.getLast() < line.number())
                && mayOpen(line.text()) && firstOfItsKind(line)) {
            start().ifPresent(start -> {
                starts.add(start);
                if (start == line.number()) newPart();
            });
        }
        if (part.size() < Head.MAX_LINES) part.add(line.text());
        if (behind.size() == Head.MAX_LINES) behind.removeFirst();
        behind.addLast(line.text());
        window.removeFirst();
    }

    /**
     * Whether the window's first line is the first seen of its {@link #signature}, and no sysstat average row (they close
     * a report, and a device's or interface's name gives each its own shape). An average row's signature is not kept.
     */
    private boolean firstOfItsKind(Numbered line) {
        long signature = signature();
        return !seen.contains(signature) && !SysstatAverage.listed(line.text()) && seen.add(signature);
    }

    private void newPart() {
        part.clear();
        behind.clear();
        partDetectedOn = -1;
    }

    /**
     * Where another tool's output starts, if the window's lines are another tool's than the part's (detection recognises
     * both, and not as one): the window's first line the part's tool no longer reads ({@link #firstRefused}), or the
     * last line before it that may open an output and from which detection still recognises the other tool (the
     * sysstat banner the tool before took in). Lines the part's tool reads, such as the last device row of its last
     * report, stay with it however much the lines after them outweigh it; when it reads them all, nothing starts.
     */
    private Optional<Long> start() {
        looks++;
        List<Numbered> lines = List.copyOf(window);
        Optional<Parser> after = detect(lines);
        if (after.isEmpty()) return Optional.empty();
        if (partDetectedOn != part.size()) {
            partParser = detector.detect(Head.of(fileName, part)).parser();
            partDetectedOn = part.size();
        }
        if (partParser.isEmpty() || sameTool(partParser.get(), after.get())) return Optional.empty();
        int refused = firstRefused(partParser.get(), lines);
        if (refused == lines.size()) return Optional.empty();
        for (int k = refused; k >= 0; k--) {
            if (!mayOpen(lines.get(k).text())) continue;
            Optional<Parser> from = k == 0 ? after : detect(lines.subList(k, lines.size()));
            if (from.isPresent() && sameTool(from.get(), after.get())) return Optional.of(lines.get(k).number());
        }
        return Optional.empty();
    }

    /**
     * The index of the window's first line that the part's parser warns about, read after the part's last lines (so
     * that a row has its header); the window's size when it reads them all.
     */
    private int firstRefused(Parser parser, List<Numbered> lines) {
        StringBuilder text = new StringBuilder();
        for (String line : behind) text.append(line).append('\n');
        for (Numbered line : lines) text.append(line.text()).append('\n');
        CollectingSink sink = new CollectingSink();
        try (LineSource source = LineSource.ofString(fileName, text.toString())) {
            AutoDetectParser.delegate(parser, source, ParseContext.simple(fileName), sink);
        } catch (IOException e) {
            // a string is read without failing; should the parser fail so, nothing says where it stops reading
            return lines.size();
        }
        int refused = lines.size();
        for (ParseWarning warning : sink.warnings()) {
            long index = warning.line() - 1 - behind.size();
            if (index >= 0 && index < refused) refused = (int) index;
        }
        return refused;
    }

    private Optional<Parser> detect(List<Numbered> lines) {
        return detector.detect(head(lines)).parser();
    }

    private Head head(List<Numbered> lines) {
        return Head.of(fileName, lines.stream().map(Numbered::text).toList(), lines.stream().map(Numbered::number).toList());
    }

    private static boolean sameTool(Parser a, Parser b) {
        return a.info().tool().equals(b.info().tool());
    }

    /** The shape of the window's first line and of the first non-blank line after it, as one number. */
    private long signature() {
        long next = 0;
        boolean first = true;
        for (Numbered n : window) {
            if (first) {
                first = false;
            } else if (!n.text().isBlank()) {
                next = n.shape();
                break;
            }
        }
        return window.peekFirst().shape() * FNV_PRIME ^ next;
    }

    /** Whether a line may open a tool's output: it opens, after blanks, with something else than a figure. */
    private static boolean mayOpen(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Tokens.isSpace(c)) return c < '0' || c > '9';
        }
        return false;
    }

    /**
     * A line's shape as a hash: its first word as one mark, whatever it is (a device, an interface, {@code Linux}), then
     * its characters with each run of figures as one {@code 0} and each run of blanks as one blank, so that a tool's rows
     * of one kind have one shape and its banner and headers keep theirs. Only the first {@link #SHAPED} characters count:
     * headers differ in their first labels, and a large file's every row is shaped.
     */
    private static long shape(String text) {
        int n = Math.min(text.length(), SHAPED);
        int i = 0;
        while (i < n && Tokens.isSpace(text.charAt(i))) i++;
        while (i < n && !Tokens.isSpace(text.charAt(i))) i++;
        long hash = (FNV_OFFSET ^ 'w') * FNV_PRIME;
        char last = 'w';
        for (; i < n; i++) {
            char c = text.charAt(i);
            char mark = c >= '0' && c <= '9' ? '0' : Tokens.isSpace(c) ? ' ' : c;
            if ((mark == '0' || mark == ' ') && mark == last) continue;
            hash = (hash ^ mark) * FNV_PRIME;
            last = mark;
        }
        return hash;
    }
}
