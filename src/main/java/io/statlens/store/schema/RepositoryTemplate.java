package io.statlens.store.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * An empty embedded repository recorded at package time (by {@code StartupTraining}, beside the jar, as the
 * class-data archive is), which a new embedded repository is copied from instead of being created by Derby: creating
 * a Derby database and the schema's tables costs about a second of CPU in a new process (booting the copy a tenth of
 * that), which is most of a small import (docs/bench.md, the nmon import). The launcher names it in the system
 * property {@value #PROPERTY} when it is not older than the jar; without it, or when it does not fit, Derby creates
 * the repository as always, and the two hold the same schema (the copy is migrated on open like any repository).
 */
public final class RepositoryTemplate {
    /** The system property naming the template's folder. */
    public static final String PROPERTY = "statlens.repositoryTemplate";

    private RepositoryTemplate() {
    }

    /**
     * Fills the new repository folder {@code dir} (which must not exist) from the configured template, when there
     * is one that Derby would have created alike here; false (and nothing written) when there is none or it does
     * not fit. The folder appears whole or not at all: the copy is made beside it and then moved into place.
     */
    static boolean copyTo(Path dir) {
        String configured = System.getProperty(PROPERTY);
        if (configured == null || configured.isBlank()) return false;
        Path template = Path.of(configured);
        if (!fits(template)) return false;
        Path partial = dir.resolveSibling("." + dir.getFileName() + ".creating");
        try {
            deleteTree(partial);
            copyTree(template, partial);
            Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (FileAlreadyExistsException e) {
            deleteQuietly(partial);
            return false;
        } catch (IOException | UncheckedIOException e) {
            // Derby creates the repository instead
            deleteQuietly(partial);
            return false;
        }
    }

    /**
     * A template fits when it is a Derby database whose territory is the one Derby would give a database created by
     * this JVM (its default locale): the territory is fixed at creation.
     */
    static boolean fits(Path template) {
        Properties service = new Properties();
        try (InputStream in = Files.newInputStream(template.resolve("service.properties"))) {
            service.load(in);
        } catch (IOException e) {
            return false;
        }
        return Locale.getDefault().toString().equals(service.getProperty("derby.serviceLocale"));
    }

    /**
     * Writes an empty repository into {@code dir} (which must not exist) to serve as the template: created and
     * migrated by Derby as any new repository, then shut down, so that its files are complete. Its log is written at
     * Derby's default size (1 MB) rather than the 32 MB an import's repository preallocates, so that copies are cheap.
     */
    public static void record(Path dir) {
        String key = "derby.storage.logSwitchInterval";
        String before = System.getProperty(key);
        System.setProperty(key, Integer.toString(1 << 20));
        try {
            Repository.open(RepositoryLocation.embedded(dir)).close();
        } finally {
            if (before == null) System.clearProperty(key);
            else System.setProperty(key, before);
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(target);
                else Files.copy(p, target);
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }

    private static void deleteQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException | UncheckedIOException ignored) {
            // a leftover partial copy is removed by the next creation here
        }
    }
}
