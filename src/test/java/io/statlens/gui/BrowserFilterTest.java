package io.statlens.gui;

import io.statlens.gui.BrowserNode.DatasetNode;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.gui.BrowserNode.RunNode;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BrowserFilterTest {
    private static RunNode run(String name, String host, List<String> tags) {
        DatasetNode cpu = new DatasetNode(name, "sar.cpu", "", 10, List.of(new MetricNode(name, "sar.cpu", "%usr", "%"),
                new MetricNode(name, "sar.cpu", "%wio", "%")));
        DatasetNode disk = new DatasetNode(name, "iostat", "device", 20, List.of(new MetricNode(name, "iostat", "%util", "%")));
        return new RunNode(name, host, Instant.parse("2024-03-01T10:00:00Z"), tags, List.of(cpu, disk));
    }

    private final List<RunNode> runs = List.of(run("base", "db1", List.of("baseline")), run("tuned", "db2", List.of()));

    @Test
    void emptyTextShowsEverything() {
        assertEquals(runs, BrowserFilter.apply(runs, "  "));
    }

    @Test
    void aRunMatchingByNameHostOrTagIsShownWhole() {
        assertEquals(List.of(runs.get(1)), BrowserFilter.apply(runs, "TUNED"));
        assertEquals(List.of(runs.get(1)), BrowserFilter.apply(runs, "db2"));
        assertEquals(List.of(runs.get(0)), BrowserFilter.apply(runs, "baseline"));
    }

    @Test
    void otherwiseOnlyMatchingDataSetsAndMetricsAreShown() {
        List<RunNode> shown = BrowserFilter.apply(runs, "%wio");
        assertEquals(2, shown.size());
        for (RunNode r : shown) {
            assertEquals(1, r.datasets().size());
            assertEquals("sar.cpu", r.datasets().get(0).dataset());
            assertEquals(List.of("%wio"), r.datasets().get(0).metrics().stream().map(MetricNode::metric).toList());
        }
        // A data set matching by name keeps all its metrics.
        assertEquals(2, BrowserFilter.apply(runs, "sar.c").get(0).datasets().get(0).metrics().size());
    }

    @Test
    void labelsShowHostStartTagsAndRows() {
        assertEquals("base  @db1  2024-03-01 10:00:00 UTC  [baseline]", runs.get(0).label());
        assertEquals("iostat  (20 rows, by device)", runs.get(0).datasets().get(1).label());
        assertEquals("%util  [%]", runs.get(0).datasets().get(1).metrics().get(0).label());
    }
}
