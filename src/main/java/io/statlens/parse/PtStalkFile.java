package io.statlens.parse;

import io.statlens.parse.spi.FallbackStart;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A file of a pt-stalk capture ({@code pt-stalk --dest DIR}): pt-stalk names every file it collects
 * {@code <capture time>-<what>} ({@code 2026_12_02_00_40_11-mysqladmin}), the time being when the capture began, in
 * the capturing host's local time. The name says which command wrote the file, so it says which parser reads it
 * and which files hold no statistics (a process list, open files, a kernel log); see docs/tools/pt-stalk.md.
 *
 * @param file     the file
 * @param prefix   the capture's time as named ({@code 2026_12_02_00_40_11}): the files of one capture share it
 * @param captured that time, local to the capturing host
 * @param suffix   what the file holds ({@code mysqladmin}, {@code innodbstatus1})
 */
public record PtStalkFile(Path file, String prefix, LocalDateTime captured, String suffix) {
    private static final Pattern NAME = Pattern.compile("^((\\d{4})_(\\d\\d)_(\\d\\d)_(\\d\\d)_(\\d\\d)_(\\d\\d))-([a-z][a-z0-9_-]*)$");
    /** pt-stalk's {@code TS <epoch>.<nanoseconds> <local date> <local time>} line. */
    private static final Pattern TS = Pattern.compile("^TS (\\d{9,11})(?:\\.\\d+)? (\\d{4}-\\d\\d-\\d\\d) (\\d\\d:\\d\\d:\\d\\d)\\s*$");
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /** What to do with a file of a capture. */
    public sealed interface Role {
    }

    /** Read it with this tool's parser. */
    public record Read(String tool) implements Role {
    }

    /** Leave it out, for this reason. */
    public record Skip(String reason) implements Role {
    }

    /** The capturing host's name ({@code -hostname}). */
    public record HostName() implements Role {
    }

    private static final Skip OVERALL = new Skip("the same tool over the whole capture as one interval; the per-second file is imported");
    private static final Skip NO_PARSER = new Skip("snapshots of a /proc file (or df) between TS lines; statlens has no parser for them yet");
    private static final Skip NOT_STATISTICS = new Skip("not a time series of statistics (a listing, a log, a trace or settings pt-stalk keeps for reading)");

    /** pt-stalk 2.x-3.x's files by what follows the capture time; mutex-status and innodbstatus end in 1 or 2. */
    private static final Map<String, Role> ROLES = Map.ofEntries(
            Map.entry("mysqladmin", new Read("mysql-status")),
            Map.entry("innodbstatus", new Read("innodb-status")),
            Map.entry("mutex-status", new Read("innodb-mutex")),
            Map.entry("variables", new Read("mysql-variables")),
            Map.entry("vmstat", new Read("vmstat")),
            Map.entry("iostat", new Read("iostat")),
            Map.entry("mpstat", new Read("mpstat")),
            Map.entry("hostname", new HostName()),
            Map.entry("vmstat-overall", OVERALL),
            Map.entry("iostat-overall", OVERALL),
            Map.entry("mpstat-overall", OVERALL),
            Map.entry("df", new Read("df")),
            Map.entry("meminfo", new Read("meminfo")),
            Map.entry("procstat", new Read("procstat")),
            Map.entry("diskstats", new Read("diskstats")),
            Map.entry("procvmstat", new Read("procvmstat")),
            Map.entry("netstat_s", NO_PARSER),
            Map.entry("numastat", NO_PARSER),
            Map.entry("interrupts", NO_PARSER),
            Map.entry("slabinfo", NO_PARSER),
            Map.entry("trigger", NOT_STATISTICS), Map.entry("output", NOT_STATISTICS), Map.entry("log_error", NOT_STATISTICS),
            Map.entry("processlist", NOT_STATISTICS), Map.entry("transactions", NOT_STATISTICS),
            Map.entry("lock-waits", NOT_STATISTICS), Map.entry("ps-locks-transactions", NOT_STATISTICS),
            Map.entry("prepared-statements", NOT_STATISTICS), Map.entry("slave-status", NOT_STATISTICS),
            Map.entry("opentables", NOT_STATISTICS), Map.entry("tokudbstatus", NOT_STATISTICS),
            Map.entry("rocksdbstatus", NOT_STATISTICS), Map.entry("ps", NOT_STATISTICS), Map.entry("top", NOT_STATISTICS),
            Map.entry("lsof", NOT_STATISTICS), Map.entry("sysctl", NOT_STATISTICS), Map.entry("dmesg", NOT_STATISTICS),
            Map.entry("disk-space", NOT_STATISTICS), Map.entry("netstat", NOT_STATISTICS), Map.entry("pmap", NOT_STATISTICS),
            Map.entry("stacktrace", NOT_STATISTICS), Map.entry("tcpdump", NOT_STATISTICS), Map.entry("strace", NOT_STATISTICS),
            Map.entry("opreport", NOT_STATISTICS));

    /** The file as a pt-stalk file, if its name is one. */
    public static Optional<PtStalkFile> of(Path file) {
        Path name = file.getFileName();
        if (name == null) return Optional.empty();
        Matcher m = NAME.matcher(name.toString());
        if (!m.matches()) return Optional.empty();
        try {
            LocalDateTime t = LocalDateTime.of(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)), Integer.parseInt(m.group(6)), Integer.parseInt(m.group(7)));
            return Optional.of(new PtStalkFile(file, m.group(1), t, m.group(8)));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Which parser reads it, or why it is left out; empty for a file statlens does not know pt-stalk to write (a newer
     * pt-stalk's), which is detected by its content like any other.
     */
    public Optional<Role> role() {
        return Optional.ofNullable(ROLES.get(suffix.replaceFirst("(?<=[a-z])\\d$", "")));
    }

    /**
     * The capturing host's offset from UTC at the capture, from a {@code TS} line (epoch and local time side by side)
     * at the top of this file; empty when the file does not start with one.
     */
    public Optional<ZoneOffset> offsetFromTsLine() {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String first = in.readLine();
            if (first == null) return Optional.empty();
            Matcher m = TS.matcher(first.strip());
            if (!m.matches()) return Optional.empty();
            long epoch = Long.parseLong(m.group(1));
            LocalDateTime local = LocalDateTime.parse(m.group(2) + " " + m.group(3), LOCAL);
            long seconds = local.toEpochSecond(ZoneOffset.UTC) - epoch;
            // Offsets are whole quarter hours; the seconds between the date call and the epoch are rounded away.
            long quarters = Math.round(seconds / 900.0);
            if (Math.abs(quarters) > 18 * 4) return Optional.empty();
            return Optional.of(ZoneOffset.ofTotalSeconds((int) (quarters * 900)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Where a capture's output without time stamps starts: its capture time, at the offset TS lines show ({@code from}
     * says whose), else in {@code zone} ({@code --tz}).
     */
    public static FallbackStart start(PtStalkFile file, Optional<ZoneOffset> offset, String from, ZoneId zone) {
        Instant at = offset.map(o -> file.captured().toInstant(o)).orElseGet(() -> file.captured().atZone(zone).toInstant());
        String how = offset.map(o -> "UTC" + (o.getTotalSeconds() == 0 ? "+00:00" : o.getId()) + " from " + from)
                .orElse("zone " + zone.getId());
        return FallbackStart.statedBy(at, "the pt-stalk capture's time in the file name (" + file.prefix() + ", " + how + ")");
    }
}
