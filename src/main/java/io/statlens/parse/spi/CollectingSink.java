package io.statlens.parse.spi;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.ParseWarning;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A sink that keeps everything in memory: for tests, and for previews of small files. Rows are kept
 * per qualified data set name, with the spec they were produced under. Derived times the parser left to place
 * ({@link DerivedTimes}) are placed as for a file on its own, the last sample at the fallback's time, when
 * the records are first read.
 */
public final class CollectingSink implements RecordSink {

    /** A row together with the spec that gives its values their labels. */
    public record SpecRow(DatasetSpec spec, Row row) {
        /** Value of the metric with this label, NaN if the spec has no such metric. */
        public double get(String label) {
            int i = spec.indexOf(label);
            return i < 0 ? Double.NaN : row.values()[i];
        }
    }

    private final Map<String, DatasetSpec> datasets = new LinkedHashMap<>();
    private final Map<String, List<SpecRow>> rows = new LinkedHashMap<>();
    private final List<SummaryValue> summaries = new ArrayList<>();
    private final List<Fact> facts = new ArrayList<>();
    private final List<ParseWarning> warnings = new ArrayList<>();
    private final List<ParseWarning> notices = new ArrayList<>();
    private String variant = "";
    private DerivedTimes derived;
    private boolean placed;

    @Override
    public void dataset(DatasetSpec spec) {
        datasets.put(spec.qualifiedName(), spec);
        rows.computeIfAbsent(spec.qualifiedName(), k -> new ArrayList<>());
    }

    @Override
    public void row(DatasetSpec spec, Row row) {
        if (row.values().length != spec.metrics().size()) {
            throw new IllegalArgumentException("row has " + row.values().length + " values, spec " + spec.qualifiedName()
                    + " has " + spec.metrics().size() + " metrics");
        }
        rows.computeIfAbsent(spec.qualifiedName(), k -> new ArrayList<>()).add(new SpecRow(spec, row));
    }

    @Override
    public void summary(SummaryValue value) {
        summaries.add(value);
    }

    @Override
    public void fact(Fact fact) {
        facts.add(fact);
    }

    @Override
    public void warning(long line, String message) {
        warnings.add(new ParseWarning(line, message));
    }

    @Override
    public void notice(long line, String message) {
        notices.add(new ParseWarning(line, message));
    }

    @Override
    public void variant(String variant) {
        this.variant = variant;
    }

    @Override
    public void derivedTimes(DerivedTimes times) {
        derived = times;
        placed = false;
    }

    /** Shifts provisional derived times to where they belong, once, and says so as the import would. */
    private void place() {
        if (derived == null || placed) return;
        placed = true;
        Instant first = null;
        Instant last = null;
        for (List<SpecRow> list : rows.values()) {
            for (SpecRow r : list) {
                if (last == null || r.row().time().isAfter(last)) last = r.row().time();
                if (first == null || r.row().time().isBefore(first)) first = r.row().time();
            }
        }
        if (last == null) return;
        DerivedTimes.Placement placement = derived.lastAtFallback(first, last);
        for (List<SpecRow> list : rows.values()) {
            list.replaceAll(r -> new SpecRow(r.spec(), new Row(r.row().sample(), r.row().time().plus(placement.shift()),
                    r.row().key(), r.row().sinceBoot(), r.row().values())));
        }
        facts.add(placement.timeSource());
        notices.add(new ParseWarning(0, placement.notice()));
    }

    /** Latest spec announced for a qualified data set name ({@code iostat.cpu}). */
    public DatasetSpec spec(String qualifiedName) {
        DatasetSpec spec = datasets.get(qualifiedName);
        if (spec == null) throw new IllegalArgumentException("no data set " + qualifiedName + "; have " + datasets.keySet());
        return spec;
    }

    public Map<String, DatasetSpec> datasets() {
        return datasets;
    }

    public List<SpecRow> rows(String qualifiedName) {
        place();
        return rows.getOrDefault(qualifiedName, List.of());
    }

    /** Rows of a data set with this key, in file order. */
    public List<SpecRow> rows(String qualifiedName, String key) {
        return rows(qualifiedName).stream().filter(r -> r.row().key().equals(key)).toList();
    }

    public List<SummaryValue> summaries() {
        return summaries;
    }

    /** The summary value with this name (and empty key), if present. */
    public Optional<Double> summary(String name) {
        return summaries.stream().filter(s -> s.name().equals(name) && s.key().isEmpty()).map(SummaryValue::value).findFirst();
    }

    public List<Fact> facts() {
        place();
        return facts;
    }

    public Optional<String> fact(String name) {
        place();
        return facts.stream().filter(f -> f.name().equals(name)).map(Fact::value).reduce((a, b) -> b);
    }

    public List<ParseWarning> warnings() {
        return warnings;
    }

    /** Notices about well-formed content (see {@link RecordSink#notice}). */
    public List<ParseWarning> notices() {
        place();
        return notices;
    }

    public String variant() {
        return variant;
    }
}
