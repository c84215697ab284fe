package io.statlens.parse.text;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The label sysstat's sar and mpstat print before their average lines, {@code Average:}, and before the
 * summary lines of {@code sar -F}/{@code -H}, {@code Summary:}, in every language sysstat has shipped
 * (from the {@code nls/*.po} files of sysstat 7 to 12.7): {@code Durchschn.:}, {@code Moyenne :} (with
 * U+202F NARROW NO-BREAK SPACE or a plain space before the colon), {@code Gj.snitt:}, {@code Rata-rata:},
 * {@code Trung bình:}, {@code 平均時間：} (a fullwidth colon), {@code 평균값:}... A translation added later is
 * still recognised by its shape: a word or two of letters (dots and hyphens allowed) and a colon. sysstat 10.0 to
 * 11.1 printed the summary label without its colon ({@code Summary}, {@code Zusammenfassung}).
 *
 * <p>Lines are expected with every Unicode space already a plain space ({@code LineText}).
 */
public final class SysstatAverage {
    /** "Average:" and "Summary:" as translated, colon included. */
    static final List<String> LABELS = List.of(
            "Average:", "Summary:",
            "Gemideld:",                                     // af
            "Сярэдняе:", "Зводка:", "Падрахунак:", "Падсумаваньне:", // be
            "Průměr:", "Souhrn:",                            // cs
            "Middel:", "Resume:",                            // da
            "Durchschn.:", "Zusammenfassung:",               // de
            "Meznombro:", "Resumo:",                         // eo
            "Media:", "Resumen:",                            // es, gl, it, ro
            "Batezbestekoa:",                                // eu
            "Keskiarvo:", "Yhteenveto:",                     // fi
            "Moyenne :", "Moyenne:", "Résumé:",              // fr
            "Medie:", "Sintesi:",                            // fur
            "Prosjek:", "Prosječno:", "Sažetak:",            // hr
            "Átlag:", "Összegzés:",                          // hu
            "Rata-rata:", "Ringkasan:",                      // id
            "Sommario:",                                     // it
            "平均値:", "サマリ:",                              // ja
            "საშუალო:", "შეჯამება:",                         // ka
            "평균:", "평균값:", "요약:",                       // ko
            "Орточо:",                                       // ky
            "Vidēji:", "Kopsavilkums:",                      // lv
            "Medja:",                                        // mt
            "Gj.snitt:", "Sammendrag:",                      // nb, nn
            "Gemiddeld:", "Samenvatting:",                   // nl
            "Średnia:", "Podsumowanie:",                     // pl
            "Média:", "Sumário:",                            // pt, pt_BR
            "Rezumat:",                                      // ro
            "Среднее:", "Сводка:",                           // ru
            "Priemer:", "Súhrn:",                            // sk
            "Просек:", "Сажетак:",                           // sr
            "Genomsnitt:", "Sammanfattning:",                // sv
            "Ortalama:", "Özet:",                            // tr
            "Середнє:", "Резюме:",                           // uk
            "Trung bình:", "Tổng kết:",                      // vi
            "平均时间:", "总计:",                              // zh_CN
            "平均時間:");                                     // zh_TW (printed with a fullwidth colon)
    /**
     * The sysstat translations ({@code nls/*.po}, named as sysstat names them) that print each average label: the
     * language a file's {@code Average:} line shows, one clue to the locale it was printed in (English for every
     * locale sysstat has no translation for).
     */
    private static final Map<String, Set<String>> AVERAGE_LANGUAGES = Map.ofEntries(
            Map.entry("Average:", Set.of("en")), Map.entry("Gemideld:", Set.of("af")), Map.entry("Сярэдняе:", Set.of("be")),
            Map.entry("Průměr:", Set.of("cs")), Map.entry("Middel:", Set.of("da")), Map.entry("Durchschn.:", Set.of("de")),
            Map.entry("Meznombro:", Set.of("eo")), Map.entry("Media:", Set.of("es", "gl", "it", "ro")),
            Map.entry("Batezbestekoa:", Set.of("eu")), Map.entry("Keskiarvo:", Set.of("fi")),
            Map.entry("Moyenne :", Set.of("fr")), Map.entry("Moyenne:", Set.of("fr")), Map.entry("Medie:", Set.of("fur")),
            Map.entry("Prosjek:", Set.of("hr")), Map.entry("Prosječno:", Set.of("hr")), Map.entry("Átlag:", Set.of("hu")),
            Map.entry("Rata-rata:", Set.of("id")), Map.entry("平均値:", Set.of("ja")), Map.entry("საშუალო:", Set.of("ka")),
            Map.entry("평균:", Set.of("ko")), Map.entry("평균값:", Set.of("ko")), Map.entry("Орточо:", Set.of("ky")),
            Map.entry("Vidēji:", Set.of("lv")), Map.entry("Medja:", Set.of("mt")), Map.entry("Gj.snitt:", Set.of("nb", "nn")),
            Map.entry("Gemiddeld:", Set.of("nl")), Map.entry("Średnia:", Set.of("pl")), Map.entry("Média:", Set.of("pt", "pt_BR")),
            Map.entry("Среднее:", Set.of("ru")), Map.entry("Priemer:", Set.of("sk")), Map.entry("Просек:", Set.of("sr")),
            Map.entry("Genomsnitt:", Set.of("sv")), Map.entry("Ortalama:", Set.of("tr")), Map.entry("Середнє:", Set.of("uk")),
            Map.entry("Trung bình:", Set.of("vi")), Map.entry("平均时间:", Set.of("zh_CN")), Map.entry("平均時間:", Set.of("zh_TW")));

    /**
     * The label of the {@code sar -F} and {@code -m USB} summaries from sysstat 10.0 to 11.1, printed without the
     * colon that sysstat 11.2 added ({@code _("Summary")} in {@code pr_stats.c}; RHEL 7's 10.1.5 among them), as
     * translated in those releases' {@code nls/*.po} files. Only these exact words: a bare word elsewhere is text.
     */
    static final List<String> SUMMARY_WITHOUT_COLON = List.of(
            "Summary", "Souhrn", "Resume", "Zusammenfassung", "Resumo", "Resumen", "Laburpena", "Yhteenveto", "Résumé",
            "Sažetak", "Összegzés", "Ringkasan", "サマリ", "Kopsavilkums", "Sammendrag", "Samenvatting", "Podsumowanie",
            "Sumário", "Сводка", "Súhrn", "Сажетак", "Özet", "Резюме", "Tổng hợp", "Tổng kết", "总计");

    /**
     * {@code sar -x} (sysstat 12.7.5 and later) prints, after the {@code Summary:} header that closes a section, a
     * {@code Minimum:} and a {@code Maximum:} line before the {@code Average:} one; translated as in sysstat's
     * {@code nls/*.po} files (Croatian without the colon, Chinese with a fullwidth one). Untranslated locales print
     * the English labels.
     */
    static final List<String> MINIMUM_LABELS = List.of(
            "Minimum:", "Minimum :", "Мінімум:", "Minimum", "Minimums:", "Mínimo:", "Minim:", "Минимум:", "Најмање:",
            "Minimalt:", "მინიმუმი:", "최소:", "最小:");
    static final List<String> MAXIMUM_LABELS = List.of(
            "Maximum:", "Maximum :", "Максымум:", "Maksimum", "Maksimum:", "Maksimums:", "Máximo:", "Maxim:", "Максимум:",
            "Највише:", "Maximalt:", "მაქსიმუმი:", "최대:", "最大:");

    /** Which of sar's closing values a line holds. */
    public enum Statistic {
        /** {@code Average:}, and the {@code Summary:} values of {@code sar -F}/{@code -H}: stored under the metric's label. */
        AVERAGE,
        /** {@code Minimum:} of {@code sar -x}: stored as {@code min(label)}. */
        MINIMUM,
        /** {@code Maximum:} of {@code sar -x}: stored as {@code max(label)}. */
        MAXIMUM;

        /** The name a summary value of this statistic is stored under: {@code %user}, {@code min(%user)}, {@code max(%user)}. */
        public String valueName(String label) {
            return switch (this) {
                case AVERAGE -> label;
                case MINIMUM -> "min(" + label + ")";
                case MAXIMUM -> "max(" + label + ")";
            };
        }
    }

    /** A translation not listed: one or two words of letters (with dots, hyphens, marks), then a colon. */
    private static final Pattern SHAPE = Pattern.compile("^ *+\\p{L}[\\p{L}\\p{M}.\\-]{0,24}+(?: [\\p{L}\\p{M}]{1,12}+)? ?:(?= |\\t|$)");

    private SysstatAverage() {
    }

    /**
     * Where the values after an average, summary, minimum or maximum label start, or -1 if the line does not start
     * with one.
     */
    public static int end(String line) {
        int listed = listedEnd(line);
        if (listed >= 0) return listed;
        String text = line.indexOf('\uFF1A') >= 0 ? line.replace('\uFF1A', ':') : line;
        Matcher m = SHAPE.matcher(text);
        return m.lookingAt() ? m.end() : -1;
    }

    /**
     * Whether the line starts with a label sysstat prints ({@code Average:}, {@code Moyenne :}, {@code Summary:}), not
     * only a word of that shape ({@code Architecture:} of an lscpu pasted before).
     */
    public static boolean listed(String line) {
        return listedEnd(line) >= 0;
    }

    private static int listedEnd(String line) {
        int first = first(line);
        if (first < 0) return -1;
        String text = line.indexOf('\uFF1A') >= 0 ? line.replace('\uFF1A', ':') : line;
        for (String label : LABELS) {
            if (text.startsWith(label, first) && boundary(text, first + label.length())) return first + label.length();
        }
        for (String label : SUMMARY_WITHOUT_COLON) {
            if (text.startsWith(label, first) && columnGap(text, first + label.length())) return first + label.length();
        }
        int extreme = extremeEnd(text, first, MINIMUM_LABELS);
        if (extreme < 0) extreme = extremeEnd(text, first, MAXIMUM_LABELS);
        return extreme;
    }

    /** The sysstat translations that print this line's average label ({@code Moyenne :}: fr); empty if it has none known. */
    public static Set<String> languages(String line) {
        int first = first(line);
        if (first < 0) return Set.of();
        String text = line.indexOf('\uFF1A') >= 0 ? line.replace('\uFF1A', ':') : line;
        for (Map.Entry<String, Set<String>> e : AVERAGE_LANGUAGES.entrySet()) {
            if (text.startsWith(e.getKey(), first) && boundary(text, first + e.getKey().length())) return e.getValue();
        }
        return Set.of();
    }

    /** Which statistic a line that {@link #end} accepts holds: its minimum and maximum labels, else the average. */
    public static Statistic statistic(String line) {
        int first = first(line);
        if (first < 0) return Statistic.AVERAGE;
        String text = line.indexOf('\uFF1A') >= 0 ? line.replace('\uFF1A', ':') : line;
        if (extremeEnd(text, first, MINIMUM_LABELS) >= 0) return Statistic.MINIMUM;
        if (extremeEnd(text, first, MAXIMUM_LABELS) >= 0) return Statistic.MAXIMUM;
        return Statistic.AVERAGE;
    }

    private static int extremeEnd(String text, int first, List<String> labels) {
        for (String label : labels) {
            if (text.startsWith(label, first) && boundary(text, first + label.length())) return first + label.length();
        }
        return -1;
    }

    /** The first character of a line that starts with a letter, else -1. */
    private static int first(String line) {
        int first = 0;
        while (first < line.length() && (line.charAt(first) == ' ' || line.charAt(first) == '\t')) first++;
        if (first == line.length() || !Character.isLetter(line.charAt(first))) return -1;
        return first;
    }

    /**
     * After a label without a colon, the gap sar's {@code %-11s} padding leaves before a column: two blanks, a tab, or
     * a blank and a number ({@code Zusammenfassung  MBfsfree}, {@code Summary          1001}); a word after one blank
     * is prose.
     */
    private static boolean columnGap(String text, int at) {
        if (at == text.length()) return false;
        if (text.charAt(at) == '\t') return true;
        if (text.charAt(at) != ' ' || at + 1 == text.length()) return false;
        char next = text.charAt(at + 1);
        return next == ' ' || next == '\t' || Character.isDigit(next) || next == '-';
    }

    private static boolean boundary(String text, int at) {
        return at == text.length() || text.charAt(at) == ' ' || text.charAt(at) == '\t';
    }
}
