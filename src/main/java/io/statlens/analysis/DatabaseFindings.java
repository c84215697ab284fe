package io.statlens.analysis;

import io.statlens.parse.builtin.mysql.PerfschemaWaitsParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.DoublePredicate;
import java.util.function.ToDoubleFunction;

/**
 * What the database server itself counted during the run (MySQL or MariaDB status variables, the InnoDB monitor,
 * performance_schema waits), in the sentences a MySQL performance engineer writes next to the OS findings: the
 * statements per second it served; the redo log's checkpoint age near the log's capacity; a buffer pool hit rate that
 * is low or falls; a history list that grows (purge behind); more threads running than CPUs; the wait events and
 * InnoDB lock types the time went to.
 *
 * <p>Status variables are read from the data set {@code mysql.status} (key: the variable's name, compared without
 * case, as servers of different versions print it), the monitor's figures from {@code innodb.status}, the waits from
 * {@code perfschema.waits}. The server's variables, where a capture has them, are facts of the run named
 * {@code mysql.var.<variable>}: a finding that needs one the run lacks is left out, or says what it could not judge.
 */
final class DatabaseFindings {
    /** Checkpoint age at or above this share of the limit (see {@link #limit}) is near the log's capacity. */
    static final double CHECKPOINT_NEAR_SHARE = 0.75;
    /** Without a known capacity, checkpoint age is worth a note when its last value is at least this times its first. */
    static final double CHECKPOINT_GROWTH = 1.5;
    /** A buffer pool hit rate below this (per cent of logical reads served from memory) is low. */
    static final double HIT_RATE_LOW_PCT = 99;
    /** ...and one that falls by at least this many points from the first half of the run to the second is falling. */
    static final double HIT_RATE_FALL_POINTS = 1;
    /** History list length that grows by at least this much over the run, and at least doubles, is growing. */
    static final double HISTORY_GROWTH = 1000;
    /** Wait events or InnoDB lock types named after the top one. */
    static final int WAITS_NAMED = 3;

    private static final String STATUS = "mysql.status";
    private static final String INNODB = "innodb.status";
    private static final String REDO_LOG = "mysql.redo_log";
    private static final String WAITS = "perfschema.waits";
    private static final double MIB = 1024.0 * 1024.0;
    /** The fact the variables' parser records the redo log's capacity in (parse's ServerFacts.REDO_LOG_CAPACITY). */
    private static final String REDO_LOG_CAPACITY = "mysql.redo_log_capacity";

    private final RunEvidence run;
    private Map<String, String> statusKeys;

    DatabaseFindings(RunEvidence run) {
        this.run = run;
    }

    /** The statements per second the server served (status {@code Questions}), with commits per second. */
    List<Finding> headline() {
        Optional<MetricStats> questions = status("Questions", "per_s").or(() -> status("Queries", "per_s"));
        if (questions.isEmpty() || !(questions.get().stats().mean() > 0)) return List.of();
        MetricStats q = questions.get();
        Phrase p = Phrase.of("MySQL served ").number(q.stats().mean(), "1/s").text(" statements/s (" + q.key() + ": ")
                .then(Figures.spread(q.stats(), "1/s")).text(")");
        Optional<MetricStats> commits = status("Com_commit", "per_s");
        if (commits.isPresent() && commits.get().stats().mean() > 0) {
            p = p.text(", ").number(commits.get().stats().mean(), "1/s").text(" commits/s (Com_commit, mean)");
        }
        return List.of(new Finding(run.run(), Finding.Kind.HEADLINE, p.text("."), STATUS, "per_s", q.key(), q.stats().mean(), "1/s"));
    }

    /** Checkpoint age near capacity, a low or falling hit rate, a growing history list, threads running above the CPUs. */
    List<Finding> trouble() {
        List<Finding> out = new ArrayList<>();
        checkpointNearCapacity().ifPresent(out::add);
        hitRate().ifPresent(out::add);
        historyGrowing().ifPresent(out::add);
        threadsRunning().ifPresent(out::add);
        return out;
    }

    /** The wait event the server's threads waited longest on, and the InnoDB lock type with the most OS waits. */
    List<Finding> hottest() {
        List<Finding> out = new ArrayList<>();
        topWait().ifPresent(out::add);
        semaphores().ifPresent(out::add);
        return out;
    }

