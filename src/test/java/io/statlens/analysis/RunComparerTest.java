package io.statlens.analysis;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.UserException;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@OnEveryEngine
class RunComparerTest {
    private final RepositoryEngine engine;

    RunComparerTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static final double EPS = 1e-9;
    @TempDir
    Path dir;
    private Repository repo;
    private ScriptedRuns runs;
    private RunComparer comparer;

    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @BeforeEach
    void open() {
        repo = shared.repository(engine);
        runs = new ScriptedRuns(repo, dir);
        comparer = new RunComparer(repo);
    }

    private static double[] alternating(double a, double b, int n) {
        return IntStream.range(0, n).mapToDouble(i -> i % 2 == 0 ? a : b).toArray();
    }

    private static double[] ramp(double from, int n) {
        return IntStream.range(0, n).mapToDouble(i -> from + i).toArray();
    }

    private void run(String name, long start, double[] a, double[] b, double[] c, String... extra) {
        List<String> lines = new ArrayList<>(List.of("columns a b c"));
        lines.addAll(List.of(ScriptedRuns.series(start, 1, "-", a, b, c)));
        lines.addAll(List.of(extra));
        runs.run(name, lines.toArray(String[]::new));
    }

    private List<RunComparer.Comparison> compare(String base, String... others) {
        return comparer.compare(new RunComparer.Request(base, List.of(others), Optional.empty(), List.of(), List.of()));
    }

    /** base: a = 10,12,..., b = 5,7,..., c = 1..20; other: a shifted by +10, b mirrored (same mean), c shifted by +1. */
    private void baseAndOther() {
        run("base", 1700000000, alternating(10, 12, 20), alternating(5, 7, 20), ramp(1, 20), "summary tps 100");
        run("other", 1700100000, alternating(20, 22, 20), alternating(7, 5, 20), ramp(2, 20), "summary tps 120");
    }

    @Test
    void meansPercentilesMaximaAndChangesSideBySide() {
        baseAndOther();
        List<RunComparer.Comparison> rows = compare("base", "other");
        assertEquals(List.of("series a", "summary tps", "series c", "series b"),
                rows.stream().map(r -> r.kind() + " " + r.metric()).toList(), "significant first, then by |% change|");

        RunComparer.Comparison a = rows.get(0);
        assertEquals(11, a.base().mean(), EPS);
        assertEquals(21, a.other().mean(), EPS);
        assertEquals(10, a.change(), EPS);
        assertEquals(1000.0 / 11, a.changePct(), EPS);
        assertEquals(20, a.base().n());
        assertEquals("%", a.unit());
        assertTrue(a.verdict().significant());
        assertEquals("welch-neff", a.verdict().test());

        RunComparer.Comparison c = rows.get(2);
        // HF7 95th percentile of 1..20: position 19 * 0.95 = 18.05 (0-based) -> 19 + 0.05 * (20 - 19)
        assertEquals(19.05, c.base().p95(), EPS);
        assertEquals(20.05, c.other().p95(), EPS);
        assertEquals(20, c.base().max(), EPS);
        assertEquals(21, c.other().max(), EPS);
        assertEquals(100.0 / 10.5, c.changePct(), EPS);
        assertFalse(c.verdict().tested(), "a ramp is one trend, not 20 independent samples: " + c.verdict().reason());

        RunComparer.Comparison b = rows.get(3);
        assertEquals(0, b.change(), EPS);
        assertEquals(1, b.verdict().pValue(), EPS);
        assertFalse(b.verdict().significant());

        RunComparer.Comparison tps = rows.get(1);
        assertEquals(RunComparer.Kind.summary, tps.kind());
        assertEquals(20, tps.change(), EPS);
        assertEquals(20, tps.changePct(), EPS);
        assertTrue(Double.isNaN(tps.base().p95()));
        assertFalse(tps.verdict().tested(), "two single numbers carry no spread");
    }

    @Test
    void severalRunsAreEachComparedWithTheBase() {
        baseAndOther();
        run("third", 1700200000, alternating(10, 12, 20), alternating(5, 7, 20), ramp(1, 20), "summary tps 50");
        List<RunComparer.Comparison> rows = compare("base", "other", "third");
        assertEquals(8, rows.size());
        RunComparer.Comparison first = rows.get(0);
        assertEquals("other", first.run());
        assertEquals("a", first.metric());
        assertEquals(List.of("summary tps third -50.0", "summary tps other 20.0"), rows.stream()
                .filter(r -> r.kind() == RunComparer.Kind.summary)
                .map(r -> r.kind() + " " + r.metric() + " " + r.run() + " " + r.changePct()).toList());
    }

