package io.statlens.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No command leaves a derby.log in the working directory (issue 26): each runs in a JVM of its own, as from the
 * launcher, with none of the derby.stream.error properties that the test JVM has, so that Derby boots as it does
 * for a user. Each way a command reaches Derby: the default repository, one given with --repo, an in-memory one
 * given with --db, two at once (copy), and a failing command (whose Derby lines are kept, beside the repository).
 */
class NoDerbyLogTest {
    @TempDir
    Path work;

    @Test
    void noCommandLeavesADerbyLogInTheWorkingDirectory() throws Exception {
        Path home = work.resolve("home");
        Path vmstat = Files.writeString(work.resolve("vmstat.txt"), """
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                 1  0      0 811660  61604 687352    0    0    55    26   78  144  2  1 97  0  0
                 0  0      0 811404  61604 687384    0    0     0     0  101  182  0  0 100  0  0
                """, StandardCharsets.UTF_8);
        List<List<String>> commands = List.of(
                List.of("import", vmstat.toString(), "--run", "r1", "--start", "2024-01-01T00:00:00Z"),
                List.of("runs"),
                List.of("query", "SELECT COUNT(*) FROM V_VMSTAT", "--repo", home.resolve("repo").toString()),
                List.of("runs", "--db", "jdbc:derby:memory:nolog"),
                List.of("copy", "--all", "--to", work.resolve("copied").toString()),
                List.of("query", "SELECT NO_SUCH_COLUMN FROM V_VMSTAT"),
                List.of("demo"));
        for (List<String> command : commands) {
            Result result = run(home, command);
            assertTrue(result.code() <= ExitCodes.USER_ERROR, command + " ended with " + result.code() + ":\n" + result.output());
            try (Stream<Path> files = Files.list(work)) {
                List<String> names = files.map(p -> p.getFileName().toString()).toList();
                assertTrue(!names.contains("derby.log"), "statlens " + String.join(" ", command)
                        + " left derby.log in the working directory:\n" + result.output());
            }
        }
        assertEquals(ExitCodes.OK, run(home, List.of("runs")).code(), "the repository still opens");
    }

    private record Result(int code, String output) {
    }

    /**
     * {@code statlens COMMAND} in a JVM of its own, in the temporary working directory, STATLENS_HOME=HOME; with the
     * first JIT tier only, as the other short-lived JVMs of the tests: a command of a few seconds spends more CPU on
     * optimising compilers than it gains from them, and Derby boots the same way.
     */
    private Result run(Path home, List<String> command) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> line = new ArrayList<>(List.of(java, "-Xmx320m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        line.addAll(command);
        Path log = work.resolve("output.txt");
        ProcessBuilder pb = new ProcessBuilder(line).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("STATLENS_HOME", home.toString());
        Process process = pb.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("statlens " + command + " did not finish");
        }
        String output = Files.readString(log);
        Files.delete(log);
        return new Result(process.exitValue(), output);
    }
}
