package io.statlens.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** How the benchmark starts statlens, or a plain Java program of its own, as a process of its own. */
final class StatlensProcess {
    private StatlensProcess() {
    }

    /**
     * statlens as a user runs it: the launcher beside the jar when the bench runs from a packaged jar (it picks the JVM,
     * its options and the class-data archive), else the JVM running the bench with the launcher's JVM options.
     */
    static List<String> statlens() throws Exception {
        Path code = Path.of(StatlensProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path launcher = code.resolveSibling("statlens");
        if (code.getFileName().toString().endsWith(".jar") && Files.isExecutable(launcher)) return List.of(launcher.toString());
        List<String> java = new ArrayList<>(java());
        java.add("io.statlens.cli.Main");
        return java;
    }

    /** The JVM running the bench, with the launcher's heap and collector, on the bench's class path. */
    static List<String> java() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC", "-Xmx320m",
                "-cp", System.getProperty("java.class.path"));
    }
}
