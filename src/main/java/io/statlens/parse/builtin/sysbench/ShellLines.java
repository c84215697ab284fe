package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.text.Tokens;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lines that came from the shell rather than from sysbench: prompts ({@code $ sysbench ...},
 * {@code [root@centos7 ~]#}), cram continuation lines ({@code > then}) and exit codes ({@code [1]}). A command
 * that runs sysbench is read for the options it passes, which become facts of the run it starts.
 */
final class ShellLines {
    private static final Pattern PROMPT = Pattern.compile(
            "^(?:\\$|\\[[^\\]\\s]*@[^\\]]*\\]\\s*[#$]|[\\w.-]+@[\\w.-]+(?::\\S*?)?\\s*[#$%])\\s*(.*)$");
    private static final Pattern BARE_COMMAND = Pattern.compile(
            "^sysbench\\s+(?:--|\\S+\\.lua\\b|(?:cpu|fileio|memory|threads|mutex|oltp\\w*)\\b).*$");
    private static final Pattern EXIT_CODE = Pattern.compile("^\\[\\d+\\]$");
    private static final Pattern TEST_NAME = Pattern.compile("^(?:cpu|fileio|memory|threads|mutex|oltp\\w*|\\w+\\.lua)$");
    /** Old option names and their 1.0 equivalents, so a fact has one name whatever version was run. */
    private static final Map<String, String> ALIASES = Map.of(
            "num_threads", "threads", "oltp_table_size", "table_size", "oltp_tables_count", "tables",
            "max_time", "time", "max_requests", "events");

    private ShellLines() {
    }

    /** The command after a prompt, or the line itself if it starts with {@code sysbench --...}; null for other lines. */
    static String sysbenchCommand(String text) {
        Matcher m = PROMPT.matcher(text);
        String command = m.matches() ? m.group(1) : text;
        if (command.startsWith("sysbench ") || command.contains("/sysbench ")) {
            return m.matches() || BARE_COMMAND.matcher(command).matches() ? command : null;
        }
        return null;
    }

    /** A prompt with another command, a bare prompt, a cram continuation line or a cram exit code. */
    static boolean isShell(String text) {
        return PROMPT.matcher(text).matches() || text.equals(">") || text.startsWith("> ") || EXIT_CODE.matcher(text).matches();
    }

    /**
     * Facts from the options of a sysbench command: {@code --threads=16} gives {@code sysbench.threads}, the test
     * name or script ({@code cpu}, {@code .../oltp_read_write.lua}) gives {@code sysbench.test}. Shell variables
     * ({@code $args}) are not expanded and passwords are never recorded.
     */
    static void facts(String command, Run run) {
        String[] tokens = Tokens.split(command);
        boolean afterSysbench = false;
        for (String token : tokens) {
            if (token.equals("|") || token.equals(">") || token.equals("&&") || token.equals(";")) break;
            if (!afterSysbench) {
                afterSysbench = token.equals("sysbench") || token.endsWith("/sysbench");
                continue;
            }
            if (token.startsWith("--")) {
                if (!token.contains("$")) option(token.substring(2), run);
            } else if (TEST_NAME.matcher(testName(token)).matches()) {
                // '${SBTEST_SCRIPTDIR}/oltp_read_write.lua': the script's name is known even if its folder is not
                run.fact("sysbench.test", testName(token).replace(".lua", ""));
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
