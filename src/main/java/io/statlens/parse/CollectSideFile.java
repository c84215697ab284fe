package io.statlens.parse;

import io.statlens.parse.spi.ReceiveTimes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The files {@code statlens collect} keeps besides the tools' raw output, which an import of a collect's folder leaves
 * out: a raw file's receive times ({@code vmstat.times}, read with {@code vmstat.txt}), its tool's error output
 * ({@code vmstat.err}: its last line is already a warning of the collected run), and the collector's own files in the
 * collect's folder (its state, lock and log). A file of such a name without its raw file or state beside it is not
 * the collector's and is read as any other.
 */
public final class CollectSideFile {
    /** The collect's state, which marks a collect's folder; the collector's other files sit beside it. */
    public static final String STATE = "collect.properties";
    /** The collector's own files in the collect's folder. */
    public static final Set<String> COLLECTOR_FILES = Set.of(STATE, STATE + ".tmp", "collect.lock", "collector.log", "control.sock");
    /** How a tool's error output kept beside its raw file is named: {@code vmstat.err} beside {@code vmstat.txt}. */
    public static final String ERRORS = ".err";

    private CollectSideFile() {
    }

    /** Why an import of a folder leaves the file out, when it is one of a collect's side files. */
    public static Optional<String> reason(Path file) {
        String name = file.getFileName().toString();
        if (COLLECTOR_FILES.contains(name) && Files.isRegularFile(file.resolveSibling(STATE))) {
            return Optional.of("statlens collect: the collector's own state, lock and log");
        }
        if (name.endsWith(ReceiveTimes.SUFFIX) && rawFileBeside(file, ReceiveTimes.SUFFIX)) {
            return Optional.of("statlens collect: receive times, read with the raw file beside them");
        }
        if (name.endsWith(ERRORS) && rawFileBeside(file, ERRORS)) {
            return Optional.of("statlens collect: a tool's error output (its last line is a warning of the collected run)");
        }
        return Optional.empty();
    }

    /**
     * What a collect's side file is kept with, for a list of files: {@code vmstat.txt} for {@code vmstat.times} and
     * {@code vmstat.err}, {@code the collect} for the collector's own files; empty for any other file.
     */
    public static Optional<String> keptWith(Path file) {
        String name = file.getFileName().toString();
        if (COLLECTOR_FILES.contains(name) && Files.isRegularFile(file.resolveSibling(STATE))) return Optional.of("the collect");
        for (String suffix : List.of(ReceiveTimes.SUFFIX, ERRORS)) {
            if (name.endsWith(suffix) && rawFileBeside(file, suffix)) {
                return Optional.of(name.substring(0, name.length() - suffix.length()) + ".txt");
            }
        }
        return Optional.empty();
    }

    /**
     * The tool whose output a collect kept in this raw file ({@code mpstat} for {@code mpstat.txt} or {@code mpstat-2.txt}
     * with its {@code .times} beside it): a collect names each raw file after the parser that read it, which an import
     * uses when the file's lines are too few to be recognised (a tool stopped before its first report).
     */
    public static Optional<String> rawFileTool(Path file) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".txt") || !Files.isRegularFile(ReceiveTimes.besides(file))) return Optional.empty();
        return Optional.of(name.substring(0, name.length() - ".txt".length()).replaceFirst("-\\d+$", ""));
    }

    /**
     * The host a collect kept this raw file of: the name of its host folder ({@code loop} of
     * {@code .../tpcc-64/loop/vmstat.txt}) when the folder above holds a collect's state.
     */
    public static Optional<String> collectedHost(Path file) {
        Path hostFolder = file.toAbsolutePath().normalize().getParent();
        if (hostFolder == null || hostFolder.getParent() == null || hostFolder.getFileName() == null) return Optional.empty();
        return Files.isRegularFile(hostFolder.getParent().resolve(STATE)) ? Optional.of(hostFolder.getFileName().toString())
                : Optional.empty();
    }

    private static boolean rawFileBeside(Path file, String suffix) {
        String name = file.getFileName().toString();
        return Files.isRegularFile(file.resolveSibling(name.substring(0, name.length() - suffix.length()) + ".txt"));
    }
}
