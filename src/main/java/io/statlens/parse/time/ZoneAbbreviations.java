package io.statlens.parse.time;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Zone abbreviations as date(1) and {@code vmstat -t} print them. Abbreviations are ambiguous in
 * general (IST is India, Ireland and Israel); this table keeps the ones performance engineers meet
 * and maps each to a fixed offset, which is what the abbreviation means at the time it is printed.
 */
public final class ZoneAbbreviations {
    private static final Map<String, ZoneOffset> OFFSETS = Map.ofEntries(
            Map.entry("UTC", ZoneOffset.UTC), Map.entry("GMT", ZoneOffset.UTC), Map.entry("Z", ZoneOffset.UTC),
            Map.entry("EST", ZoneOffset.ofHours(-5)), Map.entry("EDT", ZoneOffset.ofHours(-4)),
            Map.entry("CST", ZoneOffset.ofHours(-6)), Map.entry("CDT", ZoneOffset.ofHours(-5)),
            Map.entry("MST", ZoneOffset.ofHours(-7)), Map.entry("MDT", ZoneOffset.ofHours(-6)),
            Map.entry("PST", ZoneOffset.ofHours(-8)), Map.entry("PDT", ZoneOffset.ofHours(-7)),
            Map.entry("AKST", ZoneOffset.ofHours(-9)), Map.entry("AKDT", ZoneOffset.ofHours(-8)),
            Map.entry("HST", ZoneOffset.ofHours(-10)),
            Map.entry("WET", ZoneOffset.UTC), Map.entry("WEST", ZoneOffset.ofHours(1)),
            Map.entry("BST", ZoneOffset.ofHours(1)),
            Map.entry("CET", ZoneOffset.ofHours(1)), Map.entry("CEST", ZoneOffset.ofHours(2)),
            Map.entry("MET", ZoneOffset.ofHours(1)), Map.entry("MEST", ZoneOffset.ofHours(2)),
            Map.entry("EET", ZoneOffset.ofHours(2)), Map.entry("EEST", ZoneOffset.ofHours(3)),
            Map.entry("MSK", ZoneOffset.ofHours(3)),
            Map.entry("IST", ZoneOffset.ofHoursMinutes(5, 30)),
            Map.entry("SGT", ZoneOffset.ofHours(8)), Map.entry("HKT", ZoneOffset.ofHours(8)),
            Map.entry("AWST", ZoneOffset.ofHours(8)),
            Map.entry("JST", ZoneOffset.ofHours(9)), Map.entry("KST", ZoneOffset.ofHours(9)),
            Map.entry("AEST", ZoneOffset.ofHours(10)), Map.entry("AEDT", ZoneOffset.ofHours(11)),
            Map.entry("NZST", ZoneOffset.ofHours(12)), Map.entry("NZDT", ZoneOffset.ofHours(13)));

    /** strftime's %Z for zones without an abbreviation: {@code +04}, {@code -0330}, {@code +02:00}. */
    private static final Pattern NUMERIC_OFFSET = Pattern.compile("[+-]\\d{2}(?::?\\d{2})?");

    private ZoneAbbreviations() {
    }

    /**
     * The zone an abbreviation, a region id ({@code Europe/Berlin}) or an offset ({@code +0200}, {@code +02},
     * {@code +02:00}) names.
     */
    public static Optional<ZoneId> lookup(String text) {
        ZoneOffset offset = OFFSETS.get(text.toUpperCase());
        if (offset != null) return Optional.of(offset);
        // strftime's %Z prints "+04" or "-0330" for zones without an abbreviation
        if (NUMERIC_OFFSET.matcher(text).matches()) {
            int h = Integer.parseInt(text.substring(1, 3));
            int m = text.length() == 3 ? 0 : Integer.parseInt(text.substring(text.length() - 2));
            return Optional.of(ZoneOffset.ofHoursMinutes(text.charAt(0) == '-' ? -h : h, text.charAt(0) == '-' ? -m : m));
        }
        if (text.contains("/")) {
            try {
                return Optional.of(ZoneId.of(text));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
