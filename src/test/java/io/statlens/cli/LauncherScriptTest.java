package io.statlens.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The launcher script (src/main/launcher/statlens) choosing a Java, run against fake Java homes: each fake
 * {@code bin/java} prints which home it is and the arguments it was given, instead of starting a JVM.
 */
@DisabledOnOs(OS.WINDOWS)
class LauncherScriptTest {
    @TempDir
    Path dir;

    private Path app;
    private Path jdks;
    private Path pathDir;
    private Path tools;

    @BeforeEach
    void install() throws IOException {
        app = Files.createDirectories(dir.resolve("app folder"));
        Files.copy(Path.of("src/main/launcher/statlens"), app.resolve("statlens"));
        executable(app.resolve("statlens"));
        Files.writeString(app.resolve("statlens.jar"), "not read by the fake java");
        jdks = Files.createDirectories(dir.resolve("jdks"));
        pathDir = Files.createDirectories(dir.resolve("bin"));
        // The PATH holds only the fake javas and the tools the script uses, not this machine's own java.
        tools = Files.createDirectories(dir.resolve("tools"));
        for (String tool : List.of("readlink", "sed", "wc", "du")) {
            Path real = Stream.of("/usr/bin", "/bin").map(d -> Path.of(d, tool)).filter(Files::isExecutable).findFirst()
                    .orElseThrow(() -> new IllegalStateException(tool + " not found in /usr/bin or /bin"));
            Files.createSymbolicLink(tools.resolve(tool), real);
        }
    }

