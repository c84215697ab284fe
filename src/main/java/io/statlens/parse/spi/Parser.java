package io.statlens.parse.spi;

import java.io.IOException;
import java.util.List;

/**
 * A parser for the text output of one performance tool.
 *
 * <p>Implementations are registered with {@link java.util.ServiceLoader} (built-in Java parsers) or
 * come from declarative definitions. A parser streams: it reads {@link LineSource} line by line and
 * hands every record to the {@link RecordSink} at once; it never holds the file in memory and never
 * sees the repository. Lines it cannot use become warnings ({@link RecordSink#warning}), not exceptions.
 */
public interface Parser {

    /** Lower-case tool id, also the prefix of its tables: {@code vmstat}, {@code iostat}. */
    String tool();

    /** The output variants this parser understands, for {@code statlens parsers}. */
    List<String> variants();

    /** Bumped when the parse result for the same input changes; recorded per imported file. */
    default String version() {
        return "1";
    }

    /**
     * How sure this parser is that the file is its tool's output, from its first lines only.
     *
     * @return 0 (not mine) to 1 (certain); ties and values below {@link Detection#THRESHOLD} are not picked
     */
    double sniff(Head head);

    /**
     * Parses the whole input.
     *
     * @throws IOException only for I/O failures and cancellation; malformed lines are warnings
     */
    void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException;
}
