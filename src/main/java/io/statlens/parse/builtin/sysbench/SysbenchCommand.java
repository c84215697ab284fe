package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;

import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A pasted command that runs sysbench ({@code $ sysbench oltp_read_write --threads=16 run},
 * {@code [root@centos7 ~]# sysbench --test=cpu run}, a bare {@code sysbench --test=fileio ...}): the options it
 * passes become facts of the run it starts.
 */
final class SysbenchCommand {
    private static final Pattern TEST_NAME = Pattern.compile("^(?:cpu|fileio|memory|threads|mutex|oltp\\w*|\\w+\\.lua)$");
    /**
     * sysbench's options are {@code --name=value}; a line without a prompt is a command when the word after
     * {@code sysbench} is an option, a test or a Lua script ({@code sysbench 1.0.20 (using LuaJIT)} is the banner).
     */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("sysbench"), Set.of())
            .withBareArgument(word -> word.startsWith("--") || TEST_NAME.matcher(testName(word)).matches());
    /** Old option names and their 1.0 equivalents, so a fact has one name whatever version was run. */
    private static final Map<String, String> ALIASES = Map.of(
            "num_threads", "threads", "oltp_table_size", "table_size", "oltp_tables_count", "tables",
            "max_time", "time", "max_requests", "events");

    private SysbenchCommand() {
    }

    /**
     * Facts from the options of a sysbench command: {@code --threads=16} gives {@code sysbench.threads}, the test
     * name or script ({@code cpu}, {@code .../oltp_read_write.lua}) gives {@code sysbench.test}. Shell variables
     * ({@code $args}) are not expanded and passwords are never recorded.
     */
    static void facts(PastedCommand command, Run run) {
        for (String argument : command.arguments()) {
            if (argument.startsWith("--")) {
                if (!argument.contains("$")) option(argument.substring(2), run);
            } else if (TEST_NAME.matcher(testName(argument)).matches()) {
                // '${SBTEST_SCRIPTDIR}/oltp_read_write.lua': the script's name is known even if its folder is not
                run.fact("sysbench.test", testName(argument).replace(".lua", ""));
            }
        }
    }

    private static void option(String option, Run run) {
        int eq = option.indexOf('=');
        String name = SysbenchValues.snake(eq < 0 ? option : option.substring(0, eq));
        if (name.isEmpty() || name.contains("password") || name.contains("passwd")) return;
        String value = eq < 0 ? "on" : option.substring(eq + 1);
        name = ALIASES.getOrDefault(name, name);
        if (name.equals("test")) {
            run.fact("sysbench.test", testName(value).replace(".lua", ""));
        } else {
            run.fact("sysbench." + name, value);
        }
    }

    private static String testName(String token) {
        return token.substring(token.lastIndexOf('/') + 1);
    }
}
