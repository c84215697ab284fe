package io.statlens.cli;

import io.statlens.analysis.WindowResolver;
import io.statlens.store.read.TimeWindow;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Option;

/** {@code --from X --to Y --tz ZONE} or {@code --window NAME}: a window of sample times, shared by stats and top. */
public final class WindowOptions {
    @Option(names = "--from", paramLabel = "X", description = {"First time included: elapsed seconds (300, 5m, 1h30m), " +
                    "an ISO time (2024-03-01T10:05:00, in --tz unless it ends in Z or an offset), a clock time 10:05:00 " +
                    "on the day the run started, or the text of an annotation (or a unique part of it)."})
    String from;

    @Option(names = "--to", paramLabel = "Y", description = "Last time included; same forms as --from.")
    String to;

    @Option(names = "--window", paramLabel = "NAME", description = "A time window saved with the run (statlens window RUN"
            + " --list), instead of --from and --to.")
    String window;

    @Option(names = "--tz", paramLabel = "ZONE", description = "Zone of times given without one (default: this machine's zone).")
    String tz;

    TimeWindow resolve(Repository repo, String run) {
        return new WindowResolver(repo).resolve(run, from, to, window, ImportCommand.zone(tz));
    }
}
