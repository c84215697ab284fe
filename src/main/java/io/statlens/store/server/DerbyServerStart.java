package io.statlens.store.server;

import org.apache.derby.drda.NetworkServerControl;
import org.apache.derby.impl.drda.NetworkServerControlImpl;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.InetAddress;

/**
 * Starts Derby's network server in this process and waits until it listens. Derby starts it on a
 * thread of its own and only says in its console output whether the port could be taken (its ping
 * waits forever on a port that another program holds), so that output is what is watched.
 */
public final class DerbyServerStart {
    private static final long WAIT_MILLIS = 60_000;
    /** What Derby says once its port is open, just before it accepts: "ready to accept (SSL) connections". */
    private static final String READY = "ready to accept";

    private DerbyServerStart() {
    }

    /** The running server, or null when the port is taken. */
    public static NetworkServerControl start(InetAddress host, int port) throws Exception {
        return start(host, port, Writer.nullWriter());
    }

    /**
     * The running server, or null when the port is taken.
     *
     * @param console where the server's console output goes too
     */
    public static NetworkServerControl start(InetAddress host, int port, Writer console) throws Exception {
        Watched watched = new Watched(console);
        NetworkServerControl server = new NetworkServerControl(host, port);
        server.start(new PrintWriter(watched, true));
        if (!awaitReady(watched)) return null;
        return server;
    }

    /**
     * A server that obeys no control command but {@code ping} (see {@link ControlCommandLock}), running
     * on a thread of this process; null when the port is taken.
     *
     * @param console where the server's console output goes too
     * @return what stops it: it stops accepting and closes its sessions
     */
    static Runnable startLocked(InetAddress host, int port, Writer console) throws Exception {
        Watched watched = new Watched(console);
        // Derby's own start (NetworkServerControl.start) runs a server object it keeps to itself; this
        // one is run here, so that the lock can reach it.
        NetworkServerControlImpl server = new NetworkServerControlImpl(host, port);
        watched.onReady(() -> ControlCommandLock.lock(server));
        Thread serving = new Thread(() -> {
            try {
                server.blockingStart(new PrintWriter(watched, true));
            } catch (Exception e) {
                watched.failed(e);
            }
        }, "statlens-derby-server");
        serving.setDaemon(true);
        serving.start();
        // Derby's server ends its wait when the thread waiting is interrupted, and then stops.
        Runnable stop = serving::interrupt;
        try {
            if (!awaitReady(watched)) return null;
        } catch (Exception e) {
            stop.run();
            throw e;
        }
        return stop;
    }

    /** True once the server listens, false when the port is taken. */
    private static boolean awaitReady(Watched watched) throws Exception {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            String said = watched.said();
            if (said.contains("Could not listen") || said.contains("BindException")) return false;
            if (watched.failure() != null) throw watched.failure();
            if (said.contains(READY)) return true;
            Thread.sleep(20);
        }
        throw new IllegalStateException("Derby's network server did not start within a minute: " + watched.said());
    }

    /**
     * Passes the console on and keeps its beginning, which says whether the server started; runs the
     * start's hook when Derby says it is ready (Derby writes that on the thread that then accepts).
     */
    private static final class Watched extends Writer {
        private final Writer next;
        private final StringBuilder start = new StringBuilder();
        private Runnable onReady = () -> {
        };
        private boolean ready;
        private Exception failure;

        Watched(Writer next) {
            this.next = next;
        }

        synchronized void onReady(Runnable hook) {
            onReady = hook;
        }

        synchronized String said() {
            return start.toString();
        }

        synchronized Exception failure() {
            return failure;
        }

        synchronized void failed(Exception e) {
            if (failure == null) failure = e;
        }

        @Override
        public synchronized void write(char[] buf, int off, int len) throws IOException {
            if (start.length() < 16_384) start.append(buf, off, Math.min(len, 16_384 - start.length()));
            if (!ready && start.indexOf(READY) >= 0) {
                ready = true;
                try {
                    onReady.run();
                } catch (RuntimeException e) {
                    // Thrown on through Derby's start, which then never accepts a connection.
                    failure = e;
                    throw e;
                }
            }
            next.write(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
            next.flush();
        }

        @Override
        public void close() throws IOException {
            next.flush();
        }
    }
}
