package io.statlens.parse;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Labels;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The edge between any parser and the sink it writes to: what no repository can hold is turned into
 * {@code file:line} warnings here, once, whatever parser produced it. A cell that overflowed to
 * ±infinity ({@code 1e999}, a digit string beyond the double range, an {@code Infinity} literal)
 * becomes an empty cell and the rest of its row stands; a row whose time lies outside the years a
 * repository stores is dropped; so is a summary value out of range. Names longer than a repository
 * holds (a label of 300 characters from a damaged header) are shortened, and kept distinct. The current
 * line is the one the parser last read from its {@link LineSource}.
 */
public final class CheckedSink implements RecordSink {
    /** The years a repository's timestamps hold (SQL TIMESTAMP: years 1 to 9999). */
    static final Instant EARLIEST = Instant.parse("0001-01-02T00:00:00Z");
    static final Instant LATEST = Instant.parse("9999-12-30T23:59:59Z");

    /** The longest names a repository holds: labels, data set, key label and unit of a metric, facts, summaries. */
    static final int LABEL_MAX = 200;
    static final int SHORT_NAME_MAX = 100;
    static final int UNIT_MAX = 40;
    static final int KEY_MAX = 256;
    /** The longest warning or notice passed on; longer ones are cut (see {@link #shortened}). */
    static final int MESSAGE_MAX = 400;

    private final RecordSink sink;
    private final LineSource lines;
    /** Specs as announced by the parser, and as passed on when a name had to be shortened. */
    private final java.util.Map<DatasetSpec, DatasetSpec> shortened = new java.util.IdentityHashMap<>();
    /** Keys longer than a repository holds, and how they are stored. */
    private final java.util.Map<String, String> longKeys = new java.util.HashMap<>();

    public CheckedSink(RecordSink sink, LineSource lines) {
        this.sink = sink;
        this.lines = lines;
    }

    @Override
    public void dataset(DatasetSpec spec) {
        DatasetSpec fitted = fit(spec);
        if (fitted != spec) shortened.put(spec, fitted);
        sink.dataset(fitted);
    }

