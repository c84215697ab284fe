package io.statlens.parse.text;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code host: } that pdsh and clush write before every line a host printed ({@code node008: 11:19:24  CPU ...}):
 * a host name, a colon and one blank, then the line as the tool printed it. A file of one host's lines is read as
 * that host's output, with the host the prefix names.
 *
 * <p>A prefix counts when it starts a block of at least two lines that all carry it, blank lines aside (prose around
 * the block does not matter), after any blanks or quote markers of a paste; a word a tool prints before its own values
 * does not head every line of a block ({@code avg-cpu:} heads one line of each iostat report). A name of lower-case
 * letters only ({@code localhost}) is a host: every sysstat translation in a Latin script capitalises its average label
 * ({@code Average:}, {@code Média:}), and a listed label is never taken. A word and a colon that head one line only, before
 * or after the block ({@code note: } opening a sentence), are prose, not another host. Lines of several hosts in one file have no
 * prefix taken off here: the import reads them a host at a time ({@code io.statlens.parse.FileParts}), and each host's
 * part has one prefix.
 *
 * @param host the host the prefix names
 */
public record HostPrefix(String host) {
    private static final int LEAST_LINES = 2;

    /**
     * The prefix of a block of lines that all carry it (blank lines between them aside), at least two; empty when there
     * is none, or when several hosts' lines are mixed. A prefix-like word on one line only is no host.
     */
    public static Optional<HostPrefix> of(List<String> lines) {
        Map<String, Integer> counts = new HashMap<>();
        for (String line : lines) {
            String host = host(line);
            if (host != null) counts.merge(host, 1, Integer::sum);
        }
        List<String> named = counts.entrySet().stream().filter(e -> e.getValue() >= LEAST_LINES).map(Map.Entry::getKey).toList();
        if (named.size() != 1) return Optional.empty();
        String only = named.get(0);
        int first = -1;
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (!only.equals(host(lines.get(i)))) continue;
            if (first < 0) first = i;
            last = i;
        }
        for (int i = first; i <= last; i++) {
            if (!only.equals(host(lines.get(i))) && !Quotes.unquoted(lines.get(i)).isBlank()) return Optional.empty();
        }
        return Optional.of(new HostPrefix(only));
    }

    /** The host a line's prefix names, if it has one ({@code node008} of {@code node008: 11:19:24  CPU ...}). */
    public static Optional<String> hostOf(String line) {
        return Optional.ofNullable(host(line));
    }

    /**
     * The host of a line's prefix: from its lead, lower-case letters, figures, dots, underscores and hyphens, the first
     * and last a letter or figure, then a colon and a blank. The import asks this of every line of every file, so it is
     * a walk over the name's characters, with no copy of a line that has no prefix.
     */
    private static String host(String line) {
        int at = lead(line);
        int end = at;
        while (end < line.length() && hostChar(line.charAt(end))) end++;
        if (end - at < 2 || !line.startsWith(": ", end) || !letterOrFigure(line.charAt(at)) || !letterOrFigure(line.charAt(end - 1))) {
            return null;
        }
        // a prefix is lower case; sysstat's average labels in a Latin script are capitalised, and only a listed one
        // in a script without case (平均値:) could look like it
        if (SysstatAverage.listed(line.substring(at))) return null;
        return line.substring(at, end);
    }

    private static boolean hostChar(char c) {
        return letterOrFigure(c) || c == '.' || c == '_' || c == '-';
    }

    private static boolean letterOrFigure(char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    }

    /** Where a line's text starts after the blanks and quote markers a paste put before it. */
    private static int lead(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t'
                || (line.charAt(i) == '>' && !Quotes.comparison(line, i)))) i++;
        return i;
    }

    /** The line without this prefix (after any blanks and quote markers before it); the line itself when it has none. */
    public String strip(String line) {
        int at = lead(line);
        return line.startsWith(host, at) && line.startsWith(": ", at + host.length())
                ? line.substring(0, at) + line.substring(at + host.length() + 2) : line;
    }

    /** What the prefix is, for a message ({@code 'node008: '}). */
    public String described() {
        return "'" + host + ": '";
    }
}