    /**
     * What could not be judged: a checkpoint age that grew, against a capacity the run does not say; and what a single
     * snapshot shows, which has no course over the run to judge: the InnoDB monitor's state at its moment, the wait
     * events' totals since the server started.
     */
    List<Finding> notes() {
        List<Finding> out = new ArrayList<>(checkpointUnknownCapacity().stream().toList());
        monitorSnapshot().ifPresent(out::add);
        waitTotals().ifPresent(out::add);
        return out;
    }

    // --- checkpoint age ----------------------------------------------------------------------------------------------

    /**
     * The checkpoint age over the run: status {@code Innodb_checkpoint_age} (every sample), else MySQL 8.0.30+'s
     * {@code Innodb_redo_log_current_lsn} minus {@code Innodb_redo_log_checkpoint_lsn}, else the monitor's.
     */
    private record Age(String dataset, String metric, String key, String source, Series series) {
    }

    /** The limit checkpoint age is judged against, in bytes, and what it is. */
    private record Limit(double bytes, String what) {
    }

    private Optional<Age> age() {
        Optional<String> key = statusKey("Innodb_checkpoint_age");
        if (key.isPresent()) {
            Series s = series(STATUS, "level", key.get());
            if (s.n() > 0) return Optional.of(new Age(STATUS, "level", key.get(), key.get(), s));
        }
        Optional<Age> lsns = lsnAge();
        if (lsns.isPresent()) return lsns;
        Series s = series(INNODB, "checkpoint age", "");
        return s.n() > 0 ? Optional.of(new Age(INNODB, "checkpoint age", "", INNODB + " checkpoint age", s)) : Optional.empty();
    }

    /**
     * MySQL 8.0.30+ prints no checkpoint age (Percona Server adds {@code Innodb_checkpoint_age}) but the two LSNs it is
     * the difference of: the status parsers keep that difference per snapshot as {@code mysql.redo_log}.
     */
    private Optional<Age> lsnAge() {
        Series s = series(REDO_LOG, "checkpoint age", "");
        return s.n() > 0 ? Optional.of(new Age(REDO_LOG, "checkpoint age", "",
                "Innodb_redo_log_current_lsn - Innodb_redo_log_checkpoint_lsn", s)) : lsnAgeOfStatus();
    }

    /**
     * A run imported before the status parsers kept {@code mysql.redo_log} has the two LSNs only as status variables:
     * their difference is taken here, per snapshot that has both levels, so that the run keeps its finding without being
     * imported again (its dashboard's redo log chart still needs the data set, and so a new import).
     */
    private Optional<Age> lsnAgeOfStatus() {
        Optional<String> current = statusKey("Innodb_redo_log_current_lsn");
        Optional<String> checkpoint = statusKey("Innodb_redo_log_checkpoint_lsn");
        if (current.isEmpty() || checkpoint.isEmpty()) return Optional.empty();
        TreeMap<Double, double[]> bySample = new TreeMap<>();
        run.scan(STATUS, List.of("level"), List.of(current.get(), checkpoint.get()), (key, elapsed, v) -> {
            if (!Double.isNaN(v[0])) bySample.computeIfAbsent(elapsed, e -> new double[]{Double.NaN, Double.NaN})[key.equals(current.get()) ? 0 : 1] = v[0];
        });
        List<double[]> both = bySample.entrySet().stream().filter(e -> !Double.isNaN(e.getValue()[0]) && !Double.isNaN(e.getValue()[1]))
                .map(e -> new double[]{e.getKey(), e.getValue()[0] - e.getValue()[1]}).toList();
        if (both.isEmpty()) return Optional.empty();
        Series s = new Series(both.stream().mapToDouble(b -> b[0]).toArray(), both.stream().mapToDouble(b -> b[1]).toArray());
        return Optional.of(new Age(STATUS, "level", current.get(), current.get() + " - " + checkpoint.get()
                + ", computed when read: the run was imported before statlens kept mysql.redo_log", s));
    }

