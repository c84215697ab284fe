package io.statlens.store.schema;

import io.statlens.model.UserException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An exclusive lock, across processes, on opening one embedded repository folder: held while Derby
 * creates (or boots) the database and the schema is migrated, released as soon as the repository is open.
 * The lock file lies beside the folder ({@code .repo.lock} for {@code repo}), because Derby refuses to
 * create a database in a folder that already exists.
 */
final class CreationLock implements AutoCloseable {
    /** File locks are held per process: threads of this process queue here first. */
    private static final ReentrantLock IN_PROCESS = new ReentrantLock();

    private final FileChannel channel;
    private final FileLock lock;

    private CreationLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits until no other process is creating or opening the repository in {@code dir}. */
    static CreationLock acquire(Path dir) {
        IN_PROCESS.lock();
        FileChannel channel = null;
        try {
            Path parent = dir.getParent();
            Files.createDirectories(parent);
            channel = FileChannel.open(parent.resolve("." + dir.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            return new CreationLock(channel, channel.lock());
        } catch (IOException e) {
            closeQuietly(channel);
            IN_PROCESS.unlock();
            throw new UserException("cannot create repository folder " + dir + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(channel);
            IN_PROCESS.unlock();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel releases it too
        } finally {
            closeQuietly(channel);
            IN_PROCESS.unlock();
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) return;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing held any more
        }
    }
}
