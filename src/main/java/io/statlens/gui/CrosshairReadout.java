package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.ChartData;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the crosshair says at a point of a chart's x axis: the time of the sample nearest to it, and of each
 * series the value stored for its sample nearest to that time, with the unit. It reads the chart's data, not
 * the drawn data set: the chart draws only the samples the peak-preserving decimation kept, so a drawn point
 * need not be the sample the mouse is over. Values are written as every table of the window writes them
 * ({@link ReadableNumbers}: {@code 6.69 %}, not the float noise of a derived series, {@code 6.689999999999998 %}).
 */
final class CrosshairReadout {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter CLOCK_MS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final ChartData data;
    private final ZoneId zone;
    private final ReadableNumbers numbers;

    /**
     * @param zone    the zone of the chart's clock axis: times are read in it
     * @param numbers how the window writes numbers
     */
    CrosshairReadout(ChartData data, ZoneId zone, ReadableNumbers numbers) {
        this.data = data;
        this.zone = zone;
        this.numbers = numbers;
    }

    /** The x of the sample nearest to {@code x} in any series; NaN when the chart has no samples on an x axis (bars). */
    double snap(double x) {
        double best = Double.NaN;
        for (ChartData.PlotSeries s : data.series()) {
            int i = nearest(s.x(), x);
            if (i >= 0 && (Double.isNaN(best) || Math.abs(s.x()[i] - x) < Math.abs(best - x))) best = s.x()[i];
        }
        return best;
    }

    /**
     * The readout at {@code x}: the time of the nearest sample, then one line per series,
     * {@code name: value unit}. A series whose nearest sample lies elsewhere (another run's clock) says when
     * it was taken; one that has no sample around that time says so, as does a sample without a value.
     *
     * @return empty when the chart has no x axis of samples
     */
    List<String> lines(double x) {
        double at = snap(x);
        return Double.isNaN(at) ? List.of() : at(at);
    }

    /**
     * The readout at exactly {@code at} (a sample's time in this or another chart: a dashboard's crosshair): its
     * position, then per series the value of its sample nearest to it, with that sample's time when it differs.
     */
    List<String> at(double at) {
        List<String> out = new ArrayList<>();
        out.add(position(at));
        String unit = data.unit().equals("1/s") ? "/s" : data.unit();
        for (ChartData.PlotSeries s : data.series()) {
            StringBuilder line = new StringBuilder(s.name()).append(": ");
            int i = nearest(s.x(), at);
            if (i < 0 || at < s.x()[0] || at > s.x()[s.size() - 1]) {
                line.append("no sample");
            } else {
                line.append(Double.isNaN(s.y()[i]) ? "no value" : numbers.number(s.y()[i], data.unit())
                        + (unit.isEmpty() ? "" : " " + unit));
                if (s.x()[i] != at) line.append("  (at ").append(position(s.x()[i], Map.of())).append(')');
            }
            out.add(line.toString());
        }
        return out;
    }

    /**
     * The time (or number) at {@code x} as the readout shows it: clock time in the zone, or elapsed h:mm:ss with, on
     * an axis of runs of different dates, each run's clock time at that point.
     */
    String position(double x) {
        return position(x, data.origins());
    }

    /**
     * As {@link #position(double)}, an elapsed time followed by the clock time of each of these runs at it
     * ({@code 0:10:00 · hpux 2018-03-21 00:15:01 UTC · web1 2016-05-02 09:10:00 UTC}).
     *
     * @param origins by run, the clock time (epoch ms) of its 0 s
     */
    String position(double x, Map<String, Double> origins) {
        return position(x, origins, Map.of());
    }

    /**
     * As {@link #position(double, Map)}, a run whose last sample is before {@code x} said to have ended then
     * ({@code hpux ended 2018-03-21 23:58:01 UTC}), rather than a clock time it never reached.
     *
     * @param ends by run, the elapsed time (s) of its last sample
     */
    String position(double x, Map<String, Double> origins, Map<String, Double> ends) {
        return switch (data.domain()) {
            case TIME -> clock(x);
            case ELAPSED -> {
                StringBuilder out = new StringBuilder(elapsed(x));
                origins.forEach((run, origin) -> {
                    Double end = ends.get(run);
                    out.append("  \u00b7  ").append(run).append(' ');
                    if (end != null && x > end) out.append("ended ").append(clock(origin + end * 1000));
                    else out.append(clock(origin + x * 1000));
                });
                yield out.toString();
            }
            case NUMBER -> (data.xLabel() == null ? "" : data.xLabel() + " ") + numbers.number(x);
        };
    }

    private String clock(double epochMillis) {
        Instant t = Instant.ofEpochMilli(Math.round(epochMillis));
        String zoneName = zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
        return (t.getNano() == 0 ? CLOCK : CLOCK_MS).format(t.atZone(zone)) + " " + zoneName;
    }

    /** Seconds as {@code h:mm:ss}, with the milliseconds when there are any. */
    private static String elapsed(double seconds) {
        long ms = Math.round(Math.abs(seconds) * 1000);
        long s = ms / 1000;
        return String.format("%s%d:%02d:%02d%s", seconds < 0 ? "-" : "", s / 3600, s / 60 % 60, s % 60,
                ms % 1000 == 0 ? "" : String.format(".%03d", ms % 1000));
    }

    /** Index of the element of the ascending {@code xs} nearest to {@code x}; -1 if there is none. */
    private static int nearest(double[] xs, double x) {
        if (xs.length == 0) return -1;
        int lo = 0;
        int hi = xs.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (xs[mid] < x) lo = mid + 1;
            else hi = mid;
        }
        // lo is the first element >= x (or the last one); its left neighbour may be nearer.
        return lo > 0 && x - xs[lo - 1] <= xs[lo] - x ? lo - 1 : lo;
    }
}
