package io.statlens.analysis;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@OnEveryEngine
class RunAveragerTest {
    private final RepositoryEngine engine;

    RunAveragerTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static final double EPS = 1e-9;
    @TempDir
    Path dir;
    private Repository repo;
    private ScriptedRuns runs;
    private RunAverager averager;

    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @BeforeEach
    void open() {
        repo = shared.repository(engine);
        runs = new ScriptedRuns(repo, dir);
        averager = new RunAverager(repo);
    }

    private RunAverager.Result average(String name, String... sources) {
        return averager.average(new RunAverager.Request(List.of(sources), name, Optional.empty(), OptionalDouble.empty(), false));
    }

    private List<SummaryValue> summary(String run) throws Exception {
        RunCatalog c = new RunCatalog(repo);
        return c.summary(c.id(run));
    }

    private String fact(String run, String name) {
        return new RunCatalog(repo).details(run).facts().stream().filter(f -> f.name().equals(name)).map(Fact::value)
                .findFirst().orElseThrow(() -> new AssertionError("no fact " + name));
    }

    @Test
    void runsWithDifferentIntervalsAreResampledToTheLargestAndKeepNAndStddevPerPoint() {
        // r1 every second: elapsed 0,1,2,3; r2 every two seconds: elapsed 0,2
        // (r2 starts a day later: alignment is by elapsed time).
        runs.run("r1", "columns a", "1700000000 - 1", "1700000001 - 2", "1700000002 - 3", "1700000003 - 4");
        runs.run("r2", "columns a", "1700086400 - 10", "1700086402 - 20");
        RunAverager.Result result = average("avg", "r1", "r2");

        assertEquals(List.of(new RunAverager.DatasetResult("scripted", 2, 1, 3)), result.datasets());
        // Grid step 2, points centred on elapsed 0, 2, 4: bins [-1,1), [1,3), [3,5).
        // r1 on the grid: 1, mean(2,3) = 2.5, 4; r2: 10, 20, none.
        List<List<String>> means = runs.rows("SELECT ELAPSED_S, SAMPLE, A FROM V_SCRIPTED WHERE RUN = 'avg' ORDER BY ELAPSED_S");
        assertEquals(List.of(List.of("0.0", "0", "5.5"), List.of("2.0", "1", "11.25"), List.of("4.0", "2", "4.0")), means);
        List<List<String>> spread = runs.rows("SELECT ELAPSED_S, A, N FROM V_SCRIPTED_STDDEV WHERE RUN = 'avg'"
                + " ORDER BY ELAPSED_S");
        assertEquals(3, spread.size());
        assertEquals(Math.sqrt(2 * 4.5 * 4.5), Double.parseDouble(spread.get(0).get(1)), EPS, "sd of 1 and 10");
        assertEquals(17.5 / Math.sqrt(2), Double.parseDouble(spread.get(1).get(1)), EPS, "sd of 2.5 and 20");
        assertEquals("null", spread.get(2).get(1), "one run only: no stddev");
        assertEquals(List.of("2.0", "2.0", "1.0"), spread.stream().map(r -> r.get(2)).toList(), "n per point");
        assertEquals(Instant.ofEpochSecond(1700000000), new RunCatalog(repo).run("avg").start(),
                "start of the representative run");
        assertEquals("2", fact("avg", "average.interval_s.scripted"));
        assertEquals("elapsed", fact("avg", "average.alignment"));
        assertEquals("r1, r2", fact("avg", "average.sources"));
    }

    @Test
    void runsThatEndWellBeforeTheLongestAreNoted() {
        runs.run("r1", "columns a", "1700000000 - 1", "1700000001 - 2", "1700000002 - 3");
        List<String> longer = new java.util.ArrayList<>(List.of("columns a"));
        for (int s = 0; s < 120; s++) longer.add((1700000000 + s) + " - 5");
        runs.run("r2", longer.toArray(String[]::new));
        RunAverager.Result result = average("avg", "r1", "r2");
        assertEquals(List.of("scripted: runs of different lengths: the longest lasts 1 min 59 s, but r1 2 s; past a run's end"
                + " fewer runs are averaged (N in the stddev data set counts them per point)"), result.notes());
    }

