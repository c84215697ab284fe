package io.statlens.parse.builtin.proc;

import io.statlens.parse.text.Tokens;
import io.statlens.parse.text.TsvResource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * df's header line, in English or in any language GNU coreutils ships ({@code coreutils-df-header-translations.tsv},
 * taken from its catalogs), read into the English names of its numeric columns: {@code Sys. de fichiers blocs de 1K
 * Utilisé Disponible Uti% Monté sur} gives {@code 1K-blocks Used Available Use%}, so a French capture compares with
 * an English one.
 *
 * <p>Titles are matched as runs of words, not split at blanks: several translations hold spaces ({@code Файловая
 * система}, {@code zamont. na}, {@code blocs de 1K}). A header is the file system's title, {@code -T}'s type title if
 * there, one or more of df's numeric titles and the mount point's title last, all from one language's catalog (a
 * title the catalog leaves untranslated is printed in English). Where a catalog gives two titles one translation,
 * the reading that is one of df's own layouts wins ({@code Maht} is Size first and Capacity last in Estonian).
 */
final class DfHeader {
    private static final String RESOURCE = "coreutils-df-header-translations.tsv";
    private static final String ENGLISH = "en";
    private static final String FILESYSTEM = "Filesystem";
    private static final String TYPE = "Type";
    private static final String MOUNTED_ON = "Mounted on";
    /** The numeric columns' titles; the block-size column ({@code 1K-blocks}) is matched apart, by its pattern. */
    private static final List<String> NUMERIC = List.of("Size", "Used", "Avail", "Available", "Use%", "Capacity",
            "Inodes", "IUsed", "IFree", "IUse%");
    /**
     * The inode titles of BSD's df (FreeBSD and macOS {@code -i}, macOS by default), read as GNU's names so that a macOS
     * run and a Linux one fill the same columns; BSD's df prints its header in English only.
     */
    private static final Map<String, String> BSD_INODES = Map.of("iused", "IUsed", "ifree", "IFree", "%iused", "IUse%");
    /** The block size as df's human_readable prints it into {@code %s-blocks}: 1K, 1024, 512, 4.0K, 1MB. */
    private static final String BLOCK_SIZE = "(\\d+(?:[.,]\\d+)?[KMGTPEZYRQk]?(?:i?B)?)";
    private static final String BLOCKS_SUFFIX = "-blocks";
    /** df's own column sets: default, -h, -P, -P -h, -i. Where a title reads two ways, these decide. */
    private static final Set<List<String>> LAYOUTS = Set.of(
            List.of(BLOCKS_SUFFIX, "Used", "Available", "Use%"), List.of("Size", "Used", "Avail", "Use%"),
            List.of(BLOCKS_SUFFIX, "Used", "Available", "Capacity"), List.of("Size", "Used", "Avail", "Capacity"),
            List.of("Inodes", "IUsed", "IFree", "IUse%"),
            List.of(BLOCKS_SUFFIX, "Used", "Available", "Capacity", "IUsed", "IFree", "IUse%"),
            List.of("Size", "Used", "Avail", "Capacity", "IUsed", "IFree", "IUse%"));
    /** Every title a header is read with. */
    private static final List<String> ENGLISH_TITLES = titles();
    private static final int MAX_READINGS = 64;
    private static final Pattern PLACEHOLDER = Pattern.compile("%(?:(\\d)\\$)?s");

    private static final Map<String, Language> LANGUAGES = load();
    /**
     * The first word of every language's file-system title: a line that starts with none of them is no header, told
     * before the line is split into words (detection asks this of every line of every file's head).
     */
    private static final Set<String> FIRST_WORDS = firstWords();

    /**
     * A header as read.
     *
     * @param columns  the numeric columns' English names, in order ({@code 1K-blocks}, {@code Used}, ...)
     * @param typed    whether {@code -T}'s type column stands after the file system
     * @param language the catalogs whose titles it was printed with ({@code fr}; {@code es, gl} when they agree);
     *                 {@code en} for English
     */
    record Header(List<String> columns, boolean typed, String language) {
    }

