package io.statlens.gui;

import io.statlens.analysis.RunStatistics;
import io.statlens.store.read.RunCatalog;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunAverager;
import io.statlens.store.SharedRepository;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.stats.SeriesStats;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.DoubleStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The statistics pane's rows for an averaged run, without a window: t16 and m128 averaged into {@code avg}, whose
 * {@code sysbench} data set has the companion {@code sysbench.stddev} with the same metric labels. Charting
 * {@code sysbench tps} must give the means' row only, not also the spread's.
 */
class StatsViewModelTest {
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private final Repository repo = shared.repository();
    private final StatsViewModel stats = new StatsViewModel(new RunStatistics(repo), new RunCatalog(repo), new SynchronousExecutor());
    private final ChartViewModel.Selection tps = new ChartViewModel.Selection(List.of("avg"), "sysbench", "tps");

    @BeforeEach
    void averageTheSysbenchRuns() {
        RunFixtures.importSysbench(repo);
        new RunAverager(repo).average(new RunAverager.Request(List.of("t16", "m128"), "avg", Optional.empty(),
                OptionalDouble.empty(), false));
    }

    @Test
    void wholeRunShowsOnlyTheChartedDataSet() {
        stats.show(tps, null);

        DoubleSummaryStatistics expected = tpsOfAvg(Instant.MIN, Instant.MAX);
        assertEquals(1988, expected.getCount());
        assertEquals(1, stats.rows().size(), stats.rows().toString());
        StatsViewModel.Row row = stats.rows().get(0);
        assertEquals("avg", row.run());
        assertEquals("", row.key());
        assertMatches(expected, row.stats());
        // As the pane shows it, the figures of the sysbench row of `statlens stats avg --tool sysbench --metric tps`
        // (docs/gui.md).
        SeriesStats s = row.stats();
        assertEquals("1/s", row.unit());
        assertEquals("1,988  4,115  5,462  5,331  90.4  5,338  5,388  5,400  5,425", ReadableNumbers.ROOT.integer(s.n()) + "  "
                + String.join("  ", DoubleStream.of(s.min(), s.max(), s.mean(), s.stddev(), s.p50(), s.p90(), s.p95(), s.p99())
                .mapToObj(v -> ReadableNumbers.ROOT.number(v, row.unit())).toList()));
        assertEquals("sysbench tps, whole run", stats.captionProperty().get());
    }

    @Test
    void zoomedWindowShowsOnlyTheChartedDataSet() {
        // The averaged run starts at t16's first report, 10:00:01, on a 2-second grid: elapsed 0 to 28 s, 15 samples.
        Instant from = Instant.parse("2024-03-04T10:00:01Z");
        Instant to = Instant.parse("2024-03-04T10:00:29Z");
        stats.show(tps, new StatsViewModel.Window(false, from.toEpochMilli(), to.toEpochMilli()));

        DoubleSummaryStatistics expected = tpsOfAvg(from, to);
        assertEquals(15, expected.getCount());
        assertEquals(1, stats.rows().size(), stats.rows().toString());
        assertEquals("avg", stats.rows().get(0).run());
        assertMatches(expected, stats.rows().get(0).stats());
    }

    private static void assertMatches(DoubleSummaryStatistics expected, SeriesStats actual) {
        assertEquals(expected.getCount(), actual.n());
        assertEquals(expected.getMin(), actual.min());
        assertEquals(expected.getMax(), actual.max());
        assertEquals(expected.getAverage(), actual.mean(), 1e-9);
    }

    /** The averaged run's tps (the means, not the spread) between two times, read back from the repository. */
    private DoubleSummaryStatistics tpsOfAvg(Instant from, Instant to) {
        SeriesReader reader = new SeriesReader(repo);
        SeriesReader.Selection s = reader.select("avg", "sysbench");
        int column = s.metrics().stream().map(DataTable.MetricColumn::label).toList().indexOf("tps");
        List<Double> values = new ArrayList<>();
        reader.read(s, false, row -> {
            if (!row.time().isBefore(from) && !row.time().isAfter(to)) values.add(row.values()[column]);
        });
        return values.stream().mapToDouble(Double::doubleValue).summaryStatistics();
    }
}
