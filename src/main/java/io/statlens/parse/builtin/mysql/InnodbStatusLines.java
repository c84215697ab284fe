package io.statlens.parse.builtin.mysql;

import io.statlens.model.Metric;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of SHOW ENGINE INNODB STATUS that carry numbers, as MySQL 5.0-8.4 and MariaDB 10-11 print them, each
 * with the metrics its numbers become. Lines are matched within their section ({@code SEMAPHORES}, {@code LOG}, ...),
 * since two sections print {@code reads/s}; the metric labels say which. Values are taken as printed: counters since
 * the server started ({@code OS file reads}, {@code rows read}), levels ({@code history list length},
 * {@code free buffers}) and the monitor's own per-second averages over the last N seconds ({@code rows read/s}).
 */
final class InnodbStatusLines {
    /** One line form: its section, its pattern, and the metric of each of its groups. */
    private record Rule(String section, Pattern pattern, List<Metric> metrics) {
    }

    private static final List<Rule> RULES = new ArrayList<>();
    private static final List<Metric> METRICS = new ArrayList<>();

    private static void rule(String section, String regex, Metric... metrics) {
        RULES.add(new Rule(section, Pattern.compile(regex), List.of(metrics)));
        for (Metric m : metrics) {
            if (METRICS.stream().noneMatch(x -> x.label().equals(m.label()))) METRICS.add(m);
        }
    }

    private static Metric count(String label, String description) {
        return new Metric(label, "count", description);
    }

    private static Metric rate(String label, String description) {
        return new Metric(label, "1/s", description + " (the monitor's average over its last N seconds)");
    }

    private static final String N = "(\\d+)";
    private static final String F = "(\\d+(?:\\.\\d+)?)";
    /** The two words of a 64-bit number in MySQL 5.0/5.1 ({@code Log sequence number 0 1234567}), or one. */
    private static final String LSN = "(\\d+(?: \\d+)?)";

