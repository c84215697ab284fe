package io.statlens.parse.builtin.mysql;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;

/**
 * Reads a capture loop's output as a transcript ({@link Transcript}): a pasted command or a shell line ends the
 * snapshot being read, blank and decoration lines are passed over, every other line goes to the parser, stripped.
 */
final class SnapshotTranscript {
    /** What a parser of repeated tables does with the lines. */
    interface Reader {
        /** The snapshot read so far is complete. */
        void end();

        /** A pasted command line of the tool (after {@link #end()}). */
        default void command(PastedCommand command) {
        }

        /** A line of output, stripped, and its number in the file. */
        void text(String text, long number);

        /** The input has ended: by default the last snapshot is complete. */
        default void endOfInput() {
            end();
        }
    }

    private SnapshotTranscript() {
    }

    /** Reads all of {@code source}, then tells the reader the input has ended and reports what the transcript passed over. */
    static void read(LineSource source, CommandSyntax syntax, RecordSink sink, Reader reader) throws IOException {
        Transcript lines = new Transcript(source, syntax);
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            if (line.is(TranscriptLine.Kind.COMMAND)) {
                reader.end();
                reader.command(line.command());
            } else if (line.is(TranscriptLine.Kind.SHELL)) {
                reader.end();
            } else if (!line.noise()) {
                reader.text(line.text().strip(), line.number());
            }
        }
        reader.endOfInput();
        lines.finish(sink);
    }
}
