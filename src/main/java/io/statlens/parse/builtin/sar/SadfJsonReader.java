package io.statlens.parse.builtin.sar;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.text.SysstatJsonHost;
import io.statlens.parse.text.TsvResource;
import io.statlens.parse.time.ZoneAbbreviations;
import io.statlens.parse.timeline.Timeline;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code sadf -j}: sar data as sysstat JSON. Each activity of a sample ({@code cpu-load}, {@code memory},
 * {@code network.net-dev}...) is read into the sections of the text form through {@code sadf-json-fields.tsv},
 * which names every field as the text form labels it ({@code usr} → {@code %usr}, {@code memfree} →
 * {@code kbmemfree}); the rows land in the same data sets as sar's text and {@code sadf -d}. Times come from each
 * sample's {@code timestamp} ({@code utc}: 1 means UTC, else the host's {@code timezone} or {@code --tz}).
 */
final class SadfJsonReader implements SysstatJson.Handler {
    private static final String RESOURCE = "sadf-json-fields.tsv";
    private static final String EVERY_OTHER = "*";
    private static final List<Section> SECTIONS = load();

    /** One text section: the JSON activity it is read from and its fields in the text form's order. */
    private record Section(String name, List<String> path, List<Field> fields) {
    }

    /** A JSON field ({@code io-reads.rtps} for a nested one) and the text form's label. */
    private record Field(String field, String label) {
    }

    private final RecordSink sink;
    private final Timeline timeline;
    private final SadfSections sections;
    private ZoneId hostZone;

    SadfJsonReader(ParseContext context, RecordSink sink) {
        this.sink = sink;
        this.timeline = new Timeline(context, sink);
        this.sections = new SadfSections(sink);
    }

    void read(LineSource lines) throws IOException {
        SysstatJson.read(lines, sink, this);
        if (sections.rows() == 0) sink.warning(0, "no sar data in the sadf -j document");
    }

    @Override
    public void host(Map<String, Object> fields) {
        SysstatJsonHost.of(fields, "file-date").emitFacts(sink);
        sink.variant("linux-sysstat-sadf");
        Object zone = fields.get("timezone");
        hostZone = zone instanceof String z ? ZoneAbbreviations.lookup(z).orElse(null) : null;
    }

    @Override
    public void sample(Map<String, Object> sample, long line) {
        Instant at = timeOf(sample.get("timestamp"), line);
        if (at == null) return;
        for (Section section : SECTIONS) {
            Object activity = at(sample, section.path());
            if (activity instanceof List<?> list) {
                for (Object element : list) {
                    if (element instanceof Map<?, ?> map) row(section, map, at, line);
                }
            } else if (activity instanceof Map<?, ?> map) {
                row(section, map, at, line);
            }
        }
    }

    /** The host's {@code restarts} ({@code boot} entries) and {@code comments} ({@code comment} entries, sadf -C). */
    @Override
    public void after(String name, Object value, long line) {
        if (!(value instanceof List<?> entries)) return;
        for (Object r : entries) {
            if (name.equals("restarts") && r instanceof Map<?, ?> m && m.get("boot") instanceof Map<?, ?> boot) {
                Instant at = timeOf(boot, line);
                Object cpus = boot.get("cpu_count");
                if (at != null) sections.fact("restart", at + (cpus instanceof Double d ? " (" + d.intValue() + " CPU)" : ""));
            } else if (name.equals("comments") && r instanceof Map<?, ?> m && m.get("comment") instanceof Map<?, ?> comment
                    && comment.get("com") instanceof String text) {
                sections.fact("comment", text);
            }
        }
    }

    /** The fields of one activity entry that the section names, in the section's order, as one row. */
    private void row(Section section, Map<?, ?> entry, Instant at, long line) {
        List<String> labels = new ArrayList<>();
        List<String> cells = new ArrayList<>();
        Set<String> named = new HashSet<>();
        for (Field f : section.fields()) named.add(f.field());
        for (Field f : section.fields()) {
            if (f.field().equals(EVERY_OTHER)) {
                for (Map.Entry<?, ?> e : entry.entrySet()) {
                    String key = String.valueOf(e.getKey());
                    if (named.contains(key)) continue;
                    labels.add(key);
                    cells.add(cell(e.getValue()));
                }
                continue;
            }
            Object value = field(entry, f.field());
            if (value == null) continue;
            labels.add(f.label());
            cells.add(cell(value));
        }
        if (cells.isEmpty()) return;
        sections.row(labels, at, cells.toArray(String[]::new), line);
    }

    /** {@code {"date", "time", "utc", "interval"}}: UTC when {@code utc} is 1, else the host's zone, else --tz. */
    private Instant timeOf(Object stamp, long line) {
        if (!(stamp instanceof Map<?, ?> m) || !(m.get("date") instanceof String date) || !(m.get("time") instanceof String clock)) {
            sink.warning(line, "a sample without a \"timestamp\" {\"date\", \"time\"}; skipped");
            return null;
        }
        boolean utc = m.get("utc") instanceof Double u && u == 1;
        ZoneId zone = utc ? ZoneOffset.UTC : hostZone != null ? hostZone : timeline.options().zone();
        if (!timeline.sourced()) timeline.source("date and time of each sample, " + (utc ? "UTC" : "zone " + zone.getId()));
        try {
            return LocalDate.parse(date).atTime(LocalTime.parse(clock)).atZone(zone).toInstant();
        } catch (DateTimeException e) {
            sink.warning(line, "\"timestamp\" " + date + " " + clock + " is not a valid date and time; sample skipped");
            return null;
        }
    }

    private static Object at(Map<String, Object> sample, List<String> path) {
        Object node = sample;
        for (String step : path) {
            if (!(node instanceof Map<?, ?> map)) return null;
            node = map.get(step);
        }
        return node;
    }

    /** A field of an entry; {@code io-reads.rtps} is {@code rtps} of the nested object {@code io-reads}. */
    private static Object field(Map<?, ?> entry, String field) {
        int dot = field.indexOf('.');
        if (dot < 0) return entry.get(field);
        return entry.get(field.substring(0, dot)) instanceof Map<?, ?> nested ? nested.get(field.substring(dot + 1)) : null;
    }

    /** A value as the text form's cell: a number, a name (empty where sadf prints none: a USB device's maker), or {@code -} for null. */
    private static String cell(Object value) {
        if (value instanceof Double d) return d == Math.rint(d) && !d.isInfinite() ? Long.toString(d.longValue()) : d.toString();
        if (value == null) return "-";
        return value.toString().strip();
    }

    private static List<Section> load() {
        Map<String, List<Field>> fields = new LinkedHashMap<>();
        Map<String, List<String>> paths = new LinkedHashMap<>();
        for (String[] f : TsvResource.rows(SadfJsonReader.class, RESOURCE, 4)) {
            paths.putIfAbsent(f[0], List.of(f[1].split("\\.")));
            fields.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new Field(f[2], f[3]));
        }
        List<Section> out = new ArrayList<>();
        fields.forEach((name, list) -> out.add(new Section(name, paths.get(name), List.copyOf(list))));
        return List.copyOf(out);
    }
}
