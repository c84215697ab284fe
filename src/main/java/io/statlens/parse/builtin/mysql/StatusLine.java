package io.statlens.parse.builtin.mysql;

import java.util.Optional;
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

    private static final Pattern BOX_RULE = Pattern.compile("^\\+-[-+]*\\+$");
    private static final Pattern ROW_BANNER = Pattern.compile("^\\*+\\s*\\d+\\. row\\s*\\*+$");
    private static final StatusLine RULE_LINE = new StatusLine(Kind.RULE, "", "");
    private static final StatusLine HEADER_LINE = new StatusLine(Kind.HEADER, "", "");

    /**
     * Reads a cleaned, stripped line; empty when it is none of these. Read by hand, not by regular expressions: a
     * day of {@code mysqladmin ext -i 1} is some fifty million such lines.
     */
    static Optional<StatusLine> parse(String line) {
        if (line.isEmpty()) return Optional.empty();
        char c = line.charAt(0);
        if (c == '+') return BOX_RULE.matcher(line).matches() ? Optional.of(RULE_LINE) : Optional.empty();
        if (c == '*') return ROW_BANNER.matcher(line).matches() ? Optional.of(RULE_LINE) : Optional.empty();
        if (c == '|') return boxed(line);
        if (line.startsWith("Variable_name:")) return Optional.of(new StatusLine(Kind.VERTICAL_NAME, vertical(line, 14), ""));
        if (line.startsWith("Value:")) return Optional.of(new StatusLine(Kind.VERTICAL_VALUE, "", vertical(line, 6)));
        return plain(line);
    }

    /** {@code | name | value |}: the value is all between the name's bar and the last one, blanks around it dropped. */
    private static Optional<StatusLine> boxed(String line) {
        int last = line.length() - 1;
        if (last < 1 || line.charAt(last) != '|') return Optional.empty();
        int bar = line.indexOf('|', 1);
        if (bar == last) return Optional.empty();
        int from = skipBlanks(line, 1, bar);
        int to = nameEnd(line, from);
        if (to < bar && line.charAt(to) == ':') to = trimEnd(line, to, bar);
        if (to == from || skipBlanks(line, to, bar) != bar) return Optional.empty();
        int value = skipBlanks(line, bar + 1, last);
        return row(line.substring(from, to), line.substring(value, Math.max(value, trimEnd(line, value, last))));
    }

    /**
     * {@code name<TAB>value} or {@code name  value}: after a tab the value starts at once, after blanks at the first
     * other character; a name alone is a variable whose value is empty.
     */
    private static Optional<StatusLine> plain(String line) {
        int end = line.length();
        int to = nameEnd(line, 0);
        if (to == 0) return Optional.empty();
        if (to < end && line.charAt(to) == ':' && line.indexOf('\t', to) > 0) to = line.indexOf('\t', to);
        if (to == end) return Optional.of(new StatusLine(Kind.ROW, line, ""));
        if (!blank(line.charAt(to))) return Optional.empty();
        int from = line.charAt(to) == '\t' ? to + 1 : skipBlanks(line, to, end);
        return row(line.substring(0, to), line.substring(from, Math.max(from, trimEnd(line, from, end))));
    }

    private static Optional<StatusLine> row(String name, String value) {
        if (name.equals("Variable_name") && value.equals("Value")) return Optional.of(HEADER_LINE);
        return Optional.of(new StatusLine(Kind.ROW, name, value));
    }

    /** What follows {@code Variable_name:} or {@code Value:} and at most one blank, blanks at the end dropped. */
    private static String vertical(String line, int colon) {
        int from = colon < line.length() && blank(line.charAt(colon)) ? colon + 1 : colon;
        return line.substring(from, Math.max(from, trimEnd(line, from, line.length())));
    }

    /**
     * Where a status variable's name (a letter, then letters, digits, underscores and the dots of a component's
     * variables, {@code option_tracker.gr_error_sent}) starting at {@code from} ends; {@code from} when none starts
     * there. MySQL 9's option tracker adds one variable per option, {@code option_tracker_usage:Binary Log}: after a
     * colon the option's name may hold blanks, so the callers take it up to the tab or the bar that ends the name.
     */
    private static int nameEnd(String s, int from) {
        if (from >= s.length() || !letter(s.charAt(from))) return from;
        int i = from + 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            boolean componentDot = c == '.' && i + 1 < s.length() && letter(s.charAt(i + 1));
            if (!letter(c) && !(c >= '0' && c <= '9') && c != '_' && !componentDot) break;
            i++;
        }
        return i;
    }

    private static boolean letter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    private static int skipBlanks(String s, int from, int to) {
        while (from < to && blank(s.charAt(from))) from++;
        return from;
    }

    private static int trimEnd(String s, int from, int to) {
        while (to > from && blank(s.charAt(to - 1))) to--;
        return to;
    }

    /** The blanks of a regular expression's {@code \\s}. */
    private static boolean blank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