    /**
     * One language's titles: each English title as the words it prints, and its block-size title as a pattern (group 1
     * the block size) of {@code blocksWords} words.
     */
    private record Language(Map<String, List<String>> titles, Pattern blocks, int blocksWords) {
        /** Every title of {@link #ENGLISH_TITLES} resolved: one the catalog leaves untranslated as its English words. */
        Language {
            Map<String, List<String>> resolved = new LinkedHashMap<>(titles);
            for (String english : ENGLISH_TITLES) resolved.putIfAbsent(english, words(english));
            titles = Map.copyOf(resolved);
        }

        List<String> title(String english) {
            return titles.get(english);
        }
    }

    private DfHeader() {
    }

    /** The line read as df's header in English or any catalog's language; empty if it is not one. */
    static Optional<Header> read(String line) {
        if (!FIRST_WORDS.contains(firstWord(line))) return Optional.empty();
        List<String> words = words(line);
        if (words.size() < 3) return Optional.empty();
        List<String> columns = null;
        boolean typed = false;
        List<String> languages = new ArrayList<>();
        for (Map.Entry<String, Language> entry : LANGUAGES.entrySet()) {
            Language language = entry.getValue();
            List<String> filesystem = language.title(FILESYSTEM);
            List<String> mounted = language.title(MOUNTED_ON);
            if (!startsWith(words, 0, filesystem) || words.size() < filesystem.size() + mounted.size() + 1
                    || !startsWith(words, words.size() - mounted.size(), mounted)) continue;
            int from = filesystem.size();
            boolean withType = startsWith(words, from, language.title(TYPE));
            if (withType) from += language.title(TYPE).size();
            List<List<String>> readings = new ArrayList<>();
            numeric(words.subList(from, words.size() - mounted.size()), language, new ArrayList<>(), readings);
            if (readings.isEmpty()) continue;
            List<String> matched = readings.stream().filter(DfHeader::dfLayout).findFirst().orElse(readings.get(0));
            if (columns == null) {
                columns = matched;
                typed = withType;
            }
            languages.add(entry.getKey());
            if (entry.getKey().equals(ENGLISH)) break;
        }
        if (columns == null) return Optional.empty();
        return Optional.of(new Header(List.copyOf(columns), typed, String.join(", ", languages)));
    }

    /**
     * Depth-first: every way of reading the words as the language's numeric titles (at least one), at most
     * {@link #MAX_READINGS}; a catalog may give two titles one translation (Afrikaans {@code Beskikbaar} for both
     * Avail and Available, Catalan {@code %Ús} for Use% and IUse%).
     */
    private static void numeric(List<String> words, Language language, List<String> matched, List<List<String>> readings) {
        if (readings.size() >= MAX_READINGS) return;
        if (words.isEmpty()) {
            if (!matched.isEmpty()) readings.add(List.copyOf(matched));
            return;
        }
        if (language.blocksWords() <= words.size()) {
            Matcher m = language.blocks().matcher(String.join(" ", words.subList(0, language.blocksWords())));
            if (m.matches()) {
                matched.add(m.group(1) + BLOCKS_SUFFIX);
                numeric(words.subList(language.blocksWords(), words.size()), language, matched, readings);
                matched.remove(matched.size() - 1);
            }
        }
        for (String english : NUMERIC) {
            List<String> title = language.title(english);
            if (!startsWith(words, 0, title)) continue;
            matched.add(english);
            numeric(words.subList(title.size(), words.size()), language, matched, readings);
            matched.remove(matched.size() - 1);
        }
        String bsd = BSD_INODES.get(words.get(0));
        if (bsd != null && language == LANGUAGES.get(ENGLISH)) {
            matched.add(bsd);
            numeric(words.subList(1, words.size()), language, matched, readings);
            matched.remove(matched.size() - 1);
        }
    }

