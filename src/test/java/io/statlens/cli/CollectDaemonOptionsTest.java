package io.statlens.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The collect daemon honours STATLENS_JAVA_OPTS as the launcher does: after its own defaults, so that the user's win. */
class CollectDaemonOptionsTest {
    @Test
    void theUsersOptionsFollowTheDaemonsDefaults() {
        assertEquals(List.of("-XX:+UseSerialGC", "-Xmx320m", "-XX:TieredStopAtLevel=1", "-Xmx1g", "-Duser.home=/tmp/h"),
                CollectStartCommand.daemonJvmOptions("  -Xmx1g \t -Duser.home=/tmp/h "));
        assertEquals(CollectStartCommand.DAEMON_JVM_OPTIONS, CollectStartCommand.daemonJvmOptions(null));
        assertEquals(CollectStartCommand.DAEMON_JVM_OPTIONS, CollectStartCommand.daemonJvmOptions(" "));
    }
}
