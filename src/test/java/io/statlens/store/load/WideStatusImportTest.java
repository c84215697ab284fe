package io.statlens.store.load;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.schema.Repository;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A status table wider than a table may be on Derby (1,012 columns): Percona Server or MariaDB with plugins print
 * more than a thousand variables, and the union over the versions a team compares more still. Stored one row per
 * variable (docs/tools/mysql-status.md), every variable is kept on every engine, and two servers' captures with
 * different names go into one data set.
 */
@OnEveryEngine
class WideStatusImportTest {
    /** More than Derby's 1,012 columns per table. */
    private static final int VARIABLES = 1_300;
    private final RepositoryEngine engine;

    @TempDir
    Path dir;
    private Repository repo;

    WideStatusImportTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @BeforeEach
    void open() {
        repo = Repository.open(engine.freshRepository());
    }

    @AfterEach
    void close() {
        repo.close();
    }

    /** {@code mysqladmin ext -i 1 -c 3} of a server with {@code VARIABLES} variables named {@code prefix_N}: counter N grows by N a second. */
    private Path capture(String name, String prefix) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < 3; s++) {
            sb.append("+------------------------------+------------+\n| Variable_name                | Value      |\n")
                    .append("+------------------------------+------------+\n");
            sb.append(String.format("| %-28s | %-10d |%n", "Uptime", 1000 + s));
            for (int v = 1; v < VARIABLES; v++) sb.append(String.format("| %-28s | %-10d |%n", prefix + "_" + v, 5000 + (long) s * v));
            sb.append("+------------------------------+------------+\n");
        }
        return Files.writeString(dir.resolve(name), sb.toString());
    }

    @Test
    void moreVariablesThanATableHasColumnsAreAllKept() throws Exception {
        ImportService importer = new ImportService(repo, ParserCatalog.installed());
        importer.run(ImportRequest.of("wide", ZoneOffset.UTC, capture("percona.txt", "Innodb_plugin_counter")), ImportProgress.NONE);
        importer.run(ImportRequest.of("wide", ZoneOffset.UTC, capture("mariadb.txt", "Handler_plugin_counter")), ImportProgress.NONE);
        assertEquals(2 * VARIABLES - 1, count("SELECT COUNT(DISTINCT ITEM) FROM V_MYSQL_STATUS WHERE RUN = 'wide'"));
        assertEquals(2 * 3 * VARIABLES, count("SELECT COUNT(*) FROM V_MYSQL_STATUS WHERE RUN = 'wide'"));
        // the last of the 1,300th counter of the second capture: 5000 + 2 x 1299, growing 1299 a second
        assertEquals(List.of(5000.0 + 2 * 1299, 1299.0), values(
                "SELECT MAX(LEVEL), MAX(PER_S) FROM V_MYSQL_STATUS WHERE RUN = 'wide' AND ITEM = 'Handler_plugin_counter_1299'"));
    }

    private long count(String sql) throws SQLException {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private List<Double> values(String sql) throws SQLException {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return List.of(rs.getDouble(1), rs.getDouble(2));
        }
    }
}
