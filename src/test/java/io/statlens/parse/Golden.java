package io.statlens.parse;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.ParseWarning;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * A fixture's golden file, after jc's fixture pairs: what parsing the fixture must give, as reviewable text
 * beside it ({@code x.txt} → {@code x.txt.expected}). For each data set: its metrics with units (and in braces the
 * label printed, where a locale translated it: {@code free[KiB]{frei}}), rows,
 * samples, keys, first and last time, a checksum of every row of each key in file order, the first and last row in
 * full, and per metric the minimum, maximum, exact sum and count of values not printed, so that a change to any
 * value or to the order of the rows shows; then summary values, facts,
 * the variant and the warnings and notices (counted, and the first of them with their line numbers).
 *
 * <p>Lines starting with {@code #} are comments and are not compared. One line may set the context the
 * fixture is parsed with, and is kept when the file is written again:
 * <pre>options zone=Asia/Seoul start=2024-03-01T10:00:00Z interval=5 mtime=2024-03-01T11:00:00Z</pre>
 * ({@code mtime} stands for the file's modification time: undated output ends there, as when a file is imported
 * into a run of its own). Without it the
 * context is UTC, no {@code --start} or {@code --interval}, fallback start at the epoch ("test default").
 */
public final class Golden {
    /** Listed in full up to this many; then the count and a checksum of all. */
    static final int LISTED_KEYS = 16;
    static final int LISTED_SUMMARIES = 40;
    static final int LISTED_MESSAGES = 12;
    static final int LISTED_FACTS = 40;

    private Golden() {
    }

    /** The context an {@code options} line asks for ({@code null} or empty: the default). */
    public static ParseContext context(String fileName, String options) {
        ParseContext context = ParseContext.simple(fileName);
        if (options == null || options.isBlank()) return context;
        TimeOptions time = TimeOptions.DEFAULT;
        for (String option : options.trim().split("\\s+")) {
            int eq = option.indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("options: '" + option + "' is not name=value");
            String name = option.substring(0, eq);
            String value = option.substring(eq + 1);
            switch (name) {
                case "zone" -> time = time.withZone(ZoneId.of(value));
                case "start" -> time = time.withStart(Instant.parse(value));
                case "interval" -> time = time.withInterval(Duration.ofMillis(Math.round(Double.parseDouble(value) * 1000)));
                case "locale" -> time = time.withLocale(java.util.Locale.forLanguageTag(value.replace('_', '-')));
                case "mtime" -> context.set(FallbackStart.class,
                        FallbackStart.endOfWriting(Instant.parse(value), "the file's modification time"));
                default -> throw new IllegalArgumentException("options: unknown option '" + name + "' (zone, start, interval, locale, mtime)");
            }
        }
        return context.set(TimeOptions.class, time);
    }

    /** The {@code options} line of a golden file's text, or "" if it has none. */
    public static String options(String golden) {
        for (String line : golden.split("\n")) {
            if (line.startsWith("options ")) return line.substring("options ".length()).trim();
        }
        return "";
    }

    /** The lines that are compared: all but comments, trailing blanks dropped. */
    public static List<String> compared(String golden) {
        List<String> out = new ArrayList<>();
        for (String line : golden.split("\r?\n")) {
            if (line.startsWith("#")) continue;
            out.add(line.stripTrailing());
        }
        while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) out.remove(out.size() - 1);
        return out;
    }

    /** The golden text of a parse: a header comment, the options line if any, then the result. */
    public static String render(String fixturePath, String options, String parser, CollectingSink sink) {
        StringBuilder out = new StringBuilder();
        out.append("# What parsing ").append(fixturePath).append(" gives (golden file; see docs/parsers.md#golden-files).\n");
        out.append("# Generated, then reviewed by a person against the fixture: a change here is a change in what users get.\n");
        if (!options.isBlank()) out.append("options ").append(options).append('\n');
        out.append("parser ").append(parser).append('\n');
        out.append("variant ").append(sink.variant().isEmpty() ? "-" : sink.variant()).append('\n');
        messages(out, "warnings", sink.warnings());
        messages(out, "notices", sink.notices());
        for (String name : sink.datasets().keySet()) dataset(out, name, sink.rows(name), sink.datasets().get(name));
        summaries(out, sink.summaries());
        facts(out, sink);
        return out.toString();
    }

    private static void messages(StringBuilder out, String what, List<ParseWarning> messages) {
        out.append(what).append(' ').append(messages.size()).append('\n');
        for (int i = 0; i < Math.min(LISTED_MESSAGES, messages.size()); i++) {
            ParseWarning w = messages.get(i);
            out.append("  ").append(w.line()).append(": ").append(oneLine(w.message())).append('\n');
        }
        if (messages.size() > LISTED_MESSAGES) out.append("  ... ").append(messages.size() - LISTED_MESSAGES).append(" more\n");
    }

    private static void dataset(StringBuilder out, String name, List<SpecRow> rows, DatasetSpec lastSpec) {
        out.append("dataset ").append(name).append('\n');
        // Metrics as the union of every spec announced for the data set, in order of first appearance.
        Map<String, Metric> metrics = new LinkedHashMap<>();
        Set<DatasetSpec> specs = new LinkedHashSet<>();
        for (SpecRow r : rows) {
            if (specs.add(r.spec())) r.spec().metrics().forEach(m -> metrics.putIfAbsent(m.label(), m));
        }
        if (rows.isEmpty()) lastSpec.metrics().forEach(m -> metrics.putIfAbsent(m.label(), m));
        StringBuilder labels = new StringBuilder();
        for (Metric m : metrics.values()) {
            labels.append(' ').append(m.label());
            if (!m.unit().isEmpty()) labels.append('[').append(m.unit()).append(']');
            if (m.translated()) labels.append('{').append(m.printed()).append('}');
        }
        out.append("  metrics").append(labels).append('\n');
        if (!lastSpec.keyLabel().isEmpty()) out.append("  key ").append(lastSpec.keyLabel()).append('\n');
        if (specs.size() > 1) out.append("  headers ").append(specs.size()).append('\n');
        long sinceBoot = rows.stream().filter(r -> r.row().sinceBoot()).count();
        long samples = rows.stream().map(r -> r.row().sample()).distinct().count();
        out.append("  rows ").append(rows.size()).append(", samples ").append(samples).append(", since boot ").append(sinceBoot).append('\n');
        if (rows.isEmpty()) return;
        List<String> keys = rows.stream().map(r -> r.row().key()).distinct().toList();
        if (!(keys.size() == 1 && keys.get(0).isEmpty())) out.append("  keys ").append(listed(keys, LISTED_KEYS)).append('\n');
        Instant first = rows.stream().map(r -> r.row().time()).min(Instant::compareTo).orElseThrow();
        Instant last = rows.stream().map(r -> r.row().time()).max(Instant::compareTo).orElseThrow();
        out.append("  time ").append(first).append(" .. ").append(last).append('\n');
        out.append("  rows crc32").append(rowChecksums(rows, keys)).append('\n');
        out.append("  first ").append(row(rows.get(0))).append('\n');
        if (rows.size() > 1) out.append("  last ").append(row(rows.get(rows.size() - 1))).append('\n');
        StringBuilder min = new StringBuilder();
        StringBuilder max = new StringBuilder();
        StringBuilder sum = new StringBuilder();
        StringBuilder missing = new StringBuilder();
        for (String label : metrics.keySet()) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            BigDecimal total = BigDecimal.ZERO;
            int absent = 0;
            for (SpecRow r : rows) {
                double v = r.get(label);
                if (Double.isNaN(v)) {
                    absent++;
                    continue;
                }
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
                total = Double.isInfinite(v) ? total : total.add(BigDecimal.valueOf(v));
            }
            if (absent == rows.size()) {
                missing.append(' ').append(label).append('=').append(absent);
                continue;
            }
            min.append(' ').append(label).append('=').append(number(lo));
            max.append(' ').append(label).append('=').append(number(hi));
            sum.append(' ').append(label).append('=').append(total.stripTrailingZeros().toPlainString());
            if (absent > 0) missing.append(' ').append(label).append('=').append(absent);
        }
        out.append("  min").append(min).append('\n');
        out.append("  max").append(max).append('\n');
        out.append("  sum").append(sum).append('\n');
        if (!missing.isEmpty()) out.append("  missing").append(missing).append('\n');
    }

    /**
     * A checksum of every row of each key, in file order ({@code cpu0=1a2b3c4d}; one for an unkeyed data set), so that
     * rows swapped or changed between the first and the last fail the comparison though the sums stay the same.
     */
    private static String rowChecksums(List<SpecRow> rows, List<String> keys) {
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        for (SpecRow r : rows) byKey.computeIfAbsent(r.row().key(), k -> new ArrayList<>()).add(row(r));
        if (keys.size() == 1 && keys.get(0).isEmpty()) return " " + crc(byKey.get(""));
        List<String> each = new ArrayList<>();
        for (Map.Entry<String, List<String>> key : byKey.entrySet()) {
            each.add((key.getKey().isEmpty() ? "(none)" : key.getKey()) + "=" + crc(key.getValue()));
        }
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(LISTED_KEYS, each.size()); i++) s.append(' ').append(each.get(i));
        if (each.size() > LISTED_KEYS) s.append(" ... ").append(each.size() - LISTED_KEYS).append(" more; crc32 of all ").append(crc(each));
        return s.toString();
    }

    private static String row(SpecRow r) {
        StringBuilder s = new StringBuilder("#").append(r.row().sample()).append(' ').append(r.row().time());
        if (!r.row().key().isEmpty()) s.append(" [").append(r.row().key()).append(']');
        if (r.row().sinceBoot()) s.append(" since-boot");
        List<Metric> metrics = r.spec().metrics();
        for (int i = 0; i < metrics.size(); i++) {
            double v = r.row().values()[i];
            s.append(' ').append(metrics.get(i).label()).append('=').append(Double.isNaN(v) ? "-" : number(v));
        }
        return s.toString();
    }

    private static void summaries(StringBuilder out, List<SummaryValue> summaries) {
        out.append("summaries ").append(summaries.size()).append('\n');
        List<String> lines = summaries.stream().map(Golden::summary).toList();
        for (int i = 0; i < Math.min(LISTED_SUMMARIES, lines.size()); i++) out.append("  ").append(lines.get(i)).append('\n');
        if (lines.size() > LISTED_SUMMARIES) {
            out.append("  ... ").append(lines.size() - LISTED_SUMMARIES).append(" more; crc32 of all ").append(crc(lines)).append('\n');
        }
    }

    private static String summary(SummaryValue v) {
        String key = v.key().isEmpty() ? "" : " [" + v.key() + "]";
        String unit = v.unit().isEmpty() ? "" : " " + v.unit();
        return v.dataset() + key + " " + v.name() + " = " + number(v.value()) + unit;
    }

    private static void facts(StringBuilder out, CollectingSink sink) {
        out.append("facts ").append(sink.facts().size()).append('\n');
        List<String> lines = sink.facts().stream().map(f -> f.name() + " = " + oneLine(f.value())).toList();
        for (int i = 0; i < Math.min(LISTED_FACTS, lines.size()); i++) out.append("  ").append(lines.get(i)).append('\n');
        if (lines.size() > LISTED_FACTS) {
            out.append("  ... ").append(lines.size() - LISTED_FACTS).append(" more; crc32 of all ").append(crc(lines)).append('\n');
        }
    }

    private static String listed(List<String> items, int limit) {
        StringBuilder s = new StringBuilder().append(items.size()).append(':');
        for (int i = 0; i < Math.min(limit, items.size()); i++) s.append(' ').append(items.get(i).isEmpty() ? "(none)" : items.get(i));
        if (items.size() > limit) s.append(" ... crc32 of all ").append(crc(items));
        return s.toString();
    }

    /** A number as its shortest decimal, without exponent or trailing zeros. */
    static String number(double v) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "Infinity" : "-Infinity";
        if (v == 0) return "0";
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String oneLine(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }

    private static String crc(List<String> lines) {
        CRC32 crc = new CRC32();
        for (String line : lines) {
            crc.update(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            crc.update('\n');
        }
        return HexFormat.of().toHexDigits((int) crc.getValue()).toLowerCase(Locale.ROOT);
    }
}
