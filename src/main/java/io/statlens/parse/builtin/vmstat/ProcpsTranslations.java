package io.statlens.parse.builtin.vmstat;

import io.statlens.parse.text.TsvResource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * vmstat's header as procps-ng prints it in other languages, read back into the English labels and group
 * titles: every translation procps-ng has shipped ({@code procps-ng-header-translations.tsv}, taken from its
 * {@code po/} files), so that {@code frei} is read as {@code free} and a German run compares with an English
 * one.
 *
 * <p>Translated labels are matched by their place in the header, not looked up one by one: Korean prints
 * {@code 입} for both {@code si} and {@code bi}, Polish {@code io} for {@code wa}, and a translation may hold
 * spaces ({@code hoạt động}). A label line is read as one of procps's label sequences (the default report,
 * {@code -a}, {@code -d}), each label in English or any translation of it, with at most one word after it
 * (the zone above {@code -t}'s time stamps).
 */
final class ProcpsTranslations {
    private static final String RESOURCE = "procps-ng-header-translations.tsv";
    /** The title {@code -t} adds to the group line. */
    static final String TIMESTAMP_TITLE = " -----timestamp-----";
    private static final Pattern DASHES_AND_SPACES = Pattern.compile("[-\\s]+");

    /** A place in a label sequence: the English labels that may stand there (one, or the {@code -a} pair). */
    private record Slot(List<String> labels, String group, boolean optional) {
        static Slot of(String label, String group) {
            return new Slot(List.of(label), group, false);
        }
    }

    /** The default report, with {@code -a}'s inact/active in place of buff/cache; st and gu came late. */
    private static final List<Slot> MAIN = List.of(Slot.of("r", "procs"), Slot.of("b", "procs"), Slot.of("swpd", "memory"),
            Slot.of("free", "memory"), new Slot(List.of("buff", "inact"), "memory", false),
            new Slot(List.of("cache", "active"), "memory", false), Slot.of("si", "swap"), Slot.of("so", "swap"),
            Slot.of("bi", "io"), Slot.of("bo", "io"), Slot.of("in", "system"), Slot.of("cs", "system"),
            Slot.of("us", "cpu"), Slot.of("sy", "cpu"), Slot.of("id", "cpu"), Slot.of("wa", "cpu"),
            new Slot(List.of("st"), "cpu", true), new Slot(List.of("gu"), "cpu", true));
    /** {@code vmstat -d}. */
    private static final List<Slot> DISK = List.of(Slot.of("total", "reads"), Slot.of("merged", "reads"),
            Slot.of("sectors", "reads"), Slot.of("ms", "reads"), Slot.of("total", "writes"), Slot.of("merged", "writes"),
            Slot.of("sectors", "writes"), Slot.of("ms", "writes"), Slot.of("cur", "IO"), Slot.of("sec", "IO"));

    private static final ProcpsTranslations INSTANCE = load();

    /** English label → its translations, each as the words it prints. */
    private final Map<String, List<List<String>>> labelWords;
    /** Words of every known group line (English or translated, without the time stamp title) → the English line. */
    private final Map<String, String> groupLines;
    /** Words of every known time stamp title, English included. */
    private final Set<String> timestampTitles;
    /** Translated label → the languages that print it, for the fact saying which locale wrote the file. */
    private final Map<String, Set<String>> languagesOfLabel;
    /** The first word of every printed form of a label sequence's first label: a label line starts with one of them. */
    private final Set<String> firstWords;

    private ProcpsTranslations(Map<String, List<List<String>>> labelWords, Map<String, String> groupLines,
                               Set<String> timestampTitles, Map<String, Set<String>> languagesOfLabel) {
        this.labelWords = labelWords;
        this.groupLines = groupLines;
        this.timestampTitles = timestampTitles;
        this.languagesOfLabel = languagesOfLabel;
        Set<String> first = new HashSet<>();
        for (List<Slot> sequence : List.of(MAIN, DISK)) {
            for (String label : sequence.get(0).labels()) {
                for (List<String> form : forms(label)) first.add(form.get(0));
            }
        }
        this.firstWords = Set.copyOf(first);
    }

    static ProcpsTranslations get() {
        return INSTANCE;
    }

    /**
     * One label as matched: the English label, the text printed for it, its group, and where it stands in the
     * line (start of its first character, end after its last).
     */
    record Label(String label, String printed, String group, int start, int end) {
    }

    /**
     * A label line read as procps's.
     *
     * @param labels     the labels, in order
     * @param zone       the word after them (the zone above {@code -t}'s time stamps), empty if none
     * @param zoneStart  where that word starts; -1 without one
     * @param languages  languages whose translations agree with every translated label, empty when none does
     */
    record LabelLine(List<Label> labels, String zone, int zoneStart, Set<String> languages) {
        boolean translated() {
            return labels.stream().anyMatch(l -> !l.printed().equals(l.label()));
        }

        boolean disk() {
            return labels.get(0).label().equals("total");
        }
    }

    /** The line read as one of procps's label sequences with at least one label translated; empty otherwise. */
    Optional<LabelLine> labelLine(String line) {
        String head = line.stripLeading();
        if (head.isEmpty() || Character.isDigit(head.charAt(0))) return Optional.empty();
        // detection asks every line: one whose first word starts no form of the first label is told before splitting
        if (!firstWords.contains(firstWord(line))) return Optional.empty();
        List<int[]> words = words(line);
        if (words.size() < 6) return Optional.empty();
        for (List<Slot> sequence : List.of(MAIN, DISK)) {
            List<Label> matched = new ArrayList<>();
            if (match(line, words, 0, sequence, 0, matched)) {
                int used = matched.isEmpty() ? 0 : wordIndexAfter(words, matched.get(matched.size() - 1).end());
                String zone = used < words.size() ? text(line, words.get(used)) : "";
                LabelLine result = new LabelLine(List.copyOf(matched), zone, used < words.size() ? words.get(used)[0] : -1,
                        languages(matched));
                return result.translated() ? Optional.of(result) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /**
     * Depth-first: the words from {@code word} on read as the slots from {@code slot} on, each slot taking one of
     * its labels' printed forms; optional slots may be left out; at most one word may remain.
     */
    private boolean match(String line, List<int[]> words, int word, List<Slot> slots, int slot, List<Label> matched) {
        if (slot == slots.size()) return words.size() - word <= 1;
        Slot s = slots.get(slot);
        for (String label : s.labels()) {
            for (List<String> form : forms(label)) {
                if (!matches(line, words, word, form)) continue;
                int[] first = words.get(word);
                int[] last = words.get(word + form.size() - 1);
                matched.add(new Label(label, line.substring(first[0], last[1]), s.group(), first[0], last[1]));
                if (match(line, words, word + form.size(), slots, slot + 1, matched)) return true;
                matched.remove(matched.size() - 1);
            }
        }
        // an optional slot left out: only the last ones (st, gu) are optional, so nothing may follow
        return s.optional() && words.size() - word <= 1 && slots.subList(slot, slots.size()).stream().allMatch(Slot::optional);
    }

    /** The label's printed forms: English first, then every translation, longest first. */
    private List<List<String>> forms(String label) {
        List<List<String>> out = new ArrayList<>();
        out.add(List.of(label));
        out.addAll(labelWords.getOrDefault(label, List.of()));
        return out;
    }

    private static boolean matches(String line, List<int[]> words, int from, List<String> form) {
        if (from + form.size() > words.size()) return false;
        for (int i = 0; i < form.size(); i++) {
            if (!text(line, words.get(from + i)).equals(form.get(i))) return false;
        }
        return true;
    }

    private Set<String> languages(List<Label> labels) {
        Set<String> common = null;
        for (Label l : labels) {
            if (l.printed().equals(l.label())) continue;
            Set<String> of = languagesOfLabel.getOrDefault(l.label() + "\t" + l.printed(), Set.of());
            if (common == null) common = new TreeSet<>(of);
            else common.retainAll(of);
        }
        return common == null ? Set.of() : Set.copyOf(common);
    }

    /**
     * A line of group titles.
     *
     * @param english     the line to place the titles by: the line itself when it is English, else procps's
     *                    English line of which it is a translation (with the time stamp title when it has one)
     * @param timestamped whether it ends with {@code -t}'s time stamp title, in any language
     * @param translated  whether it was printed in another language than English
     */
    record GroupLine(String english, boolean timestamped, boolean translated) {
    }

    /**
     * A line of group titles in English or any language procps-ng ships ({@code procs ----------mémoire----------
     * -échange- ...}); empty if the line is not one.
     *
     * @param englishLine whether the line already reads as vmstat's English group line
     */
    Optional<GroupLine> groupLine(String line, boolean englishLine) {
        if (line.indexOf("--") < 0) return englishLine ? Optional.of(new GroupLine(line, false, false)) : Optional.empty();
        String words = normalize(line);
        String best = null;
        boolean stamped = false;
        for (String known : groupLines.keySet()) {
            boolean whole = words.equals(known);
            boolean withStamp = !whole && words.startsWith(known + " ") && timestampTitles.contains(words.substring(known.length() + 1));
            if ((whole || withStamp) && (best == null || known.length() > best.length())) {
                best = known;
                stamped = withStamp;
            }
        }
        if (englishLine) {
            boolean stampTitle = line.contains("-timestamp-") || (best != null && stamped);
            return Optional.of(new GroupLine(line, stampTitle, false));
        }
        if (best == null) return Optional.empty();
        String english = groupLines.get(best);
        return Optional.of(new GroupLine(stamped ? english + TIMESTAMP_TITLE : english, stamped, true));
    }

    /** Words of a line of titles: dashes and blanks are the same separator. */
    private static String normalize(String s) {
        return DASHES_AND_SPACES.matcher(s).replaceAll(" ").strip();
    }

    /** The first word as {@link #words} splits the line; empty for a blank line. */
    private static String firstWord(String line) {
        int n = line.length();
        int start = 0;
        while (start < n && isBlank(line.charAt(start))) start++;
        int end = start;
        while (end < n && !isBlank(line.charAt(end))) end++;
        return line.substring(start, end);
    }

    /** Start and end of each whitespace-separated word (every Unicode blank counts). */
    private static List<int[]> words(String line) {
        List<int[]> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && isBlank(line.charAt(i))) i++;
            if (i == n) break;
            int start = i;
            while (i < n && !isBlank(line.charAt(i))) i++;
            out.add(new int[] {start, i});
        }
        return out;
    }

    private static boolean isBlank(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    private static int wordIndexAfter(List<int[]> words, int end) {
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i)[0] >= end) return i;
        }
        return words.size();
    }

    private static String text(String line, int[] word) {
        return line.substring(word[0], word[1]);
    }

    private static ProcpsTranslations load() {
        Map<String, Set<List<String>>> labels = new HashMap<>();
        Map<String, String> groups = new HashMap<>();
        Set<String> timestamps = new LinkedHashSet<>();
        Map<String, Set<String>> languages = new HashMap<>();
        timestamps.add(normalize(TIMESTAMP_TITLE));
        for (String[] f : TsvResource.rows(ProcpsTranslations.class, RESOURCE, 4)) {
            String language = f[0];
            String english = f[2];
            String translated = f[3];
            if (f[1].equals("label")) {
                labels.computeIfAbsent(english, k -> new LinkedHashSet<>()).add(List.of(translated.strip().split("\\s+")));
                languages.computeIfAbsent(english + "\t" + translated, k -> new TreeSet<>()).add(language);
            } else if (normalize(english).equals(normalize(TIMESTAMP_TITLE))) {
                timestamps.add(normalize(translated));
            } else {
                groups.put(normalize(translated), english);
                groups.putIfAbsent(normalize(english), english);
            }
        }
        Map<String, List<List<String>>> labelWords = new HashMap<>();
        labels.forEach((english, forms) -> labelWords.put(english,
                forms.stream().sorted(Comparator.comparingInt((List<String> w) -> -w.size())).toList()));
        return new ProcpsTranslations(Map.copyOf(labelWords), Map.copyOf(groups), Set.copyOf(timestamps), Map.copyOf(languages));
    }
}
