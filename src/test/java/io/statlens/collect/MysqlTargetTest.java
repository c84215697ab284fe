package io.statlens.collect;

import io.statlens.model.UserException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The mysql source's option file, read as the mysql client reads ~/.my.cnf. */
class MysqlTargetTest {
    @TempDir
    Path dir;

    @Test
    void theClientGroupsNameTheServerUserAndPassword() throws Exception {
        Path file = dir.resolve("my.cnf");
        Files.writeString(file, """
                # a user's option file
                [mysqld]
                port = 1
                [client]
                host = db01   # the database host
                port=3307
                user = "bench"
                [mysql]
                user = ignored-here
                [client-mariadb]
                password = 'p#ss word'
                """);
        MysqlTarget target = MysqlTarget.read(file, true);
        assertEquals(new MysqlTarget(Optional.of("db01"), 3307, Optional.empty(), "bench", Optional.of("p#ss word")), target);
        assertEquals("db01", target.hostLabel());
        assertFalse(target.toString().contains("p#ss"), target.toString());
    }

    @Test
    void aBadPortNamesTheLineAndAMissingGivenFileIsAnError() throws Exception {
        Path file = dir.resolve("my.cnf");
        Files.writeString(file, "[client]\nport = many\n");
        assertEquals(file + ":2: expected a port number after port=",
                assertThrows(UserException.class, () -> MysqlTarget.read(file, true)).getMessage());
        assertThrows(UserException.class, () -> MysqlTarget.read(dir.resolve("none.cnf"), true));
        assertEquals(Optional.empty(), MysqlTarget.read(dir.resolve("none.cnf"), false).password());
    }
}
