package io.statlens.parse;

import io.statlens.parse.Corpus.Fixture;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every corpus fixture as it reaches people in the wild, without {@code --tool}: pasted without its banner or
 * its command, its command glued to its first line, quoted in a mail or forum reply ({@code > }, {@code >> },
 * {@code > > }), indented as a markdown code block, inside a fence. Each copy is made here from the real
 * file, and must still be detected as its tool: detection reads the body (column headers, the shape of
 * sample and summary lines), not only the first lines.
 */
class DetectionInTheWildTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("target", "no-user-parsers"));
    /** What a person leaves out when pasting only "the numbers": the banner and the commands around them. */
    private static final Pattern BANNER = Pattern.compile(
            "^\\s*(?:(?:Linux|SunOS|AIX|HP-UX|FreeBSD|Darwin)\\s+\\S+.*\\d.*"
                    + "|sysbench \\d.*|\\*{5,}.*|#{3}.*|.*[$#%]\\s+\\S*(?:stat|sar|sysbench|tpcc_start|arcstat|prstat)\\b.*)$");
    private static final Pattern COMMAND_LINE = Pattern.compile(
            "^\\s*(?:\\S*[$#%>]\\s+)?(?:sudo\\s+)?\\S*(?:vmstat|iostat|mpstat|sar|sysbench|tpcc_start|arcstat\\S*|nicstat|prstat)\\s.*$");

    private static final Pattern ALIGNED = Pattern.compile("\\S\\s{2,}\\S.*\\S\\s{2,}\\S");

    /** A copy of a fixture's text as it was pasted somewhere. */
    private record Paste(String name, UnaryOperator<List<String>> edit) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final List<Paste> PASTES = List.of(
            new Paste("without its banner and commands", DetectionInTheWildTest::withoutBanner),
            new Paste("command glued to the first line", DetectionInTheWildTest::glued),
            new Paste("quoted '> '", lines -> prefixed(lines, "> ")),
            new Paste("quoted twice '>> '", lines -> prefixed(lines, ">> ")),
            new Paste("quoted twice '> > '", lines -> prefixed(lines, "> > ")),
            new Paste("indented four spaces", lines -> prefixed(lines, "    ")),
            new Paste("in a fence", DetectionInTheWildTest::fenced),
            new Paste("quoted, without its banner", lines -> prefixed(withoutBanner(lines), "> ")),
            new Paste("indented, without its banner", lines -> prefixed(withoutBanner(lines), "    ")));

    static Stream<Arguments> pastes() {
        return Corpus.fixtures().flatMap(f -> PASTES.stream().map(p -> Arguments.of(f, p)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("pastes")
    void isDetectedAsItsTool(Fixture fixture, Paste paste) {
        List<String> original = lines(fixture);
        List<String> pasted = paste.edit().apply(original);
        Detection detection = new AutoDetectParser(CATALOG).detect(Head.of(fixture.path(), pasted));
        String tool = detection.parser().map(Parser::info).map(i -> i.tool()).orElse("(none: " + detection.closest() + ")");
        Assumptions.assumeFalse(!tool.equals(fixture.tool()) && paste.name().contains("glued")
                        && pasted.stream().anyMatch(l -> COMMAND_LINE.matcher(l).matches() && !ALIGNED.matcher(l).find()),
                "output glued to its command is told from the command by its aligned columns (runs of blanks); this header has none");
        assertEquals(fixture.tool(), tool, fixture + " " + paste + "\n" + String.join("\n", pasted.subList(0, Math.min(12, pasted.size()))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.statlens.parse.Corpus#fixtures")
    void theEvidenceAloneGivesTheSameConfidence(Fixture fixture) {
        List<String> quoted = prefixed(lines(fixture), "> ");
        DetectionEvidence evidence = new AutoDetectParser(CATALOG).explain(Head.of(fixture.path(), quoted));
        Detection.Candidate first = evidence.detection().candidates().get(0);
        assertEquals(fixture.tool(), first.parser().info().tool());
        // what was taken off is said first: the quote markers (deeper for a fixture that was a quoting reply already)
        assertTrue(evidence.unpasted().isEmpty() || evidence.unpasted().get(0).startsWith("quote markers '>"), evidence.unpasted().toString());
        List<String> alone = evidence.lines().stream().map(DetectionEvidence.Line::text).toList();
        assertTrue(!alone.isEmpty() && alone.size() < quoted.size(), fixture + ": " + alone);
        assertEquals(first.confidence(), first.parser().sniff(new Head(fixture.path(), alone)), fixture + ": " + alone);
    }

    /** Pastes that keep every line of the output: they must read exactly as the original reads. */
    static Stream<Arguments> wholePastes() {
        return Corpus.fixtures().flatMap(f -> PASTES.stream().filter(p -> !p.name().contains("without") && !p.name().contains("glued"))
                .map(p -> Arguments.of(f, p)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("wholePastes")
    void readsAsTheOriginal(Fixture fixture, Paste paste) throws IOException {
        Assumptions.assumeFalse((paste.name().contains("quoted") || paste.name().contains("indented"))
                        && (fixture.path().contains("fold") || fixture.path().contains("wrapped")),
                "a terminal-wrapped capture is rejoined by its raw width: quoted or indented after wrapping, it is not (yet)");
        List<String> original = lines(fixture);
        assertEquals(originalReading(fixture), read(fixture, paste.edit().apply(original)), fixture + " " + paste);
    }

    /** The data sets' rows (time, key, values) and the summary values of a text, parsed as its golden file says. */
    private static String read(Fixture fixture, List<String> lines) throws IOException {
        Path golden = fixture.golden();
        String options = Files.exists(golden) ? Golden.options(Files.readString(golden)) : "";
        ParseContext context = Golden.context(fixture.path(), options);
        CollectingSink sink = new CollectingSink();
        try (LineSource source = LineSource.ofString(fixture.path(), String.join("\n", lines))) {
            new AutoDetectParser(CATALOG).parse(source, context, sink);
        }
        StringBuilder out = new StringBuilder();
        for (String name : sink.datasets().keySet()) {
            out.append(name).append(' ').append(sink.datasets().get(name).metrics()).append('\n');
            for (CollectingSink.SpecRow r : sink.rows(name)) {
                out.append("  ").append(r.row().time()).append(' ').append(r.row().key()).append(' ')
                        .append(java.util.Arrays.toString(r.row().values())).append('\n');
            }
        }
        for (var v : sink.summaries()) out.append(v).append('\n');
        return out.toString();
    }

    /**
     * The last fixture's lines and how its original reads: a fixture's cases run one after another, so its file is
     * read, and its original parsed, once for all its pastes rather than once per paste.
     */
    private static Fixture linesOf;
    private static List<String> lastLines;
    private static Fixture readingOf;
    private static String lastReading;

    private static synchronized List<String> lines(Fixture fixture) {
        if (!fixture.equals(linesOf)) {
            try {
                lastLines = List.of(new String(Files.readAllBytes(fixture.file()), StandardCharsets.UTF_8).split("\r?\n", -1));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            linesOf = fixture;
        }
        return lastLines;
    }

    private static synchronized String originalReading(Fixture fixture) throws IOException {
        if (!fixture.equals(readingOf)) {
            lastReading = read(fixture, lines(fixture));
            readingOf = fixture;
        }
        return lastReading;
    }

    static List<String> withoutBanner(List<String> lines) {
        return lines.stream().filter(l -> !BANNER.matcher(l).matches() && !COMMAND_LINE.matcher(l).matches()).toList();
    }

    /** The first command line joined to the line after it, as a careless copy leaves it; else the tool's name before the first line. */
    static List<String> glued(List<String> lines) {
        List<String> out = new ArrayList<>(lines);
        for (int i = 0; i < out.size() - 1; i++) {
            if (COMMAND_LINE.matcher(out.get(i)).matches()) {
                int next = i + 1;
                while (next < out.size() - 1 && out.get(next).isBlank()) next++;
                out.set(i, out.get(i).stripTrailing() + out.get(next).stripLeading());
                out.subList(i + 1, next + 1).clear();
                return out;
            }
        }
        return out;
    }

    static List<String> prefixed(List<String> lines, String prefix) {
        return lines.stream().map(l -> prefix + l).toList();
    }

    static List<String> fenced(List<String> lines) {
        List<String> out = new ArrayList<>();
        out.add("Here is what I see:");
        out.add("");
        out.add("```");
        out.addAll(lines);
        out.add("```");
        return out;
    }
}
