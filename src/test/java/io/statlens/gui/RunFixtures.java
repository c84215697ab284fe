package io.statlens.gui;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * Two sysbench runs from the test corpus for the compare, average and report windows: 16 threads with 1-second
 * reports, 128 threads with 2-second ones. Their output has no dates, so each gets a start (as {@code --start}
 * does on the command line): t16 a day before m128, so that the browser lists t16 first and it is the base.
 */
final class RunFixtures {
    static final Path T16 = Path.of("src/test/resources/corpus/sysbench/plantegg-1.0.20-oltp_rw-16thr.txt");
    static final Path M128 = Path.of("src/test/resources/corpus/sysbench/mcgrof-1.0.17-oltp-128thr-doublewrite-first2000.txt");

    /** A folder that does not exist: the built-in parsers only, whatever the machine's user folder holds. */
    private static final Path NO_USER_PARSERS = Path.of("target/no-user-parsers");

    private RunFixtures() {
    }

    static void importSysbench(Repository repo) {
        importRun(repo, "t16", T16, Instant.parse("2024-03-04T10:00:00Z"));
        importRun(repo, "m128", M128, Instant.parse("2024-03-05T10:00:00Z"));
    }

    static void importRun(Repository repo, String run, Path file, Instant start) {
        ImportRequest plain = ImportRequest.of(run, ZoneOffset.UTC, file);
        ImportRequest request = new ImportRequest(plain.inputs(), run, Optional.empty(), List.of(), Optional.empty(),
                Optional.of(start), Optional.empty(), ZoneOffset.UTC, false, false, false);
        new ImportService(repo, ParserCatalog.load(NO_USER_PARSERS)).run(request, ImportProgress.NONE);
    }
}
