package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.saved.TimeWindows;
import io.statlens.store.schema.Repository;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Turns {@code --from X --to Y}, or {@code --window NAME} (a window saved with the run), into a window of sample times. X and Y are a time in any of the
 * {@link TimeExpression#FORMS}, or the text of one of the run's annotations: the exact text, or a
 * part of it (ignoring case) that only one annotation contains.
 */
public final class WindowResolver {
    private static final int ANNOTATIONS_LISTED = 20;
    private final Repository repo;

    public WindowResolver(Repository repo) {
        this.repo = repo;
    }

    /** @param from first time included, null for the run's start; {@code to} likewise for its end */
    public TimeWindow resolve(String run, String from, String to, ZoneId zone) {
        return resolve(run, from, to, null, zone);
    }

    /**
     * The window of {@code --from X --to Y} or of {@code --window NAME} (not both): the one entry point of every command
     * that reads part of a run.
     *
     * @param window the name of one of the run's saved windows, or null
     */
    public TimeWindow resolve(String run, String from, String to, String window, ZoneId zone) {
        if (window != null) {
            if (from != null || to != null) {
                throw new UserException("--window " + window + " names the times itself; leave out --from and --to");
            }
            return named(run, window);
        }
        if (from == null && to == null) return TimeWindow.ALL;
        Instant start = new RunCatalog(repo).run(run).start();
        List<Annotation> annotations = new AnnotationStore(repo).list(run);
        Instant a = from == null ? null : point("--from", from, start, zone, annotations);
        Instant b = to == null ? null : point("--to", to, start, zone, annotations);
        if (a != null && b != null && b.isBefore(a)) {
            throw new UserException("--to " + to + " (" + b + ") is before --from " + from + " (" + a + ")");
        }
        return new TimeWindow(a, b);
    }

    /** The run's saved window of that name ({@code statlens window}); a name it lacks is an error listing those it has. */
    public TimeWindow named(String run, String name) {
        List<TimeWindows.Named> saved = new TimeWindows(repo).list(run);
        return saved.stream().filter(w -> w.name().equals(name)).findFirst().map(TimeWindows.Named::window)
                .orElseThrow(() -> new UserException("--window " + name + ": run '" + run + "' has no time window of that name; "
                        + (saved.isEmpty() ? "it has none (save one with statlens window " + run + " NAME --from X --to Y)"
                        : "it has: " + saved.stream().map(TimeWindows.Named::name).collect(Collectors.joining(", ")))));
    }

    /** One end of a window: a time, else an annotation's time. */
    static Instant point(String option, String text, Instant start, ZoneId zone, List<Annotation> annotations) {
        var time = TimeExpression.parse(text);
        if (time.isPresent()) return time.get().resolve(start, zone);
        List<Annotation> exact = annotations.stream().filter(n -> n.text().equals(text)).toList();
        if (exact.size() == 1) return exact.get(0).time();
        String needle = text.toLowerCase(Locale.ROOT);
        List<Annotation> matches = exact.isEmpty()
                ? annotations.stream().filter(n -> n.text().toLowerCase(Locale.ROOT).contains(needle)).toList() : exact;
        if (matches.size() == 1) return matches.get(0).time();
        String expected = option + " " + text + ": ";
        if (annotations.isEmpty()) {
            throw new UserException(expected + "expected " + TimeExpression.FORMS + ", or the text of an annotation"
                    + " (the run has none; add them with statlens note)");
        }
        String problem = matches.isEmpty() ? "neither a time nor the text of an annotation" : "matches " + matches.size()
                + " annotations; give more of the text";
        List<Annotation> listed = matches.isEmpty() ? annotations : matches;
        throw new UserException(expected + problem + "; annotations:" + System.lineSeparator() + listed.stream()
                .limit(ANNOTATIONS_LISTED).map(n -> "  " + describe(n, start)).collect(Collectors.joining(System.lineSeparator()))
                + (listed.size() > ANNOTATIONS_LISTED ? System.lineSeparator() + "  ..." : "")
                + (matches.isEmpty() ? System.lineSeparator() + "times are " + TimeExpression.FORMS : ""));
    }

    private static String describe(Annotation n, Instant start) {
        String elapsed = start == null ? "" : " (+" + BigDecimal.valueOf(Duration.between(start, n.time()).toNanos(), 9)
                .stripTrailingZeros().toPlainString() + " s)";
        return n.time() + elapsed + "  " + n.text();
    }
}