    @Test
    void anExplicitIntervalOverridesTheTypicalOne() {
        runs.run("r1", "columns a", "1700000000 - 1", "1700000001 - 2", "1700000002 - 3", "1700000003 - 4");
        runs.run("r2", "columns a", "1700000000 - 5", "1700000001 - 6", "1700000002 - 7", "1700000003 - 8");
        averager.average(new RunAverager.Request(List.of("r1", "r2"), "avg", Optional.empty(), OptionalDouble.of(4), false));
        // One bin [-2, 2) holds elapsed 0 and 1: r1 1.5, r2 5.5; bin [2, 6) holds 2 and 3: r1 3.5, r2 7.5.
        assertEquals(List.of(List.of("0.0", "3.5"), List.of("4.0", "5.5")),
                runs.rows("SELECT ELAPSED_S, A FROM V_SCRIPTED WHERE RUN = 'avg' ORDER BY ELAPSED_S"));
        assertThrows(UserException.class, () -> averager.average(new RunAverager.Request(List.of("r1", "r2"), "x",
                Optional.empty(), OptionalDouble.of(0), false)));
    }

    @Test
    void keyedDataIsAveragedPerKeyCommonToAllRunsAndTheOthersAreNoted() {
        runs.run("r1", "columns a b", "1700000000 cpu0 1 10", "1700000000 cpu1 2 20",
                "1700000001 cpu0 3 30", "1700000001 cpu1 4 40");
        runs.run("r2", "columns a b", "1700000000 cpu0 5 50", "1700000000 cpu2 6 60",
                "1700000001 cpu0 7 70", "1700000001 cpu2 8 80");
        RunAverager.Result result = average("avg", "r1", "r2");

        assertEquals(List.of(List.of("0.0", "cpu0", "3.0", "30.0"), List.of("1.0", "cpu0", "5.0", "50.0")),
                runs.rows("SELECT ELAPSED_S, ITEM, A, B FROM V_SCRIPTED WHERE RUN = 'avg' ORDER BY ELAPSED_S, ITEM"));
        assertEquals(List.of("scripted: keys left out: cpu1 (not in r2), cpu2 (not in r1)"), result.notes());
        assertEquals(List.of(List.of("0", "scripted: keys left out: cpu1 (not in r2), cpu2 (not in r1)")),
                runs.rows("SELECT W.LINE_NO, W.MESSAGE FROM WARNINGS W JOIN RUNS R ON R.ID = W.RUN_ID WHERE R.NAME = 'avg'"),
                "the note is kept on the run as a warning");
        assertEquals(Math.sqrt(8), runs.number("SELECT A FROM V_SCRIPTED_STDDEV WHERE RUN = 'avg' AND ELAPSED_S = 0"), EPS);
    }

    @Test
    void metricsNotInEveryRunAreLeftOutOfTheAverage() {
        runs.run("r1", "columns a b", "1700000000 - 1 2");
        runs.run("r2", "columns a", "1700000000 - 3");
        RunAverager.Result result = average("avg", "r1", "r2");
        assertEquals(List.of("scripted: metrics left out: b (not in r2)"), result.notes());
        assertEquals(2, runs.number("SELECT A FROM V_SCRIPTED WHERE RUN = 'avg'"));
        assertEquals(List.of("a"), new RunCatalog(repo).details("avg").datasets().get(0).metrics().stream()
                .map(m -> m.label()).toList(), "the average's data set holds only a; b stays empty for it");
    }

    @Test
    void summaryValuesAreAveragedWithTheirStddevAndFactsComeFromTheRunClosestToTheMedian() throws Exception {
        runs.run("r1", "columns a", "1700000000 - 1", "summary tps 100", "summary only_here 1", "fact os linux-a");
        runs.run("r2", "columns a", "1700000000 - 2", "summary tps 130", "fact os linux-b");
        runs.run("r3", "columns a", "1700000000 - 3", "summary tps 110", "fact os linux-c");
        RunAverager.Result result = average("avg", "r1", "r2", "r3");

        assertEquals("r3 (tps 110 closest to the median 110)", result.textFrom());
        assertEquals(result.textFrom(), fact("avg", "average.text_from"));
        assertEquals("linux-c", fact("avg", "os"));
        assertEquals("3", fact("avg", "average.runs"));
        List<SummaryValue> s = summary("avg");
        assertEquals(2, s.size());
        assertEquals("tps", s.get(0).name());
        assertEquals(340.0 / 3, s.get(0).value(), EPS);
        assertEquals("tps_stddev", s.get(1).name());
        // deviations from 113.33: -13.33, 16.67, -3.33; sum of squares 466.67 over n - 1 = 2
        assertEquals(Math.sqrt(1400.0 / 3 / 2), s.get(1).value(), EPS);
        assertEquals("1/s", s.get(1).unit());
        assertTrue(result.notes().contains("summary values left out (not in every run): scripted.only_here"),
                result.notes().toString());
    }

