package io.statlens.collect;

import io.statlens.model.StatlensHome;
import io.statlens.parse.CollectSideFile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * A collect's folder: its raw output (a folder per host), its state ({@code collect.properties}), its lock (held by the
 * collector while it runs), its control socket and its log. The folders of a repository's collects sit beside it:
 * {@code REPO.collects/RUN/} for an embedded repository {@code REPO}, {@code $STATLENS_HOME/collects/RUN/} for a
 * server repository. Only the user may enter them (the socket takes notes and stops the collect).
 */
public record CollectFolder(Path dir) {
    static final String STATE = CollectSideFile.STATE;
    static final String LOCK = "collect.lock";
    static final String SOCKET = "control.sock";
    static final String LOG = "collector.log";

    /** Where a repository's collects are: beside an embedded repository's folder, else in the statlens home. */
    public static Path root(Optional<Path> embeddedRepository) {
        return embeddedRepository.map(repo -> repo.resolveSibling(repo.getFileName() + ".collects"))
                .orElseGet(() -> StatlensHome.path().resolve("collects"));
    }

    /** The folder of the collect into this run: its name with every character but letters, digits, '.', '-' and '_' as '_'. */
    public static CollectFolder of(Path root, String run) {
        String name = run.replaceAll("[^A-Za-z0-9._-]", "_");
        if (name.startsWith(".")) name = "_" + name.substring(1);
        return new CollectFolder(root.resolve(name));
    }

    /** Every collect folder under the root, by name. */
    public static List<CollectFolder> all(Path root) {
        if (!Files.isDirectory(root)) return List.of();
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(STATE))).sorted().map(CollectFolder::new).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    public Path log() {
        return dir.resolve(LOG);
    }

    Path socket() {
        return dir.resolve(SOCKET);
    }

    /** Creates the folder, the user's alone. */
    void create() throws IOException {
        Files.createDirectories(dir.getParent());
        Files.createDirectories(dir);
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its own permissions apply
        }
    }

    /** The collect's recorded state, empty when there is none yet. */
    public Properties state() {
        Properties p = new Properties();
        Path file = dir.resolve(STATE);
        if (!Files.exists(file)) return p;
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return p;
    }

    /** Records the state, replacing the file at once (a reader never sees half of it). */
    void write(Properties state) throws IOException {
        Path tmp = dir.resolve(STATE + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            state.store(out, "statlens collect");
        }
        Files.move(tmp, dir.resolve(STATE), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Takes the collect's lock for as long as the collector runs; empty when another collector holds it. */
    Optional<FileLock> lock() throws IOException {
        FileChannel channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) channel.close();
            return Optional.ofNullable(lock);
        } catch (OverlappingFileLockException e) {
            channel.close();
            return Optional.empty();
        }
    }

    /** Whether a collector runs in this folder: it holds the lock. */
    public boolean running() {
        if (!Files.exists(dir.resolve(LOCK))) return false;
        try {
            Optional<FileLock> lock = lock();
            if (lock.isEmpty()) return true;
            lock.get().channel().close();
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** The host folders' raw output files. */
    public List<Path> rawFiles() {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir, 2)) {
            files.filter(f -> f.getFileName().toString().endsWith(".txt") && !f.getParent().equals(dir)).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        return out;
    }
}
