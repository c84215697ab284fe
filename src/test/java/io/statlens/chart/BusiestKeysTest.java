package io.statlens.chart;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.analysis.KeyOrder;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.params.BeforeParameterizedClassInvocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A chart cut to the busiest keys reads only those keys' rows, chosen from the statistics stored at import, and
 * draws exactly what ranking every loaded key would have drawn.
 */
@OnEveryEngine
class BusiestKeysTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo;

    BusiestKeysTest(RepositoryEngine engine) {
        this.repo = shared.repository(engine);
    }

    @BeforeParameterizedClassInvocation
    static void importRun(RepositoryEngine engine, @TempDir Path dir) {
        new ImportService(shared.repository(engine), ParserCatalog.load(dir.resolve("no-user-parsers"))).run(ImportRequest.of("sar48",
                ZoneOffset.UTC, Path.of("src/test/resources/corpus/sar/ksar-linux-sysstat-10.1.5-48cpu.txt")), ImportProgress.NONE);
    }

    private static ChartDefinition.Builder usr() {
        return ChartDefinition.builder().tool("sar.cpu").kind(ChartKind.LINE).metric(List.of("%usr"));
    }

    @Test
    void onlyTheBusiestKeysAreReadAndTheChartIsTheSame() {
        LoadedData cut = new SelectionSource(repo).load(usr().build(), "sar48", false).orElseThrow().data();
        assertEquals(48, cut.mostKeys(), "the run's CPUs, without all");
        assertEquals(10, cut.traces().size(), "an unlimited line chart draws the 10 busiest; only they are read");

        // Every CPU named by hand is read whole; ranking those traces gives the expected ten.
        List<String> cpus = IntStream.range(0, 48).mapToObj(String::valueOf).toList();
        ChartDefinition.Builder everyCpu = usr();
        cpus.forEach(everyCpu::key);
        LoadedData all = new SelectionSource(repo).load(everyCpu.build(), "sar48", false).orElseThrow().data();
        assertEquals(48, all.traces().size());
        assertEquals(0, all.mostKeys());
        Set<String> expected = all.traces().stream()
                .sorted(Comparator.comparingDouble((Trace t) -> -t.mean()).thenComparing(Trace::key, KeyOrder.INSTANCE))
                .limit(10).map(Trace::key).collect(Collectors.toCollection(() -> new TreeSet<>(KeyOrder.INSTANCE)));
        assertEquals(expected, cut.traces().stream().map(Trace::key).collect(Collectors.toCollection(() -> new TreeSet<>(KeyOrder.INSTANCE))));
        Map<String, Trace> byKey = all.traces().stream().collect(Collectors.toMap(Trace::key, t -> t));
        for (Trace t : cut.traces()) assertArrayEquals(byKey.get(t.key()).values(), t.values(), "CPU " + t.key());

        ChartData chart = new ChartService(repo, ZoneOffset.UTC).draw(ChartRequest.of(usr().build(), List.of("sar48")))
                .charts().get(0).data();
        // The same ten, the busiest first: the legend's order.
        List<String> busiestFirst = all.traces().stream()
                .sorted(Comparator.comparingDouble((Trace t) -> -t.mean()).thenComparing(Trace::key, KeyOrder.INSTANCE))
                .limit(10).map(Trace::key).toList();
        assertEquals(busiestFirst, chart.series().stream().map(ChartData.PlotSeries::name).toList());
        assertTrue(chart.subtitle().endsWith("top 10 of 48 CPUs by mean %usr"), chart.subtitle());
    }

    @Test
    void theLowEndAndAnExplicitTopAreChosenTheSameWay() {
        LoadedData lowest = new SelectionSource(repo).load(usr().top(3).hot(HotEnd.LOW).build(), "sar48", false).orElseThrow().data();
        assertEquals(3, lowest.traces().size());
        ChartData chart = new ChartService(repo, ZoneOffset.UTC)
                .draw(ChartRequest.of(usr().top(3).hot(HotEnd.LOW).build(), List.of("sar48"))).charts().get(0).data();
        assertEquals(lowest.traces().stream().map(Trace::key).sorted(KeyOrder.INSTANCE).toList(),
                chart.series().stream().map(ChartData.PlotSeries::name).toList());
        assertTrue(chart.subtitle().endsWith("top 3 of 48 CPUs by lowest mean %usr"), chart.subtitle());
    }

    @Test
    void stackedAreasHeatmapsAndSinceBootChartsReadEveryKey() {
        SelectionSource source = new SelectionSource(repo);
        assertEquals(49, source.load(usr().kind(ChartKind.HEATMAP).build(), "sar48", false).orElseThrow().data().traces().size(),
                "48 CPUs and all");
        assertEquals(49, source.load(usr().sinceBoot(true).build(), "sar48", false).orElseThrow().data().traces().size());
    }
}
