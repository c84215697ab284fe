package io.statlens.store.saved;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.UserException;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.DerivedRunWriter;
import io.statlens.store.load.RunLedger;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Named time windows go in and out of the repository on every engine, are replaced by name, and go with their run. */
@OnEveryEngine
class TimeWindowsTest {
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private static final Instant START = Instant.parse("2024-03-01T10:00:00Z");
    private final RepositoryEngine engine;

    TimeWindowsTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static void run(Repository repo, String name) {
        DatasetSpec spec = new DatasetSpec("derived", "", "", List.of(Metric.of("x", "ms")));
        new DerivedRunWriter(repo).write(new DerivedRunWriter.Header(name, "db1", START, "test", "test", false), sink -> {
            sink.dataset(spec);
            sink.row(spec, new Row(0, START, "", false, new double[]{1}));
        });
    }

    @Test
    void savedListedReplacedDeletedAndGoneWithTheirRun() {
        Repository repo = shared.repository(engine);
        run(repo, "a");
        run(repo, "b");
        TimeWindows windows = new TimeWindows(repo);
        TimeWindow steady = new TimeWindow(START.plusSeconds(300), START.plusSeconds(3300));
        assertFalse(windows.save("a", " steady ", steady), "a new name replaces nothing");
        windows.save("a", "warm-up", new TimeWindow(null, START.plusSeconds(300)));
        windows.save("a", "cool-down", new TimeWindow(START.plusSeconds(3300), null));
        windows.save("b", "steady", new TimeWindow(START, START.plusSeconds(60)));
        assertEquals(List.of(new TimeWindows.Named("warm-up", new TimeWindow(null, START.plusSeconds(300))),
                        new TimeWindows.Named("steady", steady),
                        new TimeWindows.Named("cool-down", new TimeWindow(START.plusSeconds(3300), null))),
                windows.list("a"), "by start, an open start first; the name stripped");

        assertTrue(windows.save("a", "steady", new TimeWindow(START.plusSeconds(600), START.plusSeconds(900))));
        assertEquals(START.plusSeconds(600), windows.find("a", "steady").orElseThrow().window().from());
        assertEquals(START, windows.find("b", "steady").orElseThrow().window().from(), "another run's window of that name stays");

        windows.delete("a", "cool-down");
        assertEquals(List.of("warm-up", "steady"), windows.list("a").stream().map(TimeWindows.Named::name).toList());
        UserException missing = assertThrows(UserException.class, () -> windows.delete("a", "cool-down"));
        assertEquals("run 'a' has no time window 'cool-down' (statlens window a --list)", missing.getMessage());
        assertThrows(UserException.class, () -> windows.save("a", " ", steady));
        assertThrows(UserException.class, () -> windows.save("a", "x".repeat(TimeWindows.NAME_LENGTH + 1), steady));

        new RunLedger(repo).deleteRun("a");
        run(repo, "a");
        assertEquals(List.of(), windows.list("a"), "deleted with the run: a new run of that name has none");
        assertEquals(1, windows.list("b").size());
    }
}
