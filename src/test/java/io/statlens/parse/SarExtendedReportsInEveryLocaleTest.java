package io.statlens.parse;

import io.statlens.model.SummaryValue;
import io.statlens.parse.builtin.sar.SarParser;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12: {@code sar -x} (sysstat 12.7.5 and later) closes each section with a {@code Summary:} header and
 * {@code Minimum:}, {@code Maximum:} and {@code Average:} lines, translated in each locale. The minima and maxima are
 * stored as what they are, {@code min(%user)} and {@code max(%user)}, never as averages; real captures of sysstat
 * 12.8.0 built from source in every locale ({@code captures/sysstat-12.8.0/PROVENANCE.txt}).
 */
class SarExtendedReportsInEveryLocaleTest {
    private static final Path ROOT = root();
    private static final AutoDetectParser DETECTION = new AutoDetectParser(ParserCatalog.load(Path.of("target", "no-user-parsers")));

    static Stream<String> locales() throws IOException {
        try (Stream<Path> s = Files.list(ROOT)) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    private static CollectingSink parse(Path path) throws IOException {
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(path); LineSource lines = LineSource.of(path.getFileName().toString(), in)) {
            Detection detection = DETECTION.detect(lines.head());
            assertEquals(Optional.of("sar"), detection.parser().map(p -> p.info().tool()), path + ": " + detection.closest());
            new SarParser().parse(lines, ParseContext.simple(path.getFileName().toString()), sink);
        }
        return sink;
    }

    private static Map<String, Double> ofAll(CollectingSink sink, String dataset) {
        return sink.summaries().stream().filter(v -> v.dataset().equals(dataset) && v.key().equals("all"))
                .collect(Collectors.toMap(SummaryValue::name, SummaryValue::value));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void minimaAndMaximaAreStoredAsSuchBesideTheAverages(String locale) throws IOException {
        CollectingSink sink = parse(ROOT.resolve(locale).resolve("sar-x-u.txt"));
        assertEquals(List.of(), sink.warnings(), locale);
        assertEquals(3, sink.rows("sar.cpu").size(), locale);
        Map<String, Double> all = ofAll(sink, "sar.cpu");
        assertEquals(18, all.size(), locale + ": " + all);
        // as printed: Minimum: all 94.92 0.00 4.50 ..., Maximum: all 95.50 0.00 5.08 ..., Average: all 95.17 0.00 4.83 ...
        assertEquals(94.92, all.get("min(%user)"), 1e-9, locale);
        assertEquals(95.50, all.get("max(%user)"), 1e-9, locale);
        assertEquals(95.17, all.get("%user"), 1e-9, locale);
        assertEquals(4.50, all.get("min(%system)"), 1e-9, locale);
        assertEquals(5.08, all.get("max(%system)"), 1e-9, locale);
        assertEquals(4.83, all.get("%system"), 1e-9, locale);
        assertTrue(sink.summaries().stream().allMatch(v -> v.unit().equals("%")), locale);
    }

    @Test
    void everySectionOfSarDashAKeepsItsExtremesApart() throws IOException {
        CollectingSink sink = parse(ROOT.resolve("C").resolve("sar-x-A.txt"));
        assertEquals(List.of(), sink.warnings());
        List<SummaryValue> summaries = sink.summaries();
        long minima = summaries.stream().filter(v -> v.name().startsWith("min(")).count();
        long maxima = summaries.stream().filter(v -> v.name().startsWith("max(")).count();
        long averages = summaries.stream().filter(v -> !v.name().startsWith("min(") && !v.name().startsWith("max(")).count();
        assertTrue(minima > 100, "minima: " + minima);
        assertEquals(minima, maxima);
        assertTrue(averages >= minima, "averages " + averages + " minima " + minima);
        // each minimum is at most its average, each maximum at least
        Map<String, Double> byName = summaries.stream().collect(Collectors.toMap(
                v -> v.dataset() + "|" + v.key() + "|" + v.name(), SummaryValue::value, (a, b) -> b));
        for (SummaryValue v : summaries) {
            if (!v.name().startsWith("min(")) continue;
            String label = v.name().substring(4, v.name().length() - 1);
            String at = v.dataset() + "|" + v.key() + "|";
            Double average = byName.get(at + label);
            Double maximum = byName.get(at + "max(" + label + ")");
            assertTrue(average != null && maximum != null, "average and maximum of " + at + label);
            assertTrue(v.value() <= average + 0.011 && average <= maximum + 0.011, at + label + ": " + v.value() + " " + average + " " + maximum);
        }
    }

    private static Path root() {
        try {
            return Path.of(SarExtendedReportsInEveryLocaleTest.class.getResource("/captures/sysstat-12.8.0").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
