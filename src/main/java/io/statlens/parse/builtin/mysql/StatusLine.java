package io.statlens.parse.builtin.mysql;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One line of status output as the clients print it: a row of the boxed table of {@code mysqladmin extended-status}
 * and {@code mysql -t} ({@code | Com_select | 4245 |}), a tab-separated row of {@code mysql -e} / {@code mysql -N -e}
 * ({@code Com_select<TAB>4245}, or blanks where a page turned the tab into spaces), or the two lines of a row of
 * {@code \G} output ({@code Variable_name: Com_select}, {@code Value: 4245}).
 *
 * @param kind  what the line is
 * @param name  the variable's name (rows and {@code Variable_name:} lines)
 * @param value the value as printed, stripped; may be text ({@code ON}) or empty
 */
record StatusLine(Kind kind, String name, String value) {
    enum Kind {
        /** {@code Variable_name | Value}: a new table starts. */
        HEADER,
        /** {@code +-----+-----+} or {@code *** 1. row ***}. */
        RULE,
        /** A variable and its value. */
        ROW,
        /** {@code Variable_name: X} of {@code \G} output; its value follows. */
        VERTICAL_NAME,
        /** {@code Value: X} of {@code \G} output. */
        VERTICAL_VALUE
    }

    /** A status variable's name: a letter, then letters, digits and underscores. */
    static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*+");
    private static final Pattern BOX_RULE = Pattern.compile("^\\+-[-+]*\\+$");
    private static final Pattern ROW_BANNER = Pattern.compile("^\\*+\\s*\\d+\\. row\\s*\\*+$");
    private static final Pattern BOXED = Pattern.compile("^\\|\\s*([A-Za-z][A-Za-z0-9_]*+)\\s*\\|\\s*(.*?)\\s*\\|$");
    private static final Pattern PLAIN = Pattern.compile("^([A-Za-z][A-Za-z0-9_]*+)(?:\\t|\\s+)(.*?)\\s*$");
    private static final Pattern BARE_NAME = Pattern.compile("^([A-Za-z][A-Za-z0-9_]*+)\\s*$");
    private static final Pattern VERTICAL = Pattern.compile("^(Variable_name|Value):\\s?(.*?)\\s*$");

    /** Reads a cleaned, stripped line; empty when it is none of these. */
    static Optional<StatusLine> parse(String line) {
        if (line.isEmpty()) return Optional.empty();
        char c = line.charAt(0);
        if (c == '+') return BOX_RULE.matcher(line).matches() ? Optional.of(new StatusLine(Kind.RULE, "", "")) : Optional.empty();
        if (c == '*') return ROW_BANNER.matcher(line).matches() ? Optional.of(new StatusLine(Kind.RULE, "", "")) : Optional.empty();
        Matcher m = VERTICAL.matcher(line);
        if (m.matches()) {
            return Optional.of(m.group(1).equals("Value") ? new StatusLine(Kind.VERTICAL_VALUE, "", m.group(2))
                    : new StatusLine(Kind.VERTICAL_NAME, m.group(2), ""));
        }
        m = c == '|' ? BOXED.matcher(line) : PLAIN.matcher(line);
        if (!m.matches()) {
            // a variable whose value is empty: tab-separated output leaves only the name
            m = BARE_NAME.matcher(line);
            if (!m.matches()) return Optional.empty();
            return Optional.of(new StatusLine(Kind.ROW, m.group(1), ""));
        }
        String name = m.group(1);
        String value = m.group(2);
        if (name.equals("Variable_name") && value.equals("Value")) return Optional.of(new StatusLine(Kind.HEADER, "", ""));
        return Optional.of(new StatusLine(Kind.ROW, name, value));
    }
}
