package io.statlens.parse.spi;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.ParseWarning;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A sink that keeps everything in memory: for tests, and for previews of small files. Rows are kept
 * per qualified data set name, with the spec they were produced under.
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
        return facts;
    }

    public Optional<String> fact(String name) {
        return facts.stream().filter(f -> f.name().equals(name)).map(Fact::value).reduce((a, b) -> b);
    }

    public List<ParseWarning> warnings() {
        return warnings;
    }

    /** Notices about well-formed content (see {@link RecordSink#notice}). */
    public List<ParseWarning> notices() {
        return notices;
    }

    public String variant() {
        return variant;
    }
}
