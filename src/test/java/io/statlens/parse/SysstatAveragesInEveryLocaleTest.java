package io.statlens.parse;

import io.statlens.model.SummaryValue;
import io.statlens.parse.builtin.mpstat.MpstatParser;
import io.statlens.parse.builtin.sar.SarParser;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.time.ClockTime;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sysstat's average lines in every language it ships (issue 12, item 1): real {@code mpstat -P ALL 1 2} and
 * {@code sar -u} output of sysstat 12.6.1 in 38 locales ({@code captures/sysstat-12.6.1/PROVENANCE.txt}). For each,
 * the average of {@code all} as printed on its line (read here by position, independently of the parsers) must
 * be the summary value the parser gives, the banner's date must be read (whatever form the locale gives it),
 * nothing may be warned about, and detection must pick the tool from the content alone.
 */
class SysstatAveragesInEveryLocaleTest {
    private static final Path ROOT = root();
    /** A row stamped by a clock without seconds, as glibc's nb_NO and nn_NO print it. */
    private static final Pattern MINUTE_CLOCK = Pattern.compile("(?m)^kl\\. \\d{2}\\.\\d{2} ");
    /** Every installed parser, none of the user's. */
    private static final AutoDetectParser DETECTION = new AutoDetectParser(ParserCatalog.load(Path.of("target", "no-user-parsers")));

    static Stream<String> locales() throws IOException {
        try (Stream<Path> s = Files.list(ROOT)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void mpstatReadsTheAverages(String locale) throws IOException {
        check(locale, "mpstat-P-ALL.txt", new MpstatParser(), "mpstat", "%usr", 30);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void sarReadsTheAverages(String locale) throws IOException {
        check(locale, "sar-u.txt", new SarParser(), "sar.cpu", "%user", 6);
    }

    private static void check(String locale, String file, Parser parser, String dataset, String metric, int count)
            throws IOException {
        Path path = ROOT.resolve(locale).resolve(file);
        String text = Files.readString(path, StandardCharsets.UTF_8);
        double printed = printedAverageOfAll(text);
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(path); LineSource lines = LineSource.of(file, in)) {
            parser.parse(lines, ParseContext.simple(file), sink);
        }
        try (InputStream in = Files.newInputStream(path); LineSource lines = LineSource.of(file, in)) {
            Detection detection = DETECTION.detect(lines.head());
            assertEquals(Optional.of(parser.info().tool()), detection.parser().map(p -> p.info().tool()),
                    locale + " " + file + ": detected as " + detection.closest());
        }
        List<SummaryValue> summaries = sink.summaries();
        assertEquals(count, summaries.size(), locale + " " + file + ": summary values; warnings " + sink.warnings());
        Optional<SummaryValue> all = summaries.stream()
                .filter(v -> v.dataset().equals(dataset) && v.key().equals("all") && v.name().equals(metric)).findFirst();
        assertTrue(all.isPresent(), locale + ": no average of all");
        assertEquals(printed, all.get().value(), 1e-9, locale + " " + file);
        assertEquals(List.of(), sink.warnings(), locale + " " + file);
        long told = sink.notices().stream().filter(n -> n.message().equals(ClockTime.NO_SECONDS)).count();
        assertEquals(MINUTE_CLOCK.matcher(text).find() ? 1 : 0, told, locale + " " + file + ": " + sink.notices());
        assertTrue(sink.rows(dataset).size() > 0, locale + ": rows");
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("banner date 2026-11-25"),
                locale + ": the banner's date is read: " + sink.fact("time.source"));
    }

    /** The value after {@code all} on the last line that starts with a label rather than a time of day. */
    private static double printedAverageOfAll(String text) {
        String found = null;
        for (String line : text.lines().toList()) {
            if (line.isEmpty() || Character.isDigit(line.charAt(0)) || !line.contains(" all ")) continue;
            String[] words = line.split("[\\s\\u00A0\\u202F]+");
            for (int i = 0; i + 1 < words.length; i++) {
                if (words[i].equals("all")) found = words[i + 1];
            }
        }
        assertTrue(found != null, "no average line of 'all' in the capture");
        return Numbers.parse(found);
    }

    private static Path root() {
        try {
            return Path.of(SysstatAveragesInEveryLocaleTest.class.getResource("/captures/sysstat-12.6.1").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
