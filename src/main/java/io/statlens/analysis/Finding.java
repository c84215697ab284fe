package io.statlens.analysis;

import java.util.Locale;

/**
 * One thing a performance engineer should know about a run, or about a run against a base run, as a sentence
 * with the figure it rests on and what it is about, so that a report can link it to the chart that shows it.
 *
 * @param run     the run it is about (for a change: the run compared with the base)
 * @param kind    what sort of finding it is
 * @param text    the sentence, its numbers shown in the reader's locale when rendered
 * @param dataset the data set it rests on ({@code iostat}, {@code sar.cpu}, {@code sysbench}); empty for facts
 * @param metric  the metric's label as the tool prints it ({@code %util}, {@code tps}, a summary value's name);
 *                may be empty
 * @param key     the device, CPU or interface; empty when the finding is not about one key
 * @param value   the figure the finding rests on (a p95, a rate, a change in per cent); NaN when there is none
 * @param unit    the figure's unit ({@code %} for a change in per cent)
 * @param shownBy the metric of {@code dataset} whose chart shows the finding best: usually {@code metric}; for a
 *                result or a check that has no series of its own, the series that shows it ({@code 95%} for
 *                tpcc-mysql's response-time checks)
 */
public record Finding(String run, Kind kind, Phrase text, String dataset, String metric, String key, double value,
                      String unit, String shownBy) {
    public Finding {
        dataset = dataset == null ? "" : dataset;
        metric = metric == null ? "" : metric;
        key = key == null ? "" : key;
        unit = unit == null ? "" : unit;
        shownBy = shownBy == null || shownBy.isEmpty() ? metric : shownBy;
    }

    /** A finding shown by the chart of its own metric. */
    public Finding(String run, Kind kind, Phrase text, String dataset, String metric, String key, double value, String unit) {
        this(run, kind, text, dataset, metric, key, value, unit, metric);
    }

    /** What sort of finding it is, in the order a report lists them. */
    public enum Kind {
        /** The benchmark's result: tps, qps, TpmC, NOTPM, with its spread. */
        HEADLINE,
        /** A resource at or near its limit for a sustained time: a device or CPU near 100 % busy. */
        SATURATION,
        /** Something that went wrong or costs throughput: run queue above the CPUs, iowait, swapping, errors, failed checks. */
        TROUBLE,
        /** The busiest devices, CPUs or interfaces, by mean ({@link KeyRanking}). */
        HOTTEST,
        /** Nothing happened: the run was idle. */
        IDLE,
        /** A change against the base run beyond run-to-run noise, or the benchmark result compared. */
        CHANGE,
        /** What could not be judged, and why. */
        NOTE;

        /** The name in tables and files: {@code saturation}. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether the finding asks for a look (saturation and trouble). */
        public boolean alarming() {
            return this == SATURATION || this == TROUBLE;
        }
    }
}
