package io.statlens.analysis;

import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.store.read.RunCatalog;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one run holds, as averaging and comparison see it: its data sets and summary values without
 * the spread companions of an averaged run (those describe the data; they are not data).
 *
 * @param datasets data sets by qualified name, in import order, companions left out
 * @param summary  summary values, companions left out
 * @param all      every summary value, companions included (to look up a value's stddev)
 */
record RunContents(String name, String host, Instant start, boolean averaged, List<Fact> facts,
                   Map<String, RunCatalog.DatasetInfo> datasets, List<SummaryValue> summary, List<SummaryValue> all) {

    static RunContents of(RunCatalog.RunDetails d) {
        boolean averaged = AveragedRuns.isAverage(d.facts());
        Set<String> names = new java.util.HashSet<>();
        d.datasets().forEach(s -> names.add(s.qualifiedName()));
        Map<String, RunCatalog.DatasetInfo> datasets = new LinkedHashMap<>();
        for (RunCatalog.DatasetInfo s : d.datasets()) {
            if (!AveragedRuns.isCompanionDataset(s.qualifiedName(), names, averaged)) datasets.putIfAbsent(s.qualifiedName(), s);
        }
        // Within a run the last value of a name wins (sysbench's checkpoint reports are followed by the final ones).
        Map<List<String>, SummaryValue> last = new LinkedHashMap<>();
        for (SummaryValue v : d.summary()) {
            if (!AveragedRuns.isCompanionSummary(v, d.summary(), averaged)) last.put(List.of(v.dataset(), v.key(), v.name()), v);
        }
        return new RunContents(d.run().name(), d.run().host(), d.run().start(), averaged, d.facts(), datasets,
                List.copyOf(last.values()), d.summary());
    }

    /** The standard deviation across runs of a summary value, when this run is an average; else NaN. */
    double stddevOf(SummaryValue v) {
        return averaged ? AveragedRuns.stddevOf(v, all) : Double.NaN;
    }
}
