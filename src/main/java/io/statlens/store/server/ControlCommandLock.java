package io.statlens.store.server;

import org.apache.derby.impl.drda.NetworkServerControlImpl;

import java.lang.reflect.Field;
import java.net.InetAddress;
import java.util.ArrayList;

/**
 * Keeps Derby's network server from obeying its control commands.
 *
 * <p>Derby's server obeys commands sent to its port ({@code trace}, {@code tracedirectory},
 * {@code logconnections}, {@code maxthreads}, {@code timeslice}, {@code sysinfo}, {@code runtimeinfo},
 * {@code properties}) from any process on its machine, without credentials: anyone logged in could turn
 * tracing on into a folder of their choosing and read every client's password and rows in the trace (a
 * trace file they create beforehand keeps their permissions). Derby 10.17 has no setting that turns the
 * commands off, and the only mechanism that keeps passwords out of the protocol (the strong password
 * substitute) is refused for NATIVE users (see docs/team.md). What Derby does have is a check: commands
 * other than {@code ping} are obeyed only from the addresses in a list it builds when it opens its port
 * (the address it listens on, the host name's and {@code localhost}'s). This lock empties that list,
 * before the server accepts its first connection, so every command but {@code ping} is refused from
 * everywhere; {@code ping} ({@code statlens server status}) still answers.
 *
 * <p>The list is a private field of Derby's server, reached by reflection: a Derby without it makes
 * {@link #lock} fail, and {@code statlens server} then refuses to serve rather than serve unlocked
 * (ServerSecurityTest sends each command and checks that it is refused).
 */
final class ControlCommandLock {
    private ControlCommandLock() {
    }

    /**
     * Locks a server whose port is open and that does not accept connections yet (Derby builds the list
     * when it opens its port, and starts accepting after it has said that it is ready).
     */
    static void lock(NetworkServerControlImpl server) {
        try {
            Field addresses = NetworkServerControlImpl.class.getDeclaredField("localAddresses");
            addresses.setAccessible(true);
            if (addresses.get(server) == null) throw new IllegalStateException("Derby's server has not opened its port yet");
            addresses.set(server, new ArrayList<InetAddress>());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot turn off the Derby network server's control commands (" + e
                    + "); this statlens expects Derby 10.17", e);
        }
    }
}
