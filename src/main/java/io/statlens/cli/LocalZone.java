package io.statlens.cli;

import java.time.ZoneId;

/**
 * The user's zone, captured when the program starts: opening a repository switches the JVM's
 * default zone to UTC (see Repository), after which {@link ZoneId#systemDefault()} says UTC.
 */
final class LocalZone {
    private static final ZoneId ZONE = ZoneId.systemDefault();

    private LocalZone() {
    }

    static ZoneId get() {
        return ZONE;
    }
}
