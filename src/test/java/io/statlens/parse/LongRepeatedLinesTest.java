package io.statlens.parse;

import io.statlens.model.UserException;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Lines of 60,000 characters shaped like the rows that parsers' patterns repeat a group over (a /proc/stat cpu line, a
 * diskstats row, InnoDB mutex status pairs, tpcc-mysql fragments, AIX iostat group lines and rules, dstat's top
 * columns, quote markers): a greedy repeated group recursed once per repetition and overflowed the stack, which ended the
 * import with an internal error. Every parser, and detection, reads each of them without throwing.
 */
class LongRepeatedLinesTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("no-user-parsers"));
    private static final int PAIRS = 30_000;

    static Stream<String> lines() {
        return Stream.of(
                "cpu0" + " 1".repeat(PAIRS),
                "   8       0 sda" + " 1".repeat(PAIRS),
                "a=1" + ",a=1".repeat(PAIRS / 2),
                "mutex.c:1 os_waits=1" + " a=1".repeat(PAIRS / 2),
                "1.0" + ",1|2".repeat(PAIRS / 2),
                "Disks:" + " xfers".repeat(PAIRS / 3),
                "----" + " ----".repeat(PAIRS / 3),
                "Top: x" + "\ta".repeat(PAIRS),
                "> ".repeat(PAIRS) + "1 0 0 2794716",
                "  12. " + "> ".repeat(PAIRS) + "r b");
    }

    @ParameterizedTest
    @MethodSource("lines")
    void noParserThrowsOnALongRepeatedLine(String line) {
        String text = "line before\n" + line + "\nline after\n";
        new AutoDetectParser(CATALOG).detect(Head.of("long.txt", List.of(text.split("\n"))));
        for (Parser parser : CATALOG.all()) {
            try (LineSource lines = LineSource.ofString("long.txt", text)) {
                AutoDetectParser.delegate(parser, lines, ParseContext.simple("long.txt"), new CollectingSink());
            } catch (UserException refused) {
                // a refusal with a reason is an answer
            } catch (Throwable t) {
                fail(parser.info().tool() + " threw on a line starting '" + line.substring(0, 20) + "': " + t, t);
            }
        }
    }
}
