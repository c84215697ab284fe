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
 * @param partTools for each ticked file that holds several tools' or hosts' output, the tool of each ticked part, by the
 *                 part's label ({@code 1-64}, {@code node1}); its unticked parts are not named
 */
public record ImportChoices(List<Path> sources, String run, List<Path> files, Map<Path, String> tools,
                            Optional<Instant> start, Optional<Duration> interval, Optional<ZoneId> zone, Optional<Locale> locale,
                            Map<Path, Map<String, String>> partTools) {
    public ImportChoices {
        sources = List.copyOf(sources);
        files = List.copyOf(files);
        tools = Map.copyOf(tools);
        Map<Path, Map<String, String>> parts = new java.util.LinkedHashMap<>();
        partTools.forEach((file, t) -> parts.put(file, Map.copyOf(t)));
        partTools = Map.copyOf(parts);
    }

    /** Choices that leave the times to the files (and the window's zone). */
    public ImportChoices(List<Path> sources, String run, List<Path> files, Map<Path, String> tools) {
        this(sources, run, files, tools, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Map.of());
    }
}
