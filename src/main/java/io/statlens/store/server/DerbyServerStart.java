package io.statlens.store.server;

import org.apache.derby.drda.NetworkServerControl;

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
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            String said = watched.said();
            if (said.contains("Could not listen") || said.contains("BindException")) return null;
            // "ready to accept connections", or with TLS "ready to accept SSL connections"
            if (said.contains("ready to accept")) return server;
            Thread.sleep(20);
        }
        server.shutdown();
        throw new IllegalStateException("Derby's network server did not start within a minute: " + watched.said());
    }

    /** Passes the console on and keeps its beginning, which says whether the server started. */
    private static final class Watched extends Writer {
        private final Writer next;
        private final StringBuilder start = new StringBuilder();

        Watched(Writer next) {
            this.next = next;
        }

        synchronized String said() {
            return start.toString();
        }

        @Override
        public synchronized void write(char[] buf, int off, int len) throws IOException {
            if (start.length() < 16_384) start.append(buf, off, Math.min(len, 16_384 - start.length()));
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
