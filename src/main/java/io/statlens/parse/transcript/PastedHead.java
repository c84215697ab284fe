package io.statlens.parse.transcript;

import io.statlens.parse.spi.Head;
import io.statlens.parse.text.HostPrefix;
import io.statlens.parse.text.Quotes;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The first lines of a file as they were before someone pasted them into a reply or a document, for detection:
 * each line cleaned ({@link LineText}), the quote markers of mail and forum replies removed ({@code > },
 * {@code >> }, {@code > > }), the line numbers of a page's code view ({@link CodeViewNumbers}), the {@code host: } of pdsh and clush ({@link HostPrefix}), and the indentation of a markdown code block taken off. Parsers read their whole
 * file through a {@link Transcript}, which does the same line by line; detection sees raw lines, and a parser
 * that looks for a header at the start of a line ({@code ^# hostname;}, {@code ^procs}) would not see it behind
 * a quote. A command line with output glued to it ({@link GluedOutput}) is read as that output. The auto-detecting parser ranks both this view and the raw lines, and keeps each parser's best.
 *
 * @param head    the lines as pasted before: as many as the original head, in the same order (line numbers hold)
 * @param changes what was taken off, for the user ("quote markers '>'", "4 columns of indentation",
 *                "command line glued to the output")
 */
public record PastedHead(Head head, List<String> changes) {
    private static final Pattern FENCE = Pattern.compile("^\\s*(?:```|~~~)");
    private static final String GLUED = "command line glued to the output";
    /** The indentation of a markdown code block. */
    private static final int CODE_BLOCK = 4;

    public PastedHead {
        changes = List.copyOf(changes);
    }

    /** The head without what pasting added; empty when nothing was added (the raw head is what the tool printed). */
    public static Optional<PastedHead> of(Head raw) {
        List<String> lines = new ArrayList<>(raw.lines().size());
        List<String> changes = new ArrayList<>();
        String quote = null;
        // the markers named are those of the quoted output, not of a deeper quote before it
        int depth = Transcript.outputDepth(raw.lines());
        Optional<HostPrefix> host = HostPrefix.of(raw.lines());
        host.ifPresent(h -> changes.add("host prefix " + h.described()));
        CodeViewNumbers numbers = new CodeViewNumbers();
        List<String> rawLines = raw.lines();
        for (int i = 0; i < rawLines.size(); i++) {
            String line = numbers.strip(rawLines.get(i), i + 1L, i + 1 < rawLines.size() ? rawLines.get(i + 1) : null);
            String text = LineText.clean(host.isPresent() ? host.get().strip(line) : line);
            if (Quotes.quoted(text)) {
                String unquoted = Quotes.unquoted(text);
                if (quote == null && (depth == 0 || Quotes.depth(text) == depth)) {
                    quote = text.substring(0, text.length() - unquoted.length()).strip();
                }
                text = unquoted;
            }
            Optional<String> command = Prompt.command(text);
            if (command.isPresent() && text.endsWith(command.get())) {
                int commandStart = text.length() - command.get().length();
                var output = GluedOutput.start(text, commandStart);
                if (output.isPresent() && !isHeaderWord(text.substring(commandStart, output.getAsInt()))) {
                    text = text.substring(output.getAsInt());
                    if (!changes.contains(GLUED)) changes.add(GLUED);
                }
            } else if (command.isEmpty()) {
                // a command written without a prompt: only a time of day glued inside a word starts output there
                // (sar -u ALL shows:06:50:01 PM), or one after the command's count (mpstat -P ALL 2 19:43:58 CPU);
                // a tool's own line has neither
                var output = GluedOutput.start(text, 0);
                if (output.isPresent() && (gluedClock(text, output.getAsInt()) || GluedOutput.clockStart(text, 0).isPresent())) {
                    text = text.substring(output.getAsInt());
                    if (!changes.contains(GLUED)) changes.add(GLUED);
                }
            }
            lines.add(text);
        }
        if (quote != null) changes.add(0, "quote markers '" + quote + "'");
        if (numbers.count() > 0) changes.add(quote == null ? 0 : 1, "line numbers of a code view");
        int indent = codeBlockIndent(lines);
        if (indent > 0) {
            lines.replaceAll(l -> indentation(l) >= indent ? l.substring(indent) : l);
            changes.add(indent + " columns of indentation");
        }
        return changes.isEmpty() ? Optional.empty() : Optional.of(new PastedHead(new Head(raw.fileName(), lines), changes));
    }

    private static boolean gluedClock(String text, int start) {
        return start > 0 && !LineText.isSpace(text.charAt(start - 1)) && Character.isDigit(text.charAt(start));
    }

    /**
     * Whether the "command" before output glued to it is one word and a run of blanks: a typed command has single
     * blanks between its words, so this is a column header behind a {@code #} ({@code # Time   UID   PID} of
     * pidstat -h), not a command ({@code # arcstat.py  1time  read} is one: output starts within its second word).
     */
    private static boolean isHeaderWord(String command) {
        String word = command.strip();
        for (int i = 0; i < word.length(); i++) {
            if (LineText.isSpace(word.charAt(i))) return false;
        }
        int n = command.length();
        return n >= 2 && LineText.isSpace(command.charAt(n - 1)) && LineText.isSpace(command.charAt(n - 2));
    }

    /**
     * The indentation every line of a markdown code block shares: the least of the lines indented by four or more
     * (prose around the block is not indented); 0 when no line is, or when the indented lines are a minority of
     * the non-blank lines other than fences (then indentation is the tool's own, as in right-aligned columns).
     */
    private static int codeBlockIndent(List<String> lines) {
        int least = Integer.MAX_VALUE;
        int indented = 0;
        int text = 0;
        for (String line : lines) {
            if (line.isBlank() || FENCE.matcher(line).lookingAt()) continue;
            text++;
            int n = indentation(line);
            if (n >= CODE_BLOCK) {
                indented++;
                least = Math.min(least, n);
            }
        }
        return indented * 2 > text ? least : 0;
    }

    private static int indentation(String line) {
        int i = 0;
        while (i < line.length() && LineText.isSpace(line.charAt(i))) i++;
        return i;
    }
}
