package io.statlens.parse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static java.util.Map.entry;

/**
 * Test support: the real outputs under {@code src/test/resources/corpus/<folder>/}, one folder per tool, each
 * listed with its provenance in the folder's {@code SOURCES.tsv} ({@code file, tool, variant, repo, path,
 * commit, notes}) and each with its {@linkplain Golden golden file} beside it. A new corpus folder needs an
 * entry in {@link #TOOL_OF_FOLDER}; a new file in a known folder needs no Java.
 */
public final class Corpus {
    /** Suffix of a fixture's golden file: {@code vmstat/x.txt} → {@code vmstat/x.txt.expected}. */
    public static final String GOLDEN_SUFFIX = ".expected";

    /** Corpus folder → the tool id that must claim its files. */
    public static final Map<String, String> TOOL_OF_FOLDER = Map.ofEntries(
            entry("arcstat", "arcstat"),
            entry("dbt2", "dbt2"),
            entry("df", "df"),
            entry("diskstats", "diskstats"),
            entry("dstat", "dstat"),
            entry("dtrace", "dtrace"),
            entry("faban", "faban"),
            entry("innodb-mutex", "innodb-mutex"),
            entry("innodb-status", "innodb-status"),
            entry("iostat", "iostat"),
            entry("lockstat", "lockstat"),
            entry("meminfo", "meminfo"),
            entry("mpstat", "mpstat"),
            entry("mysql-status", "mysql-status"),
            entry("mysql-variables", "mysql-variables"),
            entry("nicstat", "nicstat"),
            entry("nmon", "nmon"),
            entry("perf-stat", "perf-stat"),
            entry("perfschema-waits", "perfschema-waits"),
            entry("pidstat", "pidstat"),
            entry("plockstat", "plockstat"),
            entry("procstat", "procstat"),
            entry("procvmstat", "procvmstat"),
            entry("prstat", "prstat"),
            entry("pt-mext", "pt-mext"),
            entry("sar", "sar"),
            entry("sysbench", "sysbench"),
            entry("tpcc-mysql", "tpcc"),
            entry("top", "top"),
            entry("vm_stat", "vm_stat"),
            entry("vmstat", "vmstat"));

    private Corpus() {
    }

    /** One corpus file: its SOURCES.tsv path ({@code folder/name}) and the tool that must claim it. */
    public record Fixture(String path, String tool) {
        public Path file() {
            return root().resolve(path);
        }

        /** The golden file in the compiled test resources. */
        public Path golden() {
            return root().resolve(path + GOLDEN_SUFFIX);
        }

        @Override
        public String toString() {
            return path;
        }
    }

    /** The corpus as the tests see it (the compiled test resources). */
    public static Path root() {
        try {
            return Path.of(Corpus.class.getResource("/corpus").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The corpus in the source tree, where golden files are written: {@code <basedir>/src/test/resources/corpus}. */
    public static Path sourceRoot() {
        return Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/corpus");
    }

    public static List<String> folders() {
        try (Stream<Path> s = Files.list(root())) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The SOURCES.tsv rows of one folder: {@code [file, tool, ...]}, header skipped; none if it has no SOURCES.tsv. */
    public static List<String[]> sources(String folder) {
        Path tsv = root().resolve(folder).resolve("SOURCES.tsv");
        if (!Files.exists(tsv)) return List.of();
        try {
            return Files.readAllLines(tsv).stream()
                    .skip(1)
                    .filter(line -> !line.isBlank())
                    .map(line -> line.split("\t", -1))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every listed file of every known folder. */
    public static Stream<Fixture> fixtures() {
        return folders().stream()
                .filter(TOOL_OF_FOLDER::containsKey)
                .flatMap(folder -> sources(folder).stream().map(cols -> new Fixture(cols[0], TOOL_OF_FOLDER.get(folder))));
    }

    /**
     * The real files that hold several tools' or hosts' output, read a part at a time ({@link FileParts}): the files
     * {@code src/test/resources/parts/SOURCES.tsv} lists, each with its golden file beside it. No one tool claims them,
     * so they are not corpus fixtures; their paths are {@code parts/<name>}.
     */
    public static Stream<Fixture> filesOfParts() {
        Path tsv = partsRoot().resolve("SOURCES.tsv");
        try {
            return Files.readAllLines(tsv).stream().skip(1).filter(line -> !line.isBlank())
                    .map(line -> new Fixture("../" + PARTS + "/" + line.split("\t", -1)[0], ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The folder of the files of several parts, beside the corpus. */
    static final String PARTS = "parts";

    static Path partsRoot() {
        return root().resolveSibling(PARTS);
    }

    /** Whether a file of a corpus folder is a fixture's golden file rather than a fixture. */
    public static boolean isGolden(String name) {
        return name.endsWith(GOLDEN_SUFFIX);
    }
}
