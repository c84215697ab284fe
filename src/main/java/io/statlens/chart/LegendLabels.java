package io.statlens.chart;

import org.jfree.chart.labels.XYSeriesLabelGenerator;

/**
 * What a legend shows of a long line name (a lockstat stack, a DTrace key, a command line): its start and its end
 * around an ellipsis, with the whole name as the entry's tooltip, in the window (the viewer shows an entity's tooltip)
 * and in SVG files (a {@code <title>}, {@link ChartWriter}). One recipe for both, so the window and a file agree.
 */
public final class LegendLabels {
    /** Longer names are shortened: about a third of a 1000-unit chart's width in the legend's font. */
    static final int LONGEST = 48;
    private static final int HEAD = 32;
    private static final int TAIL = LONGEST - HEAD - 1;

    private LegendLabels() {
    }

    /** The name as a legend shows it: whole up to {@value #LONGEST} characters, else its start, {@code …} and its end. */
    public static String shortened(String name) {
        int length = name.codePointCount(0, name.length());
        if (length <= LONGEST) return name;
        int headEnd = name.offsetByCodePoints(0, HEAD);
        int tailStart = name.offsetByCodePoints(name.length(), -TAIL);
        return name.substring(0, headEnd).stripTrailing() + "\u2026" + name.substring(tailStart).stripLeading();
    }

    /**
     * The legend labels of an XY chart's series: their names, shortened; a label an earlier series already has (stacks
     * that differ only in their middle) gets its number, {@code (2)}, as equal names do ({@code ChartBuilder}).
     */
    static XYSeriesLabelGenerator labels() {
        return (dataset, series) -> {
            String label = shortened(dataset.getSeriesKey(series).toString());
            int same = 1;
            for (int i = 0; i < series; i++) {
                if (shortened(dataset.getSeriesKey(i).toString()).equals(label)) same++;
            }
            return same == 1 ? label : label + " (" + same + ")";
        };
    }

    /** The legend tooltips of an XY chart's series: the whole name of those shortened, none for the others. */
    static XYSeriesLabelGenerator tooltips() {
        return (dataset, series) -> {
            String name = dataset.getSeriesKey(series).toString();
            return shortened(name).equals(name) ? null : name;
        };
    }
}
