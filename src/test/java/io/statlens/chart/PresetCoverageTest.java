package io.statlens.chart;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.SummaryValue;
import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.Corpus;
import io.statlens.parse.Golden;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.declarative.DeclarativeParser;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every data set a parser can give has a chart: kSar draws every sar section, and a run without a chart for its
 * data gets an empty report page. Two walks, so that a new parser or data set cannot slip by:
 * <ul>
 *   <li>every data set each installed parser declares ({@link Parser#datasets()}) has a built-in preset;</li>
 *   <li>every data set (and every summary-only benchmark result) the parsers give for the real files of the corpus is
 *       declared by its parser, and has a preset that draws at least one of the metrics that file has, so that the
 *       preset gives a chart for it, not a skip.</li>
 * </ul>
 * A parser that adds a data set adds a preset to {@code statlens/charts/builtin.charts} in the same change.
 */
class PresetCoverageTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("target", "no-user-parsers"));
    /** Parsers whose output is facts of the run only (a server's settings), never a time series: nothing to chart. */
    private static final Set<String> FACTS_ONLY = Set.of("mysql-variables");

    @Test
    void everyDeclaredDatasetHasAPreset() {
        List<String> missing = new ArrayList<>();
        int declared = 0;
        for (Parser p : CATALOG.all()) {
            // Test doubles registered by the test resources are not parsers users get.
            if (!shipped(p)) continue;
            if (FACTS_ONLY.contains(p.info().tool())) {
                assertTrue(p.datasets().isEmpty(), p.info().label() + " declares data sets: remove it from FACTS_ONLY");
                continue;
            }
            assertTrue(!p.datasets().isEmpty(), p.info().label() + " declares no data sets (Parser.datasets())");
            for (String dataset : p.datasets()) {
                declared++;
                if (presetsOf(dataset).isEmpty()) missing.add(p.info().tool() + ": " + dataset);
            }
        }
        assertEquals(List.of(), missing, "data sets without a built-in preset (add one to statlens/charts/builtin.charts)");
        assertTrue(declared > 80, "the parsers declare " + declared + " data sets; sar alone has more than 60");
    }

    @Test
    void everyDatasetOfTheCorpusIsDeclaredAndCharted() throws IOException {
        List<String> problems = new ArrayList<>();
        Set<String> seen = new TreeSet<>();
        for (Corpus.Fixture fixture : Corpus.fixtures().toList()) {
            CollectingSink sink = new CollectingSink();
            Parser parser = parse(fixture, sink);
            for (DatasetSpec spec : sink.datasets().values()) {
                String dataset = spec.qualifiedName();
                if (sink.rows(dataset).isEmpty()) continue;
                seen.add(dataset);
                check(fixture, parser, dataset, spec.metrics().stream().map(Metric::label).toList(), problems);
            }
            // Benchmarks that print only their result (DBT-2, Faban): the summary values are what there is to draw.
            if (sink.datasets().values().stream().allMatch(s -> sink.rows(s.qualifiedName()).isEmpty())) {
                for (String dataset : sink.summaries().stream().map(SummaryValue::dataset).collect(Collectors.toCollection(TreeSet::new))) {
                    seen.add(dataset);
                    check(fixture, parser, dataset, sink.summaries().stream().filter(v -> v.dataset().equals(dataset))
                            .map(SummaryValue::name).toList(), problems);
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(seen.containsAll(List.of("dbt2", "faban", "vmstat.disk", "sar.net_tcp", "sar.net_etcp", "mpstat.irq")), "" + seen);
    }

    /**
     * Solaris {@code vmstat -S} stores its swap-ins and swap-outs per second under labels of their own ({@code si
     * swap-ins/s}, not Linux's KiB/s {@code si}): the swap preset must name them, or a Solaris run's swap chart shows
     * paging and scanning but never the swapping it is named after. The output is real: the {@code vmstat -S 10 2}
     * quoted in skorpworks/snag's lib/SNAG/Source/SystemStats/SunOS.pm (commit 2438a4cb), as VmstatSyntheticTest has it.
     */
    @Test
    void aSolarisSwapChartDrawsItsSwapInsAndSwapOuts() throws IOException {
        String text = """
                procs     memory            page            disk          faults      cpu
                r b w   swap  free  si  so pi po fr de sr dd dd m0 m1   in   sy   cs us sy id
                0 0 0 2712216 747048 0   0  0  0  0  0  0  3  1  1  2    1  201   80  2  1 97
                0 0 0 2707144 741928 0   0  0  0  0  0  0  1  1  1  1  313  132   82  1  0 98
                """;
        CollectingSink sink = new CollectingSink();
        AutoDetectParser auto = new AutoDetectParser(CATALOG);
        try (LineSource lines = LineSource.of("vmstat-S.txt", new java.io.ByteArrayInputStream(
                text.getBytes(java.nio.charset.StandardCharsets.UTF_8)))) {
            ParseContext context = ParseContext.simple("vmstat-S.txt");
            context.set(Detection.class, auto.detect(lines.head()));
            auto.parse(lines, context, sink);
        }
        List<String> labels = sink.spec("vmstat").metrics().stream().map(Metric::label).toList();
        ChartDefinition swap = presetsOf("vmstat").stream().filter(d -> d.name().equals("vmstat.swap")).findFirst().orElseThrow();
        // Of each metric line the first alternative the run has is drawn (SelectionSource), as for a real chart.
        List<String> drawn = swap.metrics().stream()
                .flatMap(alternatives -> alternatives.stream().filter(a -> labels.contains(ChartDefinition.drawnLabel(a))).limit(1))
                .toList();
        assertTrue(drawn.containsAll(List.of("si swap-ins/s", "so swap-outs/s")), "drawn: " + drawn + " of " + labels);
        assertTrue(drawn.containsAll(List.of("pi KiB/s", "po KiB/s", "sr")), "paging and scanning still drawn: " + drawn);
    }

    private static void check(Corpus.Fixture fixture, Parser parser, String dataset, Collection<String> labels, List<String> problems) {
        if (!parser.datasets().contains(dataset)) {
            problems.add(fixture + ": " + parser.info().tool() + " gives " + dataset + " but does not declare it");
        }
        List<ChartDefinition> presets = presetsOf(dataset);
        boolean drawn = presets.stream().anyMatch(d -> d.metrics().stream().flatMap(List::stream)
                .anyMatch(alternative -> labels.contains(ChartDefinition.drawnLabel(alternative))));
        if (!drawn) {
            problems.add(fixture + ": no preset draws any metric of " + dataset + " " + labels + " (presets: "
                    + presets.stream().map(ChartDefinition::name).toList() + ")");
        }
    }

    private static boolean shipped(Parser p) {
        return p.getClass().getPackageName().startsWith("io.statlens.parse.builtin") || p instanceof DeclarativeParser;
    }

    private static List<ChartDefinition> presetsOf(String dataset) {
        return PresetCatalog.builtIn().stream()
                .filter(d -> d.tool() != null && d.tool().toLowerCase(Locale.ROOT).equals(dataset)).toList();
    }

    private static Parser parse(Corpus.Fixture fixture, CollectingSink sink) throws IOException {
        String golden = Files.exists(fixture.golden()) ? Files.readString(fixture.golden()) : "";
        ParseContext context = Golden.context(fixture.path(), Golden.options(golden));
        AutoDetectParser auto = new AutoDetectParser(CATALOG);
        try (LineSource lines = LineSource.of(fixture.path(), Files.newInputStream(fixture.file()))) {
            Detection detection = auto.detect(lines.head());
            Parser parser = detection.parser().orElseThrow(() -> new AssertionError(fixture + ": no parser claims it"));
            context.set(Detection.class, detection);
            auto.parse(lines, context, sink);
            return parser;
        }
    }
}
