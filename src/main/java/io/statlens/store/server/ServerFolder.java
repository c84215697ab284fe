package io.statlens.store.server;

import io.statlens.model.UserException;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The server's folder is its user's alone: it holds the repository's files (the readers' password
 * hashes among them), the server's log and its pid file. A new folder is made {@code rwx------}; an
 * existing one that others may enter, or that another user owns, is refused rather than changed.
 */
public final class ServerFolder {
    private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private ServerFolder() {
    }

    /** Makes the folder (its parents as they come), or checks an existing one. */
    public static void prepare(Path dir) throws IOException {
        if (!posix(dir)) {
            Files.createDirectories(dir);
            return;
        }
        if (Files.notExists(dir, LinkOption.NOFOLLOW_LINKS)) {
            if (dir.getParent() != null) Files.createDirectories(dir.getParent());
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(FOLDER));
            Files.setPosixFilePermissions(dir, FOLDER);
            return;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw new UserException(dir + " is not a folder");
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        String me = System.getProperty("user.name");
        String owner = view.getOwner().getName();
        if (!owner.equals(me)) {
            throw new UserException(dir + " belongs to " + owner + ", not to you (" + me + "); give a folder of your own with --dir");
        }
        Set<PosixFilePermission> permissions = view.readAttributes().permissions();
        if (!FOLDER.containsAll(permissions)) {
            throw new UserException(dir + ": others may enter this folder (" + PosixFilePermissions.toString(permissions)
                    + "), and the server keeps its repository and log in it: chmod 700 " + dir + ", or give another --dir");
        }
    }

    /** Makes a file that only its user may read and write (the log, the pid file), or restricts an existing one. */
    public static void privateFile(Path file) throws IOException {
        if (!posix(file.getParent())) return;
        if (Files.notExists(file, LinkOption.NOFOLLOW_LINKS)) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE));
        }
        Files.setPosixFilePermissions(file, FILE);
    }

    /** Takes every permission but the user's own from everything in the folder (Derby makes files by the umask). */
    static void restrictToOwner(Path dir) throws IOException {
        if (!posix(dir)) return;
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
                Files.setPosixFilePermissions(d, FOLDER);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile()) Files.setPosixFilePermissions(f, FILE);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static boolean posix(Path dir) {
        Path existing = dir.toAbsolutePath();
        while (existing != null && Files.notExists(existing)) existing = existing.getParent();
        if (existing == null) return false;
        try {
            return Files.getFileStore(existing).supportsFileAttributeView(PosixFileAttributeView.class);
        } catch (IOException e) {
            return false;
        }
    }
}
