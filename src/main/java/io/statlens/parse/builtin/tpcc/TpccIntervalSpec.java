package io.statlens.parse.builtin.tpcc;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.text.Labels;

import java.util.ArrayList;
import java.util.List;

/** The shape of the TPCC table for one form of interval line, and the row values in that shape. */
final class TpccIntervalSpec {
    static final String TOOL = "tpcc";

    private TpccIntervalSpec() {
    }

    static DatasetSpec forLine(TpccIntervalLine line) {
        List<Metric> metrics = new ArrayList<>();
        for (String name : line.names()) metrics.add(namedMetric(name));
        for (TpccTransaction t : pairTransactions(line)) {
            metrics.add(new Metric(t.label(), "count", "transactions of this type completed in the interval"));
            metrics.add(new Metric(t.label() + " max_rt", "ms", "maximum response time of this type in the interval"));
        }
        return new DatasetSpec(TOOL, "", "", Labels.distinctMetrics(metrics));
    }

    static double[] values(TpccIntervalLine line) {
        double[] out = new double[line.values().length + 2 * line.pairs().size()];
        System.arraycopy(line.values(), 0, out, 0, line.values().length);
        int i = line.values().length;
        for (double[] pair : line.pairs()) {
            out[i++] = pair[0];
            out[i++] = pair[1];
        }
        return out;
    }

    /** Four pairs are Payment..Stock-Level (New-Order is in trx/max_rt); five start with New-Order. */
    private static List<TpccTransaction> pairTransactions(TpccIntervalLine line) {
        List<TpccTransaction> all = List.of(TpccTransaction.values());
        if (line.pairs().isEmpty()) return List.of();
        return line.pairs().size() == all.size() ? all : all.subList(1, all.size());
    }

    private static Metric namedMetric(String name) {
        return switch (name) {
            case "trx" -> new Metric(name, "count", "New-Order transactions completed in the interval");
            case "95%" -> new Metric(name, "ms", "95th percentile New-Order response time in the interval");
            case "99%" -> new Metric(name, "ms", "99th percentile New-Order response time in the interval");
            case "max_rt" -> new Metric(name, "ms", "maximum New-Order response time in the interval");
            default -> legacyMetric(name);
        };
    }

    /** The per-type items of interval lines before 2016 ({@link TpccIntervalLine}): {@code payment late}, {@code payment 95%}. */
    private static Metric legacyMetric(String name) {
        int space = name.indexOf(' ');
        String type = space < 0 ? name : name.substring(0, space);
        return switch (space < 0 ? "" : name.substring(space + 1)) {
            case "" -> new Metric(name, "count", "transactions of this type completed in the interval");
            case "late" -> new Metric(name, "count", "transactions of this type over their response time limit in the interval");
            case "rt90" -> new Metric(name, "s", "90th percentile response time of " + type + " in the interval (tpcc-mysql 2008)");
            case "95%" -> new Metric(name, "ms", "95th percentile response time of " + type + " in the interval");
            case "max_rt" -> new Metric(name, "ms", "maximum response time of this type in the interval");
            default -> new Metric(name, "", "");
        };
    }
}
