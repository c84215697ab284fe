package io.statlens.parse.builtin.nmon;

import io.statlens.parse.spi.RecordSink;

import java.util.HashSet;
import java.util.Set;

/**
 * The configuration nmon records besides its samples, kept as facts of bounded size: the {@code BBBP} lines (the
 * output of the commands nmon runs at start, {@code BBBP,012,lsblk,"NAME MAJ:MIN..."}) as one fact per command
 * ({@code nmon.config.lsblk}), the other {@code BBB} records (AIX's disks, volume groups, adapters) as one fact per
 * record type ({@code nmon.bbbb}), and the full command lines of {@code UARG} as one fact per PID
 * ({@code nmon.process.27984}). An AIX file can hold thousands of such lines; what goes beyond the bounds is said
 * once and not kept.
 */
final class ConfigFacts {
    /** The most characters of one fact. */
    static final int MAX_FACT = 16_000;
    /** The most facts of each kind. */
    static final int MAX_FACTS = 200;

    private final RecordSink sink;
    private final Group config = new Group("nmon.config.", "BBBP configuration");
    private final Group records = new Group("nmon.", "BBB records");
    private final Set<String> processes = new HashSet<>();
    private boolean processesFull;

    ConfigFacts(RecordSink sink) {
        this.sink = sink;
    }

    /** {@code BBBP,nnn,command} or {@code BBBP,nnn,command,"a line of its output"}. */
    void bbbp(String line, long number) {
        int first = line.indexOf(',');
        int second = first < 0 ? -1 : line.indexOf(',', first + 1);
        if (second < 0) {
            sink.warning(number, "expected BBBP,<number>,<command>[,\"<output line>\"]");
            return;
        }
        int third = line.indexOf(',', second + 1);
        String command = (third < 0 ? line.substring(second + 1) : line.substring(second + 1, third)).strip();
        String text = third < 0 ? null : unquote(line.substring(third + 1));
        config.add(command.isEmpty() ? "unnamed" : command, text, number);
    }

    /** Another {@code BBB} record ({@code BBBB,0000,name,size(GB),disc attach type}): kept as written, per type. */
    void record(String type, String line, long number) {
        records.add(type.toLowerCase(java.util.Locale.ROOT), line, number);
    }

    /** A process's full command line from UARG, the first seen per PID. */
    void process(String pid, String commandLine, long number) {
        if (processes.contains(pid) || commandLine.isBlank()) return;
        if (processes.size() >= MAX_FACTS) {
            if (!processesFull) {
                processesFull = true;
                sink.notice(number, "UARG command lines of more than " + MAX_FACTS + " processes: the later ones are not kept");
            }
            return;
        }
        processes.add(pid);
        sink.fact("nmon.process." + pid, bounded(commandLine.strip()));
    }

    /** Sends what was gathered; at the end of the file. */
    void finish() {
        config.flush();
        records.flush();
    }

    /** nmon writes a BBBP line's text in double quotes, with the quotes inside it turned into Q. */
    private static String unquote(String s) {
        String t = s.strip();
        if (t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"")) t = t.substring(1, t.length() - 1);
        return t;
    }

    private static String bounded(String s) {
        return s.length() <= MAX_FACT ? s : s.substring(0, MAX_FACT);
    }

    /** Facts gathered line by line under one name each: a name's lines follow one another. */
    private final class Group {
        private final String prefix;
        private final String what;
        private final Set<String> names = new HashSet<>();
        private String currentKey;
        private String current;
        private final StringBuilder text = new StringBuilder();
        private boolean cut;
        private boolean full;

        Group(String prefix, String what) {
            this.prefix = prefix;
            this.what = what;
        }

        void add(String name, String line, long number) {
            if (!name.equals(currentKey)) {
                flush();
                currentKey = name;
                if (names.size() >= MAX_FACTS) {
                    if (!full) {
                        full = true;
                        sink.notice(number, what + " beyond " + MAX_FACTS + " facts is not kept");
                    }
                    return;
                }
                // the same command again later (AIX writes BBBP at the end too): a fact of its own
                current = names.add(name) ? name : name + " (line " + number + ")";
                names.add(current);
            }
            if (current == null || line == null) return;
            if (text.length() + line.length() + 1 > MAX_FACT) {
                cut = true;
                return;
            }
            if (!text.isEmpty()) text.append('\n');
            text.append(line);
        }

        void flush() {
            if (current != null) {
                String value = cut ? text + "\n(cut at " + MAX_FACT + " characters)" : text.toString();
                sink.fact(prefix + current, value);
            }
            current = null;
            currentKey = null;
            text.setLength(0);
            cut = false;
        }
    }
}
