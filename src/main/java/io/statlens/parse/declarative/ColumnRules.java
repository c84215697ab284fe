package io.statlens.parse.declarative;

import io.statlens.model.Metric;

import java.util.Map;
import java.util.Set;

/**
 * How columns become metrics: units ({@code unit.<label>}, {@code unit.default}), descriptions
 * ({@code description.<label>}), K/M/G suffixes ({@code value.suffixes[.<label>]}), durations
 * ({@code unit.<label> = duration h:m:s}) and placeholders ({@code missing}).
 *
 * <p>A label that starts or ends with {@code %} has the unit {@code %} unless a unit is given.
 */
public record ColumnRules(String defaultUnit, Map<String, String> units, Map<String, String> descriptions,
                          int defaultSuffixBase, Map<String, Integer> suffixBases,
                          Map<String, DurationFormat> durations, Set<String> missing) {
    /** The unit of duration columns: their values are read as seconds. */
    public static final String DURATION_UNIT = "s";

    public ColumnRules {
        units = Map.copyOf(units);
        descriptions = Map.copyOf(descriptions);
        suffixBases = Map.copyOf(suffixBases);
        durations = Map.copyOf(durations);
        missing = Set.copyOf(missing);
    }

    public Metric metric(String label) {
        return new Metric(label, unit(label), descriptions.getOrDefault(label, ""));
    }

    public String unit(String label) {
        if (durations.containsKey(label)) return DURATION_UNIT;
        String unit = units.get(label);
        if (unit != null) return unit;
        if (label.startsWith("%") || label.endsWith("%")) return "%";
        return defaultUnit;
    }

    public CellReader reader(String label) {
        return new CellReader(missing, suffixBases.getOrDefault(label, defaultSuffixBase), durations.get(label));
    }
}
