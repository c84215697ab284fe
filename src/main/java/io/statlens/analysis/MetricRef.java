package io.statlens.analysis;

import io.statlens.model.UserException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A metric of a run named as {@code <dataset>.<label>}: {@code sysbench.tps}, {@code iostat.%util},
 * {@code iostat.cpu.%iowait}, {@code sysbench.lat (ms,95%)}. Labels are kept as the tool printed them, so they may
 * hold dots, spaces and percent signs; the data set is therefore found as the longest data set name of the run that
 * prefixes the text, preferring one that has the label (a data set {@code iostat} with a metric {@code cpu.x} next
 * to a data set {@code iostat.cpu} stays reachable).
 *
 * @param dataset qualified data set as {@code statlens show} lists it
 * @param label   the metric's label; empty in a selection that means every metric of the data set
 */
public record MetricRef(String dataset, String label) {

    public boolean wholeDataset() {
        return label.isEmpty();
    }

    /** Whether a series of this data set and label is selected. */
    public boolean matches(String seriesDataset, String seriesLabel) {
        return dataset.equals(seriesDataset) && (wholeDataset() || label.equals(seriesLabel));
    }

    @Override
    public String toString() {
        return wholeDataset() ? dataset : dataset + "." + label;
    }

    /**
     * Parses a metric name.
     *
     * @param text             {@code dataset.label}
     * @param labelsByDataset  the run's data sets and their metric labels
     */
    public static MetricRef parse(String text, Map<String, List<String>> labelsByDataset) {
        List<String> prefixes = prefixes(text, labelsByDataset);
        if (prefixes.isEmpty()) {
            throw new UserException("'" + text + "': expected <dataset>.<metric> with a data set of the run ("
                    + String.join(", ", labelsByDataset.keySet()) + "), e.g. " + example(labelsByDataset));
        }
        for (String dataset : prefixes) {
            String label = text.substring(dataset.length() + 1);
            if (labelsByDataset.get(dataset).contains(label)) return new MetricRef(dataset, label);
        }
        String dataset = prefixes.get(0);
        String label = text.substring(dataset.length() + 1);
        throw new UserException("'" + text + "': data set '" + dataset + "' has no metric '" + label + "'; it has: "
                + String.join(", ", labelsByDataset.get(dataset)));
    }

    /** Parses a selection: a whole data set ({@code iostat}) or one metric of it ({@code iostat.%util}). */
    public static MetricRef parseSelection(String text, Map<String, List<String>> labelsByDataset) {
        Optional<String> whole = labelsByDataset.keySet().stream().filter(d -> d.equalsIgnoreCase(text)).findFirst();
        return whole.map(d -> new MetricRef(d, "")).orElseGet(() -> parse(text, labelsByDataset));
    }

    /** Data sets whose name, then a dot, starts the text (names compared without case), longest first. */
    private static List<String> prefixes(String text, Map<String, List<String>> labelsByDataset) {
        List<String> out = new ArrayList<>();
        for (String dataset : labelsByDataset.keySet()) {
            if (text.length() > dataset.length() + 1 && text.regionMatches(true, 0, dataset + ".", 0, dataset.length() + 1)) {
                out.add(dataset);
            }
        }
        out.sort(Comparator.comparingInt(String::length).reversed());
        return out;
    }

    private static String example(Map<String, List<String>> labelsByDataset) {
        return labelsByDataset.entrySet().stream().filter(e -> !e.getValue().isEmpty()).findFirst()
                .map(e -> e.getKey() + "." + e.getValue().get(0)).orElse("sysbench.tps");
    }
}