    @Test
    void filtersByMetricKeyAndTool() {
        run("base", 1700000000, alternating(10, 12, 4), alternating(5, 7, 4), ramp(1, 4));
        run("other", 1700000000, alternating(20, 22, 4), alternating(7, 5, 4), ramp(2, 4));
        List<RunComparer.Comparison> onlyB = comparer.compare(
                new RunComparer.Request("base", List.of("other"), Optional.of("scripted"), List.of("b"), List.of()));
        assertEquals(List.of("b"), onlyB.stream().map(RunComparer.Comparison::metric).toList());

        runs.run("kbase", "columns x", "1700000000 sda 1", "1700000000 sdb 5", "1700000001 sda 3", "1700000001 sdb 7");
        runs.run("kother", "columns x", "1700000000 sda 2", "1700000000 sdb 9", "1700000001 sda 4", "1700000001 sdb 11");
        List<RunComparer.Comparison> sdb = comparer.compare(new RunComparer.Request("kbase", List.of("kother"), Optional.empty(),
                List.of(), List.of("sdb")));
        assertEquals(1, sdb.size());
        assertEquals("sdb", sdb.get(0).key());
        assertEquals(4, sdb.get(0).change(), EPS);
    }

    @Test
    void unknownRunsToolsMetricsAndKeysAreUserErrors() {
        baseAndOther();
        UserException run = assertThrows(UserException.class, () -> compare("base", "nope"));
        assertTrue(run.getMessage().startsWith("no run named 'nope'"), run.getMessage());
        UserException metric = assertThrows(UserException.class, () -> comparer.compare(new RunComparer.Request("base",
                List.of("other"), Optional.empty(), List.of("a", "zz"), List.of())));
        assertEquals("--metric zz: not found in both base and other; there are: a, b, c, tps", metric.getMessage());
        UserException key = assertThrows(UserException.class, () -> comparer.compare(new RunComparer.Request("base",
                List.of("other"), Optional.empty(), List.of(), List.of("sdz"))));
        assertTrue(key.getMessage().startsWith("--key sdz: not found in both base and other"), key.getMessage());
        UserException tool = assertThrows(UserException.class, () -> comparer.compare(new RunComparer.Request("base",
                List.of("other"), Optional.of("iostat"), List.of(), List.of())));
        assertEquals("run 'base' has no data set or summary values of 'iostat'; it has: scripted", tool.getMessage());
        UserException self = assertThrows(UserException.class, () -> compare("base", "base"));
        assertEquals("run 'base' is named twice; name each run once", self.getMessage());
    }

    @Test
    void summaryValuesOfAnAveragedRunAreTestedWithTheirStddev() {
        run("r1", 1700000000, alternating(10, 12, 4), alternating(5, 7, 4), ramp(1, 4), "summary tps 90");
        run("r2", 1700000000, alternating(10, 12, 4), alternating(5, 7, 4), ramp(1, 4), "summary tps 100");
        run("r3", 1700000000, alternating(10, 12, 4), alternating(5, 7, 4), ramp(1, 4), "summary tps 110");
        run("slow", 1700000000, alternating(10, 12, 4), alternating(5, 7, 4), ramp(1, 4), "summary tps 50");
        new RunAverager(repo).average(new RunAverager.Request(List.of("r1", "r2", "r3"), "avg", Optional.empty(),
                OptionalDouble.empty(), false));
        RunComparer.Comparison tps = comparer.compare(new RunComparer.Request("avg", List.of("slow"), Optional.empty(),
                List.of("tps"), List.of())).get(0);
        assertEquals(3, tps.base().n());
        assertEquals(100, tps.base().mean(), EPS);
        assertEquals("prediction", tps.verdict().test());
        // t = (50 - 100) / (10 sqrt(4/3)) = -4.33 with 2 df
        double t = 50 / (10 * Math.sqrt(4.0 / 3));
        assertEquals(1 - t / Math.sqrt(t * t + 2), tps.verdict().pValue(), 1e-9);
        assertTrue(tps.verdict().significant());
        assertFalse(comparer.compare(new RunComparer.Request("avg", List.of("slow"), Optional.empty(), List.of(), List.of()))
                .stream().anyMatch(r -> r.metric().equals("tps_stddev") || r.dataset().endsWith(".stddev")),
                "the average's spread companions are not compared as data");
    }
}
