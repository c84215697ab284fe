package io.statlens.collect;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;

/** Tools run on this machine as child processes. */
final class LocalLauncher implements ToolProcess.Launcher {
    static final String HOST = "localhost";

    @Override
    public String host() {
        return HOST;
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
