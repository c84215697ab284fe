package io.statlens.docs;

import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A second process holding an embedded repository open, as a window left open does, while a page's block shows
 * what another statlens process is told ({@code <!-- docs-test: while another process holds /tmp/REPO open -->}).
 * It is a JVM of its own running {@link #main}: it opens the repository, says {@code open}, and keeps it open
 * until its standard input ends.
 */
final class RepositoryHolder implements AutoCloseable {
    private final Process process;

    private RepositoryHolder(Process process) {
        this.process = process;
    }

    /** Starts the holder and returns once the repository is open in it. */
    static RepositoryHolder start(Path repository, Path workingDirectory) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", classPath, RepositoryHolder.class.getName(),
                repository.toString())).directory(workingDirectory.toFile()).redirectErrorStream(true).start();
        RepositoryHolder holder = new RepositoryHolder(p);
        BufferedReader said = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder output = new StringBuilder();
        for (String line; (line = said.readLine()) != null; ) {
            if (line.equals("open")) return holder;
            output.append(line).append('\n');
        }
        holder.close();
        throw new IllegalStateException("the second process could not open " + repository + ": " + output);
    }

    /** Lets go of the repository: ends the holder's input and waits for it to close the repository and exit. */
    @Override
    public void close() throws IOException, InterruptedException {
        process.getOutputStream().close();
        if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
    }

    /** The holder's JVM: open the repository named by the argument, say so, keep it open until input ends. */
    public static void main(String[] args) throws IOException {
        // an existing one only: the page must have made it, as its reader would have
        try (Repository repository = Repository.open(RepositoryLocation.embedded(Path.of(args[0])), false)) {
            System.out.println("open");
            System.out.flush();
            while (System.in.read() >= 0) {
                // nothing to do but wait
            }
        }
        System.exit(0);
    }
}
