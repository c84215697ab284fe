package io.statlens.parse.builtin.mysql;

import java.util.ArrayList;
import java.util.List;

/**
 * The mysql client's batch output ({@code mysql -e} into a file or a pipe: tab-separated) escapes each field so that a
 * row stays on one line: a newline as backslash-n, a tab as backslash-t, NUL as backslash-0 and a backslash doubled
 * (client/mysql.cc, {@code safe_put_field}; {@code --raw} turns it off). SHOW ENGINE INNODB STATUS returns its report
 * as one field, so {@code mysql -e 'SHOW ENGINE INNODB STATUS' > file}, the commonest way to save it, holds the whole
 * report on one line, {@code InnoDB<TAB><TAB>\n=====\n2026-12-05 06:41:40 0x7f... INNODB MONITOR OUTPUT\n...}.
 */
final class BatchEscapes {
    private BatchEscapes() {
    }

    /** Whether a line is such a row: the engine's name, then the report with its newlines escaped. */
    static boolean isEscapedReport(String line) {
        return line.stripLeading().startsWith("InnoDB") && line.contains("\\n");
    }

    /** The lines of an escaped field, unescaped. */
    static List<String> lines(String line) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c != '\\' || i + 1 == line.length()) {
                current.append(c);
                continue;
            }
            char next = line.charAt(++i);
            switch (next) {
                case 'n' -> {
                    lines.add(current.toString());
                    current.setLength(0);
                }
                case 't' -> current.append('\t');
                case '0' -> current.append('\0');
                default -> current.append(next);
            }
        }
        lines.add(current.toString());
        return lines;
    }
}
