package io.statlens.docs;

import io.statlens.store.RepositoryEngine;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What a page's examples need from outside the page: the servers its reader has at hand.
 *
 * <p>docs/team.md is written for a reader with a PostgreSQL on {@code localhost:5432} in which an
 * administrator made a user {@code perf} (password {@code change-me}) and its database {@code statlens}, as
 * the page's first step shows; and it starts a {@code statlens server} on port 15271 itself. The test does
 * that first step on the test JVM's embedded PostgreSQL (the one {@link RepositoryEngine} shares with the
 * engine tests: one server for the whole run), and picks a free port for the page's server, since other test
 * runs on the machine may be on 15271. Both ports are {@linkplain PageShell.Substitution substituted}: the
 * commands get the real ones, the output is compared with the page's. Everything else the page does (its
 * {@code ~/.pgpass}, the servers it starts and stops, their passwords) runs as shown.
 */
final class PageServers {
    static final String TEAM_PAGE = "docs/team.md";
    static final String COLLECT_PAGE = "docs/collect.md";
    private static final Pattern PORT = Pattern.compile("//localhost:(\\d+)/");

    private PageServers() {
    }

    /** The substitutions a page needs, after preparing what it expects to find; none for most pages. */
    static List<PageShell.Substitution> prepare(String page) throws SQLException, IOException {
        // a local collect names this machine as sysstat does (uname -n); the page shows it as bench01
        if (page.equals(COLLECT_PAGE)) return List.of(new PageShell.Substitution("bench01", io.statlens.collect.Collects.hostName("localhost")));
        if (!page.equals(TEAM_PAGE)) return List.of();
        String admin = RepositoryEngine.postgresUrl();
        Matcher port = PORT.matcher(admin);
        if (!port.find()) throw new IllegalStateException("no port in the test PostgreSQL's URL " + admin);
        try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS statlens WITH (FORCE)");
            s.execute("DROP ROLE IF EXISTS perf");
            s.execute("CREATE ROLE perf LOGIN PASSWORD 'change-me'");
            s.execute("CREATE DATABASE statlens OWNER perf");
        }
        return List.of(new PageShell.Substitution("localhost:5432", "localhost:" + port.group(1)),
                new PageShell.Substitution("15271", Integer.toString(freePort())));
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0)) {
            return probe.getLocalPort();
        }
    }

    /**
     * Stops the servers a page started and left running (its {@code statlens server stop} did not run, or the
     * page failed before it): every {@code server.pid} in the page's folder names one.
     *
     * @return what was stopped, for the failure message
     */
    static List<String> stopLeftovers(Path scratch) throws IOException, InterruptedException {
        List<String> stopped = new ArrayList<>();
        if (!Files.isDirectory(scratch)) return stopped;
        List<Path> pidFiles;
        try (Stream<Path> s = Files.walk(scratch)) {
            pidFiles = s.filter(p -> p.getFileName().toString().equals("server.pid")).toList();
        }
        for (Path pidFile : pidFiles) {
            String[] fields = Files.readString(pidFile).strip().split("\\s+");
            if (fields.length == 0 || !fields[0].matches("\\d+")) continue;
            var process = ProcessHandle.of(Long.parseLong(fields[0]));
            if (process.isEmpty() || !process.get().isAlive()
                    || !process.get().info().commandLine().orElse("").contains("io.statlens.cli.Main server run")) continue;
            process.get().destroy();
            try {
                process.get().onExit().get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                process.get().destroyForcibly();
            }
            stopped.add(pidFile.getParent() + " (pid " + fields[0] + ")");
        }
        return stopped;
    }
}
