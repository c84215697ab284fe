package io.statlens.parse.builtin.mpstat;

import java.util.ArrayList;
import java.util.List;

/** The data sets mpstat output can give: Linux's tables ({@link LinuxTable}) and Solaris's processor sets. */
final class MpstatDatasets {
    /** Solaris {@code mpstat -a}: one line per processor set. */
    static final String SOLARIS_PSET = "pset";

    static final List<String> NAMES;

    static {
        List<String> names = new ArrayList<>();
        for (LinuxTable t : LinuxTable.values()) {
            names.add(t.dataset().isEmpty() ? LinuxMpstatReader.TOOL : LinuxMpstatReader.TOOL + "." + t.dataset());
        }
        names.add(LinuxMpstatReader.TOOL + "." + SOLARIS_PSET);
        NAMES = List.copyOf(names);
    }

    private MpstatDatasets() {
    }
}
