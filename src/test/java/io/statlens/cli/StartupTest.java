package io.statlens.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Start-up: the jar's Java-8 entry point, and that a command line models (and loads) only the subcommand it
 * names, so that --help, --version and parsers boot no Derby.
 */
class StartupTest {
    @TempDir
    Path dir;

    @Test
    void theJarEntryIsAJava8ClassFile() throws IOException {
        try (InputStream in = JarMain.class.getResourceAsStream("JarMain.class")) {
            assertNotNull(in);
            DataInputStream data = new DataInputStream(in);
            assertEquals(0xCAFEBABE, data.readInt());
            data.readUnsignedShort();
            assertEquals(52, data.readUnsignedShort(), "class file major version (52 = Java 8)");
        }
    }

    @Test
    void everyCommandListedByHelpStartsWithAWholeSentence() {
        // --help lists each command with the first line of its description only: a sentence cut there
        // reads as a truncated one.
        for (Class<?> type : Main.COMMANDS) {
            CommandLine.Command command = type.getAnnotation(CommandLine.Command.class);
            String first = command.description()[0];
            assertTrue(first.endsWith("."), command.name() + ": " + first);
        }
    }

    @Test
    void everyHelpParagraphIsWhole() {
        // picocli prints each element of a description on a line of its own and wraps the long ones: an element
        // that stops mid-sentence leaves a ragged line in --help ("a comparison" / "against the first run").
        for (Class<?> type : Main.COMMANDS) assertWholeParagraphs(new CommandLine(type));
    }

    private static void assertWholeParagraphs(CommandLine line) {
        CommandLine.Model.CommandSpec spec = line.getCommandSpec();
        List<String> texts = new ArrayList<>(List.of(spec.usageMessage().description()));
        for (CommandLine.Model.ArgSpec arg : spec.args()) texts.addAll(List.of(arg.description()));
        for (String text : texts) {
            assertTrue(text.isEmpty() || text.stripTrailing().matches("(?s).*[.:)]$"),
                    spec.qualifiedName() + ": a help paragraph stops mid-sentence: " + text);
        }
        for (CommandLine sub : line.getSubcommands().values()) assertWholeParagraphs(sub);
    }

    @Test
    void featureReleaseOfJavaSpecificationVersions() {
        assertEquals(8, JarMain.feature("1.8"));
        assertEquals(17, JarMain.feature("17"));
        assertEquals(21, JarMain.feature("21"));
        assertEquals(26, JarMain.feature("26-ea"));
        assertEquals(0, JarMain.feature(null));
        assertEquals(0, JarMain.feature(""));
    }

    @Test
    void theTooOldMessagePointsAtTheLauncher() {
        String message = JarMain.tooOld("17", "/usr/lib/jvm/java-17", new File("/opt/statlens/statlens"));
        assertTrue(message.startsWith("statlens needs Java 21 or newer; this is Java 17 (/usr/lib/jvm/java-17)."), message);
        assertTrue(message.contains("Run /opt/statlens/statlens instead: it finds a Java 21 or newer by itself."), message);
        assertFalse(JarMain.tooOld("17", "/j", null).contains("Run "), "no launcher beside the jar, no advice to run it");
    }

    @Test
    void runningOutOfHeapSaysHowToGiveMore() {
        String message = Main.outOfMemory(320L << 20, false);
        assertTrue(message.startsWith("statlens: out of memory: the Java heap is limited to 320 MiB; give it more"), message);
        assertTrue(message.contains("STATLENS_JAVA_OPTS=-Xmx2g"), message);
        String packaged = Main.outOfMemory(320L << 20, true);
        assertTrue(packaged.contains(" _JAVA_OPTIONS=-Xmx2g statlens"), "the package's launcher reads no STATLENS_JAVA_OPTS: " + packaged);
    }

    @Test
    void aStackOverflowIsAnInternalErrorWithoutATrace() {
        assertTrue(Main.STACK_OVERFLOW.startsWith("statlens: internal error: "), Main.STACK_OVERFLOW);
        assertFalse(Main.STACK_OVERFLOW.contains("java.lang."), "a sentence, not the error's class: " + Main.STACK_OVERFLOW);
    }

