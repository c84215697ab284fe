package io.statlens.analysis;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 31: the largest finite doubles, of both signs, are stored as they are on every engine, their statistics are
 * finite or empty (NULL), and an average of them is the finite mean, never an infinity stored in the data.
 */
@OnEveryEngine
class HugeValuesTest {
    private static final double MAX = Double.MAX_VALUE;
    private final RepositoryEngine engine;
    @TempDir
    Path dir;
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private Repository repo;
    private ScriptedRuns runs;

    HugeValuesTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @BeforeEach
    void open() {
        repo = shared.repository(engine);
        runs = new ScriptedRuns(repo, dir);
    }

    @Test
    void theLargestDoublesAreStoredTheirStatisticsAreFiniteOrEmptyAndTheyAverage() {
        runs.run("r1", "columns a b", "1700000000 - " + MAX + " 1e200", "1700000001 - " + -MAX + " 98", "1700000002 - " + MAX + " 99");
        runs.run("r2", "columns a b", "1700000000 - " + MAX + " 1e200", "1700000001 - " + MAX + " 97", "1700000002 - " + MAX + " 1e-300");
        assertEquals(List.of(List.of(Double.toString(MAX), "1.0E200"), List.of(Double.toString(-MAX), "98.0"),
                List.of(Double.toString(MAX), "99.0")), runs.rows("SELECT A, B FROM V_SCRIPTED WHERE RUN = 'r1' ORDER BY TS"));
        List<List<String>> stats = runs.rows("SELECT LABEL, N, MIN_V, MAX_V, STDDEV_V FROM V_STATS WHERE RUN = 'r1' ORDER BY LABEL");
        assertEquals(List.of("a", "3", Double.toString(-MAX), Double.toString(MAX), "null"), stats.get(0),
                "the standard deviation of MAX, -MAX, MAX is beyond a double: empty");
        assertEquals(1e200 / Math.sqrt(3), Double.parseDouble(stats.get(1).get(4)), 1e187);

        new RunAverager(repo).average(new RunAverager.Request(List.of("r1", "r2"), "avg", Optional.empty(), OptionalDouble.empty(),
                false));
        List<List<String>> means = runs.rows("SELECT A, B FROM V_SCRIPTED WHERE RUN = 'avg' ORDER BY TS");
        assertEquals(List.of(Double.toString(MAX), "1.0E200"), means.get(0), "the mean of MAX and MAX");
        assertEquals(List.of("0.0", "97.5"), means.get(1));
        List<List<String>> spread = runs.rows("SELECT A FROM V_SCRIPTED_STDDEV WHERE RUN = 'avg' ORDER BY TS");
        assertEquals(List.of("0.0"), spread.get(0));
        assertEquals(List.of("null"), spread.get(1), "the spread of MAX and -MAX is beyond a double: empty");
        double mean = runs.number("SELECT MEAN_V FROM V_STATS WHERE RUN = 'avg' AND LABEL = 'b'");
        assertTrue(Double.isFinite(mean) && mean > 3e199, "mean " + mean);
    }
}
