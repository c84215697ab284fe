package io.statlens.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code statlens bench --peer CMD}: {@code statlens import} of the generated file, as a whole process, against another
 * program reading the same file (a peer such as NMONVisualizer's {@code IOStatParser} behind a small harness), in turn.
 * statlens imports twice over: into a new repository, and into one that already holds an earlier run of the same file,
 * as a performance engineer imports run after run (its tables exist, so the import creates none). All are measured
 * whole, start-up included, by the CPU time of the process and everything it started, so the ratio is that of what
 * each costs the machine.
 */
public final class PeerBench {
    public static final String STATLENS_IMPORT = "statlens import, whole process";
    public static final String STATLENS_IMPORT_HELD = "statlens import into a repository holding an earlier run";

    private PeerBench() {
    }

    /** The peer's step is named by its command, cut to a readable length. */
    public static String peerName(String command) {
        String oneLine = command.strip().replaceAll("\\s+", " ");
        return "peer: " + (oneLine.length() <= 60 ? oneLine : oneLine.substring(0, 57) + "...");
    }

    /**
     * @param command the peer's command line for {@code /bin/sh -c}, where {@code {}} stands for the file
     */
    public static List<Samples> run(Path work, Workload input, String command, int repetitions, Consumer<String> progress)
            throws Exception {
        if (!command.contains("{}")) throw new IllegalArgumentException("the peer's command names no file: put {} where the file goes");
        List<String> peer = List.of("/bin/sh", "-c", command.replace("{}", shellQuoted(input.file().toAbsolutePath().toString())));
        Path errors = work.resolve("peer-errors.txt");
        Path held = work.resolve("repo-peer-held");
        ImportBench.deleteTree(held);
        progress.accept("preparing a repository that holds an earlier run (not measured)");
        ChildProcess.run(importInto(held, input, "earlier"), errors);
        try {
            return Alternation.run(repetitions, List.of(
                    new Alternation.Step(STATLENS_IMPORT, r -> {
                        Path repo = work.resolve("repo-peer-" + r);
                        try {
                            return new Stopwatch.Timed(input.rows(), ChildProcess.run(importInto(repo, input, "bench"), errors));
                        } finally {
                            ImportBench.deleteTree(repo);
                        }
                    }),
                    new Alternation.Step(STATLENS_IMPORT_HELD, r -> {
                        // every run imports into a copy of the same repository, so each finds it the same size
                        Path repo = work.resolve("repo-peer-held-" + r);
                        ImportBench.copyTree(held, repo);
                        try {
                            return new Stopwatch.Timed(input.rows(), ChildProcess.run(importInto(repo, input, "bench-" + (r + 1)), errors));
                        } finally {
                            ImportBench.deleteTree(repo);
                        }
                    }),
                    new Alternation.Step(peerName(command), r -> new Stopwatch.Timed(input.rows(), ChildProcess.run(peer, errors)))),
                    progress);
        } finally {
            ImportBench.deleteTree(held);
        }
    }

    private static List<String> importInto(Path repo, Workload input, String run) throws Exception {
        List<String> statlens = new ArrayList<>(StatlensProcess.statlens());
        statlens.addAll(List.of("import", input.file().toString(), "--run", run, "--repo", repo.toString()));
        return statlens;
    }

    static String shellQuoted(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
