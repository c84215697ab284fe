package io.statlens.model;

/**
 * A line a parser could not use, or used with a doubt.
 *
 * @param line    1-based line number in the source file; 0 when the warning concerns the whole file
 * @param message what was expected, phrased for the person who owns the file
 */
public record ParseWarning(long line, String message) {
    public String format(String file) {
        return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
    }
}
