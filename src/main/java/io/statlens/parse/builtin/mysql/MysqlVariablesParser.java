package io.statlens.parse.builtin.mysql;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The server's settings: {@code SHOW GLOBAL VARIABLES} as the mysql client prints it (tab-separated with or without
 * its header, boxed, {@code \G}; pt-stalk's {@code -variables} file), and {@code mysqladmin version}. No time series:
 * every variable becomes the fact {@code mysql.var.NAME}, the version {@code mysql.version} and {@code mysql.server},
 * and the redo log's size {@code mysql.redo_log_capacity} ({@link ServerFacts}; docs/tools/mysql-variables.md).
 */
public final class MysqlVariablesParser implements Parser {
    static final String TOOL = "mysql-variables";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "variables", "mysqladmin-version");
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("mysql", "mariadb", "mysqladmin", "mariadb-admin"),
            Set.of("-S", "-u", "-h", "-P", "-e", "-D"));
    /** Variables every server since 5.5 has, lower case; status variables start with a capital. */
    private static final Pattern KNOWN = Pattern.compile("^(?:innodb_[a-z0-9_]+|max_connections|max_allowed_packet|version|version_comment"
            + "|datadir|basedir|port|socket|character_set_[a-z_]+|collation_[a-z_]+|auto_increment_[a-z_]+|autocommit|back_log"
            + "|binlog_[a-z_]+|key_buffer_size|log_bin|long_query_time|lower_case_table_names|net_[a-z_]+|open_files_limit"
            + "|query_cache_[a-z_]+|read_buffer_size|server_id|sort_buffer_size|sql_mode|sync_binlog|table_open_cache"
            + "|thread_cache_size|tmp_table_size|tmpdir|wait_timeout|performance_schema)$");
    /** Statements pt-stalk and people echo before a result: {@code SHOW GLOBAL VARIABLES}, {@code select * from ...}. */
    private static final Pattern STATEMENT = Pattern.compile("^(?i:show|select)\\b.*$");
    private static final Pattern VARIABLES_STATEMENT = Pattern.compile("^(?i:show\\s+(?:global\\s+|session\\s+)?variables)\\b.*$");
    private static final Pattern ROWS_IN_SET = Pattern.compile("^(?:\\d+ rows? in set|Empty set)\\b.*$");
    private static final Pattern ADMIN_LINE = Pattern.compile("^(?:Protocol version|Connection|UNIX socket|TCP port|Uptime:|Threads:"
            + "|Copyright|Oracle|affiliates|owners\\.|Type 'help|mysqladmin|mariadb-admin"
            // pt-mysql-summary's own notes after the variables it collected
            + "|pt-summary-internal-|internal::).*$");
    /** MySQL 8.0.30+'s defaults: innodb_redo_log_capacity 100 MiB, innodb_log_file_size 48 MiB. */
    private static final double DEFAULT_REDO_LOG_CAPACITY = 104_857_600;
    private static final double DEFAULT_LOG_FILE_SIZE = 50_331_648;
    /** Most variables one file may have: servers print 500 to 1,000. */
    private static final int MAX_VARIABLES = 5_000;

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return SYNTAX.names();
    }

    @Override
    public boolean runs(String line) {
        return MysqlStatement.runs(line, TOOL);
    }

    @Override
    public double sniff(Head head) {
        int known = 0;
        int capitalised = 0;
        boolean serverVersion = false;
        boolean statement = false;
        for (TranscriptLine line : Transcript.read(head, SYNTAX)) {
            if (line.is(TranscriptLine.Kind.COMMAND) && MysqlStatement.tool(line.text()).filter(TOOL::equals).isPresent()) statement = true;
            if (line.kind() != TranscriptLine.Kind.TEXT) continue;
            String text = line.text().strip();
            if (ServerFacts.versionLine(text).isPresent() && !text.startsWith("Server version:")) serverVersion = true;
            Optional<StatusLine> s = StatusLine.parse(text);
            if (s.isEmpty() || s.get().kind() != StatusLine.Kind.ROW) continue;
            if (KNOWN.matcher(s.get().name()).matches()) known++;
            else if (Character.isUpperCase(s.get().name().charAt(0))) capitalised++;
        }
        if (known >= 5 && capitalised < known) return 0.9;
        // a pasted SHOW VARIABLES LIKE '...' says what its few rows are
        if (statement && known >= 1 && capitalised == 0) return 0.9;
        return serverVersion && capitalised < 3 ? 0.6 : 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new Run(context, sink).readAll(lines);
    }

    /** The state of one parse. */
    private static final class Run {
        private final RecordSink sink;
        private final Timeline timeline;
        private final ServerFacts server;
        private final Map<String, String> variables = new LinkedHashMap<>();
        private final Map<String, Long> lines = new LinkedHashMap<>();
        /** Inside a result that is not SHOW VARIABLES' (pt-stalk's performance_schema queries): its lines are skipped. */
        private boolean otherResult;
        private String pendingName;
        private boolean versionOutput;
        private boolean tooMany;

        Run(ParseContext context, RecordSink sink) {
            this.sink = sink;
            this.timeline = new Timeline(context, sink);
            this.server = new ServerFacts(sink);
        }

        void readAll(LineSource source) throws IOException {
            Transcript lines = new Transcript(source, SYNTAX);
            TranscriptLine line;
            while ((line = lines.next()) != null) {
                if (line.is(TranscriptLine.Kind.COMMAND)) {
                    if (!line.command().arguments().isEmpty()) sink.fact("options", line.command().argumentText());
                    otherResult = false;
                    continue;
                }
                if (line.kind() != TranscriptLine.Kind.TEXT) continue;
                read(line.text().strip(), line.number());
            }
            lines.finish(sink);
            finish();
        }

        private void read(String text, long number) {
            if (STATEMENT.matcher(text).matches()) {
                otherResult = !VARIABLES_STATEMENT.matcher(text).matches();
                pendingName = null;
                return;
            }
            Optional<String[]> version = ServerFacts.versionLine(text);
            if (version.isPresent()) {
                versionOutput = true;
                server.version(version.get()[0], version.get()[1], number);
                return;
            }
            if (otherResult || ROWS_IN_SET.matcher(text).matches() || ADMIN_LINE.matcher(text).matches()) return;
            Optional<StatusLine> parsed = StatusLine.parse(text);
            if (parsed.isEmpty()) {
                // a result of another query (THREAD_ID<TAB>VARIABLE_NAME<TAB>...) starts with a header of its own
                if (text.matches("^[A-Z_]+(?:\\t[A-Z_]+)+$")) {
                    otherResult = true;
                    return;
                }
                sink.warning(number, "expected a variable and its value ('innodb_buffer_pool_size<TAB>134217728', "
                        + "'| max_connections | 151 |'), found '" + (text.length() > 80 ? text.substring(0, 80) + "..." : text) + "'");
                return;
            }
            StatusLine s = parsed.get();
            switch (s.kind()) {
                case HEADER, RULE -> { }
                case VERTICAL_NAME -> pendingName = s.name();
                case VERTICAL_VALUE -> {
                    if (pendingName == null) {
                        sink.warning(number, "expected 'Variable_name: ...' before 'Value: ...'");
                    } else {
                        add(pendingName, s.value(), number);
                        pendingName = null;
                    }
                }
                case ROW -> add(s.name(), s.value(), number);
            }
        }

        private void add(String name, String value, long number) {
            String key = name.toLowerCase(Locale.ROOT);
            String before = variables.get(key);
            if (before != null) {
                if (!before.equals(value)) {
                    sink.warning(number, name + " is " + value + " here but was " + before + " at line " + lines.get(key)
                            + " (two servers' settings in one file?); the first is kept");
                }
                return;
            }
            if (variables.size() >= MAX_VARIABLES) {
                if (!tooMany) sink.warning(number, "more than " + MAX_VARIABLES + " variables; the rest are skipped");
                tooMany = true;
                return;
            }
            variables.put(key, value);
            lines.put(key, number);
        }

        private void finish() {
            if (variables.isEmpty() && !versionOutput) {
                sink.warning(0, "no server variables found (expected lines such as 'max_connections<TAB>151' or "
                        + "'| max_connections | 151 |', or mysqladmin version's 'Server version')");
                return;
            }
            sink.variant(variables.isEmpty() ? "mysqladmin-version" : "variables");
            if (variables.containsKey("version")) {
                server.version(variables.get("version"), variables.getOrDefault("version_comment", ""), lines.get("version"));
            }
            variables.forEach((name, value) -> sink.fact(ServerFacts.VARIABLE + name, value));
            redoLogCapacity().ifPresent(bytes -> sink.fact(ServerFacts.REDO_LOG_CAPACITY, bytes));
            timeline.none("settings, not a time series");
        }

        /**
         * The redo log's capacity in bytes, as the MySQL 8.0.30+ manual decides it: innodb_redo_log_capacity, unless it
         * is at its default (100 MiB) while innodb_log_file_size or innodb_log_files_in_group is not at its own (48 MiB,
         * 2): the server then uses their product (a my.cnf from before 8.0.30), and SHOW VARIABLES still prints the
         * capacity's default. Servers without the variable (MySQL up to 8.0.29, MariaDB) write innodb_log_files_in_group
         * files of innodb_log_file_size (MariaDB 10.5+: one file, the group variable gone from 10.6).
         */
        private Optional<String> redoLogCapacity() {
            double capacity = number("innodb_redo_log_capacity");
            double size = number("innodb_log_file_size");
            double files = number("innodb_log_files_in_group");
            double group = size * (Double.isFinite(files) ? files : 1);
            boolean oldSettings = (Double.isFinite(size) && size != DEFAULT_LOG_FILE_SIZE) || (Double.isFinite(files) && files != 2);
            if (!Double.isFinite(capacity) || (capacity == DEFAULT_REDO_LOG_CAPACITY && oldSettings && Double.isFinite(group))) {
                capacity = group;
            }
            return Double.isFinite(capacity) && capacity > 0 ? Optional.of(Long.toString((long) capacity)) : Optional.empty();
        }

        private double number(String name) {
            String v = variables.get(name);
            return v == null ? Double.NaN : Numbers.parseOrNaN(v);
        }
    }
}
