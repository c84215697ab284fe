package io.statlens.collect;

import java.io.IOException;
import java.io.InputStream;

/** A tool started by a collect, locally or on a remote host: its output and its end. */
interface ToolProcess {
    InputStream stdout();

    InputStream stderr();

    /** Waits for the tool to end; its exit code, or -1 when it has none (a dropped connection). */
    int waitFor() throws InterruptedException;

    /** Ends the tool; its output then ends. */
    void stop();

    /** Starts tools on one host. */
    interface Launcher extends AutoCloseable {
        /** The host's name for messages and file names ({@code localhost}, {@code db01}). */
        String host();

        ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException;

        @Override
        void close();
    }
}
