package io.statlens.bench;

import io.statlens.store.DataTable;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * PostgreSQL's own client loading the benchmark's CSV rows: {@code psql -c "\copy TABLE (...) FROM 'rows.csv'
 * (FORMAT csv)"}, run as a process of its own and measured whole. The engine's own limit for appending rows, the
 * anchor {@code statlens bench --db} sets statlens' import against (issue 27: within 1.2x, client and server CPU
 * together). It reaches the server the JDBC URL names: host, port, database, user and schema from the URL; a
 * password from the URL goes in PGPASSWORD, else psql reads ~/.pgpass or PGPASSWORD as PgJDBC does.
 */
final class PsqlCopy {
    private final List<String> connection;
    private final Map<String, String> environment;

    private PsqlCopy(List<String> connection, Map<String, String> environment) {
        this.connection = connection;
        this.environment = environment;
    }

    /** The client for a PostgreSQL URL, when psql is on the PATH; empty for another engine or without psql. */
    static Optional<PsqlCopy> forUrl(String jdbcUrl) {
        if (!jdbcUrl.startsWith("jdbc:postgresql:") || psql().isEmpty()) return Optional.empty();
        URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
        Map<String, String> parameters = new HashMap<>();
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) parameters.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        List<String> conn = new ArrayList<>(List.of(psql().get().toString(), "-X", "-q", "-v", "ON_ERROR_STOP=1",
                "-h", uri.getHost() == null ? "localhost" : uri.getHost(), "-p", Integer.toString(uri.getPort() < 0 ? 5432 : uri.getPort()),
                "-d", uri.getPath().isEmpty() ? "postgres" : uri.getPath().substring(1)));
        if (parameters.containsKey("user")) conn.addAll(List.of("-U", parameters.get("user")));
        Map<String, String> env = new HashMap<>();
        if (parameters.containsKey("password")) env.put("PGPASSWORD", parameters.get("password"));
        if (parameters.containsKey("currentSchema")) env.put("PGOPTIONS", "-c search_path=" + parameters.get("currentSchema"));
        return Optional.of(new PsqlCopy(conn, env));
    }

    private static Optional<Path> psql() {
        String path = System.getenv("PATH");
        if (path == null) return Optional.empty();
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir, "psql");
            if (Files.isExecutable(p)) return Optional.of(p);
        }
        return Optional.empty();
    }

    /** Copies the CSV's rows (a data table's columns in order) into {@code table}; psql's CPU and wall time. */
    Measurement copy(DataTable like, String table, Path csv, Path errors) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(connection);
        command.addAll(List.of("-c", "\\copy " + table + " (" + String.join(", ", like.allColumns()) + ") FROM '"
                + csv.toAbsolutePath().toString().replace("'", "''") + "' WITH (FORMAT csv)"));
        return ChildProcess.run(command, environment, errors);
    }
}
