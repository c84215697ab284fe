package io.statlens.parse.builtin.tpcc;

import io.statlens.parse.text.Numbers;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One per-interval report line of {@code tpcc_start}, rejoined if a terminal wrapped it:
 * {@code "  10, trx: 12920, 95%: 9.483, 99%: 18.738, max_rt: 213.169, 12919|98.778, 1292|101.096, ..."}.
 *
 * <p>tpcc-mysql's alarm handler prints the elapsed seconds, then {@code name: value} items (the
 * New-Order count, its 95th/99th percentile and maximum response time in ms) and then one
 * {@code count|max_rt} pair per remaining transaction type: Payment, Order-Status, Delivery,
 * Stock-Level. Forks that also print New-Order as a pair print five pairs.
 *
 * @param elapsed seconds since the measurement started, as printed
 * @param names   the {@code name:} items in printed order ({@code 95} normalised to {@code 95%})
 * @param values  their values
 * @param pairs   the {@code count|max_rt} pairs, each {count, max_rt}
 */
record TpccIntervalLine(int elapsed, List<String> names, double[] values, List<double[]> pairs) {
    /**
     * The start of an interval line: {@code trx:} since 2016, or before it a first item {@code 686(0):2.044|3.593} (count,
     * late count, percentile, maximum: 2011-2016), {@code 686(0):2.0} (2008-2011), {@code 686:2.044|3.593} (February 2016).
     */
    static final Pattern START = Pattern.compile("^\\s*(\\d+),\\s+(?:trx:|\\d+(?:\\(\\d+\\))?:\\d+\\.\\d+)");
    /**
     * One transaction type's item of the interval lines before 2016, in the order of {@link TpccTransaction}, from
     * tpcc-mysql's main.c: {@code %d(%d):%.1f} (2008: count, late count, 90th percentile in seconds),
     * {@code %d(%d):%.3f} and {@code %d(%d):%.3f|%.3f} (2011: 95th percentile and maximum in ms), {@code %d:%.3f|%.3f}
     * (February 2016, the late count dropped; Delivery without its maximum).
     */
    private static final Pattern LEGACY = Pattern.compile("^(\\d+)(?:\\((\\d+)\\))?:(\\d+\\.(\\d+))(?:\\|(\\d+\\.\\d+))?$");
    /** February 2016 printed {@code trx: %d max_rt: %.3f} without a comma between. */
    private static final Pattern TWO_NAMED = Pattern.compile("(\\d) +(max_rt:)");
    private static final Pattern NAMED = Pattern.compile("^([A-Za-z0-9_%]+):\\s*(\\S+)$");
    private static final Pattern PAIR = Pattern.compile("^(\\d+)\\|(\\S+)$");

    /** The outcome of reading a line: the line, or why it is not one. */
    record Parsed(TpccIntervalLine line, String problem) {
        boolean ok() {
            return line != null;
        }
    }

    static boolean startsInterval(String line) {
        return START.matcher(line).find();
    }

    /** Reads a (rejoined) interval line; the problem says what was expected where it fails. */
    static Parsed parse(String text) {
        String line = text.strip();
        int comma = line.indexOf(',');
        if (comma < 0) return new Parsed(null, "expected '<seconds>, trx: ...'");
        int elapsed;
        try {
            elapsed = Integer.parseInt(line.substring(0, comma));
        } catch (NumberFormatException e) {
            return new Parsed(null, "expected the elapsed seconds before the first comma");
        }
        List<String> names = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        List<double[]> pairs = new ArrayList<>();
        String[] items = TWO_NAMED.matcher(line.substring(comma + 1)).replaceAll("$1, $2").split(",");
        if (items.length == TpccTransaction.values().length && LEGACY.matcher(items[0].strip()).matches()) {
            return legacy(elapsed, items);
        }
        for (String raw : items) {
            String item = raw.strip();
            Matcher named = NAMED.matcher(item);
            Matcher pair = PAIR.matcher(item);
            try {
                if (named.matches()) {
                    names.add(canonicalName(named.group(1)));
                    values.add(Numbers.parse(named.group(2)));
                } else if (pair.matches()) {
                    pairs.add(new double[] {Numbers.parse(pair.group(1)), Numbers.parse(pair.group(2))});
                } else {
                    return new Parsed(null, "expected 'name: value' or 'count|max_rt' items, found '" + item + "'");
                }
            } catch (NumberFormatException e) {
                return new Parsed(null, "expected a number in '" + item + "'");
            }
        }
        if (pairs.size() != 4 && pairs.size() != 5) {
            return new Parsed(null, "expected 4 or 5 'count|max_rt' pairs, found " + pairs.size());
        }
        double[] v = new double[values.size()];
        for (int i = 0; i < v.length; i++) v[i] = values.get(i);
        return new Parsed(new TpccIntervalLine(elapsed, List.copyOf(names), v, List.copyOf(pairs)), null);
    }

    /**
     * An interval line from before 2016: per transaction type its count ({@code new_order}), late count
     * ({@code new_order late}), percentile ({@code new_order rt90} in seconds for 2008's one-decimal form,
     * {@code new_order 95%} in ms after) and maximum ({@code new_order max_rt}), as far as the line prints them.
     */
    private static Parsed legacy(int elapsed, String[] items) {
        List<String> names = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        TpccTransaction[] types = TpccTransaction.values();
        for (int i = 0; i < items.length; i++) {
            Matcher m = LEGACY.matcher(items[i].strip());
            if (!m.matches()) return new Parsed(null, "expected 'count(late):percentile|max_rt' for " + types[i].label()
                    + ", found '" + items[i].strip() + "'");
            String label = types[i].label();
            names.add(label);
            values.add(Double.parseDouble(m.group(1)));
            if (m.group(2) != null) {
                names.add(label + " late");
                values.add(Double.parseDouble(m.group(2)));
            }
            names.add(label + (m.group(4).length() == 1 ? " rt90" : " 95%"));
            values.add(Double.parseDouble(m.group(3)));
            if (m.group(5) != null) {
                names.add(label + " max_rt");
                values.add(Double.parseDouble(m.group(5)));
            }
        }
        double[] v = new double[values.size()];
        for (int i = 0; i < v.length; i++) v[i] = values.get(i);
        return new Parsed(new TpccIntervalLine(elapsed, List.copyOf(names), v, List.of()), null);
    }

    /** Early tpcc-mysql versions print {@code 95:} and {@code 99:} for the same percentiles. */
    private static String canonicalName(String name) {
        return switch (name) {
            case "95" -> "95%";
            case "99" -> "99%";
            default -> name;
        };
    }

    /** A key for the set of columns this line has; a change means a new data set shape. */
    String shape() {
        return String.join(",", names) + "/" + pairs.size();
    }
}
