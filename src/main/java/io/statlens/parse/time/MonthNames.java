package io.statlens.parse.time;

import java.time.Month;
import java.time.format.TextStyle;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Month names as locales print them in dates ({@code nov.}, {@code Nov}, {@code listopadu}, {@code aza}), for
 * the banners and time stamp lines of tools run in any locale: {@code 25. nov. 2026} (Norwegian),
 * {@code l-Erbgħa, 25 ta Nov, 2026} (Maltese), {@code az., 2026.eko azaren 25a} (Basque). The names come from
 * the JDK's locale data (full, short and standalone forms) for the languages sysstat and procps ship translations
 * for and the other European ones; a name two languages give to different months ({@code listopad} is November
 * in Czech and Polish, October in Croatian) is left out.
 */
public final class MonthNames {
    private static final List<String> LANGUAGES = List.of("en", "af", "be", "bg", "ca", "cs", "cy", "da", "de", "el", "eo",
            "es", "et", "eu", "fi", "fr", "fur", "ga", "gl", "hr", "hu", "id", "is", "it", "ka", "ky", "lt", "lv", "mk",
            "ms", "mt", "nb", "nl", "nn", "pl", "pt", "ro", "ru", "sk", "sl", "sq", "sr", "sr-Latn", "sv", "tr", "uk", "vi");
    /** Shortest name matched as the start of a longer word (a declined form such as {@code azaren}). */
    private static final int MIN_PREFIX = 3;
    private static final Map<String, Month> NAMES = names();

    private MonthNames() {
    }

    /**
     * The month a word names: the word itself (without dots, any case), or the longest known name it starts with
     * when that name has at least three letters (declined forms: {@code azaren}, {@code listopadu}).
     */
    public static Optional<Month> of(String word) {
        String w = normal(word);
        if (w.length() < MIN_PREFIX) return Optional.empty();
        Month exact = NAMES.get(w);
        if (exact != null) return Optional.of(exact);
        for (int end = w.length() - 1; end >= MIN_PREFIX; end--) {
            Month m = NAMES.get(w.substring(0, end));
            if (m != null) return Optional.of(m);
        }
        return Optional.empty();
    }

    private static String normal(String word) {
        StringBuilder sb = new StringBuilder(word.length());
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (Character.isLetter(c)) sb.append(Character.toLowerCase(c));
            else if (c != '.') break;
        }
        return sb.toString();
    }

    private static Map<String, Month> names() {
        Map<String, Month> names = new HashMap<>();
        Set<String> ambiguous = new HashSet<>();
        for (String tag : LANGUAGES) {
            Locale locale = Locale.forLanguageTag(tag);
            for (Month month : Month.values()) {
                for (TextStyle style : TextStyle.values()) {
                    if (style == TextStyle.NARROW || style == TextStyle.NARROW_STANDALONE) continue;
                    String name = normal(month.getDisplayName(style, locale));
                    if (name.length() < MIN_PREFIX) continue;
                    Month before = names.putIfAbsent(name, month);
                    if (before != null && before != month) ambiguous.add(name);
                }
            }
        }
        ambiguous.forEach(names::remove);
        return Map.copyOf(names);
    }
}
