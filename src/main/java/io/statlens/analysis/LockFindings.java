package io.statlens.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A lock that dominates the contention: in a section of a lockstat or plockstat table (the events of one type, such as
 * {@code Adaptive mutex spin}), the one lock and caller whose events, summed over the samples, are at least
 * {@link #DOMINANT_SHARE} of all the section's events, with at least {@link #MIN_EVENTS} of them. The question a lock
 * table is read for ("which lock is hot, and who takes it?") answered in one sentence, shown by the data set's Top-N
 * bars. A data set can hold several sections (lockstat's {@code spin} holds adaptive mutex, spin lock and thread lock
 * spins; the key label is then {@code section/Lock/Caller}): each is measured on its own, since the events of one type
 * say nothing about how another type's locks share theirs.
 */
final class LockFindings {
    /** A lock table and what its events are. */
    private record Source(String dataset, String tool, String events) {
    }

    private static final List<Source> SOURCES = List.of(
            new Source("lockstat.spin", "lockstat", "spin events"),
            new Source("lockstat.block", "lockstat", "block events"),
            new Source("plockstat.block", "plockstat", "block events"),
            new Source("plockstat.spin", "plockstat", "spin events"));
    private static final String COUNT = "Count";
    /** The first part of a key label whose keys start with their section's title (declarative {@code key.title}). */
    private static final String SECTION = "section";
    /** The share of all the section's events that makes one lock and caller dominant. */
    static final double DOMINANT_SHARE = 0.5;
    /** Fewer events than this are noise, whatever their share. */
    static final double MIN_EVENTS = 10;

    private final RunEvidence run;

    LockFindings(RunEvidence run) {
        this.run = run;
    }

    List<Finding> dominant() {
        List<Finding> out = new ArrayList<>();
        for (Source source : SOURCES) {
            if (!run.has(source.dataset())) continue;
            Map<String, List<MetricStats>> sections = new LinkedHashMap<>();
            for (MetricStats s : run.stats(source.dataset(), COUNT)) {
                sections.computeIfAbsent(section(s), k -> new ArrayList<>()).add(s);
            }
            sections.forEach((section, perKey) -> dominant(source, section, perKey).ifPresent(out::add));
        }
        return out;
    }

    private Optional<Finding> dominant(Source source, String section, List<MetricStats> perKey) {
        double total = 0;
        MetricStats top = null;
        for (MetricStats s : perKey) {
            if (s.key().isEmpty() || !(s.stats().mean() > 0)) continue;
            double events = s.stats().mean() * s.stats().n();
            total += events;
            if (top == null || events > top.stats().mean() * top.stats().n()) top = s;
        }
        if (top == null || total <= 0) return Optional.empty();
        double events = top.stats().mean() * top.stats().n();
        double share = events / total;
        if (share < DOMINANT_SHARE || events < MIN_EVENTS) return Optional.empty();
        String lock = section.isEmpty() ? top.key() : top.key().substring(section.length() + 1);
        String what = section.isEmpty() ? source.events() : section + " events";
        Phrase p = Phrase.of("Lock " + lock + " dominates the " + what + " (" + source.tool() + "): ")
                .value(share * 100, "%").text(" of them" + (perKey.size() == 1 ? ", the only lock printed." : ", of "
                        + perKey.size() + " locks and callers."));
        return Optional.of(new Finding(run.run(), Finding.Kind.HOTTEST, p, source.dataset(), COUNT, top.key(), events, "count"));
    }

    /**
     * The section title a key starts with, empty where the data set's keys carry none: the key less as many trailing
     * {@code /} parts as the key label names after {@code section} (a title may hold a slash itself: {@code R/W writer
     * hold}; a lock or caller is taken to hold none).
     */
    private static String section(MetricStats s) {
        String[] labels = s.keyLabel().split("/", -1);
        if (labels.length < 2 || !labels[0].equals(SECTION)) return "";
        int end = s.key().length();
        for (int i = 1; i < labels.length && end >= 0; i++) end = s.key().lastIndexOf('/', end - 1);
        return end <= 0 ? "" : s.key().substring(0, end);
    }
}
