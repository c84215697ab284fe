package io.statlens.chart;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportResult;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The real capture {@code src/test/resources/captures/sysbench-mariadb} (see its README): a sysbench OLTP run of 60 s
 * on MariaDB 10.11 with vmstat, iostat -x, mpstat, mysqladmin ext -r -i 1, two InnoDB monitor reports and
 * performance_schema waits, imported as run {@value #RUN} in one command, as its README says.
 */
public final class DatabaseCaptureRun {
    public static final String RUN = "sysbench-mariadb";
    public static final Path DIR = Path.of("src/test/resources/captures/sysbench-mariadb");

    private DatabaseCaptureRun() {
    }

    /** {@code statlens import DIR --run sysbench-mariadb --skip-unknown} (the README and the variables are skipped). */
    public static ImportResult importInto(Repository repo) {
        ImportRequest request = new ImportRequest(List.of(DIR), RUN, Optional.empty(), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), ZoneOffset.UTC, false, false, true, Map.of());
        // A folder that does not exist: the built-in parsers only, whatever the machine's user folder holds.
        return new ImportService(repo, ParserCatalog.load(Path.of("target/no-user-parsers"))).run(request, ImportProgress.NONE);
    }
}
