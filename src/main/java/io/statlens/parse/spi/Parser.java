package io.statlens.parse.spi;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * A parser for the text output of one performance tool.
 *
 * <p>Implementations are registered with {@link java.util.ServiceLoader} (built-in Java parsers) or
 * come from declarative definitions. A parser streams: it reads {@link LineSource} line by line and
 * hands every record to the {@link RecordSink} at once; it never holds the file in memory and never
 * sees the repository. Lines it cannot use become warnings ({@link RecordSink#warning}), not exceptions.
 * Parsers hold no state between calls: one instance serves every file, on any thread.
 */
public interface Parser {

    /** Its tool id, version, variants and source. */
    ParserInfo info();

    /**
     * The data sets this parser can produce, by qualified name ({@code iostat}, {@code iostat.cpu}), as far as it knows
     * them before it reads a file, including the data set its summary values name ({@code dbt2}): what chart presets,
     * reports and dashboards prepare for (a test checks that each has a preset). A data set named after what a file
     * holds (a sar section the parser does not know) cannot be listed.
     */
    default List<String> datasets() {
        return List.of();
    }

    /**
     * The program names its tool is typed as on a command line ({@code arcstat}, {@code arcstat.pl}): a pasted command
     * that runs one of them starts that tool's output, which is how the import tells the parts of a file holding several
     * tools' output apart ({@code io.statlens.parse.FileParts}). Empty for a tool nobody types (a file it writes itself).
     */
    default java.util.Set<String> commandNames() {
        return java.util.Set.of();
    }

    /**
     * Whether a pasted line whose command is one of {@link #commandNames()} runs this tool: a program several tools share
     * may tell by its arguments which one it runs (the mysql client: SHOW GLOBAL STATUS, SHOW ENGINE INNODB STATUS, a
     * performance_schema query), so that a transcript's parts end where the tool changes. True when it cannot tell.
     *
     * @param line the line as pasted, prompt included
     */
    default boolean runs(String line) {
        return true;
    }

    /**
     * How sure this parser is that the file is its tool's output, from its first lines only.
     *
     * @return 0 (not mine) to 1 (certain); ties and values below {@link Detection#THRESHOLD} are not picked
     */
    double sniff(Head head);

    /**
     * Why this parser cannot read a head it does not take, when the head is still its tool's output (pidstat averages
     * kept without their header): a sentence for the refusal, from the line it speaks of ({@code line 2: ...}). Asked
     * only when no parser takes a file; empty by default.
     */
    default Optional<String> unreadable(Head head) {
        return Optional.empty();
    }

    /**
     * Whether the file of this head is one the tool wrote itself, a file of its own that holds nothing but its output
     * (nmon's {@code -f} file opens with its {@code AAA} lines): the import then reads it whole, without the pass over
     * every line that looks for other tools' or hosts' output in a file ({@code io.statlens.parse.FileParts}). Asked only
     * of the parser detection picked for the file; false by default, as what a tool prints may be pasted among others'.
     */
    default boolean ownFile(Head head) {
        return false;
    }

    /**
     * Parses the whole input.
     *
     * @param context the file name and the values the caller set (time options, fallback start...)
     * @throws IOException only for I/O failures and cancellation; malformed lines are warnings
     */
    void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException;
}
