package io.statlens.parse.text;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code host: } that pdsh and clush write before every line a host printed ({@code node008: 11:19:24  CPU ...}):
 * a host name, a colon and one blank, then the line as the tool printed it. A file of one host's lines is read as
 * that host's output, with the host the prefix names.
 *
 * <p>A prefix counts when it starts at least two lines and at least as many lines as those with text that do not
 * carry it (prose around a pasted run does not); a word a tool prints before its own values does neither
 * ({@code avg-cpu:} heads one line of each iostat report). A name of letters only ({@code localhost}) is not taken:
 * it cannot be told from the average label of a sysstat translation ({@code Average:}, {@code Média:}). Lines of
 * several hosts in one file are not split by host: no prefix is taken off them.
 *
 * @param host the host the prefix names
 */
public record HostPrefix(String host) {
    private static final Pattern PREFIX = Pattern.compile("^([a-z0-9][a-z0-9._-]*[a-z0-9]): ");
    private static final int LEAST_LINES = 2;

    /** The prefix most lines with text start with; empty when there is none, or when several hosts' lines are mixed. */
    public static Optional<HostPrefix> of(List<String> lines) {
        Map<String, Integer> counts = new HashMap<>();
        int text = 0;
        for (String line : lines) {
            if (line.isBlank()) continue;
            text++;
            String host = host(line);
            if (host != null) counts.merge(host, 1, Integer::sum);
        }
        if (counts.size() != 1) return Optional.empty();
        Map.Entry<String, Integer> only = counts.entrySet().iterator().next();
        int prefixed = only.getValue();
        return prefixed >= LEAST_LINES && prefixed * 2 >= text ? Optional.of(new HostPrefix(only.getKey())) : Optional.empty();
    }

    private static String host(String line) {
        Matcher m = PREFIX.matcher(line);
        if (!m.lookingAt() || SysstatAverage.end(line) >= 0) return null;
        return m.group(1);
    }

    /** The line without this prefix; the line itself when it does not carry it. */
    public String strip(String line) {
        return line.startsWith(host) && line.startsWith(": ", host.length()) ? line.substring(host.length() + 2) : line;
    }

    /** What the prefix is, for a message ({@code 'node008: '}). */
    public String described() {
        return "'" + host + ": '";
    }
}
