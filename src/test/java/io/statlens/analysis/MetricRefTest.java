package io.statlens.analysis;

import io.statlens.model.UserException;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MetricRefTest {
    private final Map<String, List<String>> run = new LinkedHashMap<>();

    {
        run.put("sysbench", List.of("tps", "lat (ms,95%)", "err/s"));
        run.put("iostat", List.of("%util", "rkB/s", "cpu.x"));
        run.put("iostat.cpu", List.of("%iowait", "%user"));
        run.put("sar.cpu", List.of("%iowait"));
    }

    @Test
    void theDataSetIsTheLongestKnownPrefix() {
        assertEquals(new MetricRef("sysbench", "tps"), MetricRef.parse("sysbench.tps", run));
        assertEquals(new MetricRef("iostat", "%util"), MetricRef.parse("iostat.%util", run));
        assertEquals(new MetricRef("iostat.cpu", "%iowait"), MetricRef.parse("iostat.cpu.%iowait", run));
        assertEquals(new MetricRef("sar.cpu", "%iowait"), MetricRef.parse("sar.cpu.%iowait", run));
    }

    @Test
    void labelsKeepTheirDotsSpacesAndPercentSigns() {
        assertEquals(new MetricRef("sysbench", "lat (ms,95%)"), MetricRef.parse("sysbench.lat (ms,95%)", run));
        // "iostat.cpu" is a data set, yet iostat's own metric "cpu.x" is what this names
        assertEquals(new MetricRef("iostat", "cpu.x"), MetricRef.parse("iostat.cpu.x", run));
    }

    @Test
    void dataSetNamesIgnoreCaseButLabelsDoNot() {
        assertEquals(new MetricRef("sysbench", "tps"), MetricRef.parse("SysBench.tps", run));
        UserException e = assertThrows(UserException.class, () -> MetricRef.parse("sysbench.TPS", run));
        assertEquals("'sysbench.TPS': data set 'sysbench' has no metric 'TPS'; it has: tps, lat (ms,95%), err/s", e.getMessage());
    }

    @Test
    void anUnknownDataSetNamesTheRunsDataSets() {
        UserException e = assertThrows(UserException.class, () -> MetricRef.parse("vmstat.wa", run));
        assertEquals("'vmstat.wa': expected <dataset>.<metric> with a data set of the run"
                + " (sysbench, iostat, iostat.cpu, sar.cpu), e.g. sysbench.tps", e.getMessage());
        assertThrows(UserException.class, () -> MetricRef.parse("sysbench", run), "a data set alone is no metric");
        assertThrows(UserException.class, () -> MetricRef.parse("sysbench.", run));
    }

    @Test
    void theLongestDataSetExplainsAMissingMetric() {
        UserException e = assertThrows(UserException.class, () -> MetricRef.parse("iostat.cpu.%steal", run));
        assertEquals("'iostat.cpu.%steal': data set 'iostat.cpu' has no metric '%steal'; it has: %iowait, %user", e.getMessage());
    }

    @Test
    void aSelectionIsAWholeDataSetOrOneMetric() {
        MetricRef whole = MetricRef.parseSelection("iostat", run);
        assertTrue(whole.wholeDataset());
        assertTrue(whole.matches("iostat", "%util"));
        assertFalse(whole.matches("iostat.cpu", "%user"));
        MetricRef one = MetricRef.parseSelection("iostat.cpu.%user", run);
        assertTrue(one.matches("iostat.cpu", "%user"));
        assertFalse(one.matches("iostat.cpu", "%iowait"));
        assertEquals("iostat.cpu.%user", one.toString());
        assertEquals("iostat", whole.toString());
    }
}