    /** Whether the columns are one of the layouts df prints without {@code --output}. */
    private static boolean dfLayout(List<String> columns) {
        List<String> layout = columns.stream().map(c -> c.endsWith(BLOCKS_SUFFIX) ? BLOCKS_SUFFIX : c).toList();
        return LAYOUTS.contains(layout);
    }

    private static boolean startsWith(List<String> words, int from, List<String> title) {
        return from >= 0 && from + title.size() <= words.size() && words.subList(from, from + title.size()).equals(title);
    }

    /** The line's first word as {@link #words} splits it; empty for a blank line. */
    private static String firstWord(String line) {
        int n = line.length();
        int start = 0;
        while (start < n && Tokens.isSpace(line.charAt(start))) start++;
        int end = start;
        while (end < n && !Tokens.isSpace(line.charAt(end))) end++;
        return line.substring(start, end);
    }

    /** The words of a line or title: every Unicode space separates. */
    private static List<String> words(String s) {
        return List.of(Tokens.split(s));
    }

    /**
     * The block-size title's pattern from the catalog's {@code %s-%s} (block size, then "blocks"; French
     * reorders it as {@code %2$s de %1$s}, Chinese {@code %s的%s}).
     */
    private static Language language(Map<String, String> catalog) {
        String template = catalog.getOrDefault("%s-%s", "%s-%s");
        String blocks = String.join(" ", words(catalog.getOrDefault("blocks", "blocks")));
        StringBuilder regex = new StringBuilder();
        StringBuilder sample = new StringBuilder();
        Matcher m = PLACEHOLDER.matcher(template);
        int last = 0;
        int next = 1;
        boolean sized = false;
        while (m.find()) {
            String literal = template.substring(last, m.start());
            regex.append(Pattern.quote(literal));
            sample.append(literal);
            int argument = m.group(1) != null ? Integer.parseInt(m.group(1)) : next;
            next = argument + 1;
            sized |= argument == 1;
            regex.append(argument == 1 ? BLOCK_SIZE : Pattern.quote(blocks));
            sample.append(argument == 1 ? "1K" : blocks);
            last = m.end();
        }
        regex.append(Pattern.quote(template.substring(last)));
        sample.append(template.substring(last));
        if (!sized) throw new IllegalStateException(RESOURCE + ": a %s-%s without the block size: " + template);
        Map<String, List<String>> titles = new LinkedHashMap<>();
        catalog.forEach((english, translated) -> titles.put(english, words(translated)));
        return new Language(Map.copyOf(titles), Pattern.compile(regex.toString()), words(sample.toString()).size());
    }

    private static List<String> titles() {
        List<String> titles = new ArrayList<>(List.of(FILESYSTEM, TYPE, MOUNTED_ON));
        titles.addAll(NUMERIC);
        return List.copyOf(titles);
    }

    private static Set<String> firstWords() {
        Set<String> first = new HashSet<>();
        for (Language language : LANGUAGES.values()) {
            List<String> title = language.title(FILESYSTEM);
            // a catalog with an empty title would let every line begin a header: the check then cannot apply
            if (title.isEmpty()) throw new IllegalStateException(RESOURCE + ": an empty " + FILESYSTEM + " title");
            first.add(title.get(0));
        }
        return Set.copyOf(first);
    }

    private static Map<String, Language> load() {
        Map<String, Map<String, String>> catalogs = new TreeMap<>();
        for (String[] f : TsvResource.rows(DfHeader.class, RESOURCE, 3)) {
            catalogs.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], f[2]);
        }
        Map<String, Language> languages = new LinkedHashMap<>();
        languages.put(ENGLISH, language(Map.of()));
        catalogs.forEach((name, catalog) -> languages.put(name, language(catalog)));
        return languages;
    }
}
