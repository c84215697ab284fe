package io.statlens.gui;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the user chose in the import plan.
 *
 * @param sources  the files and folders as given (dropped, chosen, or from the recent list): remembered as recent
 * @param run      the run to import into
 * @param files    the files ticked, in the plan's order
 * @param tools    the tool for each ticked file (detected or chosen); empty to let the import detect them
 * @param start    the time of the first sample of output without dates ({@code statlens import --start})
 * @param interval the seconds between samples of output without times ({@code --interval})
 * @param zone     the zone of times printed without one ({@code --tz}); empty for the window's
 * @param locale   the locale the files were printed in ({@code --file-locale}), for what they do not show themselves
 *                 (a slashed date's order, an ambiguous zone abbreviation); empty to leave it to the files
 */
public record ImportChoices(List<Path> sources, String run, List<Path> files, Map<Path, String> tools,
                            Optional<Instant> start, Optional<Duration> interval, Optional<ZoneId> zone, Optional<Locale> locale) {
    public ImportChoices {
        sources = List.copyOf(sources);
        files = List.copyOf(files);
        tools = Map.copyOf(tools);
    }

    /** Choices that leave the times to the files (and the window's zone). */
    public ImportChoices(List<Path> sources, String run, List<Path> files, Map<Path, String> tools) {
        this(sources, run, files, tools, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
}
