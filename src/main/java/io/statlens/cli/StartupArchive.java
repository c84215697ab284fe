package io.statlens.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records the start-up archives of statlens.jar at package time (pom.xml, "startup-archive"), each by running
 * {@link StartupTraining} in a JVM of this JVM's own Java home with the launcher's JVM options, so that they fit
 * them: a class-data (CDS) archive of the everyday commands ({@code statlens.jsa}, every JDK from 21 on), and when
 * this JVM is 25 or newer also an AOT cache ({@code statlens.aot}: classes loaded and linked ahead of time, and
 * method profiles; JEP 483, 514, 515) of those commands plus charts, a report and imports, which the launcher uses
 * for those long commands only: the JVM loads all of a cache's classes at start, which made {@code --help} and
 * {@code runs} dearer with it than with the CDS archive (docs/bench.md#start-up-and-memory).
 *
 * <p>{@code java -cp statlens.jar io.statlens.cli.StartupArchive [--cds] WORKDIR APPDIR 'JVM OPTIONS'}: the archives,
 * the empty repository {@code statlens.repository} and {@code statlens.archive} go into APPDIR (the jar's folder);
 * each training JVM's output into WORKDIR/cds or WORKDIR/aot, recording.log. {@code --cds}: the CDS archive only
 * (the app image's launcher names its archive before it is recorded). statlens.archive says which JVM recorded
 * which files, for the launcher, which uses them only with that very JVM. A failed training command fails the
 * build; a JVM that writes no archive (one built without CDS) leaves the launcher nothing to use, as before.
 */
final class StartupArchive {
    /** The first JDK that writes an AOT cache in one training run ({@code -XX:AOTCacheOutput}, JEP 514). */
    static final int AOT_CACHE_FROM = 25;

    static final String CDS_ARCHIVE = "statlens.jsa";
    static final String AOT_CACHE = "statlens.aot";
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
        List<String> jvmOptions = new ArrayList<>();
        for (String option : rest.get(2).trim().split("\\s+")) {
            if (!option.isEmpty()) jvmOptions.add(option);
        }
        for (String old : List.of(CDS_ARCHIVE, AOT_CACHE, "statlens.archive")) Files.deleteIfExists(app.resolve(old));
        Path javaHome = Path.of(System.getProperty("java.home")).toRealPath();
        String description = "# The start-up archives of statlens.jar and the JVM that recorded them"
                + " (StartupArchive); read by the statlens launcher.\n"
                + "java.home=" + recordedHome(javaHome, app) + "\n"
                + "java.runtime.version=" + System.getProperty("java.runtime.version") + "\n";

        record(javaHome, jvmOptions, work.resolve("cds"), "-XX:ArchiveClassesAtExit=" + app.resolve(CDS_ARCHIVE), "cds",
                app.resolve(REPOSITORY_TEMPLATE).toString());
        description += "file=" + CDS_ARCHIVE + "\n";
        if (!cdsOnly && Runtime.version().feature() >= AOT_CACHE_FROM) {
            record(javaHome, jvmOptions, work.resolve("aot"), "-XX:AOTCacheOutput=" + app.resolve(AOT_CACHE), "aot", "--aot");
            description += "aot=" + AOT_CACHE + "\n";
        }
        Files.writeString(app.resolve("statlens.archive"), description, StandardCharsets.UTF_8);
    }

    /**
     * The Java home as statlens.archive names it: relative ({@code ../runtime}) when it is the runtime of the app image
     * that APPDIR is the {@code lib/app} folder of, so that the launcher knows it wherever the package is installed.
     */
    static String recordedHome(Path javaHome, Path app) throws IOException {
        Path runtime = app.resolveSibling("runtime");
        return Files.isDirectory(runtime) && runtime.toRealPath().equals(javaHome) ? "../runtime" : javaHome.toString();
    }

    /** Runs StartupTraining WORK LAST in a JVM of JAVA_HOME with the options and ARCHIVING; exits 1 if it fails. */
    private static void record(Path javaHome, List<String> jvmOptions, Path work, String archiving, String logTag, String last)
            throws IOException, InterruptedException {
        Files.createDirectories(work);
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString()));
        command.addAll(jvmOptions);
        // the JVM notes every class it leaves out of the archive (picocli's, compiled for Java 5): into a file
        command.addAll(List.of("-Djava.awt.headless=true", archiving,
                "-Xlog:" + logTag + "*=off", "-Xlog:" + logTag + "*=warning:file=" + work.resolve(logTag + ".log"),
                "-cp", System.getProperty("java.class.path"), StartupTraining.class.getName(), work.toString(), last));
        Path log = work.resolve("recording.log");
        Process training = new ProcessBuilder(command).directory(work.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int code = training.waitFor();
        if (code != ExitCodes.OK) {
            System.err.print(Files.readString(log, StandardCharsets.UTF_8));
            System.err.println("recording a start-up archive failed (exit code " + code + "): " + String.join(" ", command));
            System.exit(ExitCodes.USER_ERROR);
        }
    }
}
