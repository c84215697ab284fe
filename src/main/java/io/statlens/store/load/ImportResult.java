package io.statlens.store.load;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ImportPlanner;

import java.nio.file.Path;
import java.util.List;

/**
 * What one import wrote.
 *
 * @param run     the run's name
 * @param files   per file, in import order
 * @param skipped files of the inputs left out, with the reason (the listings and logs of a pt-stalk capture)
 */
public record ImportResult(String run, List<FileResult> files, List<ImportPlanner.Skipped> skipped) {
    public ImportResult {
        files = List.copyOf(files);
        skipped = List.copyOf(skipped);
    }

    /**
     * @param part         the part of the file read, when it holds several tools' or hosts' output: its lines
     *                     ({@code 12-40}) or its host; empty for the whole file
     * @param rows         time-series rows
     * @param summaries    summary values (a benchmark's final statistics, a tool's {@code Average:} lines)
     * @param timeSource   how the rows' times were obtained (the file's {@code time.source} fact); empty if not said
     * @param warnings     the first warnings (at most 20); {@code warningCount} says how many in all
     */
    public record FileResult(Path path, String part, String tool, String variant, long rows, long summaries, String timeSource,
                             long warningCount, List<ParseWarning> warnings) {
        /** The file's name, and its part's after a colon ({@code notes.txt:12-40}). */
        public String name() {
            String name = path.getFileName().toString();
            return part.isEmpty() ? name : name + ":" + part;
        }

        /**
         * What a file without time series holds, for people who would otherwise read "0 rows" as a failure
         * ({@code 12 summary values, no time series: the output has no intermediate reports}); empty for a file
         * with rows, or with nothing at all (its warnings say why).
         */
        public String holdsOnly() {
            if (rows > 0 || summaries == 0) return "";
            String why = timeSource.startsWith(NO_TIMES) ? ": " + timeSource.substring(NO_TIMES.length()) : "";
            return summaries + " summary value" + (summaries == 1 ? "" : "s") + ", no time series" + why;
        }
    }

    /** How a parser's {@code time.source} fact starts when the output has no samples to place in time. */
    public static final String NO_TIMES = "none: ";

    public long summaries() {
        return files.stream().mapToLong(FileResult::summaries).sum();
    }

    /** How many files were read: a file read a part at a time counts once. */
    public long fileCount() {
        return files.stream().map(FileResult::path).distinct().count();
    }

    /** How many parts of files were read, each by its own parser (none when every file was read whole). */
    public long partCount() {
        return files.stream().filter(f -> !f.part().isEmpty()).count();
    }

    public long rows() {
        return files.stream().mapToLong(FileResult::rows).sum();
    }
}