    /**
     * The most checkpoint age may reach: the server's own {@code Innodb_checkpoint_max_age} (MariaDB before 10.5 and
     * Percona Server print it: past it InnoDB stops writes to flush), else the same limit as Percona Server's monitor prints
     * it ({@code Max checkpoint age}), else the capacity MySQL 8.0.30+ reports in
     * {@code Innodb_redo_log_capacity_resized} (the log's size since its last resize), else the capacity the variables'
     * parser decided from the server's variables ({@code mysql.redo_log_capacity}: a pre-8.0.30 my.cnf's
     * innodb_log_file_size wins over innodb_redo_log_capacity's default), else the redo log's capacity from the
     * variables: {@code innodb_redo_log_capacity} (MySQL 8.0.30+), else {@code innodb_log_file_size} times
     * {@code innodb_log_files_in_group} (one file when the server has no such variable, as MariaDB 10.5+).
     */
    private Optional<Limit> limit() {
        Optional<MetricStats> max = status("Innodb_checkpoint_max_age", "level");
        if (max.isPresent() && max.get().stats().max() > 0) {
            return Optional.of(new Limit(max.get().stats().max(), "Innodb_checkpoint_max_age"));
        }
        Series printed = series(INNODB, "max checkpoint age", "");
        if (printed.n() > 0 && printed.max() > 0) return Optional.of(new Limit(printed.max(), "the monitor's Max checkpoint age"));
        Optional<MetricStats> resized = status("Innodb_redo_log_capacity_resized", "level");
        if (resized.isPresent() && resized.get().stats().max() > 0) {
            return Optional.of(new Limit(resized.get().stats().max(), "Innodb_redo_log_capacity_resized"));
        }
        OptionalDouble decided = number(run.fact(REDO_LOG_CAPACITY));
        if (decided.isPresent() && decided.getAsDouble() > 0) {
            return Optional.of(new Limit(decided.getAsDouble(), REDO_LOG_CAPACITY));
        }
        OptionalDouble capacity = variable("innodb_redo_log_capacity");
        if (capacity.isPresent() && capacity.getAsDouble() > 0) {
            return Optional.of(new Limit(capacity.getAsDouble(), "innodb_redo_log_capacity"));
        }
        OptionalDouble size = variable("innodb_log_file_size");
        if (size.isEmpty() || !(size.getAsDouble() > 0)) return Optional.empty();
        OptionalDouble files = variable("innodb_log_files_in_group");
        if (files.isPresent() && files.getAsDouble() > 1) {
            return Optional.of(new Limit(size.getAsDouble() * files.getAsDouble(),
                    "innodb_log_file_size x innodb_log_files_in_group " + (long) files.getAsDouble()));
        }
        return Optional.of(new Limit(size.getAsDouble(), "innodb_log_file_size"));
    }

