package io.statlens.gui;

import io.statlens.chart.ChartData;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * What the crosshair says at a point of a chart's x axis: the time of the sample nearest to it, and of each
 * series the value stored for its sample nearest to that time, with the unit. It reads the chart's data, not
 * the drawn data set: the chart draws only the samples the peak-preserving decimation kept, so a drawn point
 * need not be the sample the mouse is over.
 */
final class CrosshairReadout {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter CLOCK_MS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private final ChartData data;
    private final ZoneId zone;

    /** @param zone the zone of the chart's clock axis: times are read in it */
    CrosshairReadout(ChartData data, ZoneId zone) {
        this.data = data;
        this.zone = zone;
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
                line.append(Double.isNaN(s.y()[i]) ? "no value" : value(s.y()[i]) + (unit.isEmpty() ? "" : " " + unit));
                if (s.x()[i] != at) line.append("  (at ").append(position(s.x()[i])).append(')');
            }
            out.add(line.toString());
        }
        return out;
    }

    /** The time (or number) at {@code x} as the readout shows it: clock time in the zone, or elapsed h:mm:ss. */
    String position(double x) {
        return switch (data.domain()) {
            case TIME -> {
                Instant t = Instant.ofEpochMilli(Math.round(x));
                String zoneName = zone.normalized().equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
                yield (t.getNano() == 0 ? CLOCK : CLOCK_MS).format(t.atZone(zone)) + " " + zoneName;
            }
            case ELAPSED -> elapsed(x);
            case NUMBER -> (data.xLabel() == null ? "" : data.xLabel() + " ") + value(x);
        };
    }

    /** Seconds as {@code h:mm:ss}, with the milliseconds when there are any. */
    private static String elapsed(double seconds) {
        long ms = Math.round(Math.abs(seconds) * 1000);
        long s = ms / 1000;
        return String.format("%s%d:%02d:%02d%s", seconds < 0 ? "-" : "", s / 3600, s / 60 % 60, s % 60,
                ms % 1000 == 0 ? "" : String.format(".%03d", ms % 1000));
    }

    /** The value as stored: every digit it has, none it has not ({@code 46}, {@code 13.93}). */
    static String value(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
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
