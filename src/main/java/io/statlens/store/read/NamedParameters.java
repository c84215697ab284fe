package io.statlens.store.read;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement's named parameters ({@code :run}) turned into JDBC placeholders. Text inside string
 * literals, quoted identifiers and comments is left alone, so {@code ':run'} and {@code "A:B"} are not
 * parameters; neither is a {@code ::} pair.
 *
 * @param sql   the statement with {@code ?} in place of each parameter
 * @param names the parameter names in placeholder order (a name used twice appears twice)
 */
record NamedParameters(String sql, List<String> names) {

    static NamedParameters of(String statement) {
        StringBuilder sql = new StringBuilder(statement.length());
        List<String> names = new ArrayList<>();
        int n = statement.length();
        int i = 0;
        while (i < n) {
            char c = statement.charAt(i);
            int end = switch (c) {
                case '\'', '"' -> closing(statement, i, c);
                case '-' -> i + 1 < n && statement.charAt(i + 1) == '-' ? lineEnd(statement, i) : -1;
                case '/' -> i + 1 < n && statement.charAt(i + 1) == '*' ? commentEnd(statement, i) : -1;
                default -> -1;
            };
            if (end >= 0) {
                sql.append(statement, i, end);
                i = end;
            } else if (c == ':' && i + 1 < n && isNameStart(statement.charAt(i + 1))
                    && (i == 0 || statement.charAt(i - 1) != ':')) {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(statement.charAt(j)) || statement.charAt(j) == '_')) j++;
                names.add(statement.substring(i + 1, j).toLowerCase());
                sql.append('?');
                i = j;
            } else {
                sql.append(c);
                i++;
            }
        }
        return new NamedParameters(sql.toString(), List.copyOf(names));
    }

    private static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    /** Index after the quote that closes the one at {@code start}; a doubled quote is an escaped one. */
    private static int closing(String s, int start, char quote) {
        int i = start + 1;
        while (i < s.length()) {
            if (s.charAt(i) == quote) {
                if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return s.length();
    }

    private static int lineEnd(String s, int start) {
        int nl = s.indexOf('\n', start);
        return nl < 0 ? s.length() : nl;
    }

    private static int commentEnd(String s, int start) {
        int close = s.indexOf("*/", start + 2);
        return close < 0 ? s.length() : close + 2;
    }
}
