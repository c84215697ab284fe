package io.statlens.parse.transcript;

/**
 * One line of a transcript, cleaned ({@link LineText}) and classified.
 *
 * @param number  the 1-based line number in the file (of its first line, when lines were joined)
 * @param text    the cleaned text; for a quoted line without the quote markers; for a command, the line as printed
 * @param kind    what the line is
 * @param command the tool's command for {@link Kind#COMMAND}, else null
 */
public record TranscriptLine(long number, String text, Kind kind, PastedCommand command) {

    /** What a line of a pasted transcript is. */
    public enum Kind {
        /** Possibly the tool's output: for the parser to read. */
        TEXT,
        /** Nothing but blanks. */
        BLANK,
        /** Markup around the output that says nothing happened: fences, elisions, reST directives. */
        DECORATION,
        /**
         * The shell, not the tool: a prompt with another command, a continuation of one, {@code ^C}, an exit
         * code, a comment, an uptime(1) line. Whatever ran before has ended.
         */
        SHELL,
        /** A command line that runs the tool: {@link #command()} tells its options. */
        COMMAND
    }

    public boolean is(Kind k) {
        return kind == k;
    }

    /** Lines that carry no output of the tool: blank, decoration or shell. */
    public boolean noise() {
        return kind == Kind.BLANK || kind == Kind.DECORATION || kind == Kind.SHELL;
    }
}
