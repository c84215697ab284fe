package io.statlens.collect;

import io.statlens.model.UserException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tool a collect can run, with the options that make its output dated best for its parser: {@code vmstat -t}
 * (a time stamp on every line), {@code iostat -t -x} with {@code S_TIME_FORMAT=ISO} (every report stamped with its
 * zone offset), {@code mpstat -P ALL} with {@code S_TIME_FORMAT=ISO} (the banner's date, 24-hour times of day).
 * {@code LC_ALL=C} keeps the numbers and labels in the form every parser reads first.
 *
 * @param name        what the user names ({@code vmstat})
 * @param parser      the tool id of the parser that reads its output
 * @param options     the options before the interval
 * @param environment the variables set for it
 * @param every       how many of the collect's intervals apart its samples are (the InnoDB monitor's every tenth)
 */
public record CollectedTool(String name, String parser, List<String> options, Map<String, String> environment, int every) {
    private static final Map<String, String> SYSSTAT = Map.of("LC_ALL", "C", "S_TIME_FORMAT", "ISO");
    private static final List<CollectedTool> KNOWN = List.of(
            new CollectedTool("vmstat", "vmstat", List.of("-t"), Map.of("LC_ALL", "C"), 1),
            new CollectedTool("iostat", "iostat", List.of("-t", "-x"), SYSSTAT, 1),
            new CollectedTool("mpstat", "mpstat", List.of("-P", "ALL"), SYSSTAT, 1));
    /** What the user names for a MySQL or MariaDB server: its status variables and its InnoDB monitor. */
    public static final String MYSQL = "mysql";
    /** {@code SHOW GLOBAL STATUS} every interval ({@link MysqlLauncher}), read by the mysql-status parser. */
    static final CollectedTool MYSQL_STATUS = new CollectedTool("mysql-status", "mysql-status", List.of(), Map.of(), 1);
    /** {@code SHOW ENGINE INNODB STATUS} every tenth interval: the monitor's own averages span that long. */
    static final CollectedTool INNODB_STATUS = new CollectedTool("innodb-status", "innodb-status", List.of(), Map.of(), 10);

    public CollectedTool {
        options = List.copyOf(options);
        environment = Map.copyOf(environment);
    }

    /** The tools a collect knows, by name. */
    public static List<String> names() {
        List<String> names = new ArrayList<>(KNOWN.stream().map(CollectedTool::name).toList());
        names.add(MYSQL);
        return names;
    }

    /** The sources the {@code mysql} source reads from its server. */
    static List<CollectedTool> mysql() {
        return List.of(MYSQL_STATUS, INNODB_STATUS);
    }

    public static CollectedTool named(String name) {
        if (name.equals(MYSQL)) throw new UserException("mysql is read from its server (--mysql-defaults-file), not run on a host");
        Optional<CollectedTool> tool = KNOWN.stream().filter(t -> t.name.equals(name)).findFirst();
        return tool.orElseThrow(() -> new UserException("cannot collect '" + name + "': the tools a collect runs are "
                + String.join(", ", names())));
    }

    /** The command line: the tool, its options and the interval in seconds; it runs until stopped. */
    public List<String> command(int intervalSeconds) {
        List<String> command = new ArrayList<>();
        command.add(name);
        command.addAll(options);
        command.add(Integer.toString(intervalSeconds));
        return command;
    }

    /**
     * The command as one line for a remote shell: the variables, then the tool; every word is a fixed word of this
     * class or the interval, so nothing needs quoting and nothing but the tool runs.
     */
    public String shellCommand(int intervalSeconds) {
        StringBuilder line = new StringBuilder();
        environment.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> line.append(e.getKey()).append('=').append(e.getValue()).append(' '));
        return line.append(String.join(" ", command(intervalSeconds))).toString();
    }
}
