package io.statlens.parse.builtin.top;

import io.statlens.parse.text.TsvResource;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * top's task-table headers, memory units and Tasks/Threads words as procps-ng prints them in other languages
 * ({@code procps-ng-top-translations.tsv}, from its po files), read back into English: {@code BEFEHL} is
 * {@code COMMAND}, {@code МіБ} is {@code MiB}. top cuts a header that is wider than its column (zh_CN prints
 * {@code 进程} for {@code 进程号}, PID), so a label is also found by a prefix of two characters or more.
 */
final class TopTranslations {
    private static final String RESOURCE = "procps-ng-top-translations.tsv";
    private static final TopTranslations INSTANCE = load();

    /** kind ({@code label}, {@code unit}, {@code word}) → translation → English. */
    private final Map<String, Map<String, String>> english;

    private TopTranslations(Map<String, Map<String, String>> english) {
        this.english = english;
    }

    static TopTranslations get() {
        return INSTANCE;
    }

    /** The English column label of a header word: itself when it is English or unknown. */
    String label(String printed) {
        Map<String, String> labels = english.getOrDefault("label", Map.of());
        String exact = labels.get(printed);
        if (exact != null) return exact;
        if (printed.codePointCount(0, printed.length()) >= 2 && !printed.chars().allMatch(c -> c < 128)) {
            for (Map.Entry<String, String> e : labels.entrySet()) {
                if (e.getKey().startsWith(printed)) return e.getValue();
            }
        }
        return printed;
    }

    /** The English unit ({@code KiB} ... {@code EiB}) of a printed unit, if it is one. */
    Optional<String> unit(String printed) {
        if (printed.matches("[KMGTPE]iB")) return Optional.of(printed);
        return Optional.ofNullable(english.getOrDefault("unit", Map.of()).get(printed));
    }

    /** Whether the first word of a state line names threads ({@code Threads}, {@code Hilos}) rather than tasks. */
    boolean threads(String word) {
        String w = word.endsWith(":") ? word.substring(0, word.length() - 1) : word;
        return w.equals("Threads") || "Threads".equals(english.getOrDefault("word", Map.of()).get(w));
    }

    private static TopTranslations load() {
        Map<String, Map<String, String>> english = new HashMap<>();
        for (String[] f : TsvResource.rows(TopTranslations.class, RESOURCE, 4)) {
            // where two languages print one word for two labels, the first read wins
            english.computeIfAbsent(f[1], k -> new HashMap<>()).putIfAbsent(f[3], f[2]);
        }
        return new TopTranslations(english);
    }
}
