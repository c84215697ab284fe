package io.statlens.parse.declarative;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The files directly inside a folder of the class path, whether it lies in a directory
 * ({@code target/classes}) or inside a jar (the shaded {@code statlens.jar}). The class loader has
 * no call for listing a folder, so each root found for it is listed by its URL's protocol.
 */
final class ClasspathFolder {

    /**
     * A file found in the folder.
     *
     * @param name   the file name
     * @param source where it is, for messages ({@code statlens/parsers/nicstat.parser})
     * @param text   its content, UTF-8
     */
    record File(String name, String source, String text) {
    }

    private ClasspathFolder() {
    }

    /**
     * Files of {@code folder} whose names end with {@code suffix}, by name. When several roots hold a
     * file of the same name, the first root on the class path wins, as for a single resource.
     *
     * @param extraRoots class path roots (directories or jars) to list besides those the loader reports:
     *                   a jar built without directory entries has no resource for the folder itself
     */
    static List<File> list(ClassLoader loader, String folder, String suffix, List<URL> extraRoots) {
        Map<String, File> byName = new TreeMap<>();
        // the jars and directories listed so far: an extra root is usually one the loader reported already (the
        // shaded jar, 22,000 entries, whose listing is a tenth of a second of every import's start)
        Set<Path> listed = new HashSet<>();
        try {
            Enumeration<URL> roots = loader.getResources(folder);
            for (URL url : Collections.list(roots)) collect(url, folder, suffix, byName, listed);
            for (URL root : extraRoots) collectRoot(root, folder, suffix, byName, listed);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder + " on the class path", e);
        }
        return new ArrayList<>(byName.values());
    }

    /**
     * The class path root (directory or jar) a class's file is found in by its loader, if it can be told. Not the
     * class's code source: a class loaded from the launcher's AOT cache reports the jar the cache was made from, which
     * for a launcher folder copied elsewhere is another build's jar, listed besides the one in use.
     */
    static List<URL> rootOf(Class<?> type) {
        String file = type.getName().replace('.', '/') + ".class";
        URL url = type.getClassLoader() == null ? null : type.getClassLoader().getResource(file);
        if (url == null) return List.of();
        try {
            return switch (url.getProtocol()) {
                case "jar" -> List.of(((JarURLConnection) url.openConnection()).getJarFileURL());
                case "file" -> {
                    String text = url.toString();
                    yield List.of(URI.create(text.substring(0, text.length() - file.length())).toURL());
                }
                default -> List.of();
            };
        } catch (IOException | ClassCastException e) {
            return List.of();
        }
    }

    private static void collect(URL url, String folder, String suffix, Map<String, File> out, Set<Path> listed)
            throws IOException {
        switch (url.getProtocol()) {
            case "file" -> {
                Path dir = path(url);
                listed.add(dir.toAbsolutePath().normalize());
                listDirectory(dir, folder, suffix, out);
            }
            case "jar" -> {
                URLConnection connection = url.openConnection();
                if (connection instanceof JarURLConnection jar) {
                    URL jarFile = jar.getJarFileURL();
                    if (jarFile.getProtocol().equals("file")) listed.add(path(jarFile).toAbsolutePath().normalize());
                    jar.setUseCaches(false);
                    try (JarFile file = jar.getJarFile()) {
                        listJar(file, folder, suffix, out);
                    }
                }
            }
            default -> {
                // Other protocols (jrt:, custom loaders) cannot be listed; their folders are not ours.
            }
        }
    }

    private static void collectRoot(URL root, String folder, String suffix, Map<String, File> out, Set<Path> listed)
            throws IOException {
        if (!root.getProtocol().equals("file")) return;
        Path path = path(root);
        if (Files.isDirectory(path)) {
            Path dir = path.resolve(folder);
            if (listed.add(dir.toAbsolutePath().normalize())) listDirectory(dir, folder, suffix, out);
        } else if (Files.isRegularFile(path) && listed.add(path.toAbsolutePath().normalize())) {
            try (JarFile jar = new JarFile(path.toFile())) {
                listJar(jar, folder, suffix, out);
            }
        }
    }

    private static void listDirectory(Path dir, String folder, String suffix, Map<String, File> out) throws IOException {
        if (!Files.isDirectory(dir)) return;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList()) {
                String name = p.getFileName().toString();
                if (!out.containsKey(name)) out.put(name, new File(name, folder + "/" + name, Files.readString(p)));
            }
        }
    }

    private static void listJar(JarFile jar, String folder, String suffix, Map<String, File> out) throws IOException {
        String prefix = folder + "/";
        for (JarEntry entry : Collections.list(jar.entries())) {
            String entryName = entry.getName();
            if (entry.isDirectory() || !entryName.startsWith(prefix) || !entryName.endsWith(suffix)) continue;
            String name = entryName.substring(prefix.length());
            if (name.contains("/") || out.containsKey(name)) continue;
            try (InputStream in = jar.getInputStream(entry)) {
                out.put(name, new File(name, entryName, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            }
        }
    }

    private static Path path(URL url) {
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a file URL: " + url, e);
        }
    }
}
