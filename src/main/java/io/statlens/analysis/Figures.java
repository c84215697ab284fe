package io.statlens.analysis;

import io.statlens.store.stats.SeriesStats;

/** The figures findings quote about a series, the same way in every sentence. */
final class Figures {
    private Figures() {
    }

    /** {@code p95 21.9 %, mean 8.1 %, peak 44 %}; of a single sample, {@code 21.9 % in its only sample}. */
    static Phrase spread(SeriesStats s, String unit) {
        if (s.n() == 1) return Phrase.of("").value(s.mean(), unit).text(" in its only sample");
        return Phrase.of("p95 ").value(s.p95(), unit).text(", mean ").value(s.mean(), unit).text(", peak ").value(s.max(), unit);
    }

    /** As {@link #spread(SeriesStats, String)}, of figures computed from samples. */
    static Phrase spread(int n, double p95, double mean, double max, String unit) {
        return spread(new SeriesStats(n, Double.NaN, max, mean, Double.NaN, Double.NaN, Double.NaN, p95, Double.NaN), unit);
    }
}
