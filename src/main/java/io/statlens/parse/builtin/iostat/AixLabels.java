package io.statlens.parse.builtin.iostat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * AIX iostat's headers, whose labels have a blank after their {@code %}: {@code Disks: % tm_act Kbps tps Kb_read Kb_wrtn}
 * and the one line of tty and CPU labels {@code tty: tin tout avg-cpu: % user % sys % idle % iowait physc % entc}; and the
 * {@code System configuration: lcpu=8 drives=1 ent=0.40} line it prints first and whenever the configuration changes.
 */
final class AixLabels {
    private static final Pattern SYSTEM = Pattern.compile("^\\s*System:\\s+(\\S+)\\s*$");
    private static final Pattern CONFIGURATION = Pattern.compile("^\\s*System configuration:\\s*(\\S.*?)\\s*$");

    private AixLabels() {
    }

    /** Whether the tokens are one of AIX's headers (as printed, or with the blanks after {@code %} gone). */
    static boolean isHeader(String[] tokens) {
        return tokens.length > 2 && (tokens[0].equals("tty:") || tokens[0].equals("Disks:"));
    }

    /** The header's labels, each {@code %} joined to the word after it: {@code % tm_act} is {@code %tm_act}. */
    static String[] joined(String[] tokens) {
        List<String> out = new ArrayList<>(tokens.length);
        for (int i = 0; i < tokens.length; i++) {
            if (tokens[i].equals("%") && i + 1 < tokens.length) out.add("%" + tokens[++i]);
            else out.add(tokens[i]);
        }
        return out.toArray(String[]::new);
    }

    /** The host of the {@code System: host} line over {@code -s}'s system throughput, or null when it is not one. */
    static String system(String line) {
        var m = SYSTEM.matcher(line);
        return m.matches() ? m.group(1) : null;
    }

    /** The settings of a {@code System configuration:} line ({@code lcpu=8 drives=1}), or null when it is not one. */
    static String configuration(String line) {
        var m = CONFIGURATION.matcher(line);
        return m.matches() ? m.group(1) : null;
    }
}
