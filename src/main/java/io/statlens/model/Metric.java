package io.statlens.model;

import java.util.Objects;

/**
 * One measured quantity of a data set, as the tool names it.
 *
 * @param label       the column label as the tool prints it in its own language ({@code %util}, {@code r/s},
 *                    {@code free}): what names the column, so that runs in any locale compare
 * @param unit        unit of the values after parsing ({@code %}, {@code 1/s}, {@code KiB}, {@code ms}); empty if dimensionless
 * @param description one line a person understands; may be empty
 * @param printed     the label exactly as this output printed it: a translation where a locale translated the
 *                    header (procps-ng vmstat's {@code frei} for {@code free}), else the label itself
 */
public record Metric(String label, String unit, String description, String printed) {
    public Metric {
        Objects.requireNonNull(label, "label");
        if (label.isBlank()) throw new IllegalArgumentException("metric label is blank");
        unit = unit == null ? "" : unit;
        description = description == null ? "" : description;
        printed = printed == null || printed.isBlank() ? label : printed;
    }

    /** A metric printed under its own label. */
    public Metric(String label, String unit, String description) {
        this(label, unit, description, label);
    }

    public static Metric of(String label, String unit) {
        return new Metric(label, unit, "");
    }

    /** This metric as an output printed it under another label (a translation). */
    public Metric printedAs(String printedLabel) {
        return new Metric(label, unit, description, printedLabel);
    }

    /** Whether the output printed another label than the tool's own. */
    public boolean translated() {
        return !printed.equals(label);
    }
}
