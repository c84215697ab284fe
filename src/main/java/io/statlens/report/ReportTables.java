package io.statlens.report;

import io.statlens.analysis.MetricStats;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunComparer;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.store.read.Annotation;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.SeriesStats;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** The tables of a report, with numbers ({@link ReadableNumbers}) and times for people: one place, so HTML and PDF agree. */
public final class ReportTables {
    private final ZoneId zone;
    private final ReadableNumbers numbers;

    public ReportTables(ZoneId zone, ReadableNumbers numbers) {
        this.zone = zone;
        this.numbers = numbers;
    }

    public Table runs(List<ReportModel.RunPart> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (ReportModel.RunPart r : runs) {
            RunCatalog.RunInfo i = r.info();
            rows.add(List.of(i.name(), nullToEmpty(i.host()), time(i.start()), String.join(", ", i.tags()),
                    numbers.integer(i.files()), numbers.integer(i.rows())));
        }
        return new Table("Runs", List.of("Run", "Host", "Start", "Tags", "Files", "Rows"),
                List.of(false, false, false, false, true, true), rows, "");
    }

    public Table facts(ReportModel.RunPart run) {
        List<List<String>> rows = new ArrayList<>();
        for (Fact f : run.facts()) rows.add(List.of(f.name(), f.value()));
        return new Table("Facts of run " + run.info().name(), List.of("Fact", "Value"), List.of(false, false), rows,
                rows.isEmpty() ? "no facts recorded" : "");
    }

    public Table stats(ReportModel.StatsTable t) {
        List<List<String>> rows = new ArrayList<>();
        boolean keyed = t.rows().stream().anyMatch(s -> !s.key().isEmpty());
        for (MetricStats m : t.rows()) {
            SeriesStats s = m.stats();
            List<String> row = new ArrayList<>();
            row.add(m.label());
            if (keyed) row.add(m.key());
            row.add(m.unit());
            row.add(numbers.integer(s.n()));
            for (double v : new double[]{s.mean(), s.stddev(), s.min(), s.p50(), s.p95(), s.p99(), s.max()}) {
                row.add(numbers.number(v, m.unit()));
            }
            rows.add(row);
        }
        List<String> headers = new ArrayList<>(List.of("Metric"));
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        if (keyed) {
            headers.add(t.rows().isEmpty() ? "Key" : t.rows().get(0).keyLabel());
            numeric.add(false);
        }
        headers.addAll(List.of("Unit", "n", "mean", "stddev", "min", "p50", "p95", "p99", "max"));
        numeric.addAll(List.of(false, true, true, true, true, true, true, true, true));
        return new Table("Statistics of " + t.dataset() + ", run " + t.run(), headers, numeric, rows,
                join(t.note(), omitted(t.omitted(), "statlens stats " + t.run() + " --tool " + t.dataset())));
    }

    public Table summary(ReportModel.RunSummary s) {
        List<List<String>> rows = new ArrayList<>();
        for (SummaryValue v : s.values()) rows.add(List.of(v.dataset(), v.name(), v.key(), numbers.number(v.value(), v.unit()), v.unit()));
        return new Table("Summary values of run " + s.run(), List.of("Data set", "Name", "Key", "Value", "Unit"),
                List.of(false, false, false, true, false), rows, omitted(s.omitted(), "statlens show " + s.run()));
    }

    public Table comparison(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        for (RunComparer.Comparison c : model.comparison()) {
            String verdict = c.verdict().significant() ? "yes" : c.verdict().tested() ? "no" : "untested";
            rows.add(List.of(c.run(), c.dataset(), c.metric(), c.key(), c.unit(), numbers.number(c.base().mean(), c.unit()),
                    numbers.number(c.other().mean(), c.unit()), numbers.signed(c.change(), c.unit()),
                    numbers.percentChange(c.changePct()), verdict, numbers.pValue(c.verdict().pValue())));
        }
        String base = model.runs().get(0).info().name();
        return new Table("Against the base run " + base, List.of("Run", "Data set", "Metric", "Key", "Unit", "Base mean", "Mean",
                "Change", "Change %", "Significant", "p"),
                List.of(false, false, false, false, false, true, true, true, true, false, true), rows,
                join(rows.isEmpty() ? (model.comparisonNote().isEmpty() ? "nothing to compare" : model.comparisonNote()) : "",
                        omitted(model.comparisonOmitted(), "statlens compare " + String.join(" ", model.runNames()))));
    }

    public Table annotations(List<ReportModel.RunPart> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (ReportModel.RunPart r : runs) {
            for (Annotation a : r.annotations()) rows.add(List.of(r.info().name(), time(a.time()), a.text(), a.source()));
        }
        return new Table("Annotations", List.of("Run", "Time", "Text", "Source"), List.of(false, false, false, false), rows, "");
    }

    /** ISO-8601 in the report's zone, to the second: {@code 2024-03-01T10:00:00Z}. */
    public String time(Instant t) {
        if (t == null) return "";
        return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(t.truncatedTo(ChronoUnit.SECONDS).atZone(zone).toOffsetDateTime());
    }

    private static String omitted(int n, String command) {
        return n == 0 ? "" : n + " more row" + (n == 1 ? "" : "s") + ": " + command;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "; " + b;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
