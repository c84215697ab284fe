package io.statlens.parse.builtin.mysql;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns a sequence of status snapshots, absolute ({@code mysqladmin ext -i}, SHOW GLOBAL STATUS) or relative
 * ({@code mysqladmin ext -r -i}, {@code pt-mext -r}: the first snapshot absolute, then differences), into
 * the three values statlens keeps per variable and snapshot:
 * <ul>
 *   <li>{@code value}: as printed;</li>
 *   <li>{@code level}: what the server held then: the printed value of an absolute snapshot, the last level plus the
 *       printed difference of a relative one (so a gauge such as {@code Threads_running} reads the same whatever the
 *       capture; exact across a restart too, since mysqladmin prints {@code new - old});</li>
 *   <li>{@code per_s}: for counters only, the increase since the previous snapshot per second of the time between
 *       the two. A counter that went down (a restart, {@code FLUSH STATUS}) or a snapshot after which
 *       {@code Uptime} fell is a gap (no value), never a negative rate; so is the first snapshot.</li>
 * </ul>
 */
final class StatusRates {
    /** Told the values of each variable of a snapshot, in the snapshot's order. */
    interface Values {
        void accept(String name, double value, double level, double perSecond);
    }

    /** What is kept of one variable between snapshots: whether it is a gauge (looked up once) and its last level. */
    private static final class Variable {
        final boolean gauge;
        double level = Double.NaN;

        Variable(String name) {
            gauge = StatusVariables.isGauge(name);
        }
    }

    private final Map<String, Variable> variables = new HashMap<>();
    private Instant previousTime;
    private boolean first = true;
    private long restarts;

    /** How many snapshots followed a restart of the server (Uptime fell). */
    long restarts() {
        return restarts;
    }

    /**
     * Gives the values of the next snapshot to {@code out}.
     *
     * @param printed       the numeric variables as printed, in order
     * @param relative      whether the printed values are differences (never for the first snapshot)
     * @param startsCapture whether the snapshot is the first of another command's capture: absolute, and like the
     *                      first snapshot without a rate
     */
    void next(Instant time, Map<String, Double> printed, boolean relative, boolean startsCapture, Values out) {
        boolean start = first || startsCapture;
        boolean differences = relative && !start;
        double seconds = previousTime == null ? Double.NaN : Duration.between(previousTime, time).toNanos() / 1e9;
        boolean restart = !start && restarted(printed, differences);
        if (restart) restarts++;
        for (Map.Entry<String, Double> e : printed.entrySet()) {
            String name = e.getKey();
            double v = e.getValue();
            Variable variable = variables.computeIfAbsent(name, Variable::new);
            double previous = variable.level;
            double level;
            double increase;
            if (differences) {
                level = previous + v;
                increase = v;
            } else {
                level = v;
                increase = v - previous;
            }
            double rate = Double.NaN;
            if (!start && !restart && !variable.gauge && increase >= 0 && seconds > 0) rate = increase / seconds;
            out.accept(name, v, level, rate);
            variable.level = level;
        }
        previousTime = time;
        first = false;
    }

    /** Uptime fell: the server restarted between the two snapshots, and no counter's change means anything. */
    private boolean restarted(Map<String, Double> printed, boolean differences) {
        Double uptime = printed.get("Uptime");
        if (uptime == null) return false;
        if (differences) return uptime < 0;
        Variable previous = variables.get("Uptime");
        return previous != null && uptime < previous.level;
    }
}
