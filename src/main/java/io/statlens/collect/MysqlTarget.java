package io.statlens.collect;

import io.statlens.model.UserException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The MySQL or MariaDB server the {@code mysql} source of a collect reads, as its option file names it: the
 * {@code [client]} group of {@code ~/.my.cnf} (or {@code --mysql-defaults-file}), and MariaDB's {@code [client-server]}
 * and {@code [client-mariadb]}, whose {@code host}, {@code port}, {@code socket}, {@code user} and {@code password} are
 * read as the {@code mysql} client reads them. The password is never part of a message ({@link #toString} leaves it out).
 *
 * @param socket   the server's Unix socket; when neither it nor {@code host} is given, the Debian default
 *                 {@code /run/mysqld/mysqld.sock} where it exists, else {@code localhost:3306}
 * @param password empty when the file has none: then {@code collect start} asks for it
 */
public record MysqlTarget(Optional<String> host, int port, Optional<Path> socket, String user, Optional<String> password) {
    private static final Set<String> GROUPS = Set.of("client", "client-server", "client-mariadb");
    private static final Path DEBIAN_SOCKET = Path.of("/run/mysqld/mysqld.sock");

    /** The user's option file, {@code ~/.my.cnf}. */
    public static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), ".my.cnf");
    }

    /** The settings of an option file; a missing default file means the defaults (the user's name, no password). */
    public static MysqlTarget read(Path file, boolean given) {
        Optional<String> host = Optional.empty();
        Optional<Path> socket = Optional.empty();
        Optional<String> password = Optional.empty();
        String user = System.getProperty("user.name");
        int port = 3306;
        if (!Files.exists(file)) {
            if (given) throw new UserException("the MySQL option file " + file + " does not exist");
            return new MysqlTarget(host, port, socket, user, password);
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            boolean inGroup = false;
            int number = 0;
            for (String raw = in.readLine(); raw != null; raw = in.readLine()) {
                number++;
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#") || line.startsWith(";") || line.startsWith("!")) continue;
                if (line.startsWith("[")) {
                    if (!line.endsWith("]")) throw new UserException(file + ":" + number + ": expected a group such as [client]");
                    inGroup = GROUPS.contains(line.substring(1, line.length() - 1).strip().toLowerCase(Locale.ROOT));
                    continue;
                }
                if (!inGroup) continue;
                int eq = line.indexOf('=');
                String key = (eq < 0 ? line : line.substring(0, eq)).strip().toLowerCase(Locale.ROOT).replace('_', '-');
                String value = eq < 0 ? "" : unquote(line.substring(eq + 1).strip());
                switch (key) {
                    case "host" -> host = Optional.of(value).filter(v -> !v.isEmpty());
                    case "socket" -> socket = Optional.of(value).filter(v -> !v.isEmpty()).map(Path::of);
                    case "user" -> user = value;
                    case "password" -> password = Optional.of(value);
                    case "port" -> {
                        try {
                            port = Integer.parseInt(value);
                        } catch (NumberFormatException e) {
                            throw new UserException(file + ":" + number + ": expected a port number after port=");
                        }
                    }
                    default -> {
                        // the client's other settings (database, ssl-*, ...) do not concern SHOW GLOBAL STATUS
                    }
                }
            }
        } catch (IOException e) {
            throw new UserException("cannot read the MySQL option file " + file + ": " + e.getMessage());
        }
        return new MysqlTarget(host, port, socket, user, password);
    }

    /** A value as the option file reads it: quotes taken off, and a comment after it (outside quotes) dropped. */
    private static String unquote(String value) {
        if (value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'')) {
            int end = value.indexOf(value.charAt(0), 1);
            if (end > 0) return value.substring(1, end).replace("\\\\", "\\");
        }
        int comment = value.indexOf(" #");
        return (comment < 0 ? value : value.substring(0, comment)).strip();
    }

    public MysqlTarget withPassword(String password) {
        return new MysqlTarget(host, port, socket, user, Optional.of(password));
    }

    /** The socket the connection goes through, when it goes through one. */
    Optional<Path> effectiveSocket() {
        if (socket.isPresent() || host.isPresent() && !host.get().equals("localhost")) return socket;
        return Files.exists(DEBIAN_SOCKET) ? Optional.of(DEBIAN_SOCKET) : Optional.empty();
    }

    /** The host the server's raw output is kept under: this machine's name for a socket or this machine, as its tools'. */
    String hostLabel() {
        String h = host.orElse("localhost");
        return effectiveSocket().isPresent() || h.equals(Collects.LOCAL) || h.equals("127.0.0.1") || h.equals("::1")
                ? LocalLauncher.machine() : h;
    }

    /** Where the server is, for messages: the socket or host:port, and the user (never the password). */
    String where() {
        return effectiveSocket().map(Path::toString).orElse(host.orElse("localhost") + ":" + port) + " as " + user;
    }

    @Override
    public String toString() {
        return "MysqlTarget[" + where() + "]";
    }
}
