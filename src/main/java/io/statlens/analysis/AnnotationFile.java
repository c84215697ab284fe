package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.saved.AnnotationStore;

import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A file of timestamped messages, one per line: a time in any of the {@link TimeExpression#FORMS},
 * then the message. Blank lines and lines starting with {@code #} are skipped. Clock times without a
 * date take the date the run started, and the next day once they go backwards (a run past midnight).
 * One malformed line rejects the whole file.
 */
public final class AnnotationFile {
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final int ERRORS_SHOWN = 10;

    private AnnotationFile() {
    }

    /**
     * @param name     the file's name, for messages
     * @param runStart the run's first sample (for elapsed and clock times); null if it has none
     * @param zone     zone of times without one
     */
    public static List<AnnotationStore.Note> parse(String name, List<String> lines, Instant runStart, ZoneId zone) {
        List<AnnotationStore.Note> notes = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        Instant lastClock = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = i == 0 ? lines.get(i).replace("\uFEFF", "") : lines.get(i);
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) continue;
            String[] words = trimmed.split("\\s+", 3);
            int timeWords = words.length > 1 && DATE.matcher(words[0]).matches() && words[1].contains(":") ? 2 : 1;
            String time = timeWords == 2 ? words[0] + " " + words[1] : words[0];
            var parsed = TimeExpression.parse(time);
            if (parsed.isEmpty()) {
                errors.add(name + ":" + (i + 1) + ": expected a time at the start of the line (" + TimeExpression.EXAMPLES
                        + "); got '" + time + "'");
                continue;
            }
            String[] parts = trimmed.split("\\s+", timeWords + 1);
            String text = parts.length > timeWords ? parts[timeWords].strip() : "";
            if (text.isEmpty()) {
                errors.add(name + ":" + (i + 1) + ": expected a message after the time '" + time + "'");
                continue;
            }
            Instant at = parsed.get().resolve(runStart, zone);
            if (parsed.get() instanceof TimeExpression.Clock) {
                while (lastClock != null && at.isBefore(lastClock)) at = at.plus(1, ChronoUnit.DAYS);
                lastClock = at;
            }
            notes.add(new AnnotationStore.Note(at, text));
        }
        if (!errors.isEmpty()) {
            String shown = String.join(System.lineSeparator(), errors.subList(0, Math.min(ERRORS_SHOWN, errors.size())));
            throw new UserException(shown + (errors.size() > ERRORS_SHOWN ? System.lineSeparator() + "... and "
                    + (errors.size() - ERRORS_SHOWN) + " more bad lines" : "") + System.lineSeparator()
                    + "nothing was imported (" + errors.size() + " bad line" + (errors.size() == 1 ? "" : "s") + ")");
        }
        if (notes.isEmpty()) throw new UserException(name + ": no annotations in the file");
        return notes;
    }
}