    /** A fake Java home of the given JAVA_VERSION (null: no release file; it then answers -XshowSettings). */
    private Path jdk(String name, String version, String runtimeVersion) throws IOException {
        Path home = Files.createDirectories(jdks.resolve(name).resolve("bin")).getParent();
        Path java = home.resolve("bin/java");
        Files.writeString(java, """
                #!/bin/sh
                if [ "$1" = -XshowSettings:properties ]; then
                    echo "    java.specification.version = 22" >&2
                    exit 0
                fi
                echo "home=${0%/bin/java}"
                for a in "$@"; do echo "arg=$a"; done
                """);
        executable(java);
        if (version != null) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_RUNTIME_VERSION=\"" + runtimeVersion
                    + "\"\nJAVA_VERSION=\"" + version + "\"\n");
        }
        return home.toRealPath();
    }

    private Path jdk(String name, String version) throws IOException {
        return jdk(name, version, version + "+7");
    }

    /** Puts HOME's java on the PATH through a symbolic link, as /usr/bin/java is. */
    private void onPath(Path home) throws IOException {
        Files.createSymbolicLink(pathDir.resolve("java"), home.resolve("bin/java"));
    }

    private static void executable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** What the launcher did: its exit code, what it printed, and the fake java's report split up. */
    record Launch(int code, String out, String err) {
        String home() {
            return out.lines().filter(l -> l.startsWith("home=")).map(l -> l.substring(5)).findFirst().orElse(null);
        }

        List<String> args() {
            return out.lines().filter(l -> l.startsWith("arg=")).map(l -> l.substring(4)).toList();
        }

        /** The arguments after -jar JAR: what statlens itself receives. */
        List<String> appArgs() {
            List<String> a = args();
            return a.subList(a.indexOf("-jar") + 2, a.size());
        }

        /** The JVM options before -jar. */
        List<String> jvmOptions() {
            List<String> a = args();
            return a.subList(0, a.indexOf("-jar"));
        }
    }

    private Launch launch(Map<String, String> env, Path script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", pathDir + ":" + tools);
        pb.environment().put("HOME", dir.toString());
        pb.environment().put("STATLENS_JAVA_DIRS", jdks.toString());
        pb.environment().putAll(env);
        pb.environment().values().removeIf(String::isEmpty);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("launcher hung");
        }
        return new Launch(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private Launch launch(Map<String, String> env, String... args) throws Exception {
        return launch(env, app.resolve("statlens"), args);
    }

    @Test
    void javaHomeFirstWithTheArgumentsUntouched() throws Exception {
        Path java21 = jdk("jdk-21", "21.0.5");
        onPath(jdk("jdk-25", "25.0.1"));
        Launch l = launch(Map.of("JAVA_HOME", java21.toString()), "query", "SELECT 'a  b' FROM X", "", "*", "--repo", "my repo");
        assertEquals(0, l.code(), l.err());
        assertEquals(java21.toString(), l.home());
        assertEquals(List.of("query", "SELECT 'a  b' FROM X", "", "*", "--repo", "my repo"), l.appArgs());
        assertEquals(app.toRealPath().resolve("statlens.jar").toString(), l.args().get(l.args().indexOf("-jar") + 1));
    }

    @Test
    void tooOldJavaHomeIsPassedOverForThePath() throws Exception {
        Path java17 = jdk("jdk-17", "17.0.15");
        Path java22 = jdk("jdk-22", "22.0.2");
        onPath(java22);
        Launch l = launch(Map.of("JAVA_HOME", java17.toString()), "runs");
        assertEquals(java22.toString(), l.home(), l.err());
    }

    @Test
    void theNewestInTheInstallFoldersWhenJavaHomeAndPathAreTooOld() throws Exception {
        Path java17 = jdk("java-17-openjdk", "17.0.15");
        onPath(java17);
        jdk("java-8-openjdk", "1.8.0_392");
        jdk("jdk-21", "21.0.5");
        Path java25 = jdk("temurin-25", "25.0.3");
        Launch l = launch(Map.of("JAVA_HOME", java17.toString()), "--help");
        assertEquals(java25.toString(), l.home(), l.err());
        assertEquals(List.of("--help"), l.appArgs());
    }

    @Test
    void macOsBundleLayoutInAnInstallFolder() throws Exception {
        Path bundle = Files.createDirectories(jdks.resolve("temurin-21.jdk/Contents"));
        Path home = jdk("temurin-21.jdk/Contents/Home", "21.0.2");
        Launch l = launch(Map.of(), "runs");
        assertEquals(home.toString(), l.home(), l.err());
        assertTrue(Files.isDirectory(bundle));
    }

    @Test
    void aJavaWithoutReleaseFileIsAskedItsVersion() throws Exception {
        Path bare = jdk("bare", null, null); // answers java.specification.version = 22
        onPath(bare);
        Launch l = launch(Map.of(), "runs");
        assertEquals(bare.toString(), l.home(), l.err());
    }

    @Test
    void noJava21SaysSoPlainlyWithWhatItFound() throws Exception {
        Path java17 = jdk("java-17-openjdk", "17.0.15");
        Path java11 = jdk("java-11-openjdk", "11.0.2");
        onPath(java17);
        Launch l = launch(Map.of("JAVA_HOME", java11.toString()), "runs");
        assertEquals(1, l.code());
        assertEquals("", l.out(), "no java started");
        assertTrue(l.err().startsWith("statlens needs Java 21 or newer, and found none:\n"), l.err());
        assertTrue(l.err().contains("  JAVA_HOME=" + java11 + ": Java 11\n"), l.err());
        assertTrue(l.err().contains("  java on the PATH (" + java17 + "/bin/java): Java 17\n"), l.err());
        assertTrue(l.err().contains("  " + java17 + ": Java 17\n"), l.err());
        assertTrue(l.err().contains("Install a JDK 21 or newer"), l.err());
        assertFalse(l.err().contains("Exception"), l.err());
    }

    @Test
    void nothingAtAll() throws Exception {
        Launch l = launch(Map.of(), "runs");
        assertEquals(1, l.code());
        assertTrue(l.err().contains("no JAVA_HOME, no java on the PATH, none in the install folders"), l.err());
    }

    @Test
    void heapDefaultsThenTheUsersOptionsWhichWin() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        Launch l = launch(Map.of("STATLENS_JAVA_OPTS", "-Xmx2g  -Dfoo=bar"), "runs");
        List<String> options = l.jvmOptions();
        assertTrue(options.stream().anyMatch(o -> o.startsWith("-Xmx")), options.toString());
        assertEquals(List.of("-Xmx2g", "-Dfoo=bar"), options.subList(options.size() - 2, options.size()),
                "the user's options come last, so that they win");
    }

    /** Two collectors are an error of the JVM's ("Multiple garbage collectors selected"): the user's is the one. */
    @Test
    void theUsersGarbageCollectorReplacesTheLaunchers() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        List<String> options = launch(Map.of("STATLENS_JAVA_OPTS", "-XX:+UseG1GC -Xmx2g"), "runs").jvmOptions();
        assertEquals(List.of("-XX:+UseG1GC"), options.stream().filter(o -> o.matches("-XX:\\+Use\\w*GC")).toList(), options.toString());
        assertTrue(options.contains("-Xmx320m"), "the other defaults stay: " + options);
        List<String> defaults = launch(Map.of("STATLENS_JAVA_OPTS", "-Xmx2g -XX:-UseCompressedOops"), "runs").jvmOptions();
        assertTrue(defaults.contains("-XX:+UseSerialGC"), "no collector named, the launcher's: " + defaults);
    }

    /** Transparent huge pages where this machine's Linux gives them on request or always, and not where it has them off. */
    @Test
    void transparentHugePagesWhereTheKernelGivesThem() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        Path modes = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        String mode = Files.isReadable(modes) ? Files.readString(modes) : "";
        boolean given = mode.contains("[madvise]") || mode.contains("[always]");
        for (String command : List.of("import", "runs")) {
            List<String> options = launch(Map.of(), command, "r1").jvmOptions();
            assertEquals(given, options.contains("-XX:+UseTransparentHugePages"), mode + ": " + options);
        }
    }

    @Test
    void aChartRunsOnC1AloneUnlessTheUserSaysOtherwise() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        assertTrue(launch(Map.of(), "chart", "r1").jvmOptions().contains("-XX:TieredStopAtLevel=1"));
        for (String command : List.of("report", "import", "runs")) {
            assertFalse(launch(Map.of(), command, "r1").jvmOptions().contains("-XX:TieredStopAtLevel=1"), command);
        }
        List<String> options = launch(Map.of("STATLENS_JAVA_OPTS", "-XX:TieredStopAtLevel=4"), "chart", "r1").jvmOptions();
        assertEquals("-XX:TieredStopAtLevel=4", options.get(options.size() - 1), "the user's options come last, so that they win");
    }

    /**
     * An import of less than 64 MiB of files and folders runs on C1 alone (docs/bench.md#small-imports-on-c1-alone-2026-12-05):
     * the inputs summed, an option's value not one of them, and an input it cannot size keeping both compilers.
     */
    @Test
    void aSmallImportRunsOnC1AloneALargeOneOnBothCompilers() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        String c1 = "-XX:TieredStopAtLevel=1";
        Files.writeString(dir.resolve("vmstat.txt"), "procs -----------memory----------\n");
        Path folder = Files.createDirectories(dir.resolve("run folder"));
        Files.writeString(folder.resolve("iostat.txt"), "avg-cpu:  %user\n");
        sparse(dir.resolve("day.txt"), 64L << 20);
        sparse(dir.resolve("half 1.txt"), 40L << 20);
        sparse(dir.resolve("half 2.txt"), 40L << 20);

        assertTrue(launch(Map.of(), "import", "vmstat.txt", "run folder", "--run", "r").jvmOptions().contains(c1));
        assertTrue(launch(Map.of(), "import", "--tool", "day.txt", "vmstat.txt", "--repo=day.txt").jvmOptions().contains(c1),
                "an option's value is not an input");
        assertFalse(launch(Map.of(), "import", "day.txt", "--run", "r").jvmOptions().contains(c1));
        assertFalse(launch(Map.of(), "import", "half 1.txt", "half 2.txt").jvmOptions().contains(c1), "the inputs are summed");
        assertFalse(launch(Map.of(), "import", "vmstat.txt", "not there.txt").jvmOptions().contains(c1), "an input it cannot size");
        assertFalse(launch(Map.of(), "import", "vmstat.txt", "-").jvmOptions().contains(c1), "standard input");
        List<String> options = launch(Map.of("STATLENS_JAVA_OPTS", "-XX:TieredStopAtLevel=4"), "import", "vmstat.txt").jvmOptions();
        assertEquals("-XX:TieredStopAtLevel=4", options.get(options.size() - 1), "the user's options come last, so that they win");
    }

    /** The launcher skips the values of import's options when it sizes the inputs: it names every one that takes a value. */
    @Test
    void theLauncherKnowsEveryImportOptionThatTakesAValue() throws IOException {
        String script = Files.readString(Path.of("src/main/launcher/statlens"), StandardCharsets.UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s+(--[a-z-]+(?: \\| --[a-z-]+)+)\\)$").matcher(script);
        assertTrue(m.find(), "the launcher's list of import's value options");
        java.util.Set<String> listed = new java.util.TreeSet<>(List.of(m.group(1).split(" \\| ")));
        java.util.Set<String> taking = new java.util.TreeSet<>();
        for (picocli.CommandLine.Model.OptionSpec option : Main.commandLine("import").getSubcommands().get("import").getCommandSpec().options()) {
            if (option.arity().max() > 0) taking.add(option.longestName());
        }
        assertEquals(taking, listed);
    }

    private static void sparse(Path file, long size) throws IOException {
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
    }

    @Test
    void throughASymbolicLinkItStillFindsItsJar() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        Path link = Files.createSymbolicLink(dir.resolve("bin/statlens"), app.resolve("statlens"));
        Launch l = launch(Map.of(), link, "runs");
        assertEquals(0, l.code(), l.err());
        assertEquals(app.toRealPath().resolve("statlens.jar").toString(), l.args().get(l.args().indexOf("-jar") + 1));
    }

    @Test
    void aMissingJarIsReported() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        Files.delete(app.resolve("statlens.jar"));
        Launch l = launch(Map.of(), "runs");
        assertEquals(1, l.code());
        assertTrue(l.err().contains("statlens.jar is missing"), l.err());
    }

    /**
     * The .deb's layout (jpackage's app image in /opt/statlens, /usr/bin/statlens a link to lib/app/statlens): the
     * launcher runs the package's own runtime, whose release file names no runtime version, even when JAVA_HOME names
     * another Java, with the class-data archive that runtime recorded (statlens.archive names it relative: ../runtime),
     * and each command's JIT options as everywhere.
     */
    @Test
    void anInstalledPackageRunsItsOwnRuntimeWithItsArchive() throws Exception {
        Path image = dir.resolve("opt/statlens/lib");
        Path appDir = Files.createDirectories(image.resolve("app"));
        Files.copy(Path.of("src/main/launcher/statlens"), appDir.resolve("statlens"));
        executable(appDir.resolve("statlens"));
        Files.writeString(appDir.resolve("statlens.jar"), "not read by the fake java");
        Files.setLastModifiedTime(appDir.resolve("statlens.jar"), FileTime.from(Instant.now().minusSeconds(60)));
        Path runtime = jdk("runtime", "25.0.3", null);
        Files.writeString(runtime.resolve("release"), "JAVA_VERSION=\"25.0.3\"\nMODULES=\"java.base java.sql\"\n");
        Files.move(runtime, image.resolve("runtime"));
        Files.writeString(appDir.resolve("statlens.archive"), "java.home=../runtime\njava.runtime.version=25.0.3+9-LTS\nfile=statlens.jsa\n");
        Files.writeString(appDir.resolve("statlens.jsa"), "archive");
        Path link = Files.createSymbolicLink(dir.resolve("bin/statlens"), appDir.resolve("statlens"));
        Map<String, String> otherJava = Map.of("JAVA_HOME", jdk("jdk-21", "21.0.5").toString());

        Launch runs = launch(otherJava, link, "runs");
        assertEquals(0, runs.code(), runs.err());
        assertEquals(image.resolve("runtime").toRealPath().toString(), runs.home());
        assertTrue(runs.jvmOptions().contains("-XX:SharedArchiveFile=" + appDir.toRealPath().resolve("statlens.jsa")), runs.jvmOptions().toString());
        assertFalse(runs.jvmOptions().contains("-XX:TieredStopAtLevel=1"), runs.jvmOptions().toString());
        assertTrue(launch(otherJava, link, "chart", "--help").jvmOptions().contains("-XX:TieredStopAtLevel=1"), "a chart on C1 alone");
        // found on the PATH, it suggests commands by its bare name; started by a path, by that path
        assertTrue(runs.jvmOptions().contains("-Dstatlens.command=statlens"), runs.jvmOptions().toString());
        Path byPath = appDir.resolve("statlens");
        assertTrue(launch(otherJava, byPath, "runs").jvmOptions().contains("-Dstatlens.command=" + byPath));
    }

    @Test
    void theArchiveNamesThePackagesOwnRuntimeRelativeToTheApp() throws Exception {
        Path appDir = Files.createDirectories(dir.resolve("image/lib/app"));
        Path runtime = Files.createDirectories(dir.resolve("image/lib/runtime"));
        assertEquals("../runtime", StartupArchive.recordedHome(runtime.toRealPath(), appDir));
        Path other = jdk("jdk-25", "25.0.3");
        assertEquals(other.toString(), StartupArchive.recordedHome(other, appDir));
        assertEquals(other.toString(), StartupArchive.recordedHome(other, app), "a build's folder has no runtime beside it");
    }

    /** statlens.archive as the build writes it for a class-data archive recorded by the JVM in HOME. */
    private Path archive(Path home, String runtimeVersion) throws IOException {
        Files.writeString(app.resolve("statlens.archive"), "# recorded by the build\njava.home=" + home
                + "\njava.runtime.version=" + runtimeVersion + "\nfile=statlens.jsa\n");
        Path jsa = Files.writeString(app.resolve("statlens.jsa"), "archive");
        Files.setLastModifiedTime(app.resolve("statlens.jar"), FileTime.from(Instant.now().minusSeconds(60)));
        return jsa;
    }

    /** The same as a JDK 25 writes it: the class-data archive and the AOT cache statlens.aot. */
    private Path archiveAndCache(Path home, String runtimeVersion) throws IOException {
        archive(home, runtimeVersion);
        Files.writeString(app.resolve("statlens.archive"), "aot=statlens.aot\n", StandardOpenOption.APPEND);
        return Files.writeString(app.resolve("statlens.aot"), "cache");
    }

    @Test
    void theArchiveOnlyWithTheJvmThatRecordedItAndTheJarItWasRecordedFrom() throws Exception {
        Path java25 = jdk("jdk-25", "25.0.3", "25.0.3+9-LTS");
        onPath(java25);
        Path jsa = archive(java25, "25.0.3+9-LTS");
        String option = "-XX:SharedArchiveFile=" + app.toRealPath().resolve("statlens.jsa");

        Launch same = launch(Map.of(), "runs");
        assertTrue(same.jvmOptions().contains(option), same.jvmOptions().toString());
        assertTrue(same.jvmOptions().contains("-Xlog:cds*=off"), "a refused archive must not print into statlens' output");

        archive(java25, "25.0.4+7-LTS");
        assertFalse(launch(Map.of(), "runs").jvmOptions().contains(option), "another build of the JVM");

        archive(java25, "25.0.3+9-LTS");
        Files.setLastModifiedTime(jsa, FileTime.from(Instant.now().minusSeconds(3600)));
        assertFalse(launch(Map.of(), "runs").jvmOptions().contains(option), "the jar was rebuilt after the archive");

        archive(java25, "25.0.3+9-LTS");
        Path java21 = jdk("jdk-21", "21.0.5");
        assertFalse(launch(Map.of("JAVA_HOME", java21.toString()), "runs").jvmOptions().contains(option), "another JVM");
    }

    @Test
    void theAotCacheForTheLongCommandsOnlyWithTheJvmThatRecordedItAndTheJarItWasRecordedFrom() throws Exception {
        Path java25 = jdk("jdk-25", "25.0.3", "25.0.3+9-LTS");
        onPath(java25);
        Path cache = archiveAndCache(java25, "25.0.3+9-LTS");
        String option = "-XX:AOTCache=" + app.toRealPath().resolve("statlens.aot");
        String cds = "-XX:SharedArchiveFile=" + app.toRealPath().resolve("statlens.jsa");

        for (String command : List.of("chart", "report", "import")) {
            List<String> options = launch(Map.of(), command, "r1").jvmOptions();
            assertTrue(options.contains(option), command + ": " + options);
            assertTrue(options.containsAll(List.of("-Xlog:aot*=off", "-Xlog:cds*=off")), "a refused cache must not print into statlens' output");
            assertFalse(options.contains(cds), "one archive, not two: " + options);
            assertEquals(command.equals("import"), options.contains("-XX:-AOTReplayTraining"),
                    "an import without the cache's training replay: " + options);
        }
        List<String> replayed = launch(Map.of("STATLENS_JAVA_OPTS", "-XX:+AOTReplayTraining"), "import", "f.txt").jvmOptions();
        assertTrue(replayed.indexOf("-XX:+AOTReplayTraining") > replayed.indexOf("-XX:-AOTReplayTraining"), "the user's option wins: " + replayed);
        for (String command : List.of("runs", "--help", "stats")) {
            List<String> options = launch(Map.of(), command).jvmOptions();
            assertTrue(options.contains(cds) && !options.contains(option), "the short commands start faster without the cache: " + options);
        }
        assertTrue(launch(Map.of()).jvmOptions().contains(cds), "no command at all");

        archiveAndCache(java25, "25.0.4+7-LTS");
        assertFalse(launch(Map.of(), "chart", "r1").jvmOptions().contains(option), "another build of the JVM");

        archiveAndCache(java25, "25.0.3+9-LTS");
        Files.setLastModifiedTime(cache, FileTime.from(Instant.now().minusSeconds(3600)));
        List<String> rebuilt = launch(Map.of(), "chart", "r1").jvmOptions();
        assertFalse(rebuilt.contains(option), "the jar was rebuilt after the cache");
        assertTrue(rebuilt.contains(cds), "the class-data archive instead: " + rebuilt);

        archiveAndCache(java25, "25.0.3+9-LTS");
        Path java21 = jdk("jdk-21", "21.0.5");
        List<String> other = launch(Map.of("JAVA_HOME", java21.toString()), "chart", "r1").jvmOptions();
        assertFalse(other.contains(option), "another JVM");
        assertFalse(other.stream().anyMatch(o -> o.startsWith("-Xlog:aot")), "a Java 21 knows no aot log tag: " + other);
    }

    @Test
    void theRepositoryTemplateOnlyWhenNotOlderThanTheJar() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        String option = "-Dstatlens.repositoryTemplate=" + app.toRealPath().resolve("statlens.repository");
        assertFalse(launch(Map.of(), "runs").jvmOptions().contains(option), "none recorded");

        Path service = Files.writeString(Files.createDirectories(app.resolve("statlens.repository")).resolve("service.properties"), "x");
        Files.setLastModifiedTime(app.resolve("statlens.jar"), FileTime.from(Instant.now().minusSeconds(60)));
        Launch recorded = launch(Map.of(), "runs");
        assertTrue(recorded.jvmOptions().contains(option), recorded.jvmOptions().toString());

        Files.setLastModifiedTime(service, FileTime.from(Instant.now().minusSeconds(3600)));
        assertFalse(launch(Map.of(), "runs").jvmOptions().contains(option), "the jar was rebuilt after the template");
    }

    @Test
    void theJdkThatBuiltTheJarBeforeTheInstallFolders() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path builder = jdk("builder", "21.0.5");
        Path moved = Files.move(builder, elsewhere.resolve("builder"), StandardCopyOption.ATOMIC_MOVE).toRealPath();
        jdk("jdk-25", "25.0.3");
        archive(moved, "21.0.5+7");
        Launch l = launch(Map.of(), "runs");
        assertEquals(moved.toString(), l.home(), l.err());
        assertTrue(l.jvmOptions().contains("-XX:SharedArchiveFile=" + app.toRealPath().resolve("statlens.jsa")), l.jvmOptions().toString());
    }

    @Test
    void theUsersOptionsAreSplitOnSpacesButNotExpandedAsFileNames() throws Exception {
        onPath(jdk("jdk-21", "21.0.5"));
        Files.writeString(dir.resolve("Xfile"), "");
        Launch l = launch(Map.of("STATLENS_JAVA_OPTS", "-Dpattern=* X*"), "runs");
        List<String> options = l.jvmOptions();
        assertEquals(List.of("-Dpattern=*", "X*"), options.subList(options.size() - 2, options.size()));
        assertEquals(List.of("runs"), l.appArgs());
    }
}
