package io.statlens.report;

import io.statlens.analysis.Finding;
import io.statlens.analysis.MetricStats;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunComparer;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.store.saved.Annotation;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.stats.SeriesStats;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The tables of a report, with numbers ({@link ReadableNumbers}) and times for people: one place, so HTML and PDF agree. */
public final class ReportTables {
    /** Where the rows behind a body table's "N more" are, as its note says. */
    public static final String APPENDIX = "the appendix";
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
        long derived = run.facts().stream()
                .filter(f -> f.name().equals("time.source") && f.value().startsWith(RunCatalog.DERIVED)).count();
        long dates = run.facts().stream()
                .filter(f -> f.name().equals("time.source") && RunCatalog.derivesDate(f.value())).count();
        List<String> notes = new ArrayList<>();
        if (derived > 0) notes.add("Times derived: " + derived + " file(s) of this run print no time stamps; statlens placed their"
                + " samples as their time.source says (give --start on import to place them yourself).");
        if (dates > 0) notes.add("Dates derived: " + dates + " file(s) of this run print times of day without a date; statlens"
                + " chose the date their time.source names (give --start on import to set it).");
        String note = rows.isEmpty() ? "no facts recorded" : String.join(" ", notes);
        return new Table("Facts of run " + run.info().name(), List.of("Fact", "Value"), List.of(false, false), rows, note);
    }

    /**
     * A data set's statistics, a row per metric (and key).
     *
     * @param where where the rows behind "N more" are, for the PDF's note ({@code the appendix}); empty when there is
     *              no other place
     */
    public Table stats(ReportModel.StatsTable t, String where) {
        boolean keyed = Stream.concat(t.rows().stream(), t.more().stream()).anyMatch(s -> !s.key().isEmpty());
        List<List<String>> rows = t.rows().stream().map(m -> statsRow(m, keyed)).toList();
        List<List<String>> more = t.more().stream().map(m -> statsRow(m, keyed)).toList();
        List<String> headers = new ArrayList<>(List.of("Metric"));
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        if (keyed) {
            List<MetricStats> any = t.rows().isEmpty() ? t.more() : t.rows();
            headers.add(any.isEmpty() ? "Key" : any.get(0).keyLabel());
            numeric.add(false);
        }
        headers.addAll(List.of("Unit", "n", "mean", "stddev", "min", "p50", "p95", "p99", "max"));
        numeric.addAll(List.of(false, true, true, true, true, true, true, true, true));
        // stats prints every host's rows in one table, a host column naming each row's: the command stays runnable as printed
        String command = "statlens stats " + shellWord(t.run()) + " --tool " + shellWord(t.dataset());
        return new Table("Statistics of " + t.shown() + ", run " + t.run(), headers, numeric, rows, more,
                more(more.size(), "row"), where,
                join(t.note(), t.host().isEmpty() ? omitted(t.omitted(), command)
                        : omitted(t.omitted(), "of host " + t.host() + " (its host column)", command)));
    }

    private List<String> statsRow(MetricStats m, boolean keyed) {
        SeriesStats s = m.stats();
        List<String> row = new ArrayList<>();
        row.add(m.label());
        if (keyed) row.add(m.key());
        row.add(m.unit());
        row.add(numbers.integer(s.n()));
        for (double v : new double[]{s.mean(), s.stddev(), s.min(), s.p50(), s.p95(), s.p99(), s.max()}) {
            row.add(numbers.number(v, m.unit()));
        }
        return row;
    }

    /** The busiest keys of a data set side by side: {@code Busiest Devices of iostat, run db01 (by mean %util)}. */
    public Table keys(ReportModel.KeyTable t, String where) {
        List<String> headers = new ArrayList<>(List.of(t.keyLabel()));
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        for (ReportModel.KeyColumn c : t.columns()) {
            // A rate's label says its unit (r/s, rkB/s); a percentage's and a time's do not.
            boolean unitInLabel = c.heading().contains("/s") || c.unit().isEmpty() || c.unit().equals("count") || c.unit().equals("1/s");
            headers.add(c.heading() + (unitInLabel ? "" : " (" + unitText(c.unit()) + ")"));
            numeric.add(true);
        }
        List<List<String>> rows = t.rows().stream().map(r -> keyRow(r, t.columns())).toList();
        List<List<String>> more = t.more().stream().map(r -> keyRow(r, t.columns())).toList();
        String plural = lowerCaseWord(t.keyLabel().endsWith("s") ? t.keyLabel() : t.keyLabel() + "s");
        return new Table("Busiest " + plural + " of " + t.dataset() + ", run " + t.run() + " (by " + t.rankedBy() + ")",
                headers, numeric, rows, more, more(more.size(), t.keyLabel()), where, t.note());
    }

    /** A key label inside a sentence: "Devices" as "devices", while an acronym ("CPUs") keeps its capitals. */
    static String lowerCaseWord(String label) {
        return label.length() > 1 && Character.isUpperCase(label.charAt(0)) && Character.isLowerCase(label.charAt(1))
                ? Character.toLowerCase(label.charAt(0)) + label.substring(1) : label;
    }

    private List<String> keyRow(ReportModel.KeyRow r, List<ReportModel.KeyColumn> columns) {
        List<String> row = new ArrayList<>(List.of(r.key()));
        for (int i = 0; i < columns.size(); i++) row.add(numbers.number(r.values().get(i), columns.get(i).unit()));
        return row;
    }

    public Table summary(ReportModel.RunSummary s, String where) {
        List<List<String>> rows = s.values().stream().map(this::summaryRow).toList();
        List<List<String>> more = s.more().stream().map(this::summaryRow).toList();
        return new Table("Summary values of run " + s.run(), List.of("Data set", "Name", "Key", "Value", "Unit"),
                List.of(false, false, false, true, false), rows, more, more(more.size(), "value"), where, "");
    }

    private List<String> summaryRow(SummaryValue v) {
        return List.of(v.dataset(), v.name(), v.key(), numbers.number(v.value(), v.unit()), v.unit());
    }

    /** A finding's sentence, its numbers in this report's locale. */
    public String finding(ReportModel.FindingLine line) {
        return line.finding().text().render(numbers);
    }

    /** The label of a finding's kind, as the report shows it before the sentence: {@code Saturation}. */
    public static String kind(Finding.Kind kind) {
        String id = kind.id();
        return Character.toUpperCase(id.charAt(0)) + id.substring(1);
    }

    /** {@code 12 more Devices}: the rows behind "N more". */
    private static String more(int n, String noun) {
        if (n == 0) return "";
        String nouns = n == 1 ? noun : noun.endsWith("s") ? noun : noun + "s";
        return n + " more " + lowerCaseWord(nouns);
    }

    /** Units as tables show them: rates per second as {@code /s}. */
    private static String unitText(String unit) {
        return unit.equals("1/s") ? "/s" : unit;
    }

    public Table comparison(ReportModel model) {
        List<List<String>> rows = new ArrayList<>();
        for (RunComparer.Comparison c : model.comparison()) {
            String verdict = c.verdict().significant() ? "yes" : c.verdict().tested() ? "no" : "untested";
            // a run of several hosts compares each host with its own: the host leads the key (db01: sda)
            String key = c.host().isEmpty() ? c.key() : c.key().isEmpty() ? c.host() : c.host() + ": " + c.key();
            rows.add(List.of(c.run(), c.dataset(), c.metric(), key, c.unit(), numbers.number(c.base().mean(), c.unit()),
                    numbers.number(c.other().mean(), c.unit()), numbers.signed(c.change(), c.unit()),
                    numbers.percentChange(c.changePct()), verdict, numbers.pValue(c.verdict().pValue())));
        }
        String base = model.runs().get(0).info().name();
        return new Table("Against the base run " + base, List.of("Run", "Data set", "Metric", "Key", "Unit", "Base mean", "Mean",
                "Change", "Change %", "Significant", "p"),
                List.of(false, false, false, false, false, true, true, true, true, false, true), rows,
                join(rows.isEmpty() && model.comparisonNote().isEmpty() ? "nothing to compare" : model.comparisonNote(),
                        omitted(model.comparisonOmitted(), "statlens compare " + String.join(" ", model.runNames().stream().map(ReportTables::shellWord).toList()))));
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

    /** A word of a command as a shell reads it back: quoted when it holds more than letters, digits and {@code _.,:/@%+=-}. */
    static String shellWord(String word) {
        return word.matches("[A-Za-z0-9_.,:/@%+=-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    private static String omitted(int n, String command) {
        return omitted(n, "", command);
    }

    /** @param whose which of the command's rows they are ({@code of host db01}); empty when all */
    private static String omitted(int n, String whose, String command) {
        return n == 0 ? "" : n + " more row" + (n == 1 ? "" : "s") + (whose.isEmpty() ? "" : " " + whose) + ": " + command;
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "; " + b;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