    static {
        rule("", "^Per second averages calculated from the last " + N + " seconds",
                new Metric("averaged over", "s", "the seconds the monitor's per-second averages cover, ending at the snapshot"));
        rule("SEMAPHORES", "^OS WAIT ARRAY INFO: reservation count " + N + ",? signal count " + N,
                count("os wait reservations", "OS wait array reservations since start"),
                count("os wait signals", "OS wait array signals since start"));
        // MySQL 8.0 prints the two on lines of their own
        rule("SEMAPHORES", "^OS WAIT ARRAY INFO: reservation count " + N + "$", count("os wait reservations", ""));
        rule("SEMAPHORES", "^OS WAIT ARRAY INFO: signal count " + N + "$", count("os wait signals", ""));
        rule("SEMAPHORES", "^Mutex spin waits " + N + ", rounds " + N + ", OS waits " + N,
                count("mutex spin waits", "mutex spin waits since start"), count("mutex spin rounds", "mutex spin rounds since start"),
                count("mutex os waits", "mutex OS waits since start"));
        // MySQL 5.0/5.1: both rw-lock kinds on one line, without rounds
        rule("SEMAPHORES", "^RW-shared spins " + N + ", OS waits " + N + "; RW-excl spins " + N + ", OS waits " + N,
                count("rw-shared spin waits", "shared rw-lock spin waits since start"),
                count("rw-shared os waits", "shared rw-lock OS waits since start"),
                count("rw-excl spin waits", "exclusive rw-lock spin waits since start"),
                count("rw-excl os waits", "exclusive rw-lock OS waits since start"));
        rule("SEMAPHORES", "^RW-shared spins " + N + ", rounds " + N + ", OS waits " + N,
                count("rw-shared spin waits", ""), count("rw-shared spin rounds", "shared rw-lock spin rounds since start"),
                count("rw-shared os waits", ""));
        rule("SEMAPHORES", "^RW-excl spins " + N + ", rounds " + N + ", OS waits " + N,
                count("rw-excl spin waits", ""), count("rw-excl spin rounds", "exclusive rw-lock spin rounds since start"),
                count("rw-excl os waits", ""));
        rule("SEMAPHORES", "^RW-sx spins " + N + ", rounds " + N + ", OS waits " + N,
                count("rw-sx spin waits", "shared-exclusive rw-lock spin waits since start"),
                count("rw-sx spin rounds", "shared-exclusive rw-lock spin rounds since start"),
                count("rw-sx os waits", "shared-exclusive rw-lock OS waits since start"));
        rule("TRANSACTIONS", "^History list length " + N,
                count("history list length", "undo log records of committed transactions not yet purged"));
        rule("FILE I/O", "^Pending flushes \\(fsync\\) log: " + N + "; buffer pool: " + N,
                count("pending log fsyncs", "log fsyncs waiting"), count("pending buffer pool fsyncs", "buffer pool fsyncs waiting"));
        rule("FILE I/O", "^Pending flushes \\(fsync\\): " + N, count("pending fsyncs", "fsyncs waiting (MariaDB)"));
        rule("FILE I/O", "^" + N + " OS file reads, " + N + " OS file writes, " + N + " OS fsyncs",
                count("os file reads", "file reads since start"), count("os file writes", "file writes since start"),
                count("os fsyncs", "fsyncs since start"));
        rule("FILE I/O", "^" + F + " reads/s, " + F + " avg bytes/read, " + F + " writes/s, " + F + " fsyncs/s",
                rate("file reads/s", "file reads per second"), new Metric("avg bytes/read", "B", "average size of a file read"),
                rate("file writes/s", "file writes per second"), rate("fsyncs/s", "fsyncs per second"));
        rule("INSERT BUFFER AND ADAPTIVE HASH INDEX", "^" + F + " hash searches/s, " + F + " non-hash searches/s",
                rate("hash searches/s", "adaptive hash index searches per second"),
                rate("non-hash searches/s", "B-tree searches per second"));
        rule("LOG", "^Log sequence number\\s+" + LSN + "$", count("log sequence number", "redo log bytes written since the log began"));
        rule("LOG", "^Log flushed up to\\s+" + LSN + "$", count("log flushed up to", "LSN the redo log is flushed to"));
        rule("LOG", "^Pages flushed up to\\s+" + LSN + "$", count("pages flushed up to", "LSN of the oldest modified page"));
        rule("LOG", "^Last checkpoint at\\s+" + LSN + "$", count("last checkpoint at", "LSN of the last checkpoint"));
        rule("LOG", "^" + N + " log i/o's done, " + F + " log i/o's/second",
                count("log i/os", "log I/Os since start"), rate("log i/os/s", "log I/Os per second"));
        rule("BUFFER POOL AND MEMORY", "^Total (?:large )?memory allocated " + N,
                new Metric("memory allocated", "B", "memory InnoDB allocated for the buffer pool and more"));
        rule("BUFFER POOL AND MEMORY", "^Buffer pool size\\s+" + N + "$", count("buffer pool pages", "buffer pool size in pages"));
        rule("BUFFER POOL AND MEMORY", "^Free buffers\\s+" + N + "$", count("free pages", "free buffer pool pages"));
        rule("BUFFER POOL AND MEMORY", "^Database pages\\s+" + N + "$", count("database pages", "pages holding data"));
        rule("BUFFER POOL AND MEMORY", "^Old database pages\\s+" + N + "$", count("old database pages", "pages in the old sublist"));
        rule("BUFFER POOL AND MEMORY", "^Modified db pages\\s+" + N + "$", count("dirty pages", "modified (dirty) pages"));
        rule("BUFFER POOL AND MEMORY", "^Pending reads\\s+" + N + "$", count("pending page reads", "page reads waiting"));
        rule("BUFFER POOL AND MEMORY", "^Pages made young " + N + ", not young " + N,
                count("pages made young", "pages moved to the young sublist since start"),
                count("pages not made young", "pages left old since start"));
        rule("BUFFER POOL AND MEMORY", "^Pages read " + N + ", created " + N + ", written " + N,
                count("pages read", "pages read since start"), count("pages created", "pages created since start"),
                count("pages written", "pages written since start"));
        rule("BUFFER POOL AND MEMORY", "^" + F + " reads/s, " + F + " creates/s, " + F + " writes/s",
                rate("pages read/s", "pages read per second"), rate("pages created/s", "pages created per second"),
                rate("pages written/s", "pages written per second"));
        rule("BUFFER POOL AND MEMORY", "^Buffer pool hit rate " + N + " / 1000",
                new Metric("buffer pool hit rate", "%", "page requests served from the buffer pool (the monitor's average)"));
        rule("ROW OPERATIONS", "^" + N + " queries inside InnoDB, " + N + " queries in queue",
                count("queries inside", "queries inside InnoDB"), count("queries in queue", "queries waiting to enter InnoDB"));
        rule("ROW OPERATIONS", "^" + N + " read views open inside InnoDB", count("read views", "read views open"));
        rule("ROW OPERATIONS", "^Number of rows inserted " + N + ", updated " + N + ", deleted " + N + ", read " + N,
                count("rows inserted", "rows inserted since start"), count("rows updated", "rows updated since start"),
                count("rows deleted", "rows deleted since start"), count("rows read", "rows read since start"));
        rule("ROW OPERATIONS", "^" + F + " inserts/s, " + F + " updates/s, " + F + " deletes/s, " + F + " reads/s",
                rate("rows inserted/s", "rows inserted per second"), rate("rows updated/s", "rows updated per second"),
                rate("rows deleted/s", "rows deleted per second"), rate("rows read/s", "rows read per second"));
    }

