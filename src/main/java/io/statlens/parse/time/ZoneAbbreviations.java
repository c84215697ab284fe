package io.statlens.parse.time;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    /**
     * Abbreviations tzdata gives zones of different offsets (tzdata 2025b, January and July 2025, zone1970.tab's
     * countries; src/test/resources/io/statlens/parse/time/zone_abbreviations.py lists them): the first meaning is the
     * one {@link #lookup} takes. BST is only Britain's in tzdata (Bangladesh prints {@code +06}).
     */
    private static final Map<String, List<Meaning>> AMBIGUOUS = Map.of(
            "CST", List.of(new Meaning(ZoneOffset.ofHours(-6), "US Central", Set.of("BZ", "CA", "CR", "GT", "HN", "MX", "NI", "SV", "US")),
                    new Meaning(ZoneOffset.ofHours(8), "China", Set.of("CN", "MO", "TW")),
                    new Meaning(ZoneOffset.ofHours(-5), "Cuba", Set.of("CU"))),
            "CDT", List.of(new Meaning(ZoneOffset.ofHours(-5), "US Central daylight", Set.of("CA", "MX", "US")),
                    new Meaning(ZoneOffset.ofHours(-4), "Cuba daylight", Set.of("CU"))),
            "IST", List.of(new Meaning(ZoneOffset.ofHoursMinutes(5, 30), "India", Set.of("IN")),
                    new Meaning(ZoneOffset.ofHours(1), "Ireland", Set.of("IE")),
                    new Meaning(ZoneOffset.ofHours(2), "Israel", Set.of("IL"))),
            "PST", List.of(new Meaning(ZoneOffset.ofHours(-8), "US Pacific", Set.of("CA", "MX", "US")),
                    new Meaning(ZoneOffset.ofHours(8), "Philippines", Set.of("PH"))));

    /** One of the zones an ambiguous abbreviation names, with the countries that use it. */
    public record Meaning(ZoneOffset offset, String name, Set<String> countries) {
        @Override
        public String toString() {
            return offset.getId().replace("Z", "+00:00") + " (" + name + ")";
        }
    }

    /**
     * An abbreviation read with what the file tells of its country.
     *
     * @param zone    the zone it is taken to mean
     * @param warning for an ambiguous abbreviation the file's countries did not settle: which meaning was taken, the
     *                others, and how to choose; empty otherwise
     */
    public record Reading(ZoneId zone, Optional<String> warning) {
    }

    /**
     * The zone an abbreviation or offset names ({@link #lookup}), an ambiguous abbreviation (CST, IST, PST, CDT)
     * settled by the countries the file's locale evidence allows ({@code CN} for CST: China); when they do not settle
     * it, the usual meaning with a warning that names the choice.
     *
     * @param countries the countries of the locales the file may have been printed in; empty if nothing is known
     * @param option    the option that decides it, for the warning ({@code --file-locale zh_CN})
     */
    public static Optional<Reading> read(String text, Set<String> countries, String option) {
        List<Meaning> meanings = AMBIGUOUS.get(text.toUpperCase());
        if (meanings == null) return lookup(text).map(z -> new Reading(z, Optional.empty()));
        List<Meaning> fitting = meanings.stream().filter(m -> m.countries().stream().anyMatch(countries::contains)).toList();
        if (fitting.size() == 1) return Optional.of(new Reading(fitting.get(0).offset(), Optional.empty()));
        Meaning taken = fitting.isEmpty() ? meanings.get(0) : fitting.get(0);
        List<Meaning> others = meanings.stream().filter(m -> m != taken).toList();
        return Optional.of(new Reading(taken.offset(), Optional.of("the zone " + text + " means " + taken + " or "
                + String.join(" or ", others.stream().map(Meaning::toString).toList())
                + " and nothing in the file tells which: read as " + taken + "; give " + option + " to decide it")));
    }

    /** Whether an abbreviation names zones of different offsets (CST: US Central, China, Cuba). */
    public static boolean ambiguous(String text) {
        return AMBIGUOUS.containsKey(text.toUpperCase());
    }

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
            // a damaged offset (+40, -1875) is no zone: ZoneOffset holds -18:00 to +18:00
            if (h > 18 || m > 59 || h == 18 && m > 0) return Optional.empty();
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
