package io.statlens.parse.builtin.dstat;

import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The columns of dstat's and dool's screen header. The label line is cut into plugins at {@code |} (dool:
 * {@code │}); each label takes the group title printed above it: the titles are the runs of the group line between
 * blanks, dool's {@code ┬} and the places where the label line separates plugins or the parts of one ({@code :} when
 * dstat shows several CPUs, disks or interfaces), with their dashes ({@code --total-cpu-usage--}, dool's
 * {@code ┄┄total┄cpu┄usage┄┄}) turned back into blanks. A data line is cut into plugins the same way; inside one,
 * the parts' separators ({@code :}, dool's {@code ┊}) are blanks, and a plugin of one column keeps its whole text as
 * one value, so that a time of day ({@code 02-12 03:26:07}) stays one.
 *
 * @param groups  the group title of each column
 * @param labels  the column labels
 * @param columns per plugin, its number of columns
 * @param misplaced whether the titles were placed by where they stand, on a group line not as wide as the label line
 *                  (a document changed the blanks): which plugin a column belongs to is then not known
 * @param tops      per plugin, whether it is a {@code --top-*} one ({@link DstatTop}): its label of several words is
 *                  one column, its cell the name and values as one text, blank when no process did anything
 */
record ScreenColumns(List<String> groups, List<String> labels, List<Integer> columns, boolean misplaced,
                     List<Boolean> tops) {
    private static final java.util.regex.Pattern ESCAPE = java.util.regex.Pattern.compile("\u001B\\[[0-9;?]*[A-Za-z]");

    static ScreenColumns of(String groupLine, String labelLine) {
        List<int[]> titles = titleSpans(groupLine, labelLine);
        // One title per part of a plugin (a plugin showing several CPUs, disks or interfaces has a part for each, cut
        // at ':' or dool's '┊'): the titles are the parts' in order, which holds where a document moved the blanks and
        // the titles no longer stand over their columns.
        List<String> inOrder = titlesInOrder(groupLine);
        String[] plugins = labelLine.split("[|│]", -1);
        boolean byOrder = inOrder.size() == (int) java.util.Arrays.stream(plugins)
                .flatMap(p -> java.util.Arrays.stream(p.split("[:┊]", -1))).filter(p -> !Tokens.isBlank(p)).count();
        List<String> groups = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Integer> columns = new ArrayList<>();
        List<Boolean> tops = new ArrayList<>();
        int start = 0;
        int parts = 0;
        for (String plugin : plugins) {
            if (!Tokens.isBlank(plugin) && plugin.indexOf(':') < 0 && plugin.indexOf('┊') < 0) {
                int from = plugin.length() - plugin.stripLeading().length();
                int to = plugin.stripTrailing().length();
                String title = byOrder ? inOrder.get(parts) : title(groupLine, titles, start + from, start + to);
                if (DstatTop.of(title, plugin).isPresent()) {
                    labels.add(plugin.strip());
                    groups.add(title);
                    columns.add(1);
                    tops.add(true);
                    parts++;
                    start += plugin.length() + 1;
                    continue;
                }
            }
            int count = 0;
            int i = 0;
            boolean inPart = false;
            while (i < plugin.length()) {
                while (i < plugin.length() && isPartSeparator(plugin.charAt(i))) {
                    if (plugin.charAt(i) == ':' || plugin.charAt(i) == '┊') {
                        if (inPart) parts++;
                        inPart = false;
                    }
                    i++;
                }
                if (i >= plugin.length()) break;
                int from = i;
                while (i < plugin.length() && !isPartSeparator(plugin.charAt(i))) i++;
                labels.add(plugin.substring(from, i));
                groups.add(byOrder ? inOrder.get(parts) : title(groupLine, titles, start + from, start + i));
                inPart = true;
                count++;
            }
            if (inPart) parts++;
            columns.add(count);
            tops.add(false);
            start += plugin.length() + 1;
        }
        // the blanks after a last separator are no plugin
        while (!columns.isEmpty() && columns.get(columns.size() - 1) == 0) {
            columns.remove(columns.size() - 1);
            tops.remove(tops.size() - 1);
        }
        boolean misplaced = !byOrder && Math.abs(ESCAPE.matcher(groupLine).replaceAll("").stripTrailing().length()
                - ESCAPE.matcher(labelLine).replaceAll("").stripTrailing().length()) > 1;
        return new ScreenColumns(List.copyOf(groups), List.copyOf(labels), List.copyOf(columns), misplaced, List.copyOf(tops));
    }

    private static boolean isPartSeparator(char c) {
        return Tokens.isSpace(c) || c == ':' || c == '┊';
    }

    /** Start and end of each title of the group line. */
    private static List<int[]> titleSpans(String groupLine, String labelLine) {
        List<int[]> spans = new ArrayList<>();
        int from = -1;
        for (int i = 0; i <= groupLine.length(); i++) {
            boolean cut = i == groupLine.length() || Tokens.isSpace(groupLine.charAt(i)) || groupLine.charAt(i) == '┬'
                    || i < labelLine.length() && "|│:┊".indexOf(labelLine.charAt(i)) >= 0;
            if (cut) {
                if (from >= 0) spans.add(new int[] {from, i});
                from = -1;
            } else if (from < 0) {
                from = i;
            }
        }
        return spans;
    }

    /** The group line's titles in order: its runs between blanks and dool's {@code ┬}, dashes turned back into blanks. */
    private static List<String> titlesInOrder(String groupLine) {
        List<String> titles = new ArrayList<>();
        for (String run : Tokens.split(groupLine.replace('┬', ' '))) {
            String title = run.replaceAll("[-┄]+", " ").strip();
            if (!title.isEmpty()) titles.add(title);
        }
        return titles;
    }

    /** The title over a label: the one that overlaps it most. */
    private static String title(String groupLine, List<int[]> titles, int from, int to) {
        int[] best = null;
        int bestOverlap = 0;
        for (int[] t : titles) {
            int overlap = Math.min(to, t[1]) - Math.max(from, t[0]);
            if (overlap > bestOverlap) {
                best = t;
                bestOverlap = overlap;
            }
        }
        if (best == null) return "";
        return groupLine.substring(best[0], best[1]).replaceAll("[-┄]+", " ").strip();
    }

    /** A data line's values, one per label; empty when the line does not have the header's plugins and columns. */
    /**
     * The cells of a row that prints its first one-column plugin (the time) and leaves every other plugin blank, as
     * pcp-dstat does before its first interval: the other cells empty. Empty for any other row.
     */
    Optional<List<String>> timeAlone(String line) {
        String[] plugins = line.split("[|│]", -1);
        int n = plugins.length;
        while (n > columns.size() && plugins[n - 1].isBlank()) n--;
        if (n != columns.size() || n < 2 || columns.get(0) != 1 || tops.get(0) || plugins[0].isBlank()) {
            return Optional.empty();
        }
        List<String> out = new ArrayList<>(labels.size());
        out.add(plugins[0].strip());
        for (int i = 1; i < n; i++) {
            if (!plugins[i].isBlank()) return Optional.empty();
            for (int k = 0; k < columns.get(i); k++) out.add("");
        }
        return Optional.of(out);
    }

    Optional<List<String>> cells(String line) {
        String[] plugins = line.split("[|│]", -1);
        int n = plugins.length;
        while (n > columns.size() && plugins[n - 1].isBlank()) n--;
        if (n != columns.size()) return Optional.empty();
        List<String> out = new ArrayList<>(labels.size());
        for (int i = 0; i < n; i++) {
            int count = columns.get(i);
            if (tops.get(i)) {
                out.add(plugins[i]);
                continue;
            }
            if (count == 1) {
                if (plugins[i].isBlank()) return Optional.empty();
                out.add(plugins[i].strip());
                continue;
            }
            String[] words = Tokens.split(plugins[i].replace(':', ' ').replace('┊', ' '));
            if (words.length != count) return Optional.empty();
            for (String w : words) out.add(w);
        }
        return Optional.of(out);
    }
}
