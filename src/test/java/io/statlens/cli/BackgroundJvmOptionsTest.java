package io.statlens.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The JVMs statlens starts in the background (collect's daemon, the server) honour STATLENS_JAVA_OPTS as the launcher
 * does: after their own options, so that the user's win, and a collector the user names instead of their own.
 */
class BackgroundJvmOptionsTest {
    @Test
    void theUsersOptionsFollowTheDaemonsDefaults() {
        assertEquals(List.of("-XX:+UseSerialGC", "-Xmx320m", "-XX:TieredStopAtLevel=1", "-Xmx1g", "-Duser.home=/tmp/h"),
                CollectStartCommand.daemonJvmOptions("  -Xmx1g \t -Duser.home=/tmp/h "));
        assertEquals(CollectStartCommand.DAEMON_JVM_OPTIONS, CollectStartCommand.daemonJvmOptions(null));
        assertEquals(CollectStartCommand.DAEMON_JVM_OPTIONS, CollectStartCommand.daemonJvmOptions(" "));
    }

    /** The JVM refuses two collectors ("Multiple garbage collectors selected"): the daemon would not start. */
    @Test
    void theUsersCollectorReplacesTheDaemons() {
        assertEquals(List.of("-Xmx320m", "-XX:TieredStopAtLevel=1", "-XX:+UseParallelGC"),
                CollectStartCommand.daemonJvmOptions("-XX:+UseParallelGC"));
    }

    @Test
    void theServerGetsTheUsersOptions() {
        assertEquals(List.of("-Duser.timezone=UTC", "-Xmx2g", "-Dderby.storage.pageCacheSize=4000"),
                ServerStartCommand.serverJvmOptions(" -Xmx2g -Dderby.storage.pageCacheSize=4000"));
        assertEquals(List.of("-Duser.timezone=UTC"), ServerStartCommand.serverJvmOptions(null));
    }
}