    /**
     * Checkpoint age at or above {@link #CHECKPOINT_NEAR_SHARE} of the limit for a sustained time: the redo log was
     * nearly full, and InnoDB flushed dirty pages in a hurry (stalling writes) to free it.
     */
    private Optional<Finding> checkpointNearCapacity() {
        Optional<Age> age = age();
        Optional<Limit> limit = limit();
        if (age.isEmpty() || limit.isEmpty()) return Optional.empty();
        Series s = age.get().series();
        double threshold = CHECKPOINT_NEAR_SHARE * limit.get().bytes();
        if (s.max() < threshold) return Optional.empty();
        ThresholdTime t = s.time(v -> v >= threshold);
        if (!FindingsAnalyzer.sustained(t)) return Optional.empty();
        double share = 100 * s.max() / limit.get().bytes();
        Phrase p = Phrase.of("Checkpoint age near the redo log's capacity: peak ").value(s.max() / MIB, "MiB").text(", ")
                .value(share, "%").text(" of " + limit.get().what() + " (").value(limit.get().bytes() / MIB, "MiB").text("); at or above ")
                .value(100 * CHECKPOINT_NEAR_SHARE, "%");
        p = t.samples() > 1 && t.spanSeconds() > 0 ? p.text(" for ").duration(t.seconds()).text(" of ").duration(t.spanSeconds())
                : p.text(" in ").count(t.meeting()).text(" of ").count(t.samples()).text(" samples");
        p = p.text(" (" + age.get().source() + "): InnoDB had to flush dirty pages in a hurry to free the log.");
        return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, age.get().dataset(), age.get().metric(), age.get().key(),
                share, "%"));
    }

    /** Without a known limit: the checkpoint age, when it grew by {@link #CHECKPOINT_GROWTH} through the run. */
    private Optional<Finding> checkpointUnknownCapacity() {
        Optional<Age> age = age();
        if (age.isEmpty() || limit().isPresent()) return Optional.empty();
        Series s = age.get().series();
        if (s.n() < 2 || !(s.last() >= CHECKPOINT_GROWTH * s.first()) || !(s.last() > 0)) return Optional.empty();
        Phrase p = Phrase.of("Checkpoint age grew from ").value(s.first() / MIB, "MiB").text(" to ").value(s.last() / MIB, "MiB")
                .text(" (peak ").value(s.max() / MIB, "MiB").text(", " + age.get().source() + "); how near that came to the redo"
                        + " log's capacity cannot be judged: the run has no innodb_log_file_size or innodb_redo_log_capacity"
                        + " (capture SHOW GLOBAL VARIABLES with the run).");
        return Optional.of(new Finding(run.run(), Finding.Kind.NOTE, p, age.get().dataset(), age.get().metric(), age.get().key(),
                s.max() / MIB, "MiB"));
    }

    // --- one snapshot ------------------------------------------------------------------------------------------------

    /**
     * A run with one InnoDB monitor report: its checkpoint age against the limit (judged at {@link #CHECKPOINT_NEAR_SHARE}),
     * its buffer pool hit rate (the monitor's own average over the seconds it names, judged at {@link #HIT_RATE_LOW_PCT})
     * and its history list length, said as the state at that moment: growth, falling and sustained spans need a second
     * report. The trouble rules still judge that one report where they can (a hit rate below the mark is low in one
     * report too).
     */
    private Optional<Finding> monitorSnapshot() {
        Series history = series(INNODB, "history list length", "");
        Series age = series(INNODB, "checkpoint age", "");
        Series hit = series(INNODB, "buffer pool hit rate", "");
        int reports = Math.max(history.n(), Math.max(age.n(), hit.n()));
        if (reports != 1) return Optional.empty();
        List<Phrase> parts = new ArrayList<>();
        double value = Double.NaN;
        String metric = "";
        if (age.n() == 1) {
            Phrase p = Phrase.of("checkpoint age ").value(age.first() / MIB, "MiB");
            Optional<Limit> limit = limit();
            if (limit.isPresent()) {
                double share = 100 * age.first() / limit.get().bytes();
                p = p.text(", ").value(share, "%").text(" of " + limit.get().what() + " (").value(limit.get().bytes() / MIB, "MiB")
                        .text(share >= 100 * CHECKPOINT_NEAR_SHARE ? "): near the log's capacity" : "): well within the log's capacity");
                value = share;
                metric = "checkpoint age";
            } else {
                p = p.text(" (the log's capacity unknown: no Max checkpoint age, innodb_log_file_size or innodb_redo_log_capacity"
                        + " in the run)");
            }
            parts.add(p);
        }
        if (hit.n() == 1) {
            Phrase p = Phrase.of("buffer pool hit rate ").value(hit.first(), "%");
            OptionalDouble over = firstValue(INNODB, "averaged over");
            if (over.isPresent()) p = p.text(" over the monitor's last ").duration(over.getAsDouble());
            parts.add(p.text(hit.first() < HIT_RATE_LOW_PCT ? ": low, reads went to disk" : ": reads served from memory"));
            if (metric.isEmpty()) metric = "buffer pool hit rate";
        }
        if (history.n() == 1) {
            parts.add(Phrase.of("history list length ").count(Math.round(history.first())));
            if (metric.isEmpty()) metric = "history list length";
        }
        if (parts.isEmpty()) return Optional.empty();
        Phrase p = Phrase.of("One InnoDB monitor report, the server's state at that moment: ");
        for (int i = 0; i < parts.size(); i++) p = p.text(i == 0 ? "" : "; ").then(parts.get(i));
        p = p.text(". Whether the checkpoint age or the history list grew, or the hit rate fell, needs a second report.");
        return Optional.of(new Finding(run.run(), Finding.Kind.NOTE, p, INNODB, metric, "", value, metric.equals("checkpoint age") ? "%" : ""));
    }

    /**
     * A run with performance_schema wait summaries but no rates (one snapshot): the totals since the server started (or
     * since the summary was truncated), from the snapshot's SUM_TIMER_WAIT, whatever unit the query scaled it to. Left
     * out as in {@link #topWait}: idle and the condition waits.
     */
    private Optional<Finding> waitTotals() {
        if (run.stats(WAITS, "wait s/s").stream().anyMatch(m -> m.stats().n() > 0)) return Optional.empty();
        Optional<String> timer = run.labels(WAITS).stream().filter(l -> l.toUpperCase(Locale.ROOT).startsWith("SUM_TIMER_WAIT")).findFirst();
        if (timer.isEmpty()) return Optional.empty();
        List<MetricStats> totals = run.stats(WAITS, timer.get());
        Optional<TopWaits> waits = TopWaits.of(totals, m -> m.stats().max() > 0 ? m.stats().max() : Double.NaN);
        if (waits.isEmpty()) return Optional.empty();
        TopWaits top = waits.get();
        double secondsPer = PerfschemaWaitsParser.secondsPer(totals.get(0).unit());
        Phrase p = top.others(Phrase.of("Top wait event since the server started (performance_schema totals, one snapshot, so no rates;"
                + " besides idle and condition waits): " + top.first() + ", ").value(top.share(), "%").text(" of the time waited (")
                .duration(top.firstWaited() * secondsPer).text(" of ").duration(top.total() * secondsPer).text(")"));
        return Optional.of(new Finding(run.run(), Finding.Kind.HOTTEST, p, WAITS, timer.get(), top.first(), top.share(), "%"));
    }

    private OptionalDouble firstValue(String dataset, String label) {
        Series s = series(dataset, label, "");
        return s.n() > 0 ? OptionalDouble.of(s.first()) : OptionalDouble.empty();
    }

    // --- buffer pool -------------------------------------------------------------------------------------------------

    /**
     * The share of logical reads the buffer pool served without reading from disk: from the status counters
     * {@code Innodb_buffer_pool_read_requests} and {@code Innodb_buffer_pool_reads} over the run and in each half of it,
     * else from the monitor's {@code Buffer pool hit rate}. Low below {@link #HIT_RATE_LOW_PCT}; falling when the second
     * half is {@link #HIT_RATE_FALL_POINTS} below the first.
     */
    private Optional<Finding> hitRate() {
        Optional<String> requests = statusKey("Innodb_buffer_pool_read_requests");
        Optional<String> reads = statusKey("Innodb_buffer_pool_reads");
        if (requests.isPresent() && reads.isPresent()) return hitRateOfStatus(requests.get(), reads.get());
        Series s = series(INNODB, "buffer pool hit rate", "");
        if (s.n() == 0) return Optional.empty();
        boolean low = s.mean() < HIT_RATE_LOW_PCT;
        boolean falling = s.n() > 1 && s.first() - s.last() >= HIT_RATE_FALL_POINTS;
        if (!low && !falling) return Optional.empty();
        Phrase p = falling
                ? Phrase.of("Buffer pool hit rate fell from ").value(s.first(), "%").text(" to ").value(s.last(), "%")
                : Phrase.of("Buffer pool hit rate low: ").then(Figures.spread(s.n(), Double.NaN, s.mean(), s.max(), "%"));
        p = p.text(" (innodb.status, the monitor's per-mille over its averaging period): reads went to disk; the working set"
                + " does not fit the buffer pool.");
        return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, INNODB, "buffer pool hit rate", "",
                falling ? s.last() : s.mean(), "%"));
    }

    private Optional<Finding> hitRateOfStatus(String requestsKey, String readsKey) {
        // Per snapshot time: the logical reads and the reads from disk per second.
        TreeMap<Double, double[]> bySample = new TreeMap<>();
        run.scan(STATUS, List.of("per_s"), List.of(requestsKey, readsKey), (key, elapsed, v) -> {
            if (Double.isNaN(v[0])) return;
            bySample.computeIfAbsent(elapsed, e -> new double[2])[key.equals(requestsKey) ? 0 : 1] = v[0];
        });
        if (bySample.size() < 1) return Optional.empty();
        double middle = (bySample.firstKey() + bySample.lastKey()) / 2;
        double[] all = new double[2];
        double[] first = new double[2];
        double[] second = new double[2];
        bySample.forEach((elapsed, v) -> {
            double[] half = elapsed <= middle ? first : second;
            for (int i = 0; i < 2; i++) {
                all[i] += v[i];
                half[i] += v[i];
            }
        });
        if (!(all[0] > 0)) return Optional.empty();
        double rate = hitPct(all);
        double rateFirst = hitPct(first);
        double rateSecond = hitPct(second);
        boolean low = rate < HIT_RATE_LOW_PCT;
        boolean falling = rateFirst - rateSecond >= HIT_RATE_FALL_POINTS;
        if (!low && !falling) return Optional.empty();
        int n = bySample.size();
        Phrase p = falling
                ? Phrase.of("Buffer pool hit rate fell from ").value(rateFirst, "%").text(" in the first half of the run to ")
                .value(rateSecond, "%").text(" in the second")
                : Phrase.of("Buffer pool hit rate low: ").value(rate, "%").text(" of logical reads served from memory");
        p = p.text(" (" + readsKey + " ").value(all[1] / n, "1/s").text(" of " + requestsKey + " ").value(all[0] / n, "1/s")
                .text(", means): reads went to disk; the working set does not fit the buffer pool.");
        return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, STATUS, "per_s", readsKey, falling ? rateSecond : rate, "%"));
    }

    /** 100 * (1 - reads / requests); NaN without requests. */
    private static double hitPct(double[] requestsAndReads) {
        return requestsAndReads[0] > 0 ? 100 * (1 - Math.min(requestsAndReads[1], requestsAndReads[0]) / requestsAndReads[0]) : Double.NaN;
    }

    // --- history list, threads ---------------------------------------------------------------------------------------

    /**
     * History list length (undo of committed transactions not yet purged) whose peak is {@link #HISTORY_GROWTH} above
     * its first sample and at least twice it: purge fell behind during the run, whether or not it caught up by the end
     * (a long transaction that ended lets it).
     */
    private Optional<Finding> historyGrowing() {
        String dataset = INNODB;
        String metric = "history list length";
        String key = "";
        Optional<String> status = statusKey("Innodb_history_list_length");
        Series s = status.isPresent() ? series(STATUS, "level", status.get()) : Series.EMPTY;
        if (s.n() > 1) {
            dataset = STATUS;
            metric = "level";
            key = status.get();
        } else {
            s = series(INNODB, metric, "");
        }
        if (s.n() < 2 || s.max() - s.first() < HISTORY_GROWTH || s.max() < 2 * s.first()) return Optional.empty();
        Phrase p = Phrase.of("History list length grew from ").count(Math.round(s.first())).text(" to ").count(Math.round(s.max()));
        if (s.peakAt() > 0) p = p.text(" in ").duration(s.peakAt());
        if (s.last() < s.max()) p = p.text(" and ended at ").count(Math.round(s.last()));
        p = p.text(" (" + (key.isEmpty() ? dataset : key) + "): purge fell behind the writes; a long transaction or an open read"
                + " view keeps old row versions.");
        return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, dataset, metric, key, s.max(), "count"));
    }

    /**
     * Status {@code Threads_running} above the CPU count for a sustained time: more statements in progress than
     * CPUs to run them; they queued for a CPU or waited on locks.
     */
    private Optional<Finding> threadsRunning() {
        OptionalInt cpus = run.cpus();
        Optional<MetricStats> stats = status("Threads_running", "level");
        if (cpus.isEmpty() || stats.isEmpty() || stats.get().stats().max() <= cpus.getAsInt()) return Optional.empty();
        int n = cpus.getAsInt();
        ThresholdTime t = series(STATUS, "level", stats.get().key()).time(v -> v > n);
        if (!FindingsAnalyzer.sustained(t)) return Optional.empty();
        Phrase p = Phrase.of("Threads_running above the " + n + " CPU" + (n == 1 ? "" : "s") + " for ").duration(t.seconds())
                .text(" of ").duration(t.spanSeconds()).text(" (p95 ").number(stats.get().stats().p95(), "")
                .text(", peak ").number(stats.get().stats().max(), "")
                .text("): more statements in progress than CPUs; they queued for a CPU or waited on locks.");
        return Optional.of(new Finding(run.run(), Finding.Kind.TROUBLE, p, STATUS, "level", stats.get().key(),
                stats.get().stats().p95(), "count"));
    }

    // --- waits -------------------------------------------------------------------------------------------------------

    /**
     * The wait events with the most time waited over the run (performance_schema {@code wait s/s}, summed over the
     * snapshots), their share of all time waited. Left out: {@code idle} (a connection waiting for its client's next
     * statement) and the condition waits ({@code wait/synch/cond/...}: a thread asleep until it is signalled, mostly
     * the server's own timer and service threads, {@code COND_timer} waiting out every second); the events left are
     * the I/O, locks, mutexes and rw-locks that statements wait on.
     */
    private Optional<Finding> topWait() {
        Optional<TopWaits> waits = TopWaits.of(run.stats(WAITS, "wait s/s"),
                m -> m.stats().n() == 0 ? Double.NaN : m.stats().mean() * m.stats().n());
        if (waits.isEmpty()) return Optional.empty();
        TopWaits top = waits.get();
        double mean = run.stats(WAITS, "wait s/s", top.first()).map(m -> m.stats().mean()).orElse(Double.NaN);
        Phrase p = top.others(Phrase.of("Top wait event (performance_schema, besides idle and condition waits): " + top.first() + ", ")
                .value(top.share(), "%").text(" of the time waited (").number(mean, "").text(" s waited per second, mean)"));
        return Optional.of(new Finding(run.run(), Finding.Kind.HOTTEST, p, WAITS, "wait s/s", top.first(), top.share(), "%"));
    }

    /**
     * The wait events with the most time waited (the first and up to {@link #WAITS_NAMED} more), and the time waited by
     * every event counted: idle and the condition waits left out, as {@link #topWait} says why.
     */
    private record TopWaits(List<Map.Entry<String, Double>> top, double total) {
        /** The events by the time {@code waited} gives them (NaN: not counted); empty when none waited at all. */
        static Optional<TopWaits> of(List<MetricStats> events, ToDoubleFunction<MetricStats> waited) {
            Map<String, Double> byEvent = new LinkedHashMap<>();
            for (MetricStats m : events) {
                String event = m.key().toLowerCase(Locale.ROOT);
                double w = waited.applyAsDouble(m);
                if (event.isEmpty() || event.startsWith("idle") || event.startsWith("wait/synch/cond/") || Double.isNaN(w)) continue;
                byEvent.put(m.key(), w);
            }
            double total = byEvent.values().stream().mapToDouble(Double::doubleValue).sum();
            if (!(total > 0)) return Optional.empty();
            return Optional.of(new TopWaits(byEvent.entrySet().stream()
                    .sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(WAITS_NAMED + 1L).toList(), total));
        }

        String first() {
            return top.get(0).getKey();
        }

        double firstWaited() {
            return top.get(0).getValue();
        }

        double share() {
            return 100 * firstWaited() / total;
        }

        /** The sentence about the first event, then the next ones and their shares, ended. */
        Phrase others(Phrase first) {
            Phrase p = first;
            for (int i = 1; i < top.size(); i++) {
                p = p.text(i == 1 ? "; then " : ", ").text(top.get(i).getKey() + " ").value(100 * top.get(i).getValue() / total, "%");
            }
            return p.text(".");
        }
    }

    /**
     * The InnoDB lock types that made threads wait in the operating system (the monitor's SEMAPHORES section), between
     * its first and last report: the counts are since the server started, so their increase is the run's.
     */
    private Optional<Finding> semaphores() {
        List<String> labels = List.of("mutex os waits", "rw-shared os waits", "rw-excl os waits", "rw-sx os waits");
        double[] first = new double[labels.size()];
        double[] last = new double[labels.size()];
        Arrays.fill(first, Double.NaN);
        double[] span = {Double.NaN, Double.NaN};
        run.scan(INNODB, labels, List.of(), (key, elapsed, v) -> {
            if (Double.isNaN(span[0])) {
                span[0] = elapsed;
                System.arraycopy(v, 0, first, 0, v.length);
            }
            span[1] = elapsed;
            System.arraycopy(v, 0, last, 0, v.length);
        });
        Map<String, Double> waits = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            double d = last[i] - first[i];
            if (d > 0) waits.put(labels.get(i).replace(" os waits", ""), d);
        }
        double total = waits.values().stream().mapToDouble(Double::doubleValue).sum();
        if (!(total > 0) || !(span[1] > span[0])) return Optional.empty();
        List<Map.Entry<String, Double>> top = waits.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed()).toList();
        Phrase p = Phrase.of("InnoDB OS waits between the first and last monitor report (").duration(span[1] - span[0]).text("): ");
        for (int i = 0; i < top.size(); i++) {
            p = p.text(i == 0 ? "" : ", ").text(top.get(i).getKey() + " ").count(Math.round(top.get(i).getValue())).text(" (")
                    .value(100 * top.get(i).getValue() / total, "%").text(")");
        }
        String label = top.get(0).getKey() + " os waits";
        return Optional.of(new Finding(run.run(), Finding.Kind.HOTTEST, p.text("."), INNODB, label, "",
                top.get(0).getValue(), "count"));
    }

    // --- reading -----------------------------------------------------------------------------------------------------

    /** One series, gathered as it streams by: first and last values, their times, peak, mean, time at a threshold. */
    private record Series(double[] times, double[] values) {
        static final Series EMPTY = new Series(new double[0], new double[0]);

        int n() {
            return values.length;
        }

        double first() {
            return values[0];
        }

        double last() {
            return values[values.length - 1];
        }

        double max() {
            return Arrays.stream(values).max().orElse(Double.NaN);
        }

        /** Seconds from the first sample to the (first) highest. */
        double peakAt() {
            int at = 0;
            for (int i = 1; i < values.length; i++) if (values[i] > values[at]) at = i;
            return values.length == 0 ? 0 : times[at] - times[0];
        }

        double mean() {
            return Arrays.stream(values).average().orElse(Double.NaN);
        }

        ThresholdTime time(DoublePredicate condition) {
            return ThresholdTime.of(times, values, condition);
        }
    }

    /**
     * The samples of one metric of one key (empty: the data set is not keyed), those with a value. A status variable
     * or monitor figure has one sample per snapshot: a day of 1-second snapshots is 86,400 numbers.
     */
    private Series series(String dataset, String label, String key) {
        List<double[]> samples = new ArrayList<>();
        run.scan(dataset, List.of(label), key.isEmpty() ? List.of() : List.of(key), (k, elapsed, v) -> {
            if (!Double.isNaN(v[0])) samples.add(new double[]{elapsed, v[0]});
        });
        samples.sort(Comparator.comparingDouble(s -> s[0]));
        return new Series(samples.stream().mapToDouble(s -> s[0]).toArray(), samples.stream().mapToDouble(s -> s[1]).toArray());
    }

    /** The name of a status variable as the run holds it (servers differ in case), if the run has it. */
    private Optional<String> statusKey(String variable) {
        if (statusKeys == null) {
            statusKeys = new LinkedHashMap<>();
            for (String k : run.keys(STATUS)) statusKeys.putIfAbsent(k.toLowerCase(Locale.ROOT), k);
        }
        return Optional.ofNullable(statusKeys.get(variable.toLowerCase(Locale.ROOT)));
    }

    private Optional<MetricStats> status(String variable, String metric) {
        return statusKey(variable).flatMap(k -> run.stats(STATUS, metric, k)).filter(m -> m.stats().n() > 0);
    }

    /** A server variable the capture recorded as the fact {@code mysql.var.<name>}, if it is a number. */
    private OptionalDouble variable(String name) {
        return number(run.fact("mysql.var." + name).or(() -> run.fact("mysql.var." + name.toUpperCase(Locale.ROOT))));
    }

    /** A fact's value if it is a number. */
    private static OptionalDouble number(Optional<String> value) {
        if (value.isEmpty()) return OptionalDouble.empty();
        try {
            return OptionalDouble.of(Double.parseDouble(value.get().strip()));
        } catch (NumberFormatException e) {
            // Not a number (a size with a suffix such as 48M is not how SHOW VARIABLES prints it): not judged.
            return OptionalDouble.empty();
        }
    }
}
