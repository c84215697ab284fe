package io.statlens.chart;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A selection written as SQL gives the same chart: each pair is loaded both ways, through the selection and
 * through the SQL-chart path, and the series (names, colours, x and y of every sample), axes and subtitles compared.
 */
@OnEveryEngine
class SelectionSqlTest {
    private final RepositoryEngine engine;

    SelectionSqlTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @TempDir
    Path dir;
    private Repository repo;
    private ChartService charts;

    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @BeforeEach
    void open() {
        repo = shared.repository(engine);
        charts = new ChartService(repo, ZoneOffset.UTC);
    }

    private void importCorpus(String run, String file) {
        new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")))
                .run(ImportRequest.of(run, ZoneOffset.UTC, Path.of("src/test/resources/corpus", file)), ImportProgress.NONE);
    }

    private static ChartDefinition.Builder metrics(String tool, String... labels) {
        ChartDefinition.Builder b = ChartDefinition.builder().tool(tool);
        for (String l : labels) b.metric(List.of(l));
        return b;
    }

    @Test
    void perCpuLinesOfMpstatAreTheSameFromTheirQuery() {
        importCorpus("mpa", "mpstat/sysstat-fixture-mpstat-A.txt");
        ChartDefinition def = metrics("mpstat", "%usr").build();
        ChartDefinition asSql = asSql(def, List.of("mpa"));
        assertEquals("""
                SELECT TS, ITEM AS "CPU", PCT_USR AS "%usr"
                FROM V_MPSTAT
                WHERE RUN = :run
                  AND TOOL = 'mpstat'
                  AND DATASET = ''
                  AND SINCE_BOOT = FALSE
                ORDER BY TS, ITEM""", asSql.sql());
        assertEquals("%", asSql.unit());
        List<ChartData> charts = assertSame(def, asSql, List.of("mpa"));
        // all, then the CPUs busiest first: the legend's order, from either path.
        assertEquals(List.of("all", "3", "1", "8", "2", "5", "7", "4", "6", "0"),
                charts.get(0).series().stream().map(ChartData.PlotSeries::name).toList());
        assertEquals("mpstat %usr by CPU", charts.get(0).title());
        assertEquals("query %usr by CPU", charts.get(1).title());

        // The top N and the hand-picked keys are kept: top N as an option of the SQL chart, the keys in the query.
        ChartDefinition top3 = metrics("mpstat", "%idle").top(3).hot(HotEnd.LOW).build();
        List<ChartData> lowest = assertSame(top3, asSql(top3, List.of("mpa")), List.of("mpa"));
        assertEquals(List.of("3", "8", "0"), lowest.get(0).series().stream().map(ChartData.PlotSeries::name).toList());
        ChartDefinition picked = metrics("mpstat", "%usr").key("all").key("4").build();
        ChartDefinition pickedSql = asSql(picked, List.of("mpa"));
        assertTrue(pickedSql.sql().contains("AND ITEM IN ('all', '4')"), pickedSql.sql());
        assertEquals(List.of("all", "4"), assertSame(picked, pickedSql, List.of("mpa")).get(0).series().stream()
                .map(ChartData.PlotSeries::name).toList());
    }

    @Test
    void anOverlayOfRunsIsOnElapsedTime() {
        importCorpus("hpux", "sar/ksar-hpux-11.31.txt");
        importCorpus("hpux-again", "sar/ksar-hpux-11.31.txt");
        ChartDefinition def = metrics("sar.cpu", "%usr").build();
        ChartDefinition asSql = asSql(def, List.of("hpux", "hpux-again"));
        assertTrue(asSql.sql().startsWith("SELECT ELAPSED_S, PCT_USR AS \"%usr\"\nFROM V_SAR_CPU\n"), asSql.sql());
        assertTrue(asSql.sql().contains("AND TOOL = 'sar'\n  AND DATASET = 'cpu'"), asSql.sql());
        List<ChartData> charts = assertSame(def, asSql, List.of("hpux", "hpux-again"));
        assertEquals(ChartData.Domain.ELAPSED, charts.get(0).domain());
        assertEquals(List.of("hpux", "hpux-again"), charts.get(0).series().stream().map(ChartData.PlotSeries::name).toList());
    }

