package io.statlens.store.schema;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Passwords never show in what statlens prints of a repository's URL, and come from the environment's conventions. */
class RepositoryLocationTest {
    @Test
    void aPasswordInAUrlIsRedactedOnceAndForAll() {
        assertEquals("jdbc:derby://h:1527/statlens;user=ann;password=***",
                RepositoryLocation.redact("jdbc:derby://h:1527/statlens;user=ann;password=s3cr:t"));
        assertEquals("jdbc:postgresql://h/db?password=***&user=ann", RepositoryLocation.redact("jdbc:postgresql://h/db?password=xy&user=ann"));
        String message = "cannot open repository " + RepositoryLocation.redact("jdbc:derby://h/s;password=guess") + ": authentication failed";
        assertEquals("cannot open repository jdbc:derby://h/s;password=***: authentication failed", RepositoryLocation.redact(message),
                "redacting again keeps what follows");
        assertEquals("PASSWORD=***", RepositoryLocation.redact("PASSWORD=***x"), "a password that starts with *** is still hidden");
        assertEquals("the target jdbc:derby://h/s;password=*** holds run x already; use --replace",
                RepositoryLocation.redact("the target jdbc:derby://h/s;password=*** holds run x already; use --replace"),
                "a message naming a location redacted already keeps its words");
    }

    @Test
    void aPasswordWithSpacesOrInTheUrlsUserPartIsRedactedWhole() {
        assertEquals("jdbc:derby://h/statlens;user=ann;password=***",
                RepositoryLocation.redact("jdbc:derby://h/statlens;user=ann;password=horse battery staple"));
        assertEquals("jdbc:derby://h/statlens;password=***;user=ann",
                RepositoryLocation.redact("jdbc:derby://h/statlens;password=horse battery staple;user=ann"));
        assertEquals("cannot open repository jdbc:derby://h/s;password=***: authentication failed",
                RepositoryLocation.redact("cannot open repository jdbc:derby://h/s;password=horse battery staple: authentication failed"));
        assertEquals("--db 'jdbc:derby://h/s;password=***' is refused",
                RepositoryLocation.redact("--db 'jdbc:derby://h/s;password=horse battery staple' is refused"));
        assertEquals("jdbc:postgresql://ann:***@db.example.com:5432/statlens",
                RepositoryLocation.redact("jdbc:postgresql://ann:s3cret@db.example.com:5432/statlens"));
        assertEquals("cannot open jdbc:postgresql://ann:***@h/statlens: refused",
                RepositoryLocation.redact("cannot open jdbc:postgresql://ann:pa/ss:w@h/statlens: refused"));
        assertEquals("jdbc:postgresql://h:5432/statlens?user=ann", RepositoryLocation.redact("jdbc:postgresql://h:5432/statlens?user=ann"),
                "a port is not a password");
        assertEquals("jdbc:derby://127.0.0.1:15271/statlens;user=perf", RepositoryLocation.redact("jdbc:derby://127.0.0.1:15271/statlens;user=perf"));
    }

    @Test
    void credentialsComeFromTheEnvironmentUnlessTheUrlGivesThem() {
        RepositoryLocation pg = RepositoryLocation.url("jdbc:postgresql://h/db");
        Properties p = pg.connectionProperties(Map.of("PGUSER", "ann", "PGPASSWORD", "pw"));
        assertEquals("ann", p.getProperty("user"));
        assertEquals("pw", p.getProperty("password"));
        Properties given = RepositoryLocation.url("jdbc:postgresql://h/db?user=bob").connectionProperties(Map.of("PGUSER", "ann"));
        assertEquals(null, given.getProperty("user"), "the URL's user wins");
        Properties derby = RepositoryLocation.url("jdbc:derby://h:1527/statlens;user=perf")
                .connectionProperties(Map.of("STATLENS_DB_PASSWORD", "pw", "PGPASSWORD", "other"));
        assertEquals("pw", derby.getProperty("password"));
        assertEquals(0, RepositoryLocation.memory("x").connectionProperties(Map.of("PGPASSWORD", "pw")).size(), "embedded needs none");
    }
}
