package io.statlens.parse.builtin.nmon;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The columns of the nmon sections whose layout is known from nmon's documentation and the files of later versions, and
 * how a header that lost separators reads against them. nmon64 v8b for AIX writes MEM's header as
 * {@code Real Free Virtual free Real free(MB),Virtual free(MB),...}: a printf that lost its {@code %,} ran three names
 * together over six values; topas_nmon (AIX 7) and nmon's analyser name the six apart.
 */
final class DocumentedNames {
    /** By section: its columns in the order nmon writes them. */
    private static final Map<String, List<String>> LAYOUTS = Map.of(
            "MEM", List.of("Real Free %", "Virtual free %", "Real free(MB)", "Virtual free(MB)", "Real total(MB)",
                    "Virtual total(MB)"));

    private DocumentedNames() {
    }

    /** The documented columns of a section; empty for a section without a known layout. */
    static List<String> of(String section) {
        return LAYOUTS.getOrDefault(section, List.of());
    }

    /**
     * The header's names with every cell that is documented names run together read as those names, when each cell is
     * one documented name or several in their order; empty when a cell is neither, or nothing ran together.
     */
    static Optional<List<String>> expanded(String section, List<String> header) {
        List<String> documented = of(section);
        if (documented.isEmpty()) return Optional.empty();
        List<String> out = new ArrayList<>();
        int next = 0;
        boolean ranTogether = false;
        for (String cell : header) {
            List<String> words = words(cell);
            int end = next;
            List<String> joined = new ArrayList<>();
            while (end < documented.size() && joined.size() < words.size()) joined.addAll(words(documented.get(end++)));
            if (!joined.equals(words) || end == next) return Optional.empty();
            if (end - next > 1) ranTogether = true;
            out.addAll(documented.subList(next, end));
            next = end;
        }
        return ranTogether ? Optional.of(List.copyOf(out)) : Optional.empty();
    }

    /** Where a header name stands among its section's documented columns, -1 when it is none of them. */
    static int position(String section, String name) {
        List<String> documented = of(section);
        for (int i = 0; i < documented.size(); i++) {
            if (words(documented.get(i)).equals(words(name))) return i;
        }
        return -1;
    }

    /** A name's words in lower case, without the {@code %} a lost separator took along. */
    private static List<String> words(String name) {
        return Arrays.stream(name.strip().toLowerCase(Locale.ROOT).split("\\s+"))
                .filter(w -> !w.isEmpty() && !w.equals("%")).toList();
    }
}
