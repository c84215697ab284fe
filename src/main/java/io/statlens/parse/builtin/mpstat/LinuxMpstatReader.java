package io.statlens.parse.builtin.mpstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.AnnouncedDatasets;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.EpochSeconds;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.SysstatAverage;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.text.SysstatDay;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateLine;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Duration;
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
import java.util.regex.Pattern;

/**
 * Linux (sysstat) mpstat: a banner, then tables whose lines start with the time of day, each
 * table a data set; {@code Average:} blocks become summary values.
 */
final class LinuxMpstatReader implements MpstatReader {
    static final String TOOL = "mpstat";
    /** A zone abbreviation or offset printed after the time ({@code 12:38:33 PM IST  CPU}). */
    private static final Pattern ZONE_TOKEN = Pattern.compile("[A-Z]{2,5}|[+-]\\d{4}");
    private static final Set<String> TOPOLOGY = Set.of("CORE", "SOCK", "NODE");

    private final TimeOptions timeOptions;
    private final Timeline timeline;
    private final Transcript lines;
    private final RecordSink sink;
    private final FirstReport firstReport = new FirstReport();
    /**
     * The time of day of the table header read last, when printed with seconds: mpstat prints the previous sample's
     * time there, the rows' own time only in the since-boot report ({@code mp_tstamp[1] = mp_tstamp[0]}).
     */
    private LocalTime headerTime;
    /** The same with {@code -U}: the epoch seconds of the table header read last. */
    private Instant headerEpoch;
    private boolean epochSaid;
    private final AnnouncedDatasets announced = new AnnouncedDatasets();
    private final Map<String, SampleCounter> samples = new HashMap<>();
    private final Set<String> allZeroCpus = new LinkedHashSet<>();
    private final Set<String> unknownZones = new HashSet<>();

    private LocalDate bannerDate;
    private LocalDate dateLineDate;
    private DayClock clock;
    private TableHeader table;
    private LinuxTable tableKind;
    /** True after a header that is not understood: its rows are skipped, the header was warned about. */
    private boolean skippingTable;
    private boolean variantFromUtilisation;
    private boolean anyRow;
    /** Whether the notice about a clock without seconds was given (once per file). */
    private boolean minuteClockTold;
    /** What the file shows of its locale: the order of slashed dates, the zone an ambiguous abbreviation means. */
    private final SysstatLocale locale;

    LinuxMpstatReader(ParseContext context, RecordSink sink, Transcript lines, SysstatLocale locale) {
        this.timeOptions = TimeOptions.in(context);
        this.locale = locale;
        this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
        this.lines = lines;
        this.sink = sink;
        locale.clockOn(timeline, sink);
    }

    @Override
    public void line(TranscriptLine line) {
        String text = line.text();
        long number = line.number();
        Optional<SysstatBanner> banner = SysstatBanner.parse(text, locale.order());
        if (banner.isPresent()) {
            locale.tell(sink);
            banner(banner.get(), number);
            return;
        }
        Optional<ClockTime.Found> time = ClockTime.leading(text);
        if (time.isPresent()) {
            String[] words = Tokens.split(text.substring(time.get().end()));
            if (table != null && needsRepair(words)) {
                String mended = repaired(line);
                if (!mended.equals(text)) {
                    time = ClockTime.leading(mended);
                    words = Tokens.split(mended.substring(time.orElseThrow().end()));
                }
            }
            timed(number, time.get(), words);
            return;
        }
        Optional<EpochSeconds.Found> epoch = EpochSeconds.leading(text);
        if (epoch.isPresent()) {
            String[] words = Tokens.split(text.substring(epoch.get().end()));
            if (table != null && needsRepair(words)) {
                String mended = repaired(line);
                Optional<EpochSeconds.Found> again = EpochSeconds.leading(mended);
                if (!mended.equals(text) && again.isPresent()) words = Tokens.split(mended.substring(again.get().end()));
            }
            epochTimed(number, epoch.get().instant(), words);
            return;
        }
        Optional<Instant> date = DateLine.parse(text, timeOptions.zone());
        if (date.isPresent()) {
            // a capture script's date(1) line: it gives the date when the banner is missing
            if (dateLineDate == null) dateLineDate = LocalDate.ofInstant(date.get(), timeOptions.zone());
            return;
        }
        int average = SysstatAverage.end(text);
        if (average >= 0) {
            String[] words = Tokens.split(text.substring(average));
            if (table != null && needsRepair(words)) {
                String mended = repaired(line);
                int end = SysstatAverage.end(mended);
                if (!mended.equals(text) && end >= 0) words = Tokens.split(mended.substring(end));
            }
            if (average(number, words)) return;
        }
        sink.warning(number, "expected an mpstat line (a time of day, 'Average:' or the sysstat banner), found '"
                + text.strip() + "'");
    }

