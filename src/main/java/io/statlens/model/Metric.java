package io.statlens.model;

import java.util.Objects;

/**
 * One measured quantity of a data set, as the tool names it.
 *
 * @param label       the column label exactly as printed by the tool ({@code %util}, {@code r/s}, {@code miss%})
 * @param unit        unit of the values after parsing ({@code %}, {@code 1/s}, {@code KiB}, {@code ms}); empty if dimensionless
 * @param description one line a person understands; may be empty
 */
public record Metric(String label, String unit, String description) {
    public Metric {
        Objects.requireNonNull(label, "label");
        if (label.isBlank()) throw new IllegalArgumentException("metric label is blank");
        unit = unit == null ? "" : unit;
        description = description == null ? "" : description;
    }

    public static Metric of(String label, String unit) {
        return new Metric(label, unit, "");
    }
}
