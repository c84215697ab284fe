package io.statlens.parse.builtin.mpstat;

/** Reads the lines of one flavour of mpstat output, after cleaning and noise removal. */
interface MpstatReader {
    void line(long number, String text);

    /** End of input; {@code lastLine} is the number of the last line read. */
    void finish(long lastLine);
}
