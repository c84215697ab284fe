package io.statlens.collect;

import io.statlens.architecture.AllowedToUse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The {@code mysql} source: a MySQL or MariaDB server read over JDBC (MariaDB Connector/J) as a capture loop would read
 * it with the {@code mysql} client, each answer rendered as the text that client prints, so that the collect's raw
 * file is a capture its parser reads on import as it read it live:
 * <ul>
 * <li>{@code mysql-status}: {@code SHOW GLOBAL STATUS} every interval, as {@code mysql -N -e} prints it (a
 *     {@code Variable_name<TAB>Value} line each), after a pt-stalk time line ({@code TS 1796183286.123456789
 *     2026-12-02 03:48:06}: the collector's clock when the answer arrived, which is the snapshot's time);</li>
 * <li>{@code innodb-status}: {@code SHOW ENGINE INNODB STATUS} at its slower interval, as {@code \G} prints it (the
 *     monitor dates every snapshot in its header).</li>
 * </ul>
 * A failed query ends the source's output as a dropped connection ends a remote tool's (exit -1, with the error on
 * its error output); the password is given to the driver alone.
 */
@AllowedToUse(value = "java.sql..", reason = "the mysql source is a client of the database under test, not of the"
        + " statlens repository: it sends SHOW GLOBAL STATUS to the monitored server through MariaDB Connector/J and"
        + " hands on nothing but the text the mysql client would print")
final class MysqlLauncher implements ToolProcess.Launcher {
    private static final DateTimeFormatter TS_DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final String ROW = "*************************** 1. row ***************************\n";
    private final MysqlTarget target;

    MysqlLauncher(MysqlTarget target) {
        this.target = target;
    }

    @Override
    public String host() {
        return target.hostLabel();
    }

    private Connection connect() throws IOException {
        Properties props = new Properties();
        props.setProperty("user", target.user());
        target.password().ifPresent(p -> props.setProperty("password", p));
        props.setProperty("connectTimeout", "10000");
        props.setProperty("socketTimeout", "60000");
        String url = target.effectiveSocket().map(s -> {
                    props.setProperty("localSocket", s.toString());
                    // as the mysql client: no TLS on a socket, which never leaves the machine (Connector/J 4 asks for it everywhere)
                    props.setProperty("sslMode", "disable");
                    return "jdbc:mariadb://localhost/";
                })
                .orElse("jdbc:mariadb://" + target.host().orElse("localhost") + ":" + target.port() + "/");
        try {
            return DriverManager.getConnection(url, props);
        } catch (SQLException e) {
            throw new IOException("cannot connect to the MySQL server at " + target.where() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
        boolean innodb = tool.equals(CollectedTool.INNODB_STATUS);
        if (!innodb && !tool.equals(CollectedTool.MYSQL_STATUS)) throw new IOException(tool.name() + " is not read from a MySQL server");
        Connection connection = connect();
        PipedInputStream stdout = new PipedInputStream(1 << 16);
        PipedOutputStream out = new PipedOutputStream(stdout);
        PipedInputStream stderr = new PipedInputStream(1 << 12);
        PipedOutputStream err = new PipedOutputStream(stderr);
        CompletableFuture<Integer> exit = new CompletableFuture<>();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread.ofPlatform().daemon().name("mysql-" + tool.name()).start(() -> {
            int code = 0;
            try (connection; out; err) {
                code = poll(connection, innodb, intervalSeconds * (long) tool.every(), stopped, out, err);
            } catch (IOException | SQLException e) {
                // closing after the end: the output is complete
            } finally {
                exit.complete(code);
            }
        });
        return new ToolProcess() {
            @Override
            public InputStream stdout() {
                return stdout;
            }

            @Override
            public InputStream stderr() {
                return stderr;
            }

            @Override
            public int waitFor() throws InterruptedException {
                try {
                    return exit.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    return -1;
                }
            }

            @Override
            public void stop() {
                stopped.countDown();
                try {
                    exit.get(70, TimeUnit.SECONDS);
                } catch (Exception e) {
                    // it ends with its query's timeout at the latest
                }
            }
        };
    }

    /**
     * Queries every period until stopped (0) or until a query fails (-1, the error on {@code err}). A stop is seen between
     * snapshots, never by interrupting the writer: a snapshot written into a full pipe (its reader behind on a loaded
     * machine) was cut short where the interrupt met it, a warning of the collect and of an import of its raw file.
     */
    private static int poll(Connection connection, boolean innodb, long periodSeconds, CountDownLatch stopped, OutputStream out,
                            OutputStream err) throws IOException {
        long period = TimeUnit.SECONDS.toNanos(periodSeconds);
        long next = System.nanoTime();
        try (Statement statement = connection.createStatement()) {
            while (stopped.getCount() > 0) {
                String text = innodb ? innodbStatus(statement) : globalStatus(statement);
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
                next += period;
                long wait = next - System.nanoTime();
                if (wait > 0 && stopped.await(wait, TimeUnit.NANOSECONDS)) break;
            }
            return 0;
        } catch (InterruptedException e) {
            return 0;
        } catch (SQLException e) {
            err.write(("the MySQL server stopped answering: " + e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
            return e instanceof SQLNonTransientConnectionException || e instanceof SQLTransientConnectionException ? -1 : 1;
        }
    }

    /** One snapshot as a {@code date +%s}-style loop around {@code mysql -N -e 'SHOW GLOBAL STATUS'} prints it. */
    private static String globalStatus(Statement statement) throws SQLException {
        StringBuilder rows = new StringBuilder();
        try (ResultSet rs = statement.executeQuery("SHOW GLOBAL STATUS")) {
            while (rs.next()) rows.append(batch(rs.getString(1))).append('\t').append(batch(rs.getString(2))).append('\n');
        }
        Instant now = Instant.now();
        return String.format("TS %d.%09d %s%n", now.getEpochSecond(), now.getNano(), TS_DATE.format(now)) + rows;
    }

    /** One snapshot as {@code mysql -e 'SHOW ENGINE INNODB STATUS\G'} prints it. */
    private static String innodbStatus(Statement statement) throws SQLException {
        try (ResultSet rs = statement.executeQuery("SHOW ENGINE INNODB STATUS")) {
            if (!rs.next()) return "";
            return ROW + "  Type: " + rs.getString(1) + "\n  Name: " + rs.getString(2) + "\nStatus: " + rs.getString(3) + "\n";
        }
    }

    /** A value as the client's batch mode prints it: tab, newline and backslash escaped, NULL as {@code NULL}. */
    private static String batch(String value) {
        if (value == null) return "NULL";
        return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }

    @Override
    public void close() {
        // each source's connection is closed when it ends
    }
}
