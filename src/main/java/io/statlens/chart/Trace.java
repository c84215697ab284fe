package io.statlens.chart;

/**
 * One metric of one key of one run, as loaded for a chart, before it is shaped into series.
 *
 * @param run      the run it belongs to
 * @param metric   the metric label (or an SQL column label)
 * @param unit     its unit; may be empty
 * @param key      CPU, device...; empty for unkeyed data
 * @param time     epoch milliseconds of each sample, or null when the data has no clock time
 * @param position elapsed seconds (or an SQL chart's numeric x) of each sample, or null
 * @param values   the values; NaN where none was printed; for a long run, only the samples a chart can show
 *                 ({@link KeySamples})
 * @param mean     the mean of every sample with a value, also of those not kept; NaN if none has one
 * @param samples  how many samples have a value, also of those not kept
 * @param host     the host it was sampled on, when the run holds this data of several hosts ({@link io.statlens.store.read.HostLanes}); else empty
 */
record Trace(String run, String metric, String unit, String key, double[] time, double[] position, double[] values, double mean,
             long samples, String host) {

    /** A trace of every sample. */
    Trace(String run, String metric, String unit, String key, double[] time, double[] position, double[] values) {
        this(run, metric, unit, key, time, position, values, meanOf(values), countOf(values), "");
    }

    /**
     * What a chart tells apart as it tells runs apart: the run, and in a run of several hosts the host (one line, area or
     * heat map each, never one zigzag through both).
     */
    String lane() {
        return host.isEmpty() ? run : run + " " + host;
    }

    int size() {
        return values.length;
    }

    private static long countOf(double[] values) {
        long n = 0;
        for (double v : values) if (!Double.isNaN(v)) n++;
        return n;
    }

    private static double meanOf(double[] values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (Double.isNaN(v)) continue;
            sum += v;
            n++;
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
