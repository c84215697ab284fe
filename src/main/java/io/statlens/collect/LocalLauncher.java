package io.statlens.collect;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Tools run on this machine as child processes. Their host is the machine's name, the one sysstat's banners print
 * (the kernel's node name), not {@code localhost}: its folder, vmstat's host and iostat's and mpstat's are one, and an
 * import of the raw files, which names vmstat's host by its folder, gives the same hosts as the collect.
 */
final class LocalLauncher implements ToolProcess.Launcher {
    /** What {@code --host} names this machine with. */
    static final String HOST = "localhost";
    private static final String MACHINE = machineName();

    @Override
    public String host() {
        return MACHINE;
    }

    /** This machine's name: the kernel's node name, as {@code uname -n} and sysstat print it. */
    static String machine() {
        return MACHINE;
    }

    private static String machineName() {
        try {
            Path kernel = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(kernel)) {
                String name = Files.readString(kernel).strip();
                if (!name.isEmpty()) return name;
            }
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            // no name to be had (an unresolvable one throws): the word for this machine
            return HOST;
        }
    }

    @Override
    public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(tool.command(intervalSeconds));
        builder.environment().putAll(tool.environment());
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException(tool.name() + " is not installed here or cannot be run (" + e.getMessage() + ")", e);
        }
        process.getOutputStream().close();
        return new ToolProcess() {
            @Override
            public InputStream stdout() {
                return process.getInputStream();
            }

            @Override
            public InputStream stderr() {
                return process.getErrorStream();
            }

            @Override
            public int waitFor() throws InterruptedException {
                return process.waitFor();
            }

            /**
             * Asks the tool to end (SIGTERM) through its process handle, not {@link Process#destroy}, which also closes
             * the pipes: what the tool printed and was not read yet is read to its end, and nothing read fails.
             */
            @Override
            public void stop() {
                process.toHandle().destroy();
                try {
                    if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly();
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    @Override
    public void close() {
        // nothing held
    }
}
