package io.statlens.chart;

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
 * The real capture {@code src/test/resources/captures/cpu-2thr} (see its README): a sysbench CPU run of 85 s with
 * sar, iostat, mpstat and vmstat beside it, every 2 s, imported as run {@value #RUN} the way its README says.
 */
public final class CaptureRun {
    public static final String RUN = "cpu-2thr";
    public static final Path DIR = Path.of("src/test/resources/captures/cpu-2thr");
    /** When the monitors started (sysbench a second later). */
    public static final Instant START = Instant.parse("2026-11-25T20:08:43Z");

    private CaptureRun() {
    }

    public static void importInto(Repository repo) {
        importInto(repo, RUN);
    }

    public static void importInto(Repository repo, String run) {
        List<Path> files = List.of("sysbench-cpu-2thr.txt", "vmstat-t-2.txt", "iostat-tx-2.txt", "mpstat-P-ALL-2.txt",
                "sar-uqrbwd-nDEV.txt").stream().map(DIR::resolve).toList();
        ImportRequest plain = ImportRequest.of(run, ZoneOffset.UTC, files.toArray(Path[]::new));
        ImportRequest request = new ImportRequest(plain.inputs(), run, Optional.empty(), List.of(), Optional.empty(),
                Optional.of(START), Optional.empty(), ZoneOffset.UTC, false, false, false);
        // A folder that does not exist: the built-in parsers only, whatever the machine's user folder holds.
        new ImportService(repo, ParserCatalog.load(Path.of("target/no-user-parsers"))).run(request, ImportProgress.NONE);
    }
}
