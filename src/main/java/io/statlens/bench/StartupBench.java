package io.statlens.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * statlens' start-up as a user meets it, whole processes in turn (A/B/C...): {@code statlens --help}, {@code statlens
 * runs} of a repository, and the bare JVM that runs them ({@code java -version}), the anchor measured in the same run
 * (issue 27, item 4: {@code --help} and {@code runs} no slower; machines differ several-fold in what a JVM's start
 * costs, so the figure to keep is the ratio to it).
 */
public final class StartupBench {
    public static final String HELP = "statlens --help";
    public static final String RUNS = "statlens runs (a repository of one run)";
    public static final String JVM = "the JVM alone (java -version)";

    private StartupBench() {
    }

    /** @param repo an embedded repository that holds a run */
    public static List<Samples> run(Path work, Path repo, int repetitions, Consumer<String> progress) throws Exception {
        List<String> help = new ArrayList<>(StatlensProcess.statlens());
        help.add("--help");
        List<String> runs = new ArrayList<>(StatlensProcess.statlens());
        runs.addAll(List.of("runs", "--repo", repo.toString()));
        List<String> jvm = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version");
        Path errors = work.resolve("startup-errors.txt");
        return Alternation.run(repetitions, List.of(
                new Alternation.Step(HELP, r -> new Stopwatch.Timed(1, ChildProcess.run(help, errors))),
                new Alternation.Step(RUNS, r -> new Stopwatch.Timed(1, ChildProcess.run(runs, errors))),
                new Alternation.Step(JVM, r -> new Stopwatch.Timed(1, ChildProcess.run(jvm, errors)))), progress);
    }
}
