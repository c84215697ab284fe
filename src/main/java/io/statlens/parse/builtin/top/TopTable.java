package io.statlens.parse.builtin.top;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A task table header of top ({@code PID USER PR NI VIRT RES SHR S %CPU %MEM TIME+ COMMAND}, any field set, in any
 * language procps-ng translates it to, or busybox's {@code PID PPID USER STAT VSZ %VSZ %CPU COMMAND}): the columns
 * by their English names, which are numbers and how to read them. Rows are keyed {@code "PID command"}.
 *
 * @param labels  the English labels, in column order
 * @param ends    where each printed label ends in the header line (numeric columns are right-aligned to it)
 * @param starts  where each printed label starts (text columns are left-aligned to it)
 * @param metrics the indices of the numeric columns, in metric order
 * @param spec    the data set of its rows
 * @param line    where the header was printed
 */
record TopTable(List<String> labels, List<Integer> starts, List<Integer> ends, List<Integer> metrics, DatasetSpec spec,
                long line) {
    /** Memory sizes in KiB; top prints a larger one with a unit letter ({@code 8193.5g}, busybox {@code 8701m}). */
    private static final Set<String> MEMORY = Set.of("VIRT", "RES", "SHR", "SWAP", "CODE", "DATA", "USED", "RSan", "RSfd",
            "RSlk", "RSsh", "RSS", "PSS", "PSan", "PSfd", "PSsh", "USS", "VSZ");
    private static final Set<String> TIMES = Set.of("TIME+", "TIME");
    private static final Set<String> PERCENT = Set.of("%CPU", "%MEM", "%VSZ", "%CUU", "%CUC");
    /** Text columns: not stored (the repository keeps numbers). */
    private static final Set<String> TEXT = Set.of("USER", "RUSER", "SUSER", "GROUP", "TTY", "S", "STAT", "WCHAN", "Flags",
            "CGROUPS", "SUPGIDS", "SUPGRPS", "ENVIRON", "COMMAND", "LXC", "CGNAME", "EXE", "STARTED", "ELAPSED", "CLS",
            "Docker");
    static final String COMMAND = "COMMAND";
    private static final java.util.regex.Pattern MERGED_VSZ = java.util.regex.Pattern.compile("(\\d[mgt])(\\d+%)");

    /** Whether the words of a line are a task table header: a PID column and a COMMAND column, no number. */
    static boolean isHeader(String[] words) {
        if (words.length < 3) return false;
        TopTranslations t = TopTranslations.get();
        boolean pid = false;
        boolean command = false;
        for (String w : words) {
            if (!w.isEmpty() && Character.isDigit(w.charAt(0))) return false;
            String label = t.label(w);
            pid |= label.equals("PID");
            command |= label.equals(COMMAND);
        }
        return pid && command;
    }

    /** The header of a line whose words {@link #isHeader} accepted; {@code dataset} is {@code process} or {@code thread}. */
    static Optional<TopTable> of(String text, String dataset, long line) {
        List<String> labels = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        int i = 0;
        int n = text.length();
        TopTranslations t = TopTranslations.get();
        while (i < n) {
            while (i < n && Tokens.isSpace(text.charAt(i))) i++;
            if (i >= n) break;
            int start = i;
            while (i < n && !Tokens.isSpace(text.charAt(i))) i++;
            labels.add(t.label(text.substring(start, i)));
            starts.add(start);
            ends.add(i);
        }
        // zh_CN's one-character S header (日) is printed blank: a state column between SHR and %CPU has no label
        int shr = labels.indexOf("SHR");
        if (shr >= 0 && shr + 1 < labels.size() && labels.get(shr + 1).equals("%CPU") && !labels.contains("S")) {
            labels.add(shr + 1, "S");
            starts.add(shr + 1, ends.get(shr) + 1);
            ends.add(shr + 1, ends.get(shr) + 2);
        }
        if (labels.stream().distinct().count() != labels.size()) return Optional.empty();
        List<Integer> metrics = new ArrayList<>();
        List<Metric> specMetrics = new ArrayList<>();
        for (int c = 0; c < labels.size(); c++) {
            String label = labels.get(c);
            if (TEXT.contains(label) || label.equals("PID")) continue;
            metrics.add(c);
            specMetrics.add(metric(label));
        }
        DatasetSpec spec = new DatasetSpec(TopParser.TOOL, dataset, "PID COMMAND", specMetrics);
        return Optional.of(new TopTable(List.copyOf(labels), List.copyOf(starts), List.copyOf(ends), List.copyOf(metrics), spec,
                line));
    }

    /** The priority top's {@code rt} stands for. */
    static final double REAL_TIME_PRIORITY = -100;

    private static Metric metric(String label) {
        if (MEMORY.contains(label)) return new Metric(label, "KiB", "");
        if (TIMES.contains(label)) return new Metric(label, "s", "CPU time used");
        if (PERCENT.contains(label)) return new Metric(label, "%", "");
        return Metric.of(label, "");
    }

    /** The cells of a row: by blanks when the command is last (the command keeps its blanks), else by column position. */
    String[] cells(String line) {
        // busybox prints a VSZ too wide for its column against its %VSZ: 8193g32774%
        String text = labels.contains("%VSZ") ? MERGED_VSZ.matcher(line).replaceFirst("$1 $2") : line;
        int command = labels.indexOf(COMMAND);
        String[] words = Tokens.split(text);
        if (command == labels.size() - 1 && words.length >= labels.size()) {
            String[] cells = new String[labels.size()];
            int i = 0;
            int n = text.length();
            for (int c = 0; c < command; c++) {
                while (i < n && Tokens.isSpace(text.charAt(i))) i++;
                int start = i;
                while (i < n && !Tokens.isSpace(text.charAt(i))) i++;
                cells[c] = text.substring(start, i);
            }
            cells[command] = text.substring(i).strip();
            return cells;
        }
        if (words.length == labels.size()) return words;
        return byPosition(text);
    }

    /**
     * Whether a line reads as a row of this table, as a line after a blank must to go on with it: a process id under
     * {@code PID} and a number under each numeric label.
     */
    boolean readsAsRow(String line) {
        String[] cells = cells(line);
        String pid = cells[labels.indexOf("PID")];
        if (pid == null || pid.isEmpty() || !pid.chars().allMatch(Character::isDigit)) return false;
        for (int column : metrics) {
            String cell = cells[column];
            if (cell == null || cell.isEmpty() || value(column, cell) == null) return false;
        }
        return true;
    }

    /** Numeric cells are the word that covers the end of their label; text cells run from their label to the next. */
    private String[] byPosition(String text) {
        String[] cells = new String[labels.size()];
        for (int c = 0; c < labels.size(); c++) {
            if (TEXT.contains(labels.get(c))) {
                int from = Math.min(starts.get(c), text.length());
                int to = c + 1 < labels.size() ? Math.min(starts.get(c + 1), text.length()) : text.length();
                cells[c] = from < to ? text.substring(from, to).strip() : "";
            } else {
                cells[c] = wordAt(text, ends.get(c) - 1);
            }
        }
        return cells;
    }

    private static String wordAt(String text, int at) {
        if (at < 0 || at >= text.length() || Tokens.isSpace(text.charAt(at))) return "";
        int s = at;
        while (s > 0 && !Tokens.isSpace(text.charAt(s - 1))) s--;
        int e = at;
        while (e < text.length() && !Tokens.isSpace(text.charAt(e))) e++;
        return text.substring(s, e);
    }

    /**
     * Whether a cell is top's {@code rt} (procps 3.2: {@code RT}) in the PR column: top prints it for a priority below
     * -99 (procps' top.c), and the lowest the kernel gives (/proc/PID/stat) is -100, real-time priority 99.
     */
    private static boolean realTime(String label, String cell) {
        return label.equals("PR") && cell.equalsIgnoreCase("rt");
    }

    /**
     * The value of a numeric cell: NaN when it holds none ({@code -}), {@link #REAL_TIME_PRIORITY} for {@code rt}, null
     * when unreadable.
     */
    Double value(int column, String cell) {
        String label = labels.get(column);
        if (cell.isEmpty() || cell.equals("-")) return Double.NaN;
        if (realTime(label, cell)) return REAL_TIME_PRIORITY;
        try {
            if (MEMORY.contains(label)) return memory(cell);
            if (TIMES.contains(label)) return seconds(cell);
            if (PERCENT.contains(label) && cell.endsWith("%")) return Numbers.parse(cell.substring(0, cell.length() - 1));
            // counts too are scaled by 1024 when wide (nMin 27k)
            return memory(cell);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** KiB from {@code 27900}, {@code 27.2m}, {@code 8193.5g} (top -e) or busybox's {@code 8701m}. */
    private static double memory(String cell) {
        char last = Character.toLowerCase(cell.charAt(cell.length() - 1));
        int power = "kmgtpe".indexOf(last);
        if (power < 0) return Numbers.parse(cell);
        return Numbers.parse(cell.substring(0, cell.length() - 1)) * Math.pow(1024, power);
    }

    /**
     * Seconds from top's CPU time in the widest form its column holds: {@code 0:07.51} (minutes:seconds.hundredths),
     * {@code 123:45} (minutes:seconds), {@code 12,34} (hours,minutes), {@code 3d+12h}, {@code 40h}, {@code 9d},
     * {@code 2w}.
     */
    static double seconds(String cell) {
        int colon = cell.indexOf(':');
        if (colon > 0) {
            String secondsPart = cell.substring(colon + 1);
            double sum = Numbers.parse(cell.substring(0, colon)) * 60 + Numbers.parse(secondsPart);
            int point = Math.max(secondsPart.indexOf('.'), secondsPart.indexOf(','));
            if (point < 0) return sum;
            // rounded to the decimals top printed: 1 * 60 + 37.96 is 97.96000000000001 in binary, for top's 1:37.96
            double scale = Math.pow(10, secondsPart.length() - 1 - point);
            return Math.round(sum * scale) / scale;
        }
        int comma = cell.indexOf(',');
        if (comma > 0) return Numbers.parse(cell.substring(0, comma)) * 3600 + Numbers.parse(cell.substring(comma + 1)) * 60;
        int plus = cell.indexOf("d+");
        if (plus > 0 && cell.endsWith("h")) {
            return Numbers.parse(cell.substring(0, plus)) * 86400 + Numbers.parse(cell.substring(plus + 2, cell.length() - 1)) * 3600;
        }
        char unit = cell.charAt(cell.length() - 1);
        double amount = Numbers.parse(cell.substring(0, cell.length() - 1));
        return switch (unit) {
            case 'h' -> amount * 3600;
            case 'd' -> amount * 86400;
            case 'w' -> amount * 604800;
            default -> throw new NumberFormatException("not a CPU time: " + cell);
        };
    }
}
