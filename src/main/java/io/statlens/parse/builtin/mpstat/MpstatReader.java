package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.transcript.TranscriptLine;

/** Reads the lines of one flavour of mpstat output, after cleaning and noise removal. */
interface MpstatReader {
    void line(TranscriptLine line);

    /** End of input; {@code lastLine} is the number of the last line read. */
    void finish(long lastLine);
}
