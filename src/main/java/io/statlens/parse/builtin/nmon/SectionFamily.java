package io.statlens.parse.builtin.nmon;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an nmon section's name says about the shape of its lines, as nmon for Linux and AIX's topas_nmon write them:
 * which data set it goes to and what, if anything, keys its rows.
 *
 * <ul>
 *   <li>{@link Shape#WIDE}: one row per snapshot, a metric per header name (CPU_ALL, MEM, MEMNEW, VM, PROC, LPAR,
 *       and every section not known to be anything else);</li>
 *   <li>{@link Shape#CPU}: {@code CPU001}, AIX's {@code CPU01}, {@code SCPU01} and {@code PCPU01}, nmon 16's
 *       {@code CPUUTIL001} ({@code -U}): one section per CPU, all of a family into one data set keyed by the CPU's
 *       number;</li>
 *   <li>{@link Shape#COLUMNS}: a column per disk, file system, interface...: each column's name is the key
 *       ({@code DISKBUSY,Disk %Busy host,sda,sdb}), or the key and a metric ({@code NET,...,eth0-read-KB/s});</li>
 *   <li>{@link Shape#TOP}: {@code TOP}, the process table, keyed by PID.</li>
 * </ul>
 *
 * @param dataset   the data set's name within the tool {@code nmon}: the section's name in lower case, without the
 *                  number nmon appends when it splits a section's columns over several lines ({@code DISKBUSY1})
 * @param shape     how the lines are read
 * @param keyLabel  what keys the rows; empty for {@link Shape#WIDE}
 * @param perMetric for {@link Shape#COLUMNS}: whether a column names a key and a metric ({@code eth0-read-KB/s})
 *                  rather than a key alone
 */
record SectionFamily(String dataset, Shape shape, String keyLabel, boolean perMetric) {
    enum Shape { WIDE, CPU, COLUMNS, TOP }

    private static final Pattern CPU = Pattern.compile("([SP]?CPU|CPUUTIL)(\\d+)");
    private static final Pattern SPLIT = Pattern.compile("(.*?[A-Z])\\d+");

    /** Section name prefixes whose columns are keys, with the key's meaning; the first that matches wins. */
    private record Columns(String prefix, String keyLabel, boolean perMetric) {
    }

    private static final List<Columns> COLUMNS = List.of(
            new Columns("DISK", "Disk", false),
            new Columns("DG", "Disk group", false),
            new Columns("VG", "Volume group", false),
            new Columns("JFS", "File system", false),
            new Columns("PAGING", "Paging space", false),
            new Columns("FC", "Adapter", false),
            new Columns("WLM", "Class", false),
            new Columns("GPU", "GPU", false),
            new Columns("NET", "Interface", true),
            new Columns("IOADAPT", "Adapter", true));

    static SectionFamily of(String section) {
        Matcher cpu = CPU.matcher(section);
        if (cpu.matches()) return new SectionFamily(cpu.group(1).toLowerCase(Locale.ROOT), Shape.CPU, "CPU", false);
        if (section.equals("TOP")) return new SectionFamily("top", Shape.TOP, "PID command", false);
        for (Columns c : COLUMNS) {
            if (!section.startsWith(c.prefix())) continue;
            Matcher split = SPLIT.matcher(section);
            String base = split.matches() ? split.group(1) : section;
            return new SectionFamily(base.toLowerCase(Locale.ROOT), Shape.COLUMNS, c.keyLabel(), c.perMetric());
        }
        return new SectionFamily(section.toLowerCase(Locale.ROOT), Shape.WIDE, "", false);
    }

    /** The key of a CPU section's rows: its number without the leading zeros ({@code CPU007} → {@code 7}). */
    static String cpuKey(String section) {
        Matcher cpu = CPU.matcher(section);
        if (!cpu.matches()) throw new IllegalArgumentException(section);
        return Section.withoutLeadingZeros(cpu.group(2));
    }
}
