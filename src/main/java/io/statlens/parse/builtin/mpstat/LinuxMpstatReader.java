package io.statlens.parse.builtin.mpstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.time.ZoneAbbreviations;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Linux (sysstat) mpstat: a banner, then tables whose lines start with the time of day, each
 * table a data set; {@code Average:} blocks become summary values.
 */
final class LinuxMpstatReader implements MpstatReader {
    static final String TOOL = "mpstat";
    /** {@code Average:} in any locale ({@code Durchschnitt:}, {@code Moyenne :}, {@code 平均时间:}). */
    private static final Pattern AVERAGE_LABEL = Pattern.compile("^\\s*\\p{L}[\\p{L} ]{0,30}?\\s?:\\s+");
    /** A zone abbreviation or offset printed after the time ({@code 12:38:33 PM IST  CPU}). */
    private static final Pattern ZONE_TOKEN = Pattern.compile("[A-Z]{2,5}|[+-]\\d{4}");
    private static final Set<String> TOPOLOGY = Set.of("CORE", "SOCK", "NODE");

    private final TimeOptions timeOptions;

    private final FallbackStart fallback;
    private final RecordSink sink;
    private final FirstReport firstReport = new FirstReport();
    private final Map<String, DatasetSpec> announced = new HashMap<>();
    private final Map<String, SampleCounter> samples = new HashMap<>();
    private final Set<String> allZeroCpus = new LinkedHashSet<>();
    private final Set<String> unknownZones = new HashSet<>();

    private LocalDate bannerDate;
    private LocalDate dateLineDate;
    private TimeOfDayClock clock;
    private TableHeader table;
    private LinuxTable tableKind;
    /** True after a header that is not understood: its rows are skipped, the header was warned about. */
    private boolean skippingTable;
    private boolean variantFromUtilisation;
    private boolean anyRow;

    LinuxMpstatReader(ParseContext context, RecordSink sink) {
        this.timeOptions = TimeOptions.in(context);
        this.fallback = FallbackStart.in(context);
        this.sink = sink;
    }

    @Override
    public void line(long number, String text) {
        Optional<SysstatBanner> banner = SysstatBanner.parse(text);
        if (banner.isPresent()) {
            banner(banner.get());
            return;
        }
        Optional<ClockTime.Found> time = ClockTime.leading(text);
        if (time.isPresent()) {
            timed(number, time.get(), Tokens.split(text.substring(time.get().end())));
            return;
        }
        Optional<Instant> date = DateLine.parse(text, timeOptions.zone());
        if (date.isPresent()) {
            // a capture script's date(1) line: it gives the date when the banner is missing
            if (dateLineDate == null) dateLineDate = LocalDate.ofInstant(date.get(), timeOptions.zone());
            return;
        }
        Matcher average = AVERAGE_LABEL.matcher(text);
        if (average.lookingAt() && average(number, Tokens.split(text.substring(average.end())))) return;
        sink.warning(number, "expected an mpstat line (a time of day, 'Average:' or the sysstat banner), found '"
                + text.strip() + "'");
    }

    private void banner(SysstatBanner banner) {
        if (anyRow) {
            // another run in the same file: its report times start from its own banner
            endRun();
            firstReport.reset();
        }
        banner.emitFacts(sink);
        bannerDate = banner.date();
        clock = null;
        table = null;
        skippingTable = false;
    }

