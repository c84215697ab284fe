package io.statlens.parse.builtin.sysbench;

import io.statlens.model.Metric;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Units and descriptions of the labels sysbench prints in its intermediate reports; unknown labels keep their printed unit. */
final class IntervalMetrics {
    private static final String PER_SECOND = "1/s";
    /** {@code lat (ms,95%)}, {@code latency (ms,95%)}: the percentile is part of the label. */
    private static final Pattern LATENCY = Pattern.compile("(?:lat|latency) \\(ms,\\s*(\\d+(?:\\.\\d+)?)%\\)");

    private record Known(String unit, String description) {
    }

    private static final Map<String, Known> KNOWN = Map.ofEntries(
            Map.entry("thds", new Known("count", "threads running")),
            Map.entry("threads", new Known("count", "threads running")),
            Map.entry("tps", new Known(PER_SECOND, "transactions (events of a database test) per second")),
            Map.entry("qps", new Known(PER_SECOND, "queries per second")),
            Map.entry("r", new Known(PER_SECOND, "read queries per second")),
            Map.entry("w", new Known(PER_SECOND, "write queries per second")),
            Map.entry("o", new Known(PER_SECOND, "other queries per second (BEGIN, COMMIT...)")),
            Map.entry("eps", new Known(PER_SECOND, "events per second")),
            Map.entry("reads/s", new Known(PER_SECOND, "read queries per second")),
            Map.entry("writes/s", new Known(PER_SECOND, "write queries per second")),
            Map.entry("err/s", new Known(PER_SECOND, "ignored errors per second")),
            Map.entry("reconn/s", new Known(PER_SECOND, "reconnects per second")),
            Map.entry("errors", new Known(PER_SECOND, "ignored errors per second")),
            Map.entry("reconnects", new Known(PER_SECOND, "reconnects per second")),
            Map.entry("fsyncs", new Known(PER_SECOND, "fsync() calls per second")),
            Map.entry(IntervalLine.THROUGHPUT, new Known("MiB/s", "memory transferred per second (memory test)")),
            Map.entry("queue length", new Known("count", "events waiting to start (--rate)")),
            Map.entry("concurrency", new Known("count", "events in progress (--rate)")));

    private IntervalMetrics() {
    }

    /** The metric for a field: its printed unit wins, else the label's known unit. */
    static Metric metric(IntervalLine.Field field) {
        // a damaged line can leave a field without a name (': 12.5'); the series names it by position
        String label = field.label().isBlank() ? "unnamed" : field.label();
        Matcher latency = LATENCY.matcher(label);
        if (latency.matches()) {
            return new Metric(label, "ms", percentileText(latency.group(1)) + " latency of the interval");
        }
        if (label.equals("response time")) {
            String which = field.percentile().isEmpty() ? "" : percentileText(field.percentile()) + " ";
            return new Metric(label, "ms", which + "response time of the interval");
        }
        if (label.equals("reads") || label.equals("writes")) {
            boolean reads = label.equals("reads");
            // fileio prints a data rate under the labels OLTP 0.5 prints queries per second under ('reads: 28.78 MiB/s'):
            // it is stored under a label of its own, the printed words, so that no column holds queries of one run and
            // MiB of another
            if (field.unit().contains("B")) {
                return new Metric(label + " " + field.unit(), field.unit(), "data " + (reads ? "read" : "written")
                        + " per second (fileio, printed as " + label + ")");
            }
            return new Metric(label, PER_SECOND, (reads ? "read" : "write") + " queries per second");
        }
        Known known = KNOWN.get(label);
        String unit = !field.unit().isEmpty() ? field.unit() : known == null ? "" : known.unit();
        return new Metric(label, unit, known == null ? "" : known.description());
    }

    /** The percentile a field reports ({@code 95} for {@code lat (ms,95%)} or {@code 4.16ms (95%)}), else empty. */
    static String percentile(IntervalLine.Field field) {
        if (!field.percentile().isEmpty()) return field.percentile();
        Matcher latency = LATENCY.matcher(field.label());
        return latency.matches() ? latency.group(1) : "";
    }

    /**
     * Whether a field holds a measurement. With {@code --percentile=0} sysbench records no latencies (src/sysbench.c
     * {@code sb_event_stop}) yet still prints {@code lat (ms,0%): 0.00}: the empty histogram's lowest bucket, no latency.
     */
    static boolean measured(IntervalLine.Field field) {
        String percentile = percentile(field);
        return percentile.isEmpty() || Double.parseDouble(percentile) > 0;
    }

    private static String percentileText(String p) {
        return p + "th percentile";
    }
}
