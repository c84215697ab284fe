package io.statlens.parse.builtin.top;

import io.statlens.model.Metric;
import io.statlens.parse.text.Numbers;

import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The summary lines at the top of each top snapshot, read by the order of their numbers, which every translation
 * keeps ({@code Zadania:razem:   2, działających:   0, ...} is Polish for {@code Tasks:   2 total,   0 running}):
 * the uptime line (never translated), the task or thread states, the CPU states of all CPUs (or one line per CPU
 * with {@code 1}), and the memory and swap lines in the unit top printed (KiB to EiB, the {@code k} of procps 3.2,
 * busybox's {@code K}), stored in KiB. busybox top's {@code Mem:}, {@code CPU:} and {@code Load average:} lines
 * name each number.
 */
final class TopSummary {
    /**
     * A number as top prints it in any locale ({@code 19,10} in German), with a unit or percent sign stuck to it. It may
     * follow a label's comma with no blank: top.c prints each CPU state {@code %#5.1f} right after the comma of the one
     * before, so a state of 100 % reads {@code 0.0 ni,100.0 id}; a comma after a digit is a decimal comma.
     */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\p{L}\\p{N}.])(?<!\\p{N},)(\\d+(?:[.,]\\d+)?)([kKmMgGtTpPeE%])?(?![\\p{N}])");
    private static final Pattern UPTIME = Pattern.compile(
            "^\\s*top\\s+-\\s+(\\d{1,2}:\\d{2}:\\d{2})\\s+up\\s+(.*?),\\s+(?:(\\d+|\\?)\\s+users?,\\s+)?load average:\\s*(.*)$");
    private static final Pattern DAYS = Pattern.compile("(\\d+)\\s+days?");
    private static final Pattern HOURS_MINUTES = Pattern.compile("(\\d+):(\\d{2})");
    private static final Pattern MINUTES = Pattern.compile("(\\d+)\\s+min");
    private static final List<String> TASKS_5 = List.of("total", "running", "sleeping", "stopped", "zombie");
    private static final List<String> TASKS_6 = List.of("total", "running", "sleeping", "d-sleep", "stopped", "zombie");
    /**
     * A word after a blank, then a short label without digits and its colon: {@code MiB Swap:} when the word is a unit.
     * The label's length is bounded so that a long line costs time in proportion to its length.
     */
    private static final Pattern MEMORY_PART = Pattern.compile("(?<=\\s)(\\S+)(?=\\s+[^\\s\\d:,][^\\d:,]{0,24}:)");
    private static final Pattern CUT = Pattern.compile("(?<![\\p{N}.,])\\d+(?:[.,]\\d+)?\\+");
    static final List<String> CPU_STATES = List.of("us", "sy", "ni", "id", "wa", "hi", "si", "st");
    /**
     * The CPU line in the graph modes of top's {@code t} toggle ({@code %Cpu(s):  82.9/17.1  100[|||||   ]}): the user
     * (us + ni) and system (sy + hi + si) percentages, the total, then bars or blocks (blanks in batch mode), not read.
     */
    private static final Pattern CPU_GRAPH = Pattern.compile("^\\s*(\\d+(?:[.,]\\d+)?)/(\\d+(?:[.,]\\d+)?)\\s+(\\d+)\\s*\\[");
    static final List<String> CPU_GRAPH_STATES = List.of("us+ni", "sy+hi+si", "total");
    /** A memory line in the graph modes of {@code m} ({@code MiB Mem : 55.6/24105.0  [|||   ]}): % used, then the total. */
    private static final Pattern MEMORY_GRAPH = Pattern.compile("^\\s*(\\d+(?:[.,]\\d+)?)/(\\d+(?:[.,]\\d+)?)\\s*\\[");
    private static final Map<String, String> BUSYBOX_CPU = Map.of("usr", "us", "sys", "sy", "nic", "ni", "idle", "id",
            "io", "wa", "irq", "hi", "sirq", "si");
    private static final Map<String, String> BUSYBOX_MEM = Map.of("used", "mem_used", "free", "mem_free", "shrd", "mem_shared",
            "buff", "mem_buffers", "cached", "mem_cached");

    /** What the uptime line says: the time of day of the snapshot, and its values. */
    record Uptime(LocalTime time, Map<String, Double> values) {
    }

    private TopSummary() {
    }

    /** Whether a line is top's first line ({@code top - 03:25:52 up  2:50,  0 user,  load average: ...}). */
    static boolean isUptime(String line) {
        return line.stripLeading().startsWith("top - ") && UPTIME.matcher(line).matches();
    }

    static Optional<Uptime> uptime(String line) {
        Matcher m = UPTIME.matcher(line);
        if (!m.matches()) return Optional.empty();
        LocalTime time;
        try {
            time = LocalTime.parse(m.group(1).length() == 7 ? "0" + m.group(1) : m.group(1));
        } catch (java.time.DateTimeException e) {
            return Optional.empty();
        }
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("uptime", upSeconds(m.group(2)));
        if (m.group(3) != null && !m.group(3).equals("?")) values.put("users", Double.parseDouble(m.group(3)));
        List<Double> loads = numbers(m.group(4));
        String[] names = {"load1", "load5", "load15"};
        for (int i = 0; i < names.length && i < loads.size(); i++) values.put(names[i], loads.get(i));
        return Optional.of(new Uptime(time, values));
    }

    /** {@code 2:54}, {@code 2 min}, {@code 5 days,  2:54}, {@code 1 day, 10 min}: seconds. */
    private static double upSeconds(String text) {
        double s = 0;
        Matcher d = DAYS.matcher(text);
        if (d.find()) s += Double.parseDouble(d.group(1)) * 86400.0;
        Matcher hm = HOURS_MINUTES.matcher(text);
        if (hm.find()) s += Double.parseDouble(hm.group(1)) * 3600.0 + Double.parseDouble(hm.group(2)) * 60.0;
        Matcher min = MINUTES.matcher(text);
        if (min.find()) s += Double.parseDouble(min.group(1)) * 60.0;
        return s;
    }

    /** The numbers of a line in order, units and percent signs dropped. */
    static List<Double> numbers(String text) {
        List<Double> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) out.add(Numbers.parse(m.group(1)));
        return out;
    }

    /**
     * The numbers of a memory or swap line, NaN for one that top cut: procps-ng's top (3.3.6 on, macro {@code prT})
     * prints each into nine bytes and, when it needs more, keeps the first eight and writes a {@code +} in the ninth
     * ({@code KiB Mem : 12582137+total}), so the number has more digits than shown.
     */
    private static List<Double> memoryNumbers(String text) {
        List<Double> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) out.add(m.end() < text.length() && text.charAt(m.end()) == '+' ? Double.NaN : Numbers.parse(m.group(1)));
        return out;
    }

    /** The numbers of a memory or swap line that top cut ({@code 12582137+}), as printed. */
    static List<String> cutNumbers(String line) {
        return CUT.matcher(afterLabel(line)).results().map(MatchResult::group).toList();
    }

    /** The numbers of a line in order, each with the unit letter stuck to it (or a blank). */
    private static List<Map.Entry<Double, Character>> numbersWithSuffix(String text) {
        List<Map.Entry<Double, Character>> out = new ArrayList<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) out.add(Map.entry(Numbers.parse(m.group(1)), m.group(2) == null ? ' ' : m.group(2).charAt(0)));
        return out;
    }

    /** The task (or thread) states: total, running, sleeping, [d-sleep,] stopped, zombie. */
    static Map<String, Double> states(String line) {
        String rest = line.substring(Math.max(0, line.indexOf(':') + 1));
        List<Double> n = numbers(rest);
        List<String> names = n.size() >= 6 ? TASKS_6 : TASKS_5;
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < names.size() && i < n.size(); i++) out.put("tasks_" + names.get(i), n.get(i));
        return out;
    }

    /**
     * The parts of a summary line that top's {@code 4} toggle (procps-ng 4) prints side by side: the per-CPU lines two
     * (or more) abreast ({@code %Cpu0  : 77.8 us, ... 0.0 st   %Cpu1  : 83.3 us, ...}), and the memory and swap lines on
     * one ({@code MiB Mem : ... buff/cache       MiB Swap: ...}). A part starts at a label after a blank: in a CPU line
     * the line's label up to its number, then the rest of a label and its colon ({@code %Cpu1  :}); in a memory line a
     * unit word, then a word without digits and its colon ({@code MiB Swap:}). Neither columns nor runs of blanks say
     * where a part starts: a copy may have them collapsed to one blank or turned into tabs. A line of one part is itself.
     */
    static List<String> abreast(String line) {
        String s = line.strip();
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int at : partStarts(s)) {
            parts.add(s.substring(from, at).strip());
            from = at;
        }
        parts.add(s.substring(from));
        return parts;
    }

    /** Where the parts after the first start in a line printed abreast; none for other lines. */
    private static List<Integer> partStarts(String s) {
        List<Integer> starts = new ArrayList<>();
        if (isCpu(s)) {
            String label = s.substring(0, s.indexOf(':'));
            int number = 0;
            while (number < label.length() && !Character.isDigit(label.charAt(number)) && label.charAt(number) != '(') number++;
            if (number == 0 || number == label.length()) return starts;
            Matcher m = Pattern.compile("(?<=\\s)" + Pattern.quote(label.substring(0, number)) + "[^\\s:]*\\s*:").matcher(s);
            while (m.find()) starts.add(m.start());
        } else if (TopTranslations.get().unit(s.split("\\s+")[0]).isPresent()) {
            Matcher m = MEMORY_PART.matcher(s);
            while (m.find()) {
                if (TopTranslations.get().unit(m.group(1)).isPresent()) starts.add(m.start());
            }
        }
        return starts;
    }

    /** Whether a line is a CPU state line: {@code %Cpu(s):}, {@code %Cpu0  :}, translated {@code %CPU:}, procps 3.2 {@code Cpu(s):}. */
    static boolean isCpu(String line) {
        String s = line.stripLeading();
        int colon = s.indexOf(':');
        return colon > 0 && (s.startsWith("%") || s.startsWith("Cpu")) && colon < 16;
    }

    /** Whether a CPU state line has procps 3.2's form: {@code Cpu(s):  0.8%us} (procps-ng: {@code %Cpu(s):  0.8 us}). */
    static boolean procps32(String line) {
        String s = line.stripLeading();
        return s.startsWith("Cpu") && s.indexOf('%', s.indexOf(':')) > 0;
    }

    /** The CPU of a CPU state line: {@code 0} for {@code %Cpu0  :}, empty for all CPUs. */
    static String cpuKey(String line) {
        String s = line.stripLeading();
        String label = s.substring(0, s.indexOf(':'));
        StringBuilder digits = new StringBuilder();
        for (int i = 0; i < label.length(); i++) {
            if (Character.isDigit(label.charAt(i))) digits.append(label.charAt(i));
            else if (!digits.isEmpty()) break;
        }
        return digits.toString();
    }

    /** us, sy, ni, id, wa, hi, si, st in that order, as many as printed. */
    static Map<String, Double> cpu(String line) {
        String states = line.substring(line.indexOf(':') + 1);
        Map<String, Double> out = new LinkedHashMap<>();
        Matcher graph = CPU_GRAPH.matcher(states);
        if (graph.find()) {
            for (int i = 0; i < CPU_GRAPH_STATES.size(); i++) out.put(CPU_GRAPH_STATES.get(i), Numbers.parse(graph.group(i + 1)));
            return out;
        }
        List<Double> n = numbers(states);
        for (int i = 0; i < CPU_STATES.size() && i < n.size(); i++) out.put(CPU_STATES.get(i), n.get(i));
        return out;
    }

    /** KiB per unit of a memory line: its unit word ({@code MiB}, a translation), else its numbers' {@code k}; null when unknown. */
    static Double memoryScale(String line) {
        String first = line.strip().split("\\s+")[0];
        Optional<String> unit = TopTranslations.get().unit(first);
        if (unit.isPresent()) {
            return Math.pow(1024, "KMGTPE".indexOf(unit.get().charAt(0)));
        }
        List<Map.Entry<Double, Character>> n = numbersWithSuffix(line);
        if (!n.isEmpty() && Character.toLowerCase(n.get(0).getValue()) == 'k') return 1.0;
        return null;
    }

    /**
     * The memory line: total, free, used, buff/cache since procps-ng 3.3.10 (and in every translation); total, used,
     * free, buffers before (English only).
     */
    static Map<String, Double> memory(String line, double scale) {
        Map<String, Double> graph = graphMemory(line, "mem", scale);
        if (!graph.isEmpty()) return graph;
        List<Double> n = memoryNumbers(afterLabel(line));
        boolean old = line.contains("buffers");
        List<String> names = old ? List.of("mem_total", "mem_used", "mem_free", "mem_buffers")
                : List.of("mem_total", "mem_free", "mem_used", "mem_buff_cache");
        return named(n, names, scale);
    }

    /** The swap line: total, free, used, then avail Mem (3.3.10 on) or cached Mem (before: total, used, free, cached). */
    static Map<String, Double> swap(String line, double scale) {
        Map<String, Double> graph = graphMemory(line, "swap", scale);
        if (!graph.isEmpty()) return graph;
        List<Double> n = memoryNumbers(afterLabel(line));
        boolean old = line.contains("cached");
        List<String> names = old ? List.of("swap_total", "swap_used", "swap_free", "mem_cached")
                : List.of("swap_total", "swap_free", "swap_used", "mem_avail");
        return named(n, names, scale);
    }

    /** A memory or swap line in a graph mode: its % used and total; empty for the detailed line. */
    private static Map<String, Double> graphMemory(String line, String prefix, double scale) {
        Matcher graph = MEMORY_GRAPH.matcher(afterLabel(line));
        if (!graph.find()) return Map.of();
        Map<String, Double> out = new LinkedHashMap<>();
        out.put(prefix + "_used_pct", Numbers.parse(graph.group(1)));
        out.put(prefix + "_total", Numbers.parse(graph.group(2)) * scale);
        return out;
    }

    /** The line after its {@code Mem :} or {@code Swap:} label (whose unit word holds no number). */
    private static String afterLabel(String line) {
        int colon = line.indexOf(':');
        return colon >= 0 ? line.substring(colon + 1) : line;
    }

    private static Map<String, Double> named(List<Double> n, List<String> names, double scale) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < names.size() && i < n.size(); i++) out.put(names.get(i), n.get(i) * scale);
        return out;
    }

    /** busybox {@code Mem: 7575668K used, 17107880K free, 9356K shrd, 36632K buff, 2876380K cached}. */
    static Map<String, Double> busyboxMemory(String line) {
        Map<String, Double> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)([KMGT]?)\\s+(\\w+)").matcher(line);
        while (m.find()) {
            String name = BUSYBOX_MEM.get(m.group(3));
            if (name == null) continue;
            double scale = m.group(2).isEmpty() ? 1 : Math.pow(1024, "KMGT".indexOf(m.group(2)));
            out.put(name, Double.parseDouble(m.group(1)) * scale);
        }
        return out;
    }

    /** busybox {@code CPU:  85% usr  14% sys   0% nic   0% idle   0% io   0% irq   0% sirq}. */
    static Map<String, Double> busyboxCpu(String line) {
        Map<String, Double> out = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)%\\s+(\\w+)").matcher(line);
        while (m.find()) {
            String name = BUSYBOX_CPU.get(m.group(2));
            if (name != null) out.put(name, Double.parseDouble(m.group(1)));
        }
        return out;
    }

    private static final Pattern BUSYBOX_LOAD = Pattern.compile("^\\s*Load average:\\s+(\\d+\\.\\d+)\\s+(\\d+\\.\\d+)"
            + "\\s+(\\d+\\.\\d+)(?:\\s+(\\d+)/(\\d+)\\s+(\\d+))?");

    /**
     * busybox {@code Load average: 19.63 12.38 6.53 28/427 3796}: /proc/loadavg as read (top.c's display_header), so
     * the three load averages, the runnable and existing kernel scheduling entities (threads, whether or not {@code -H}
     * is given: proc(5)), and the last PID created. The counts are not procps's {@code Tasks:} (processes without
     * {@code -H}, counted by state), hence labels of their own.
     */
    static Map<String, Double> busyboxLoad(String line) {
        Map<String, Double> out = new LinkedHashMap<>();
        Matcher m = BUSYBOX_LOAD.matcher(line);
        if (m.find()) {
            out.put("load1", Double.parseDouble(m.group(1)));
            out.put("load5", Double.parseDouble(m.group(2)));
            out.put("load15", Double.parseDouble(m.group(3)));
            if (m.group(4) != null) {
                out.put("threads_runnable", Double.parseDouble(m.group(4)));
                out.put("threads_total", Double.parseDouble(m.group(5)));
                out.put("last_pid", Double.parseDouble(m.group(6)));
            }
        }
        return out;
    }

    /** The metric of a summary value. */
    static Metric metric(String label) {
        if (label.endsWith("_used_pct")) return new Metric(label, "%", "share of the total used (graph mode of top's m)");
        if (label.startsWith("mem_") || label.startsWith("swap_")) return new Metric(label, "KiB", "");
        if (CPU_GRAPH_STATES.contains(label)) return new Metric(label, "%", "graph mode of top's t: " + label);
        if (label.startsWith("tasks_")) return new Metric(label, "count", "tasks (threads with -H) " + label.substring(6));
        if (CPU_STATES.contains(label)) return new Metric(label, "%", "");
        return switch (label) {
            case "uptime" -> new Metric(label, "s", "time since boot");
            case "users" -> new Metric(label, "count", "users logged in");
            case "load1" -> new Metric(label, "", "load average over 1 minute");
            case "load5" -> new Metric(label, "", "load average over 5 minutes");
            case "load15" -> new Metric(label, "", "load average over 15 minutes");
            case "threads_runnable" -> new Metric(label, "count", "runnable threads (busybox: /proc/loadavg)");
            case "threads_total" -> new Metric(label, "count", "threads in the system (busybox: /proc/loadavg)");
            case "last_pid" -> new Metric(label, "", "the last process id created (busybox: /proc/loadavg)");
            default -> Metric.of(label, "");
        };
    }
}
