package io.statlens.store.stats;

/**
 * Summary statistics of one metric of one key over a span of samples.
 *
 * @param n      number of values (samples where the tool printed none are not counted)
 * @param stddev sample standard deviation (divisor n - 1); 0 for a single value
 * @param p50    percentiles: exact (linear interpolation between closest ranks, as numpy and
 *               PERCENTILE.INC) up to {@link SeriesSummary#EXACT_LIMIT} values, else from a t-digest
 */
public record SeriesStats(long n, double min, double max, double mean, double stddev, double p50, double p90, double p95,
                          double p99) {
}