    static {
        // Percona Server prints the limit (upstream MySQL 8.0/8.4's log_print has no checkpoint lines); matched last so
        // that the columns before it keep their order
        rule("LOG", "^Max checkpoint age\\s+" + N + "$", new Metric("max checkpoint age", "B",
                "the checkpoint age InnoDB flushes hard to stay below, as the monitor prints it (Percona Server)"));
    }

    /** Computed from two printed values: how far the last checkpoint lags the log's end. */
    static final Metric CHECKPOINT_AGE = new Metric("checkpoint age", "B",
            "log sequence number minus last checkpoint: redo log not yet checkpointed");

    private static final java.util.Map<String, Integer> INDEX = new java.util.HashMap<>();

    static {
        METRICS.add(CHECKPOINT_AGE);
        for (int i = 0; i < METRICS.size(); i++) INDEX.put(METRICS.get(i).label(), i);
    }

    private InnodbStatusLines() {
    }

    /** Every metric, in a fixed order: the data set's columns. */
    static List<Metric> metrics() {
        return List.copyOf(METRICS);
    }

    /**
     * Reads a line of a section into {@code values}, indexed as {@link #metrics()}.
     *
     * @return whether the line was one of the forms
     */
    static boolean read(String section, String line, double[] values) {
        for (Rule r : RULES) {
            if (!r.section().isEmpty() && !r.section().equals(section)) continue;
            Matcher m = r.pattern().matcher(line);
            if (!m.lookingAt()) continue;
            for (int g = 0; g < r.metrics().size(); g++) {
                String label = r.metrics().get(g).label();
                double v = number(m.group(g + 1));
                values[INDEX.get(label)] = label.equals("buffer pool hit rate") ? v / 10 : v;
            }
            return true;
        }
        return false;
    }

    /** The index of a metric in {@link #metrics()}. */
    static int index(String label) {
        return INDEX.get(label);
    }

    /** A number, or the two 32-bit words of MySQL 5.0/5.1's 64-bit numbers ({@code 0 1234567}). */
    private static double number(String text) {
        int blank = text.indexOf(' ');
        if (blank < 0) return Double.parseDouble(text);
        return Double.parseDouble(text.substring(0, blank)) * 4294967296.0 + Double.parseDouble(text.substring(blank + 1));
    }
}
