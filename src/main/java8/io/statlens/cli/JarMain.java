package io.statlens.cli;

import java.io.File;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The jar's entry point ({@code java -jar statlens.jar}), compiled for Java 8 (pom.xml, "jar-entry") so that
 * an older Java can run it and say plainly that statlens needs Java 21 or newer, where loading {@link Main}
 * would end in an {@code UnsupportedClassVersionError} and its stack trace. On Java 21 or newer it hands over
 * to {@code Main.main}.
 */
public final class JarMain {
    /** The Java release statlens is compiled for (maven.compiler.release). */
    static final int REQUIRED = 21;

    private JarMain() {
    }

    public static void main(String[] args) throws Throwable {
        String version = System.getProperty("java.specification.version");
        if (feature(version) < REQUIRED) {
            System.err.println(tooOld(version, System.getProperty("java.home"), launcherBesideJar()));
            System.exit(1);
        }
        // Looked up by name: this class is compiled without Main, whose class file Java 8 tools cannot read.
        MethodHandle main = MethodHandles.publicLookup().findStatic(Class.forName("io.statlens.cli.Main"), "main",
                MethodType.methodType(void.class, String[].class));
        main.invokeExact(args);
    }

    /** The feature release of a java.specification.version: 8 for "1.8", 17 for "17"; 0 if unreadable. */
    static int feature(String specificationVersion) {
        if (specificationVersion == null) return 0;
        String v = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) end++;
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }

    /** What to tell the user who started statlens on Java VERSION (in JAVA_HOME); LAUNCHER, if any, finds a newer one. */
    static String tooOld(String version, String javaHome, File launcher) {
        StringBuilder sb = new StringBuilder();
        sb.append("statlens needs Java ").append(REQUIRED).append(" or newer; this is Java ").append(version)
                .append(" (").append(javaHome).append(").");
        if (launcher != null) {
            sb.append(System.lineSeparator()).append("Run ").append(launcher.getPath())
                    .append(" instead: it finds a Java ").append(REQUIRED).append(" or newer by itself.");
        }
        sb.append(System.lineSeparator()).append("Or install a JDK ").append(REQUIRED)
                .append(" or newer and run it: /path/to/jdk/bin/java -jar statlens.jar ...");
        return sb.toString();
    }

    /** The statlens launcher script beside the jar this class was loaded from, or null. */
    private static File launcherBesideJar() {
        try {
            File jar = new File(JarMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            File launcher = new File(jar.getParentFile(), File.separatorChar == '\\' ? "statlens.cmd" : "statlens");
            return jar.isFile() && launcher.isFile() ? launcher : null;
        } catch (Exception | LinkageError e) {
            return null;
        }
    }
}
