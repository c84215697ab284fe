package io.statlens.gui;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the user chose in the import plan.
 *
 * @param sources the files and folders as given (dropped, chosen, or from the recent list): remembered as recent
 * @param run     the run to import into
 * @param files   the files ticked, in the plan's order
 * @param tools   the tool for each ticked file (detected or chosen); empty to let the import detect them
 */
public record ImportChoices(List<Path> sources, String run, List<Path> files, Map<Path, String> tools) {
    public ImportChoices {
        sources = List.copyOf(sources);
        files = List.copyOf(files);
        tools = Map.copyOf(tools);
    }
}
