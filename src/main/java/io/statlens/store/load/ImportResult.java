package io.statlens.store.load;

import io.statlens.model.ParseWarning;

import java.nio.file.Path;
import java.util.List;

/**
 * What one import wrote.
 *
 * @param run   the run's name
 * @param files per file, in import order
 */
public record ImportResult(String run, List<FileResult> files) {

    /**
     * @param warnings     the first warnings (at most 20); {@code warningCount} says how many in all
     */
    public record FileResult(Path path, String tool, String variant, long rows, long warningCount, List<ParseWarning> warnings) {
    }

    public long rows() {
        return files.stream().mapToLong(FileResult::rows).sum();
    }
}
