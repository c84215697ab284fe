package io.statlens.parse.text;

import io.statlens.model.Metric;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Column labels as a data set can hold them: each one present and distinct. A damaged header (a byte
 * turned into a control character, a header retyped with tabs that shifts the group titles) can yield
 * a blank label or the same label twice; such a column is named by its position instead of failing the file.
 */
public final class Labels {
    private Labels() {
    }

    /**
     * The labels with every blank one named {@code column N} and every repeat of an earlier one suffixed
     * {@code (N)}, N being the 1-based column; labels that were fine already are returned unchanged.
     */
    public static List<String> distinct(List<String> labels) {
        Set<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>(labels.size());
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            if (label == null || label.isBlank()) label = "column " + (i + 1);
            String candidate = label;
            if (!seen.add(candidate)) {
                candidate = label + " (" + (i + 1) + ")";
                for (int n = 2; !seen.add(candidate); n++) candidate = label + " (" + (i + 1) + "." + n + ")";
            }
            out.add(candidate);
        }
        return out;
    }

    /** The metrics with their labels made {@link #distinct}, units and descriptions kept. */
    public static List<Metric> distinctMetrics(List<Metric> metrics) {
        List<String> labels = distinct(metrics.stream().map(Metric::label).toList());
        List<Metric> out = new ArrayList<>(metrics.size());
        for (int i = 0; i < metrics.size(); i++) {
            Metric m = metrics.get(i);
            out.add(m.label().equals(labels.get(i)) ? m : new Metric(labels.get(i), m.unit(), m.description()));
        }
        return out;
    }
}
