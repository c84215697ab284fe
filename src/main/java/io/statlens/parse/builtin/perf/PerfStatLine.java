package io.statlens.parse.builtin.perf;

import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One counter line of {@code perf stat}: in text ({@code 1.009822724  7.53 msec task-clock  # 0.008 CPUs utilized})
 * or in the CSV of {@code -x,} ({@code 1.008278632,5.08,msec,task-clock,5080092,100.00,0.005,CPUs utilized}). With
 * {@code -I} it starts with the seconds since perf started; with {@code -A} a CPU ({@code CPU3}) follows, with
 * {@code --per-core}, {@code --per-socket}, {@code --per-die} or {@code --per-node} an aggregate ({@code S0-D0-C1},
 * {@code N0}) and the number of CPUs in it. Then the count (or {@code <not counted>}, {@code <not supported>}), the
 * unit ({@code msec}, or none) and the event; the text after {@code #} (a derived metric) and a multiplexing share
 * ({@code (50.00%)}, {@code [99.95%]} in perf before 4.x) are not counts; {@code share} keeps the latter. Without
 * {@code -I} (one summary after {@code Performance counter stats for}) the line has no time, and {@code -r} adds the
 * spread of the runs ({@code ( +-  7.63% )}), which is not kept either.
 *
 * @param elapsed seconds since the start, NaN when the line has no time (perf stat without -I)
 * @param key     the CPU or aggregate, empty when counts are for the whole system or command
 * @param count   the value, NaN when not counted or not supported
 * @param missing {@code <not counted>} or {@code <not supported>}, empty for a value
 * @param unit    the unit as printed ({@code msec}), empty for a plain count
 * @param event   the event name as printed
 * @param share   the percentage of the time the event was counted (multiplexing), NaN when not printed
 */
record PerfStatLine(double elapsed, String key, double count, String missing, String unit, String event, double share) {
    private static final Pattern TIME = Pattern.compile("^\\d+\\.\\d+$");
    private static final Pattern AGGREGATE = Pattern.compile("^(?:S\\d+(?:-D\\d+)?(?:-C\\d+)?|N\\d+|S\\d+-D\\d+-L\\d+-ID\\d+)$");
    private static final Pattern CPU = Pattern.compile("^CPU\\d+$");
    private static final Pattern COUNT = Pattern.compile("^\\d[\\d,]*(?:\\.\\d+)?$");
    private static final Pattern EVENT = Pattern.compile("^[A-Za-z_][\\w\\-/:.=,@]*+$");
    private static final Pattern MULTIPLEXED = Pattern.compile("\\s*[(\\[]\\s*(\\d+(?:\\.\\d+)?)%\\s*[)\\]]\\s*$");
    /** The spread of the runs of {@code perf stat -r N}: {@code ( +-  7.63% )}. */
    private static final Pattern SPREAD = Pattern.compile("\\s*\\(\\s*\\+-\\s*\\d+(?:\\.\\d+)?%\\s*\\)\\s*$");
    /** A metric group's name: {@code TopdownL1}, {@code TopdownL1 (cpu_core)} on a hybrid machine. */
    private static final Pattern METRIC_GROUP = Pattern.compile("^[A-Za-z_][\\w.-]*(?: \\([\\w.-]+\\))?$");
    /** A metric group's metric: its unit (none, {@code %}, {@code GHz}...) and name two blanks apart. */
    private static final Pattern METRIC_UNIT_AND_NAME = Pattern.compile("^\\s*(\\S*)\\s{2,}([A-Za-z_][\\w.]*)\\s*$");
    /** perf before 5.x printed the unit after the event: {@code 1.460310  task-clock (msec)}. */
    private static final Pattern UNIT_AFTER = Pattern.compile("^(.*\\S)\\s+(\\S+)\\s+\\((\\w+)\\)$");

    /**
     * A text line, or empty when it is not a counter line.
     *
     * @param timed whether the line starts with the seconds since the start (perf stat -I)
     */
    static Optional<PerfStatLine> text(String line, boolean timed) {
        String s = SPREAD.matcher(line).replaceFirst("");
        double share = Double.NaN;
        Matcher multiplexed = MULTIPLEXED.matcher(s);
        if (multiplexed.find()) {
            share = Double.parseDouble(multiplexed.group(1));
            s = s.substring(0, multiplexed.start());
        }
        int hash = comment(s);
        if (hash >= 0) s = s.substring(0, hash);
        s = s.replace("<not counted>", "<not-counted>").replace("<not supported>", "<not-supported>").strip();
        Matcher unitAfter = UNIT_AFTER.matcher(s);
        if (unitAfter.matches()) s = unitAfter.group(1) + " " + unitAfter.group(3) + " " + unitAfter.group(2);
        double printedShare = share;
        return fields(Arrays.asList(Tokens.split(s)), true, timed).map(l -> l.withShare(printedShare));
    }

    private PerfStatLine withShare(double printed) {
        return new PerfStatLine(elapsed, key, count, missing, unit, event, printed);
    }

    /** Where the {@code # derived metric} after a counter starts: the first '#' after a blank or tab; -1 if none. */
    private static int comment(String line) {
        for (int i = 1; i < line.length(); i++) {
            if (line.charAt(i) == '#' && Tokens.isSpace(line.charAt(i - 1))) return i - 1;
        }
        return -1;
    }

    /** A CSV line of {@code -x SEP}, or empty when it is not a counter line. */
    static Optional<PerfStatLine> separated(String line, char separator, boolean timed) {
        List<String> cells = new ArrayList<>(Arrays.asList(line.split(Pattern.quote(String.valueOf(separator)), -1)));
        if (cells.size() < 3) return Optional.empty();
        // after the event: run time, share of it counted, derived metric value and unit
        return fields(cells, false, timed);
    }

    /**
     * The name of a metric group that perf 6.5 and later prints in {@code -x} output before the group's metrics
     * (stat-display.c print_metricgroup_header_csv): after the time and CPU or aggregate cells, an empty cell, the
     * running time and share of the group's first event, four separators and the name ({@code TopdownL1}, on a hybrid
     * machine {@code TopdownL1 (cpu_core)}); perf 6.12 on ends it with one more separator. Empty for any other line.
     */
    static Optional<String> metricGroup(String line, char separator) {
        List<String> cells = cells(line, separator);
        int last = cells.size() - 1;
        if (last >= 0 && cells.get(last).isEmpty()) last--;
        if (last < 6 || !METRIC_GROUP.matcher(cells.get(last)).matches()) return Optional.empty();
        // the four separators before the name leave three empty cells after the share
        for (int i = last - 3; i < last; i++) if (!cells.get(i).isBlank()) return Optional.empty();
        if (!cells.get(last - 4).matches("\\d+(?:\\.\\d+)?") || !cells.get(last - 5).matches("\\d+")
                || !cells.get(last - 6).isBlank()) {
            return Optional.empty();
        }
        return Optional.of(cells.get(last));
    }

    /**
     * A metric of a metric group, as perf 6.5 and later prints it under the group's header: its value, then its unit
     * and name two blanks apart (stat-shadow.c generic_metric's {@code "%s  %s"}: {@code 70.1,%  tma_backend_bound}),
     * perf 6.12 on a threshold cell after them. The value is NaN where perf printed none; the key is the line's CPU
     * or aggregate, as on counter lines. Empty for a line without such a unit and name.
     */
    static Optional<GroupMetric> groupMetric(String line, char separator) {
        List<String> cells = cells(line, separator);
        for (int i = cells.size() - 1; i >= Math.max(1, cells.size() - 2); i--) {
            Matcher named = METRIC_UNIT_AND_NAME.matcher(cells.get(i));
            if (!named.matches()) continue;
            String value = cells.get(i - 1).strip();
            if (!value.isEmpty() && !COUNT.matcher(value).matches()) return Optional.empty();
            String key = "";
            for (int k = 0; k < Math.min(2, i - 1); k++) {
                String cell = cells.get(k).strip();
                if (CPU.matcher(cell).matches() || AGGREGATE.matcher(cell).matches()) {
                    key = cell;
                    break;
                }
            }
            double number = value.isEmpty() ? Double.NaN : Double.parseDouble(value.replace(",", ""));
            return Optional.of(new GroupMetric(key, named.group(2), named.group(1), number));
        }
        return Optional.empty();
    }

    /** A metric of a metric group: its CPU or aggregate (empty when none), name, unit as printed, value. */
    record GroupMetric(String key, String name, String unit, double value) {
    }

    private static List<String> cells(String line, char separator) {
        return Arrays.asList(line.split(Pattern.quote(String.valueOf(separator)), -1));
    }

    private static Optional<PerfStatLine> fields(List<String> cells, boolean text, boolean timed) {
        int i = 0;
        double elapsed = Double.NaN;
        if (timed) {
            if (i >= cells.size() || !TIME.matcher(cells.get(i).strip()).matches()) return Optional.empty();
            elapsed = Double.parseDouble(cells.get(i).strip());
            i++;
        }
        String key = "";
        if (i < cells.size() && CPU.matcher(cells.get(i).strip()).matches()) {
            key = cells.get(i++).strip();
        } else if (i + 1 < cells.size() && AGGREGATE.matcher(cells.get(i).strip()).matches()
                && cells.get(i + 1).strip().matches("\\d+")) {
            key = cells.get(i).strip();
            i += 2;
        }
        if (i >= cells.size()) return Optional.empty();
        String value = cells.get(i++).strip();
        String missing = "";
        double count;
        if (value.equals("<not-counted>") || value.equals("<not counted>")) {
            missing = "<not counted>";
            count = Double.NaN;
        } else if (value.equals("<not-supported>") || value.equals("<not supported>")) {
            missing = "<not supported>";
            count = Double.NaN;
        } else if (COUNT.matcher(value).matches()) {
            count = Double.parseDouble(value.replace(",", ""));
        } else {
            return Optional.empty();
        }
        String unit;
        String event;
        if (text) {
            int left = cells.size() - i;
            if (left == 1) {
                unit = "";
                event = cells.get(i);
            } else if (left == 2) {
                unit = cells.get(i);
                event = cells.get(i + 1);
            } else {
                return Optional.empty();
            }
        } else {
            if (i + 1 >= cells.size()) return Optional.empty();
            unit = cells.get(i).strip();
            event = cells.get(i + 1).strip();
        }
        if (!EVENT.matcher(event).matches()) return Optional.empty();
        return Optional.of(new PerfStatLine(elapsed, key, count, missing, unit, event, Double.NaN));
    }
}
