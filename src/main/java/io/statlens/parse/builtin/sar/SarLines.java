package io.statlens.parse.builtin.sar;

import io.statlens.parse.text.SysstatAverage;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Recognisers for the lines of sar output that are neither headers nor data. */
final class SarLines {
    /** {@code Average} without a colon, as Solaris, AIX and HP-UX sar print it. */
    private static final Pattern UNIX_AVERAGE = Pattern.compile("^\\s*Average(?=\\s|$)");
    private static final Pattern LINUX_RESTART = Pattern.compile("^\\s*LINUX\\s+RESTART\\b(?:\\s*\\((\\d+)\\s+CPU\\))?");
    private static final Pattern UNIX_RESTART = Pattern.compile("^\\s*unix\\s+restarts?\\b");
    private static final Pattern COMMENT = Pattern.compile("^\\s*COM\\s+(.*?)\\s*$");
    /** AIX's configuration line; AIX 5.2 printed {@code System Configuration:}. */
    private static final Pattern CONFIGURATION = Pattern.compile("^\\s*System [Cc]onfiguration:\\s*(.*)$");

    /**
     * What a restart line says.
     *
     * @param cpus the CPU count printed, 0 if none
     */
    record Restart(int cpus) {
    }

    private SarLines() {
    }

    /**
     * Where the values after an average label start, or -1 if the line is not an average line: sysstat's
     * {@code Average:} and {@code Summary:} in every language it ships ({@link SysstatAverage}), and the
     * {@code Average} of Solaris, AIX and HP-UX.
     */
    static int averageEnd(String line) {
        int end = SysstatAverage.end(line);
        if (end >= 0) return end;
        Matcher m = UNIX_AVERAGE.matcher(line);
        return m.find() ? m.end() : -1;
    }

    /** A restart mark, from the text after the time of day: {@code LINUX RESTART (8 CPU)}, {@code unix restarts}. */
    static Optional<Restart> restart(String afterTime) {
        char first = firstAfterSpace(afterTime);
        if (first != 'L' && first != 'u') return Optional.empty(); // read for every data line: no matcher for them
        Matcher m = LINUX_RESTART.matcher(afterTime);
        if (m.find()) return Optional.of(new Restart(m.group(1) == null ? 0 : Integer.parseInt(m.group(1))));
        if (UNIX_RESTART.matcher(afterTime).find()) return Optional.of(new Restart(0));
        return Optional.empty();
    }

    /** The text of a sysstat comment ({@code COM text}) after the time of day, or null. */
    static String comment(String afterTime) {
        if (firstAfterSpace(afterTime) != 'C') return null;
        Matcher m = COMMENT.matcher(afterTime);
        return m.matches() ? m.group(1) : null;
    }

    /** The first character that the patterns' {@code ^\\s*} does not take; 0 if none. */
    private static char firstAfterSpace(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\u000B' && c != '\f' && c != '\r') return c;
        }
        return 0;
    }

    /** The settings of AIX's {@code System configuration: lcpu=96 mode=Capped} line, or null. */
    static String configuration(String line) {
        Matcher m = CONFIGURATION.matcher(line);
        return m.matches() ? m.group(1).trim() : null;
    }
}
