package io.statlens.parse.builtin.mysql;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which of the database tools a pasted {@code mysql}, {@code mariadb} or {@code mysqladmin} command runs, from the
 * statement or subcommand it was given: one client prints SHOW GLOBAL STATUS, SHOW ENGINE INNODB STATUS and a
 * performance_schema query alike, so its program name alone cannot tell where one tool's output ends in a transcript
 * ({@code $ mysqladmin ext -r -i 1 -c 3}, then {@code $ mysql -e 'SHOW ENGINE INNODB STATUS\G'}).
 */
final class MysqlStatement {
    private record Rule(Pattern pattern, String tool) {
    }

    // the more particular statements first: SHOW ENGINE INNODB STATUS also says STATUS. mysqladmin's subcommands are
    // words of their own (-S /var/run/mysqld/mysqld.sock names no 'var')
    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("(?i)\\bENGINE\\s+INNODB\\s+STATUS\\b"), InnodbStatusParser.TOOL),
            new Rule(Pattern.compile("(?i)\\b(?:ENGINE\\s+INNODB\\s+MUTEX|MUTEX\\s+STATUS)\\b"), InnodbMutexParser.TOOL),
            new Rule(Pattern.compile("(?i)\\bevents_waits_summary"), PerfschemaWaitsParser.TOOL),
            new Rule(Pattern.compile("(?i)\\bSHOW\\s+(?:GLOBAL\\s+|SESSION\\s+)?VARIABLES\\b|\\b(?:mysqladmin|mariadb-admin)\\b.*\\s(?:var|variables|version)(?:\\s|$)"),
                    MysqlVariablesParser.TOOL),
            new Rule(Pattern.compile("(?i)\\bSHOW\\s+(?:GLOBAL\\s+|SESSION\\s+)?STATUS\\b|\\b(?:mysqladmin|mariadb-admin)\\b.*\\sext(?:ended-status)?(?:\\s|$)"),
                    MysqlStatusParser.TOOL));

    private MysqlStatement() {
    }

    /** The tool the command runs, when its statement or subcommand says; empty when it does not (an interactive client). */
    static Optional<String> tool(String commandLine) {
        for (Rule rule : RULES) {
            if (rule.pattern().matcher(commandLine).find()) return Optional.of(rule.tool());
        }
        return Optional.empty();
    }

    /** Whether the command may run {@code tool}: it does, or it says nothing of what it runs. */
    static boolean runs(String commandLine, String tool) {
        return tool(commandLine).map(tool::equals).orElse(true);
    }
}