    /** The spec with every name within what a repository holds; the same spec when all are. */
    private DatasetSpec fit(DatasetSpec spec) {
        boolean fits = spec.tool().length() <= SHORT_NAME_MAX && spec.name().length() <= SHORT_NAME_MAX
                && spec.keyLabel().length() <= SHORT_NAME_MAX;
        for (Metric m : spec.metrics()) fits &= m.label().length() <= LABEL_MAX && m.unit().length() <= UNIT_MAX;
        if (fits) return spec;
        sink.warning(lines.lineNumber(), "names longer than a repository holds are shortened (labels to " + LABEL_MAX
                + " characters, units to " + UNIT_MAX + ")");
        List<String> labels = Labels.distinct(spec.metrics().stream().map(m -> cut(m.label(), LABEL_MAX - 8)).toList());
        List<Metric> metrics = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            Metric m = spec.metrics().get(i);
            metrics.add(new Metric(labels.get(i), cut(m.unit(), UNIT_MAX), m.description()));
        }
        return new DatasetSpec(cut(spec.tool(), SHORT_NAME_MAX), cut(spec.name(), SHORT_NAME_MAX),
                cut(spec.keyLabel(), SHORT_NAME_MAX), metrics);
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }

    /**
     * The key as a repository holds it: a key longer than {@link #KEY_MAX} (a deep DTrace {@code ustack()}) is its
     * start and a hash of the whole, so two stacks alike in their first 256 characters stay two rows, and the same
     * stack gets the same stored key in every file and run. Told once per key, on the line it was first seen, as a
     * notice: nothing is lost, so {@code --strict} goes on. A row's whole key goes to the sink with it
     * ({@link RecordSink#wholeKey}), which keeps it with the data set.
     */
    private String fitted(DatasetSpec spec, String key) {
        if (key.length() <= KEY_MAX) return key;
        String stored = longKeys.get(key);
        if (stored == null) {
            stored = LongKeys.stored(key, KEY_MAX);
            longKeys.put(key, stored);
            sink.notice(lines.lineNumber(), shortened(String.format(java.util.Locale.ROOT,
                    "key of %,d characters%s is longer than the %d a repository holds; stored as its start and a hash of the whole: %s",
                    key.length(), spec == null ? "" : " in " + spec.qualifiedName(), KEY_MAX, stored)));
        }
        if (spec != null) sink.wholeKey(spec, stored, key);
        return stored;
    }

    @Override
    public void row(DatasetSpec announced, Row row) {
        DatasetSpec spec = shortened.getOrDefault(announced, announced);
        if (!storable(row.time())) {
            sink.warning(lines.lineNumber(), "row skipped: its time " + row.time() + " is out of range (years 1 to 9999)");
            return;
        }
        double[] values = row.values();
        double[] checked = null;
        for (int i = 0; i < values.length; i++) {
            if (!storable(values[i])) {
                if (checked == null) checked = values.clone();
                checked[i] = Double.NaN;
                String label = i < spec.metrics().size() ? spec.metrics().get(i).label() : "column " + (i + 1);
                sink.warning(lines.lineNumber(), "value out of range for " + label + " (stored as no value)");
            }
        }
        String key = fitted(spec, row.key());
        boolean same = checked == null && key.equals(row.key());
        sink.row(spec, same ? row : new Row(row.sample(), row.time(), key, row.sinceBoot(), checked == null ? values : checked));
    }

    @Override
    public void summary(SummaryValue value) {
        if (!storable(value.value()) || Double.isNaN(value.value())) {
            sink.warning(lines.lineNumber(), "summary value " + value.name() + " skipped: "
                    + (Double.isNaN(value.value()) ? "not a number" : "value out of range"));
            return;
        }
        sink.summary(new SummaryValue(cut(value.dataset(), LABEL_MAX), fitted(null, value.key()), cut(value.name(), LABEL_MAX),
                value.value(), cut(value.unit(), UNIT_MAX)));
    }

    @Override
    public void fact(Fact fact) {
        sink.fact(fact.name().length() <= LABEL_MAX ? fact : new Fact(cut(fact.name(), LABEL_MAX), fact.value()));
    }

    @Override
    public void warning(long line, String message) {
        sink.warning(line, shortened(message));
    }

    @Override
    public void notice(long line, String message) {
        sink.notice(line, shortened(message));
    }

    /**
     * A message within {@link #MESSAGE_MAX} characters: a warning about a row of a header of 8,000 labels listed them
     * all, 90 KB per bad row (issue 31); the start says what is wrong, the rest is counted.
     */
    static String shortened(String message) {
        if (message.length() <= MESSAGE_MAX) return message;
        int cut = MESSAGE_MAX;
        if (Character.isHighSurrogate(message.charAt(cut - 1))) cut--;
        return message.substring(0, cut) + String.format(java.util.Locale.ROOT, " ... (%,d more characters)", message.length() - cut);
    }

    @Override
    public void variant(String variant) {
        sink.variant(cut(variant, LABEL_MAX));
    }

    @Override
    public void derivedTimes(DerivedTimes times) {
        sink.derivedTimes(times);
    }

    /** Whether a repository can hold the time: its timestamps hold the years 1 to 9999. */
    public static boolean storable(Instant time) {
        return !time.isBefore(EARLIEST) && !time.isAfter(LATEST);
    }

    /**
     * Whether a repository can hold the value: NaN (no value) or a finite double that is not subnormal;
     * databases refuse infinities and flush or refuse magnitudes below the smallest normal double.
     */
    static boolean storable(double v) {
        if (Double.isNaN(v)) return true;
        if (Double.isInfinite(v)) return false;
        return v == 0 || Math.abs(v) >= Double.MIN_NORMAL;
    }
}
