package io.statlens.parse;

import io.statlens.parse.spi.Detection;

import java.util.List;

/**
 * Why a file is detected as it is ({@link AutoDetectParser#explain}): the detection with every parser's confidence,
 * what was taken off the lines before they were read (the quote markers of a reply, a code block's indentation),
 * and the lines the detected parser's confidence rests on.
 *
 * @param detection the detection, as an import makes it
 * @param unpasted  what was taken off the lines first ("quote markers '>'"); empty when they were read as written
 * @param lines     the fewest lines of the file's head that give the detected parser its confidence, in file order;
 *                  empty when no parser was detected
 */
public record DetectionEvidence(Detection detection, List<String> unpasted, List<Line> lines) {
    /** A line of the head, numbered from 1, as detection read it. */
    public record Line(int number, String text) {
    }

    public DetectionEvidence {
        unpasted = List.copyOf(unpasted);
        lines = List.copyOf(lines);
    }
}
