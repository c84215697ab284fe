package io.statlens.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The generated input of a benchmark.
 *
 * @param rows  data rows written
 * @param bytes the file's size
 */
public record Workload(Path file, long rows, long bytes) {

    /** Writes {@code mpstat -P ALL 1} output for {@code cpus} CPUs and {@code seconds} reports into {@code dir}. */
    public static Workload mpstat(Path dir, int cpus, int seconds) throws IOException {
        Path input = dir.resolve("mpstat-P-ALL.txt");
        long rows = MpstatWorkload.write(input, cpus, seconds, 42);
        return new Workload(input, rows, Files.size(input));
    }

    /** Writes {@code mpstat 1} output (the {@code all} row of each second only) for {@code seconds} reports into {@code dir}. */
    public static Workload mpstatAll(Path dir, int seconds) throws IOException {
        Path input = dir.resolve("mpstat-all.txt");
        long rows = MpstatWorkload.write(input, 256, seconds, 42, false);
        return new Workload(input, rows, Files.size(input));
    }

    /** Writes {@code S_TIME_FORMAT=ISO iostat -x -t 1} output for {@code devices} devices and {@code seconds} reports into {@code dir}. */
    public static Workload iostat(Path dir, int devices, int seconds) throws IOException {
        Path input = dir.resolve("iostat-x-t.txt");
        long rows = IostatWorkload.write(input, devices, seconds, 42);
        return new Workload(input, rows, Files.size(input));
    }

    /**
     * Writes an nmon file ({@code nmon -f -t -s 10}) of {@code cpus} CPUs and {@code disks} disks covering {@code
     * seconds}, a snapshot every 10 s, into {@code dir}.
     */
    public static Workload nmon(Path dir, int cpus, int disks, int seconds) throws IOException {
        Path input = dir.resolve("bench.nmon");
        long rows = NmonWorkload.write(input, cpus, disks, 10, Math.max(1, seconds / 10), 42);
        return new Workload(input, rows, Files.size(input));
    }

    /**
     * Writes {@code mysqladmin ext -r -i 1} output of MariaDB 10.11 (562 variables a table) covering {@code seconds}
     * into {@code dir}.
     */
    public static Workload mysqladmin(Path dir, int seconds) throws IOException {
        Path input = dir.resolve("mysqladmin-ext-r-i1.txt");
        long rows = MysqladminWorkload.write(input, seconds, 42);
        return new Workload(input, rows, Files.size(input));
    }

    /**
     * Writes {@code LC_ALL=C sar -A -f} text of {@code seconds} from midnight, a sample every {@code interval} seconds,
     * for {@code cpus} CPUs and {@code disks} disks (twelve sections, eight network interfaces) into {@code dir}.
     */
    public static Workload sar(Path dir, int cpus, int disks, int interval, int seconds) throws IOException {
        Path input = dir.resolve("sar-A.txt");
        long rows = SarWorkload.write(input, cpus, disks, interval, seconds, 42);
        return new Workload(input, rows, Files.size(input));
    }
}