    @Test
    void aStackedAreaOfUnkeyedMetricsIsTheSame() {
        importCorpus("hpux", "sar/ksar-hpux-11.31.txt");
        ChartDefinition def = metrics("sar.cpu", "%usr", "%sys", "%wio", "%idle").kind(ChartKind.AREA).build();
        ChartDefinition asSql = asSql(def, List.of("hpux"));
        assertTrue(asSql.sql().startsWith("SELECT TS, PCT_USR AS \"%usr\", PCT_SYS AS \"%sys\", PCT_WIO AS \"%wio\","
                + " PCT_IDLE AS \"%idle\"\n"), asSql.sql());
        assertSame(def, asSql, List.of("hpux"));
    }

    @Test
    void theSinceBootSampleAndTheTopDevicesOfIostatAreTheSame() {
        importCorpus("pitbull", "iostat/mb-pitbull-3.1-de-xm.txt");
        ChartDefinition def = metrics("iostat", "%util").top(4).build();
        assertEquals(4, assertSame(def, asSql(def, List.of("pitbull")), List.of("pitbull")).get(0).series().size());
        ChartDefinition sinceBoot = metrics("iostat", "%util").key("sdb").sinceBoot(true).build();
        ChartDefinition sinceBootSql = asSql(sinceBoot, List.of("pitbull"));
        assertTrue(!sinceBootSql.sql().contains("SINCE_BOOT"), sinceBootSql.sql());
        ChartData withFirst = assertSame(sinceBoot, sinceBootSql, List.of("pitbull")).get(0);
        assertEquals(0.31, withFirst.series().get(0).y()[0], "the since-boot sample of sdb is drawn");
    }

    @Test
    void aLabelWithCommasAndBracketsIsQuoted() {
        importCorpus("sb", "sysbench/plantegg-1.0.20-oltp_rw-16thr.txt");
        ChartDefinition def = metrics("sysbench", "lat (ms,95%)").build();
        ChartDefinition asSql = asSql(def, List.of("sb"));
        assertTrue(asSql.sql().startsWith("SELECT TS, LAT_MS_95_PCT AS \"lat (ms,95%)\"\n"), asSql.sql());
        assertEquals("ms", asSql.unit());
        assertSame(def, asSql, List.of("sb"));
    }

    @Test
    void barsAndMissingMetricsAreRefusedWithTheReason() {
        importCorpus("hpux", "sar/ksar-hpux-11.31.txt");
        ChartDefinition bars = metrics("sar.cpu", "%usr").kind(ChartKind.BARS).build();
        assertTrue(drawn(bars, List.of("hpux")).sql().startsWith("-- a bar chart of a tool's metrics has no query form here"));
        ChartDefinition missing = metrics("sar.cpu", "%steal").build();
        assertEquals("data set 'sar.cpu' of run 'hpux' has no metric '%steal'; it has: %usr, %sys, %wio, %idle",
                assertThrows(UserException.class, () -> asSql(missing, List.of("hpux"))).getMessage());
    }

    private DrawnChart drawn(ChartDefinition def, List<String> runs) {
        List<DrawnChart> drawn = charts.draw(ChartRequest.of(def, runs)).charts();
        assertEquals(1, drawn.size());
        return drawn.get(0);
    }

    /** The selection as the query the service writes beside its chart, with the unit of the values it drew. */
    private ChartDefinition asSql(ChartDefinition def, List<String> runs) {
        DrawnChart drawn = drawn(def, runs);
        return def.withSql(drawn.sql(), drawn.data().unit());
    }

    /** Loads both definitions; everything but title and file name must be equal. Returns both charts. */
    private List<ChartData> assertSame(ChartDefinition selection, ChartDefinition query, List<String> runs) {
        assertTrue(query.isSql());
        ChartData a = drawn(selection, runs).data();
        ChartData b = drawn(query, runs).data();
        assertEquals(a.kind(), b.kind());
        assertEquals(a.domain(), b.domain());
        assertEquals(a.subtitle(), b.subtitle());
        assertEquals(a.keyLabel(), b.keyLabel());
        assertEquals(a.yLabel(), b.yLabel());
        assertEquals(a.unit(), b.unit());
        assertEquals(a.series().size(), b.series().size());
        for (int i = 0; i < a.series().size(); i++) {
            ChartData.PlotSeries s = a.series().get(i);
            ChartData.PlotSeries t = b.series().get(i);
            assertEquals(s.name(), t.name());
            assertEquals(s.colourKey(), t.colourKey());
            assertEquals(s.dash(), t.dash());
            assertArrayEquals(s.x(), t.x(), s.name());
            assertArrayEquals(s.y(), t.y(), s.name());
        }
        assertTrue(a.series().stream().mapToInt(ChartData.PlotSeries::size).sum() > 0);
        return List.of(a, b);
    }
}
