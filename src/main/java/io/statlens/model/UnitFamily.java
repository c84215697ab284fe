package io.statlens.model;

import java.util.Optional;
import java.util.Set;

/**
 * The units the parsers give ({@link Metric#unit}) that measure one quantity at different scales: a size in bytes
 * ({@code B}, {@code kB}, {@code KiB}, {@code MB}, {@code MiB}...), such a size per second, a time ({@code s},
 * {@code ms}, {@code us}...). Two units of one family and two spellings are one quantity off by a factor: a value
 * stored under the other would be wrong by that factor without a word.
 *
 * <p>No factors are kept here: sysstat's {@code kB} and nmon's {@code KB} are 1,024 bytes, procps-ng vmstat's
 * {@code -S m} megabyte 1,000,000; only a parser knows what its tool meant, and converts where it must (vmstat does).
 */
public enum UnitFamily {
    BYTES,
    BYTES_PER_SECOND,
    TIME;

    private static final Set<String> SIZES = Set.of("B", "bytes", "kB", "KB", "KiB", "MB", "MiB", "GB", "GiB", "TB", "TiB");
    private static final Set<String> TIMES = Set.of("s", "ms", "us", "µs", "ns", "ps");

    /** The family of a unit as a parser spells it; empty for a unit of its own ({@code %}, {@code 1/s}, {@code pages}, none). */
    public static Optional<UnitFamily> of(String unit) {
        if (SIZES.contains(unit)) return Optional.of(BYTES);
        if (unit.endsWith("/s") && SIZES.contains(unit.substring(0, unit.length() - 2))) return Optional.of(BYTES_PER_SECOND);
        if (TIMES.contains(unit)) return Optional.of(TIME);
        return Optional.empty();
    }

    /** Whether two units are one quantity at two scales (or in two spellings): {@code MiB} and {@code KiB}, {@code ms} and {@code s}. */
    public static boolean rescaled(String a, String b) {
        return !a.equals(b) && of(a).isPresent() && of(a).equals(of(b));
    }
}
