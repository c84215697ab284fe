package io.statlens.parse.builtin.iostat;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.text.SysstatJsonHost;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.timeline.Timeline;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code iostat -o JSON}: each sample's {@code avg-cpu} and {@code disk} entries become the rows of the same data
 * sets, under the same labels, as the text form ({@code iostat.cpu}, and {@code iostat} keyed by Device), so that
 * a JSON run compares with a text run: {@code user} is stored as {@code %user}, {@code util} as {@code %util},
 * {@code rrqm} as {@code %rrqm}. A sample's {@code timestamp} ({@code -t}, in the locale's {@code %x %X} or ISO)
 * places it; without one the times are derived as for the text form. The first sample averages since boot.
 */
final class IostatJsonReader implements SysstatJson.Handler {
    /** Device fields the text form prints with a {@code %} in front. */
    private static final Set<String> PERCENT_FIELDS = Set.of("rrqm", "wrqm", "drqm", "util");
    private static final String KEY_FIELD = "disk_device";

    private final RecordSink sink;
    private final ParseContext context;
    private final TimeOptions time;
    private final ReportWriter out;
    /** The order of slashed dates ({@code "date"}, {@code "timestamp"}), told by the document's first lines. */
    private SysstatLocale locale;

    IostatJsonReader(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.context = context;
        this.time = TimeOptions.in(context);
        this.out = new ReportWriter(sink, new Timeline(context, sink, Duration.ofSeconds(1)));
    }

    void read(LineSource lines) throws IOException {
        locale = SysstatLocale.of(SysstatJson.dateEvidence(lines.head()), context, SysstatJson.firstEpoch(lines.head()));
        SysstatJson.read(lines, sink, this);
        out.endOfFile();
        if (out.rowsWritten() == 0) sink.warning(0, "no iostat samples in the JSON document");
    }

    @Override
    public void host(Map<String, Object> fields) {
        SysstatJsonHost.announced(fields, locale, sink);
    }

    @Override
    public void sample(Map<String, Object> sample, long line) {
        Report report = out.current();
        if (sample.get("timestamp") instanceof String stamp) {
            Optional<ReportTimestamp> parsed = ReportTimestamp.parse(stamp, time.zone(), locale.order(),
                    abbreviation -> locale.zone(abbreviation, line, sink), null);
            if (parsed.isPresent()) {
                report.timestamp(parsed.get());
                locale.tell(sink);
            }
            else sink.warning(line, "\"timestamp\": '" + stamp + "' is not a date and time; the sample's time is derived");
        }
        if (sample.get("avg-cpu") instanceof Map<?, ?> cpu) {
            List<String> labels = new ArrayList<>();
            double[] values = new double[cpu.size()];
            for (Map.Entry<?, ?> f : cpu.entrySet()) {
                values[labels.size()] = number(f.getValue());
                labels.add("%" + f.getKey());
            }
            report.part("cpu", "", labels).put("", labels, values, 0);
        }
        if (sample.get("disk") instanceof List<?> disks) {
            for (Object o : disks) {
                if (o instanceof Map<?, ?> disk) device(report, disk, line);
            }
        }
        out.finish();
    }

    private void device(Report report, Map<?, ?> disk, long line) {
        Object name = disk.get(KEY_FIELD);
        if (!(name instanceof String printed) || printed.isBlank()) {
            sink.warning(line, "a \"disk\" entry without \"" + KEY_FIELD + "\"; skipped");
            return;
        }
        // iostat.c names a -g group " %s", a blank first to tell it from a device: the text form's column shows the
        // blank and its rows are keyed by the name alone, and so are these, so that both forms give one key
        String key = printed.strip();
        List<String> labels = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Map.Entry<?, ?> f : disk.entrySet()) {
            String field = String.valueOf(f.getKey());
            if (field.equals(KEY_FIELD)) continue;
            labels.add(PERCENT_FIELDS.contains(field) ? "%" + field : field);
            values.add(number(f.getValue()));
        }
        report.part("", "Device", labels).put(key, labels, values.stream().mapToDouble(Double::doubleValue).toArray(), 0);
    }

    private static double number(Object value) {
        return value instanceof Double d ? d : Double.NaN;
    }
}
