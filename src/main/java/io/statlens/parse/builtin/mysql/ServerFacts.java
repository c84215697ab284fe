package io.statlens.parse.builtin.mysql;

import io.statlens.parse.spi.RecordSink;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's version as the facts {@code mysql.version} and {@code mysql.server}, said once per file: a second,
 * different version (two servers' output pasted together) is a warning at its line. Names documented in
 * docs/tools/mysql-status.md.
 */
final class ServerFacts {
    static final String VERSION = "mysql.version";
    static final String SERVER = "mysql.server";
    static final String VARIABLE = "mysql.var.";
    static final String REDO_LOG_CAPACITY = "mysql.redo_log_capacity";
    /** {@code Server version		10.11.19-MariaDB} (mysqladmin version) or {@code Server version: 8.0.36 MySQL ...} (the client). */
    private static final Pattern SERVER_VERSION = Pattern.compile("^Server version:?\\s+(\\d+\\.\\d+\\S*)(.*)$");

    private final RecordSink sink;
    private String version;

    ServerFacts(RecordSink sink) {
        this.sink = sink;
    }

    /** A {@code Server version} line's version and the words after it, if the line is one. */
    static Optional<String[]> versionLine(String text) {
        Matcher m = SERVER_VERSION.matcher(text);
        return m.matches() ? Optional.of(new String[] {m.group(1), m.group(2).strip()}) : Optional.empty();
    }

    /** Says the version (and the server it names) unless said before; a different one is warned about. */
    void version(String printed, String comment, long line) {
        if (version != null) {
            if (!version.equals(printed)) {
                sink.warning(line, "a second server version " + printed + " in one file (the first was " + version
                        + "); mysql.version keeps the first");
            }
            return;
        }
        version = printed;
        sink.fact(VERSION, printed);
        sink.fact(SERVER, server(printed, comment));
    }

    /** MariaDB, Percona Server or MySQL, from the version and the version comment ({@code Percona Server (GPL), ...}). */
    static String server(String version, String comment) {
        String all = (version + " " + comment).toLowerCase(Locale.ROOT);
        if (all.contains("mariadb")) return "MariaDB";
        if (all.contains("percona")) return "Percona Server";
        return "MySQL";
    }
}
