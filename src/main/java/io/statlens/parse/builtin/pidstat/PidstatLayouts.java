package io.statlens.parse.builtin.pidstat;

import io.statlens.parse.text.Numbers;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The row layouts pidstat documents (pidstat.c's headers, CHANGES for the versions), for saying what an average row
 * without its header may be: without the header the columns cannot be known, but a row's width before the command can
 * fit one layout only ({@code -u -t} of sysstat 11.5.5 or later prints nine cells). Every layout starts with
 * {@code UID PID}, or {@code UID TGID TID} with {@code -t} (sysstat 10.1.4 or later prints the UID for every task).
 * {@code -R} is left out: its {@code policy} column is a word, so where its cells end cannot be told from the command.
 */
final class PidstatLayouts {
    /** One report's columns between the identity columns and {@code Command}. */
    private record Report(String option, String versions, String columns) {
        int width() {
            return columns.split(" ").length;
        }
    }

    private static final List<Report> REPORTS = List.of(
            new Report("-u", "11.5.5 or later", "%usr %system %guest %wait %CPU CPU"),
            new Report("-u", "10.1.4 to 11.5.4", "%usr %system %guest %CPU CPU"),
            new Report("-r", "", "minflt/s majflt/s VSZ RSS %MEM"),
            new Report("-d", "10.2.1 or later", "kB_rd/s kB_wr/s kB_ccwr/s iodelay"),
            new Report("-d", "before 10.2.1", "kB_rd/s kB_wr/s kB_ccwr/s"),
            new Report("-s", "", "StkSize StkRef"),
            new Report("-w", "", "cswch/s nvcswch/s"),
            new Report("-v", "", "threads fd-nr"),
            new Report("-u -T CHILD", "", "usr-ms system-ms guest-ms"),
            new Report("-r -T CHILD", "", "minflt-nr majflt-nr"));
    private static final String PROCESS = "UID PID";
    private static final String THREAD = "UID TGID TID";
    /** The narrowest layout: an identity and a report of two columns. */
    private static final int FEWEST_CELLS = 4;

    private PidstatLayouts() {
    }

    /**
     * The cells of a row before its command, if the words after an average label have a pidstat row's shape: at least
     * {@value #FEWEST_CELLS} numbers or dashes, then a word (sar's and mpstat's averages start with a word or have
     * no command after their numbers).
     */
    static OptionalInt cellsBeforeCommand(String[] words) {
        int cells = 0;
        while (cells < words.length && (words[cells].equals("-") || Numbers.isNumber(words[cells]))) cells++;
        return cells >= FEWEST_CELLS && cells < words.length ? OptionalInt.of(cells) : OptionalInt.empty();
    }

    /** What a header would have given, said for an average row without one ({@code label} as the row prints it). */
    static String expectedHeader(String label) {
        return "expected a header line ('" + label + "' then UID, PID or TGID TID, the report's columns and Command)";
    }

    /**
     * The one documented layout a row's cells before the command fit, as a clause ({@code 9 cells before the command
     * fit one documented layout only: pidstat -u -t of sysstat 11.5.5 or later (UID TGID TID %usr ...)}); empty when
     * the words have no pidstat row's shape, or none or several layouts are as wide.
     */
    static Optional<String> onlyFit(String[] words) {
        OptionalInt cells = cellsBeforeCommand(words);
        if (cells.isEmpty()) return Optional.empty();
        String fit = null;
        for (Report report : REPORTS) {
            for (String identity : List.of(PROCESS, THREAD)) {
                if (identity.split(" ").length + report.width() != cells.getAsInt()) continue;
                if (fit != null) return Optional.empty();
                fit = "pidstat " + report.option() + (identity.equals(THREAD) ? " -t" : "")
                        + (report.versions().isEmpty() ? "" : " of sysstat " + report.versions())
                        + " (" + identity + " " + report.columns() + ")";
            }
        }
        return Optional.ofNullable(fit).map(layout -> cells.getAsInt() + " cells before the command fit one documented"
                + " layout only: " + layout);
    }
}