    /** A Java older than 21 on this machine, if there is one (Debian's default java is 17). */
    private static Optional<Path> oldJava() {
        List<Path> homes = new ArrayList<>();
        for (String folder : List.of("/usr/lib/jvm", "/usr/java", "/Library/Java/JavaVirtualMachines")) {
            try (Stream<Path> s = Files.list(Path.of(folder))) {
                s.forEach(homes::add);
            } catch (IOException absent) {
                // not on this system
            }
        }
        for (Path home : homes) {
            Path java = home.resolve("bin/java");
            Path release = home.resolve("release");
            if (!Files.isExecutable(java) || !Files.isReadable(release)) continue;
            try {
                String version = Files.readAllLines(release).stream().filter(l -> l.startsWith("JAVA_VERSION="))
                        .map(l -> l.substring(l.indexOf('"') + 1, l.lastIndexOf('"'))).findFirst().orElse("");
                if (JarMain.feature(version) >= 8 && JarMain.feature(version) < JarMain.REQUIRED) return Optional.of(java);
            } catch (IOException unreadable) {
                // try the next
            }
        }
        return Optional.empty();
    }

    @Test
    void onAnOlderJavaTheJarEntrySaysSoPlainly() throws Exception {
        Optional<Path> java = oldJava();
        Assumptions.assumeTrue(java.isPresent(), "no Java older than 21 installed here (apt-get install openjdk-17-jre-headless to run this)");
        Run r = run(List.of(java.get().toString(), "-cp", System.getProperty("java.class.path"), "io.statlens.cli.JarMain", "runs"));
        assertEquals(1, r.code());
        assertTrue(r.err().startsWith("statlens needs Java 21 or newer; this is Java "), r.err());
        assertFalse(r.err().contains("UnsupportedClassVersionError"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
    }

    @Test
    void helpListsEveryCommandAsTheFullModelWould() {
        CommandLine eager = new CommandLine(new Main());
        for (Class<?> type : Main.COMMANDS) eager.addSubcommand(type);
        eager.addSubcommand(CommandLine.HelpCommand.class);
        assertEquals(eager.getUsageMessage(), Main.commandLine("--help").getUsageMessage());
        assertTrue(eager.getUsageMessage().contains("  import     Import tool output files"), eager.getUsageMessage());
    }

    @Test
    void onlyTheNamedCommandIsModelled() {
        CommandLine cl = Main.commandLine("--debug", "runs", "--repo", "x");
        assertNotNull(cl.getSubcommands().get("runs").getCommandSpec().findOption("--repo"));
        assertNull(cl.getSubcommands().get("import").getCommandSpec().findOption("--run"), "import is only listed");
        CommandLine help = Main.commandLine("help", "import");
        assertNotNull(help.getSubcommands().get("import").getCommandSpec().findOption("--run"), "help import shows import's options");
        CommandLine argFile = Main.commandLine("@args.txt");
        assertNotNull(argFile.getSubcommands().get("import").getCommandSpec().findOption("--run"), "an @file may name any command");
    }

    @Test
    void helpForACommandThroughTheHelpCommand() {
        java.io.StringWriter out = new java.io.StringWriter();
        int code = Main.execute(new java.io.PrintWriter(out), new java.io.PrintWriter(new java.io.StringWriter()), "help", "runs");
        assertEquals(0, code);
        assertTrue(out.toString().startsWith("Usage: statlens runs [-hV] [--debug]"), out.toString());
        assertTrue(out.toString().contains("--repo=DIR"), "runs' own options: " + out);
    }

    @Test
    void helpVersionAndParsersLoadNoDerbyNorTheLayersBehindTheCommands() throws Exception {
        for (List<String> args : List.of(List.of("--help"), List.of("--version"), List.of("parsers"))) {
            List<String> loaded = classesLoaded(args);
            assertTrue(loaded.contains("io.statlens.cli.Main"), "the probe sees statlens' classes: " + loaded.size());
            assertEquals(List.of(), loaded.stream().filter(c -> c.startsWith("org.apache.derby.")).toList(), args + " boots no Derby");
            if (!args.equals(List.of("parsers"))) {
                assertEquals(List.of(), loaded.stream().filter(c -> Stream.of("store", "analysis", "chart", "report", "gui", "parse")
                        .anyMatch(layer -> c.startsWith("io.statlens." + layer + "."))).toList(), args + " loads only the command line");
            }
        }
    }

    /** The classes a statlens JVM loads for a command line, from -Xlog:class+load. */
    private List<String> classesLoaded(List<String> args) throws Exception {
        Path log = dir.resolve("classes-" + String.join("-", args).replace("-", "") + ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log, "-Dstatlens.home=" + dir.resolve("home"), "-Djava.awt.headless=true",
                "-cp", System.getProperty("java.class.path"), "io.statlens.cli.Main"));
        command.addAll(args);
        Run r = run(command);
        assertEquals(0, r.code(), r.err());
        try (Stream<String> lines = Files.lines(log)) {
            return lines.map(l -> l.replaceFirst("^\\[[^]]*]\\[[^]]*]\\[[^]]*] ", "")).map(l -> l.split(" ", 2)[0]).toList();
        }
    }

    private record Run(int code, String out, String err) {
    }

    private Run run(List<String> command) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
