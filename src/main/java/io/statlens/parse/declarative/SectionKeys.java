package io.statlens.parse.declarative;

import io.statlens.parse.declarative.DefinitionSyntax.Entry;
import io.statlens.parse.declarative.DefinitionSyntax.Section;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The keys a section sees: its own, else the ones written before the first section (the defaults).
 */
final class SectionKeys {
    private final Section section;
    private final Section defaults;

    /** @param defaults the top of the file, or null when the section is the top itself */
    SectionKeys(Section section, Section defaults) {
        this.section = section;
        this.defaults = defaults;
    }

    int sectionLine() {
        return section.line();
    }

    Optional<Entry> get(String key) {
        Optional<Entry> own = first(section, key);
        if (own.isPresent() || defaults == null) return own;
        return first(defaults, key);
    }

    String value(String key, String fallback) {
        return get(key).map(Entry::value).orElse(fallback);
    }

    /** Entries whose key starts with the prefix, by the rest of the key; the section's win over the defaults. */
    Map<String, Entry> withPrefix(String prefix, List<String> exactKeys) {
        Map<String, Entry> out = new LinkedHashMap<>();
        if (defaults != null) collect(defaults, prefix, exactKeys, out);
        collect(section, prefix, exactKeys, out);
        return out;
    }

    private static void collect(Section s, String prefix, List<String> exactKeys, Map<String, Entry> out) {
        for (Entry e : s.entries()) {
            if (e.key().startsWith(prefix) && e.key().length() > prefix.length() && !exactKeys.contains(e.key())) {
                out.put(e.key().substring(prefix.length()), e);
            }
        }
    }

    private static Optional<Entry> first(Section s, String key) {
        return s.entries().stream().filter(e -> e.key().equals(key)).findFirst();
    }
}
