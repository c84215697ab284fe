package io.statlens.parse.builtin.mpstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.text.SysstatJsonClock;
import io.statlens.parse.text.SysstatJsonHost;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.timeline.Timeline;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code mpstat -o JSON}: the same tables as the text form, in the same data sets and under the same labels
 * ({@code usr} is stored as {@code %usr}, a {@code cpu-load} entry's {@code core} as {@code CORE}), so that a
 * JSON run compares with a text run. Times are the host's date plus each sample's time of day; a document with
 * a single sample was mpstat without an interval, averaging since boot, as in the text form.
 */
final class MpstatJsonReader implements SysstatJson.Handler {
    /** JSON fields of a utilisation entry and the text form's label, in the text form's order. */
    private static final Map<String, String> UTILISATION = labels(
            "core", "CORE", "socket", "SOCK", "node", "NODE", "usr", "%usr", "nice", "%nice", "sys", "%sys",
            "iowait", "%iowait", "irq", "%irq", "soft", "%soft", "steal", "%steal", "guest", "%guest",
            "gnice", "%gnice", "idle", "%idle");

    private final RecordSink sink;
    private final Map<String, DatasetSpec> announced = new HashMap<>();
    private final List<Row> heldRows = new ArrayList<>();
    private final List<DatasetSpec> heldSpecs = new ArrayList<>();
    private final ParseContext context;
    /** The order of the slashed {@code "date"}, told by the document's first lines. */
    private SysstatLocale locale;
    private LocalDate date;
    private final SysstatJsonClock clock;
    private long samples;
    private long rows;

    MpstatJsonReader(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.context = context;
        this.clock = new SysstatJsonClock(new Timeline(context, sink), sink, "mpstat -U");
    }

    void read(LineSource lines) throws IOException {
        locale = SysstatLocale.of(SysstatJson.dateEvidence(lines.head()), context, SysstatJson.firstEpoch(lines.head()));
        SysstatJson.read(lines, sink, this);
        release(samples == 1);
        if (rows == 0) sink.warning(0, "no mpstat samples in the JSON document");
    }

    @Override
    public void host(Map<String, Object> fields) {
        SysstatJsonHost host = SysstatJsonHost.announced(fields, locale, sink);
        date = host.date().orElse(null);
        if (date == null) sink.warning(0, "the JSON document has no readable \"date\"; samples cannot be placed in time");
        clock.date(date);
    }

    @Override
    public void sample(Map<String, Object> sample, long line) {
        Instant at = clock.at(sample.get("timestamp"), line);
        if (at == null) return;
        long n = samples++;
        if (n == 1) release(false);
        table(sample.get("cpu-load"), "cpu", LinuxTable.UTILISATION, "CPU", at, n, line);
        table(sample.get("node-load"), "node", LinuxTable.NODE, "NODE", at, n, line);
        if (sample.get("sum-interrupts") instanceof List<?> sums) {
            for (Object o : sums) {
                if (o instanceof Map<?, ?> m) row(LinuxTable.INTERRUPTS, "CPU", key(m.get("cpu")),
                        List.of("intr/s"), new double[] {number(m.get("intr"))}, at, n);
            }
        }
        named(sample.get("individual-interrupts"), LinuxTable.IRQ, at, n);
        named(sample.get("soft-interrupts"), LinuxTable.SOFTIRQ, at, n);
    }

    /** {@code cpu-load} and {@code node-load}: one entry per CPU or node, its fields the table's columns. */
    private void table(Object entries, String keyField, LinuxTable kind, String keyLabel, Instant at, long sample, long line) {
        if (!(entries instanceof List<?> list)) return;
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> entry)) continue;
            List<String> labels = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (Map.Entry<?, ?> f : entry.entrySet()) {
                String field = String.valueOf(f.getKey());
                if (field.equals(keyField)) continue;
                String label = UTILISATION.get(field);
                if (label == null) label = "%" + field;
                labels.add(label);
                values.add(number(f.getValue()));
            }
            row(kind, keyLabel, key(entry.get(keyField)), labels, values.stream().mapToDouble(Double::doubleValue).toArray(), at, sample);
        }
    }

    /** {@code individual-interrupts}, {@code soft-interrupts}: per CPU a list of {@code {"name", "value"}}. */
    private void named(Object entries, LinuxTable kind, Instant at, long sample) {
        if (!(entries instanceof List<?> list)) return;
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> entry) || !(entry.get("intr") instanceof List<?> irqs)) continue;
            List<String> labels = new ArrayList<>();
            double[] values = new double[irqs.size()];
            int i = 0;
            for (Object irq : irqs) {
                Map<?, ?> m = irq instanceof Map<?, ?> map ? map : Map.of();
                labels.add(m.get("name") + "/s");
                values[i++] = number(m.get("value"));
            }
            row(kind, "CPU", key(entry.get("cpu")), labels, values, at, sample);
        }
    }

    private void row(LinuxTable kind, String keyLabel, String key, List<String> labels, double[] values, Instant at, long sample) {
        List<Metric> metrics = labels.stream().map(kind::metric).toList();
        DatasetSpec spec = announced.get(kind.dataset());
        if (spec == null || !spec.metrics().equals(metrics) || !spec.keyLabel().equals(keyLabel)) {
            spec = new DatasetSpec(LinuxMpstatReader.TOOL, kind.dataset(), keyLabel, metrics);
            announced.put(kind.dataset(), spec);
            sink.dataset(spec);
        }
        Row row = new Row(sample, at, key, false, values);
        rows++;
        if (sample == 0 && samples <= 1) {
            // the first sample waits: with no second one it averages since boot
            heldSpecs.add(spec);
            heldRows.add(row);
        } else {
            sink.row(spec, row);
        }
    }

    private void release(boolean sinceBoot) {
        for (int i = 0; i < heldRows.size(); i++) {
            Row r = heldRows.get(i);
            sink.row(heldSpecs.get(i), new Row(r.sample(), r.time(), r.key(), sinceBoot, r.values()));
        }
        heldRows.clear();
        heldSpecs.clear();
    }

    /** mpstat's key as the text form prints it: {@code all}, a CPU or node number. */
    private static String key(Object value) {
        if (value instanceof Double d && d == Math.rint(d)) return Long.toString(d.longValue());
        return value == null ? "" : value.toString();
    }

    /** A value; topology fields are numbers in strings, empty for the {@code all} line. */
    private static double number(Object value) {
        if (value instanceof Double d) return d;
        if (value instanceof String s && !s.isBlank()) {
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return Double.NaN;
    }

    private static Map<String, String> labels(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) map.put(pairs[i], pairs[i + 1]);
        return map;
    }
}
