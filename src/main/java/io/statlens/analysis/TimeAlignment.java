package io.statlens.analysis;

import java.time.Instant;

/**
 * Two series of one run paired by time stamp. Tools sample at their own intervals and offsets, so both are put on one
 * grid ({@link Resampler}): the step is the larger of the two typical intervals unless given (the finer series is
 * averaged over the coarser one's interval), and the grid is centred on the target's samples so that a sample a
 * little early or late still lands in its own grid point. Only grid points where both series have a value are kept.
 *
 * @param target values of the target series, one per common grid point
 * @param other  values of the other series at the same grid points
 * @param step   the grid's step in seconds
 */
public record TimeAlignment(double[] target, double[] other, double step) {

    public int size() {
        return target.length;
    }

    /**
     * @param step seconds between grid points; NaN to take the larger typical interval of the two series
     * @param lag  seconds by which the other series is shifted: the target at time t pairs with the other series at
     *             t - lag, so a positive lag asks whether the other series leads the target
     */
    public static TimeAlignment of(MetricSeries target, MetricSeries other, double step, double lag) {
        if (target.size() == 0 || other.size() == 0) return empty(step);
        Instant reference = target.times()[0];
        double[] t = seconds(target.times(), reference, 0);
        double[] o = seconds(other.times(), reference, lag);
        double chosen = Double.isNaN(step) ? Math.max(Resampler.typicalStep(t), Resampler.typicalStep(o)) : step;
        if (!(chosen > 0)) return empty(chosen);
        double from = Math.max(t[0], o[0]);
        double to = Math.min(t[t.length - 1], o[o.length - 1]);
        if (from > to) return empty(chosen);
        // Grid point i covers [origin + i*step, origin + (i+1)*step); origin puts the target's first sample mid-point.
        double anchor = -chosen / 2;
        long first = (long) Math.floor((from - anchor) / chosen);
        long last = (long) Math.floor((to - anchor) / chosen);
        double origin = anchor + first * chosen;
        int points = Math.toIntExact(last - first + 1);
        double[] tg = Resampler.onGrid(t, target.values(), origin, chosen, points);
        double[] og = Resampler.onGrid(o, other.values(), origin, chosen, points);
        int n = 0;
        for (int i = 0; i < points; i++) if (!Double.isNaN(tg[i]) && !Double.isNaN(og[i])) n++;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0, j = 0; i < points; i++) {
            if (Double.isNaN(tg[i]) || Double.isNaN(og[i])) continue;
            x[j] = tg[i];
            y[j++] = og[i];
        }
        return new TimeAlignment(x, y, chosen);
    }

    private static TimeAlignment empty(double step) {
        return new TimeAlignment(new double[0], new double[0], step);
    }

    /** Seconds since the reference, shifted by lag; kept small so that sub-second offsets stay exact. */
    private static double[] seconds(Instant[] times, Instant reference, double lag) {
        double[] out = new double[times.length];
        for (int i = 0; i < times.length; i++) {
            long seconds = times[i].getEpochSecond() - reference.getEpochSecond();
            out[i] = seconds + (times[i].getNano() - reference.getNano()) / 1e9 + lag;
        }
        return out;
    }
}
