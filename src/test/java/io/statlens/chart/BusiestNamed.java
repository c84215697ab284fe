package io.statlens.chart;

import io.statlens.analysis.Finding;
import io.statlens.analysis.FindingsAnalyzer;
import io.statlens.store.schema.Repository;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the findings and a preset chart of one run name as its busiest keys, for tests that hold the two together. */
public final class BusiestNamed {
    private BusiestNamed() {
    }

    /** The run's "hottest" finding about a data set. */
    public static Finding hottest(Repository repo, String run, String dataset) {
        return new FindingsAnalyzer(repo).analyze(List.of(run)).runs().get(0).findings().stream()
                .filter(f -> f.kind() == Finding.Kind.HOTTEST && f.dataset().equals(dataset)).findFirst().orElseThrow();
    }

    /** The keys a finding's text names, in its order: the first group of each match of {@code key}. */
    public static List<String> keysIn(Finding finding, String key) {
        List<String> named = new ArrayList<>();
        Matcher m = Pattern.compile(key).matcher(finding.text().toString());
        while (m.find()) named.add(m.group(1));
        return named;
    }

    /** A built-in preset drawn for the run. */
    public static ChartData chart(Repository repo, String preset, String run) {
        ChartDefinition def = PresetCatalog.builtIn().stream().filter(d -> d.name().equals(preset)).findFirst().orElseThrow();
        return new ChartService(repo, ZoneOffset.UTC).draw(ChartRequest.of(def, List.of(run))).charts().get(0).data();
    }

    /** The chart's lines by name, in legend order. */
    public static List<String> legend(ChartData chart) {
        return chart.series().stream().map(ChartData.PlotSeries::name).toList();
    }
}