    @Test
    void theMedianOfAnEvenNumberOfRunsIsTheMeanOfTheMiddleTwoAndTiesGoToTheFirstRun() {
        runs.run("r1", "columns a", "1700000000 - 1", "summary tps 100");
        runs.run("r2", "columns a", "1700000000 - 1", "summary tps 120");
        assertEquals("r1 (tps 100 closest to the median 110)", average("avg", "r1", "r2").textFrom());
    }

    @Test
    void textFromOverridesTheRepresentativeRunAndMustBeOneOfTheSources() {
        runs.run("r1", "columns a", "1700000000 - 1", "summary tps 100", "fact os one");
        runs.run("r2", "columns a", "1700000000 - 2", "summary tps 200", "fact os two");
        RunAverager.Result r = averager.average(new RunAverager.Request(List.of("r1", "r2"), "avg", Optional.of("r2"),
                OptionalDouble.empty(), false));
        assertEquals("r2 (chosen with --text-from)", r.textFrom());
        assertEquals("two", fact("avg", "os"));
        UserException e = assertThrows(UserException.class, () -> averager.average(new RunAverager.Request(List.of("r1", "r2"),
                "avg2", Optional.of("r9"), OptionalDouble.empty(), false)));
        assertEquals("--text-from r9: expected one of the runs being averaged (r1, r2)", e.getMessage());
    }

    @Test
    void withoutAHeadlineValueTheFirstRunGivesTheFacts() {
        runs.run("r1", "columns a", "1700000000 - 1", "fact os one");
        runs.run("r2", "columns a", "1700000000 - 2", "fact os two");
        assertTrue(average("avg", "r2", "r1").textFrom().startsWith("r2 (no headline summary value (tps, qps, tpmC"));
        assertEquals("two", fact("avg", "os"));
    }

    @Test
    void anAveragedRunCanBeAveragedAgainAndCountsAsOneRun() throws Exception {
        runs.run("r1", "columns a", "1700000000 - 1", "summary tps 100");
        runs.run("r2", "columns a", "1700000000 - 3", "summary tps 200");
        runs.run("r3", "columns a", "1700000000 - 8", "summary tps 600");
        average("avg1", "r1", "r2");
        RunAverager.Result again = average("avg2", "avg1", "r3");

        assertEquals(List.of("scripted"), again.datasets().stream().map(RunAverager.DatasetResult::dataset).toList(),
                "the companion scripted.stddev of avg1 is not averaged as data");
        assertEquals(List.of(), again.notes());
        assertEquals(5, runs.number("SELECT A FROM V_SCRIPTED WHERE RUN = 'avg2'"), "mean of 2 (avg1) and 8");
        assertEquals(2, runs.number("SELECT N FROM V_SCRIPTED_STDDEV WHERE RUN = 'avg2'"));
        List<String> names = summary("avg2").stream().map(SummaryValue::name).toList();
        assertEquals(List.of("tps", "tps_stddev"), names);
        assertEquals(375, summary("avg2").get(0).value(), EPS);
        assertEquals("avg1, r3", fact("avg2", "average.sources"));
        assertEquals(1, new RunCatalog(repo).details("avg2").facts().stream()
                        .filter(f -> f.name().equals("average.sources")).count(),
                "avg1's provenance is not copied over avg2's own");
    }

    @Test
    void anExistingNameIsRefusedUnlessReplacedAndASourceIsNeverReplaced() {
        runs.run("r1", "columns a", "1700000000 - 1");
        runs.run("r2", "columns a", "1700000000 - 3");
        average("avg", "r1", "r2");
        UserException exists = assertThrows(UserException.class, () -> average("avg", "r1", "r2"));
        assertEquals("run 'avg' already exists; use --replace to overwrite it", exists.getMessage());
        averager.average(new RunAverager.Request(List.of("r2", "r1"), "avg", Optional.empty(), OptionalDouble.empty(), true));
        assertEquals(1, runs.number("SELECT COUNT(*) FROM RUNS WHERE NAME = 'avg'"));
        assertEquals(1, runs.number("SELECT COUNT(*) FROM V_SCRIPTED WHERE RUN = 'avg'"), "the old average's rows are gone");
        assertEquals("r2, r1", fact("avg", "average.sources"));

        UserException source = assertThrows(UserException.class, () -> averager.average(
                new RunAverager.Request(List.of("r1", "r2"), "r1", Optional.empty(), OptionalDouble.empty(), true)));
        assertEquals("--as r1: the new run cannot replace one of the runs it averages", source.getMessage());
    }

