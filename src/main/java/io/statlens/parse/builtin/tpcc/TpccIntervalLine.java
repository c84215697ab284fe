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
    /** The start of an interval line; {@code trx:} tells it from anything else starting with a number. */
    static final Pattern START = Pattern.compile("^\\s*(\\d+),\\s+trx:");
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
        for (String raw : line.substring(comma + 1).split(",")) {
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
