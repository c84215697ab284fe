package io.statlens.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records the start-up archive of statlens.jar at package time (pom.xml, "startup-archive"): runs
 * {@link StartupTraining} in a JVM of this JVM's own Java home that writes, at its exit, a JDK 25 AOT cache
 * ({@code statlens.aot}: classes loaded and linked ahead of time, and method profiles; JEP 483, 514, 515) when this
 * JVM is 25 or newer, else a class-data (CDS) archive ({@code statlens.jsa}), which every JDK from 21 on can record.
 * The training JVM gets the launcher's JVM options, so that the archive fits them.
 *
 * <p>{@code java -cp statlens.jar io.statlens.cli.StartupArchive [--cds] WORKDIR APPDIR 'JVM OPTIONS'}: the archive,
 * the empty repository {@code statlens.repository} and {@code statlens.archive} go into APPDIR (the jar's folder);
 * the training JVM's output into WORKDIR/recording.log. {@code --cds} records a CDS archive whatever the JDK (the
 * app image's launcher names its archive before it is recorded). statlens.archive says which JVM recorded which
 * file, for the launcher, which uses it only with that very JVM. A failed training command fails the build; a JVM
 * that writes no archive (one built without CDS) leaves the launcher nothing to use, as before.
 */
final class StartupArchive {
    /** The first JDK that writes an AOT cache in one training run ({@code -XX:AOTCacheOutput}, JEP 514). */
    static final int AOT_CACHE_FROM = 25;

    /** The empty repository that the launcher has new repositories copied from, beside the archive. */
    static final String REPOSITORY_TEMPLATE = "statlens.repository";

    private StartupArchive() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        boolean cdsOnly = rest.remove("--cds");
        if (rest.size() != 3) {
            System.err.println("usage: StartupArchive [--cds] WORKDIR APPDIR 'JVM OPTIONS'");
            System.exit(ExitCodes.USER_ERROR);
        }
        Path work = Files.createDirectories(Path.of(rest.get(0)).toAbsolutePath().normalize());
        Path app = Path.of(rest.get(1)).toAbsolutePath().normalize();
        boolean aot = !cdsOnly && Runtime.version().feature() >= AOT_CACHE_FROM;
        Path archive = app.resolve(aot ? "statlens.aot" : "statlens.jsa");
        for (String old : List.of("statlens.aot", "statlens.jsa", "statlens.archive")) Files.deleteIfExists(app.resolve(old));

        Path javaHome = Path.of(System.getProperty("java.home")).toRealPath();
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString()));
        for (String option : rest.get(2).trim().split("\\s+")) {
            if (!option.isEmpty()) command.add(option);
        }
        command.add("-Djava.awt.headless=true");
        // the JVM notes every class it leaves out of the archive (picocli's, compiled for Java 5): into a file
        String tags = aot ? "aot" : "cds";
        command.addAll(List.of(aot ? "-XX:AOTCacheOutput=" + archive : "-XX:ArchiveClassesAtExit=" + archive,
                "-Xlog:" + tags + "*=off", "-Xlog:" + tags + "*=warning:file=" + work.resolve(tags + ".log"),
                "-cp", System.getProperty("java.class.path"), StartupTraining.class.getName(),
                work.toString(), app.resolve(REPOSITORY_TEMPLATE).toString()));
        if (aot) command.add("--aot");
        Path log = work.resolve("recording.log");
        Process training = new ProcessBuilder(command).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int code = training.waitFor();
        if (code != ExitCodes.OK) {
            System.err.print(Files.readString(log, StandardCharsets.UTF_8));
            System.err.println("recording the start-up archive failed (exit code " + code + "): " + String.join(" ", command));
            System.exit(ExitCodes.USER_ERROR);
        }
        String description = "# The start-up archive of statlens.jar and the JVM that recorded it"
                + " (StartupArchive); read by the statlens launcher.\n"
                + "java.home=" + javaHome + "\n"
                + "java.runtime.version=" + System.getProperty("java.runtime.version") + "\n"
                + "file=" + archive.getFileName() + "\n"
                + "kind=" + (aot ? "aot" : "cds") + "\n";
        Files.writeString(app.resolve("statlens.archive"), description, StandardCharsets.UTF_8);
    }
}