    /**
     * A row of the current table (a key, then values) without the header's width. Only the count is checked:
     * it runs for every row, and a wrap or an appended note always changes it.
     */
    private boolean needsRepair(String[] words) {
        if (words.length == 0) return false;
        int at = isKey(words[0]) ? 0 : 1;
        return words.length > at && isKey(words[at]) && !table.fitsWidth(words.length - at - 1);
    }

    /** The line rejoined with what a terminal wrapped onto the next one, or without text appended to it. */
    private String repaired(TranscriptLine line) {
        try {
            // a line that starts with a time or an average label is a row of its own, never a wrapped rest
            return lines.repair(line, this::fitsTable, t -> timeEnd(t) < 0 && SysstatAverage.end(t) < 0);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Whether a text is a data or average row of the current table, as wide as its header. */
    private boolean fitsTable(String text) {
        int start = timeEnd(text);
        if (start < 0) start = SysstatAverage.end(text);
        if (start < 0) return false;
        String[] words = Tokens.split(text.substring(start));
        int at = words.length > 1 && ZONE_TOKEN.matcher(words[0]).matches() && !isKeyLabel(words[0]) ? 1 : 0;
        return words.length > at && isKey(words[at]) && table.fits(words, at + 1);
    }

    /** Where the time of day or the epoch seconds ({@code -U}) that start a line end; -1 if none does. */
    private static int timeEnd(String text) {
        Optional<ClockTime.Found> time = ClockTime.leading(text);
        if (time.isPresent()) return time.get().end();
        return EpochSeconds.leading(text).map(EpochSeconds.Found::end).orElse(-1);
    }

    private void banner(SysstatBanner banner, long number) {
        if (anyRow) {
            // another run in the same file: its report times start from its own banner
            endRun();
            firstReport.reset();
        }
        banner.emitFacts(sink, number);
        bannerDate = banner.date().orElse(null);
        clock = null;
        table = null;
        headerTime = null;
        headerEpoch = null;
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
        if (!time.seconds() && !minuteClockTold) {
            minuteClockTold = true;
            sink.notice(number, ClockTime.NO_SECONDS);
        }
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
            headerTime = time.seconds() ? time.time() : null;
            headerEpoch = null;
        } else {
            ZoneId rowZone = zone;
            String rowPrintedZone = printedZone;
            dataRow(number, words, () -> {
                if (clock == null) clock = startClock(rowPrintedZone);
                return clock.at(time.time(), rowZone);
            }, headerTime != null && !headerTime.equals(time.time()));
        }
    }

    /**
     * A line of {@code mpstat -U}: the epoch seconds mpstat.c prints ({@code mktime()} of the sample's time) where the
     * time of day would be, in a header (the previous sample's) and in its rows (the current one's).
     */
    private void epochTimed(long number, Instant at, String[] words) {
        if (words.length == 0) {
            sink.warning(number, "expected a table header or a data line after the epoch seconds");
        } else if (isHeader(words)) {
            header(number, words);
            headerEpoch = at;
            headerTime = null;
        } else {
            dataRow(number, words, () -> {
                if (!epochSaid) {
                    epochSaid = true;
                    timeline.source("epoch seconds in the time column (mpstat -U)");
                }
                return at;
            }, headerEpoch != null && !headerEpoch.equals(at));
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
        Optional<ZoneId> zone = locale.zone(printed, number, sink);
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

    /**
     * @param when              the row's instant, asked once the row is known to be one
     * @param otherThanHeader   whether the header printed another time than the row: an interval report, never boot
     */
    private void dataRow(long number, String[] words, java.util.function.Supplier<Instant> when, boolean otherThanHeader) {
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
        Instant instant = when.get();
        DatasetSpec spec = table.spec();
        long sample = samples.computeIfAbsent(spec.qualifiedName(), q -> new SampleCounter()).sampleOf(instant, key);
        if (tableKind == LinuxTable.UTILISATION) noteAllZero(number, key, values);
        anyRow = true;
        // the header carries the previous sample's time: a row at another one closes an interval, never boot
        if (otherThanHeader) decideIntervalRun();
        if (firstReport.holds(instant)) {
            firstReport.hold(spec, sample, instant, key, values);
            return;
        }
        decideIntervalRun();
        emit(spec, new Row(sample, instant, key, false, values));
    }

    private DayClock startClock(String printedZone) {
        String zoneText = printedZone != null ? "zone as printed (" + printedZone + ")" : "zone " + timeOptions.zone();
        return SysstatDay.startClock(timeline, sink, bannerDate, dateLineDate, zoneText);
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
            headerTime = null;
            headerEpoch = null;
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
        announced.announce(spec, sink);
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