    /** {@code all} or a CPU/node number; checked by hand because it runs on every data line. */
    private static boolean isKey(String word) {
        if (word.equals("all")) return true;
        if (word.isEmpty()) return false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c < '0' || c > '9') return false;
        }
        return true;
    }

    private void timed(long number, ClockTime.Found time, String[] words) {
        ZoneId zone = timeOptions.zone();
        String printedZone = null;
        if (words.length >= 2 && !isKey(words[0]) && !isKeyLabel(words[0]) && ZONE_TOKEN.matcher(words[0]).matches()) {
            printedZone = words[0];
            zone = zoneOf(number, printedZone);
            words = Arrays.copyOfRange(words, 1, words.length);
        }
        if (words.length == 0) {
            sink.warning(number, "expected a table header or a data line after the time of day");
        } else if (isHeader(words)) {
            header(number, words);
        } else {
            dataRow(number, time.time(), zone, printedZone, words);
        }
    }

    private static boolean isKeyLabel(String word) {
        return word.equals("CPU") || word.equals("NODE");
    }

    private static boolean isHeader(String[] words) {
        if (!isKeyLabel(words[0]) || words.length < 2) return false;
        for (int i = 1; i < words.length; i++) {
            if (Numbers.isNumber(words[i])) return false;
        }
        return true;
    }

    private ZoneId zoneOf(long number, String printed) {
        Optional<ZoneId> zone = ZoneAbbreviations.lookup(printed);
        if (zone.isPresent()) return zone.get();
        if (unknownZones.add(printed)) {
            sink.warning(number, "unknown time zone '" + printed + "'; times taken in " + timeOptions.zone());
        }
        return timeOptions.zone();
    }

    private void header(long number, String[] words) {
        List<String> columns = List.of(words).subList(1, words.length);
        Optional<LinuxTable> kind = LinuxTable.classify(words[0], columns);
        if (kind.isEmpty() || new HashSet<>(columns).size() != columns.size()) {
            sink.warning(number, "not a known mpstat table (" + words[0] + " " + String.join(" ", columns)
                    + "); its rows are skipped");
            table = null;
            skippingTable = true;
            return;
        }
        List<Metric> metrics = new ArrayList<>(columns.size());
        List<Integer> omissible = new ArrayList<>();
        for (String column : columns) {
            if (kind.get() == LinuxTable.UTILISATION && TOPOLOGY.contains(column)) omissible.add(metrics.size());
            metrics.add(kind.get().metric(column));
        }
        table = new TableHeader(new DatasetSpec(TOOL, kind.get().dataset(), words[0], metrics), number, omissible);
        tableKind = kind.get();
        skippingTable = false;
        recordVariant(columns);
    }

    private void recordVariant(List<String> columns) {
        if (tableKind == LinuxTable.UTILISATION && !variantFromUtilisation) {
            variantFromUtilisation = true;
            if (columns.contains("intr/s")) sink.variant("linux-sysstat-old");
            else if (columns.contains("%guest") && !columns.contains("%gnice")) sink.variant("linux-sysstat-guest");
            else sink.variant("linux-sysstat");
        } else if (!variantFromUtilisation) {
            sink.variant("linux-sysstat");
        }
    }

    private void dataRow(long number, LocalTime time, ZoneId zone, String printedZone, String[] words) {
        if (table == null) {
            if (!skippingTable) sink.warning(number, "data line before any mpstat table header; skipped");
            return;
        }
        String key = words[0];
        if (!isKey(key)) {
            sink.warning(number, "expected 'all' or a number in the " + table.spec().keyLabel() + " column, found '" + key + "'");
            return;
        }
        double[] values = table.values(words, 1, number, sink);
        if (values == null) return;
        if (clock == null) clock = startClock(printedZone);
        Instant instant = clock.resolve(time, zone);
        DatasetSpec spec = table.spec();
        long sample = samples.computeIfAbsent(spec.qualifiedName(), q -> new SampleCounter()).sampleOf(instant, key);
        if (tableKind == LinuxTable.UTILISATION) noteAllZero(number, key, values);
        anyRow = true;
        if (firstReport.holds(instant)) {
            firstReport.hold(spec, sample, instant, key, values);
            return;
        }
        decideIntervalRun();
        emit(spec, new Row(sample, instant, key, false, values));
    }

    private TimeOfDayClock startClock(String printedZone) {
        String zoneText = printedZone != null ? "zone as printed (" + printedZone + ")" : "zone " + timeOptions.zone();
        LocalDate date;
        if (bannerDate != null) {
            date = bannerDate;
            sink.fact("time.source", "banner date " + date + " + printed time of day, " + zoneText);
        } else if (dateLineDate != null) {
            date = dateLineDate;
            sink.fact("time.source", "date(1) line date " + date + " + printed time of day, " + zoneText);
        } else if (timeOptions.start().isPresent()) {
            date = LocalDate.ofInstant(timeOptions.start().get(), timeOptions.zone());
            sink.fact("time.source", "--start date " + date + " + printed time of day, " + zoneText);
        } else {
            date = LocalDate.ofInstant(fallback.time(), timeOptions.zone());
            sink.warning(0, "no sysstat banner with a date; the first report is taken to be on " + date + " ("
                    + fallback.source() + "); give --start to set it");
            sink.fact("time.source", fallback.source() + " date " + date + " + printed time of day, " + zoneText);
        }
        return new TimeOfDayClock(date);
    }

    /** sysstat 8 prints an offline CPU as a row of zeros, 0.00 %idle included; the row stays, with a note. */
    private void noteAllZero(long number, String key, double[] values) {
        for (double v : values) {
            if (v != 0) return;
        }
        if (allZeroCpus.add(key)) {
            sink.notice(number, "CPU " + key + " reports 0 in every column (0.00 %idle): offline or unused CPU; row kept");
        }
    }

    /** @return false if the words after the label are neither a header nor a data line */
    private boolean average(long number, String[] words) {
        if (words.length == 0) return false;
        if (isHeader(words)) {
            decideIntervalRun();
            header(number, words);
            return true;
        }
        if (!isKey(words[0])) return false;
        decideIntervalRun();
        if (table == null) {
            if (!skippingTable) sink.warning(number, "'Average:' line before any mpstat table header; skipped");
            return true;
        }
        double[] values = table.values(words, 1, number, sink);
        if (values == null) return true;
        DatasetSpec spec = table.spec();
        for (int i = 0; i < values.length; i++) {
            if (Double.isNaN(values[i])) continue;
            Metric m = spec.metrics().get(i);
            sink.summary(new SummaryValue(spec.qualifiedName(), words[0], m.label(), values[i], m.unit()));
        }
        return true;
    }

    /** A second report time or an {@code Average:} block (printed only after interval reports): not since boot. */
    private void decideIntervalRun() {
        if (firstReport.undecided()) firstReport.release(false, this::emit);
    }

    private void emit(DatasetSpec spec, Row row) {
        if (!spec.equals(announced.get(spec.qualifiedName()))) {
            sink.dataset(spec);
            announced.put(spec.qualifiedName(), spec);
        }
        sink.row(spec, row);
    }

    /** A run ends with a single report and no Average: it was mpstat without an interval, since boot. */
    private void endRun() {
        if (firstReport.undecided()) firstReport.release(true, this::emit);
    }

    @Override
    public void finish(long lastLine) {
        endRun();
        if (!anyRow) sink.warning(0, "no mpstat data lines found");
        if (!allZeroCpus.isEmpty()) sink.fact("cpus.all_zero", String.join(",", allZeroCpus));
    }
}