    @Test
    void unknownRunsAndTooFewRunsAreUserErrors() {
        runs.run("r1", "columns a", "1700000000 - 1");
        UserException unknown = assertThrows(UserException.class, () -> average("avg", "r1", "nope"));
        assertTrue(unknown.getMessage().startsWith("no run named 'nope'"), unknown.getMessage());
        UserException one = assertThrows(UserException.class, () -> average("avg", "r1"));
        assertEquals("averaging needs at least two runs, got 1", one.getMessage());
        UserException twice = assertThrows(UserException.class, () -> average("avg", "r1", "r1"));
        assertEquals("run 'r1' is named twice; name each run to average once", twice.getMessage());
        assertEquals(0, runs.number("SELECT COUNT(*) FROM RUNS WHERE NAME = 'avg'"));
    }

    @Test
    void theAverageIsStoredLikeAnyRun() {
        runs.run("r1", "columns a", "1700000000 - 1");
        runs.run("r2", "columns a", "1700000000 - 3");
        average("avg", "r1", "r2");
        RunCatalog.RunDetails d = new RunCatalog(repo).details("avg");
        assertEquals(List.of("average of r1, r2"), d.files().stream().map(RunCatalog.FileInfo::path).toList());
        assertEquals("average", d.files().get(0).parser());
        assertEquals(2, d.files().get(0).rows(), "one mean row and one stddev row");
        assertEquals(List.of("scripted", "scripted.stddev"),
                d.datasets().stream().map(RunCatalog.DatasetInfo::qualifiedName).toList());
        List<MetricSeries> series = new SeriesLoader(repo).load("avg", "scripted", "a", k -> true, false);
        assertEquals(2, series.get(0).values()[0], EPS);
        assertFalse(new SeriesLoader(repo).metrics("avg", "scripted").stream().anyMatch(m -> m.label().equals("n")),
                "n and the stddevs stay out of the main data set's metrics");
    }

    @Test
    void realKeyedMpstatDataLeavesTheSinceBootReportOutAndCountsRunsPerPoint() throws Exception {
        // Solaris mpstat, 8 CPUs, one report a second; the first report averages since boot. Run "part" holds its
        // first four reports (ten lines each), so from the fourth report on only "whole" contributes.
        Path file = Path.of("src/test/resources/corpus/mpstat/solaris-x64-8cpu-datestamped.txt");
        Path part = Files.write(dir.resolve("part.txt"), Files.readAllLines(file).subList(0, 40));
        var importer = new ImportService(repo, ParserCatalog.load(dir.resolve("none")));
        importer.run(ImportRequest.of("whole", ZoneOffset.UTC, file), ImportProgress.NONE);
        importer.run(ImportRequest.of("part", ZoneOffset.UTC, part), ImportProgress.NONE);
        RunAverager.Result r = average("avg", "whole", "part");

        assertEquals(List.of(new RunAverager.DatasetResult("mpstat", 1, 8, 14 * 8)), r.datasets());
        assertEquals(List.of("mpstat: runs of different lengths: the longest lasts 13 s, but part 2 s; past a run's end"
                + " fewer runs are averaged (N in the stddev data set counts them per point)"), r.notes());
        assertEquals(List.of(List.of("1.0", "2.0"), List.of("2.0", "2.0"), List.of("3.0", "2.0"), List.of("4.0", "1.0")),
                runs.rows("SELECT ELAPSED_S, N FROM V_MPSTAT_STDDEV WHERE RUN = 'avg' AND ITEM = '0' AND ELAPSED_S < 5"
                        + " ORDER BY ELAPSED_S"), "no point for the since-boot report at elapsed 0");
        // Identical samples: the mean is the sample, the spread 0.
        assertEquals(List.of(List.of("1019.0", "0.0")), runs.rows("SELECT M.INTR, S.INTR FROM V_MPSTAT M JOIN V_MPSTAT_STDDEV S"
                + " ON S.RUN = M.RUN AND S.SAMPLE = M.SAMPLE AND S.ITEM = M.ITEM WHERE M.RUN = 'avg' AND M.ITEM = '0'"
                + " AND M.ELAPSED_S = 1"));
    }
}
