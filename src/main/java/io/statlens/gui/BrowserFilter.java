package io.statlens.gui;

import io.statlens.gui.BrowserNode.DatasetNode;
import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.gui.BrowserNode.RunNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The browser's text filter. A run whose name, host or a tag matches is shown whole; otherwise only
 * its data sets and metrics that match are, so that typing "%util" finds that metric in every run.
 */
public final class BrowserFilter {
    private BrowserFilter() {
    }

    public static List<RunNode> apply(List<RunNode> runs, String text) {
        String needle = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (needle.isEmpty()) return runs;
        List<RunNode> out = new ArrayList<>();
        for (RunNode run : runs) {
            if (matches(run.run(), needle) || matches(run.host(), needle) || run.tags().stream().anyMatch(t -> matches(t, needle))) {
                out.add(run);
                continue;
            }
            List<DatasetNode> datasets = new ArrayList<>();
            for (DatasetNode d : run.datasets()) {
                if (matches(d.dataset(), needle)) {
                    datasets.add(d);
                    continue;
                }
                List<MetricNode> metrics = d.metrics().stream().filter(m -> matches(m.metric(), needle)).toList();
                if (!metrics.isEmpty()) datasets.add(new DatasetNode(d.run(), d.dataset(), d.keyLabel(), d.rows(), metrics));
            }
            if (!datasets.isEmpty()) out.add(new RunNode(run.run(), run.host(), run.start(), run.tags(), datasets));
        }
        return out;
    }

    private static boolean matches(String value, String needle) {
        return value != null && value.toLowerCase(Locale.ROOT).contains(needle);
    }
}
