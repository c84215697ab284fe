package io.statlens.parse.time;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How each of glibc's locales prints what sysstat's tools print with it: the banner's date ({@code %x}), the times of
 * day ({@code %X}, a 12-hour clock or not), the decimal point, and the language of the words ({@code Average:} in the
 * locale's sysstat translation, English where sysstat has none). Read from {@code locale-dates.tsv}, generated from
 * glibc's locale sources (the file says how).
 */
public final class LocaleFormats {
    /**
     * One locale.
     *
     * @param name       {@code fr_FR}, {@code C}
     * @param words      the sysstat translation it prints ({@code fr}, {@code pt_BR}; {@code en} for none)
     * @param date       the shape of its {@code %x} as a pattern over the date's text; null for dates that are not numbers
     * @param order      day or month first for a date with day and month as numbers; null if the year comes first
     * @param twelveHour whether {@code %X} is a 12-hour clock
     * @param decimal    its decimal point
     * @param meridiems  its words for morning and afternoon ({@code AM}, {@code PM}; {@code 午前}, {@code 午後})
     */
    public record Format(String name, String words, Pattern date, DateOrder order, boolean twelveHour, char decimal,
                         List<String> meridiems) {
        /** The locale's country ({@code GB}); empty for {@code C}. */
        public String territory() {
            int u = name.indexOf('_');
            return u < 0 ? "" : name.substring(u + 1, Math.min(name.length(), u + 3));
        }

        public boolean prints(String dateText) {
            return date != null && date.matcher(dateText).matches();
        }

        /** Whether a time of day as printed ({@code 06:31:34 AM}) carries one of this locale's words for AM and PM. */
        public boolean marks(String clockText) {
            for (String m : meridiems) {
                if (clockText.contains(m)) return true;
            }
            return false;
        }
    }

    private static final List<Format> ALL = load();

    private LocaleFormats() {
    }

    public static List<Format> all() {
        return ALL;
    }

    /** The format of a locale the user names ({@code en_GB}, {@code en-GB}, {@code fr_FR.UTF-8}). */
    public static Optional<Format> of(Locale locale) {
        String tag = locale.getCountry().isEmpty() ? locale.getLanguage() : locale.getLanguage() + "_" + locale.getCountry();
        if (tag.isEmpty() || tag.equalsIgnoreCase("c") || tag.equalsIgnoreCase("posix")) tag = "C";
        for (Format f : ALL) {
            if (f.name().equals(tag)) return Optional.of(f);
        }
        for (Format f : ALL) {
            if (f.name().startsWith(tag + "_")) return Optional.of(f);
        }
        return Optional.empty();
    }

    /**
     * The countries of the locales that speak these languages ({@code zh_CN}: CN; {@code fr}: FR, BE, CA, CH, LU...), for a
     * file whose words show its language; {@code locale} when the user named one decides alone.
     */
    public static Set<String> countries(Set<String> languages, Optional<Locale> locale) {
        if (locale.isPresent()) return of(locale.get()).map(f -> Set.of(f.territory())).orElse(Set.of());
        Set<String> countries = new java.util.TreeSet<>();
        for (String language : languages) {
            for (Format f : ALL) {
                if (f.name().equals(language) || f.name().startsWith(language + "_") || f.name().startsWith(language + "@")) {
                    countries.add(f.territory());
                }
            }
        }
        return countries;
    }

    /** The languages a locale name's words may come from: {@code pt_BR} also counts as {@code pt}. */
    public static Set<String> wordsOf(Format f) {
        int u = f.words().indexOf('_');
        return u < 0 ? Set.of(f.words()) : Set.of(f.words(), f.words().substring(0, u));
    }

    private static List<Format> load() {
        List<Format> formats = new ArrayList<>();
        try (InputStream in = LocaleFormats.class.getResourceAsStream("locale-dates.tsv");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split("\t", -1);
                formats.add(new Format(f[0], f[1], shape(f[2]), order(f[2]), f[3].equals("y"), f[4].isEmpty() ? '.' : f[4].charAt(0),
                        f[5].isEmpty() ? List.of() : List.of(f[5].split("\\|"))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(formats);
    }

    /** {@code %d/%m/%y} as a pattern over the printed date: two-digit fields, {@code %-d} one or two digits. */
    static Pattern shape(String format) {
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                p.append(Pattern.quote(String.valueOf(c)));
                continue;
            }
            if (++i == format.length()) return null;
            char f = format.charAt(i);
            boolean unpadded = f == '-';
            if (unpadded && ++i < format.length()) f = format.charAt(i);
            switch (f) {
                case 'd', 'm', 'y' -> p.append(unpadded ? "\\d{1,2}" : "\\d{2}");
                case 'e' -> p.append("[ \\d]?\\d");
                case 'Y' -> p.append("\\d{4}");
                default -> {
                    return null; // a month or weekday name, a locale's own digits or era: not a numeric date
                }
            }
        }
        return Pattern.compile(p.toString());
    }

    private static DateOrder order(String format) {
        int day = firstOf(format, "%d", "%-d", "%e");
        int month = firstOf(format, "%m", "%-m");
        int year = firstOf(format, "%y", "%Y");
        if (day < 0 || month < 0 || (year >= 0 && year < Math.min(day, month))) return null;
        return day < month ? DateOrder.DAY_FIRST : DateOrder.MONTH_FIRST;
    }

    private static int firstOf(String format, String... specifiers) {
        int first = -1;
        for (String s : specifiers) {
            int at = format.indexOf(s);
            if (at >= 0 && (first < 0 || at < first)) first = at;
        }
        return first;
    }
}
