package io.statlens.bench;

import io.statlens.parse.builtin.mysql.StatusVariables;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes {@code mysqladmin ext -r -i 1} output as MariaDB 10.11 prints it, for as many seconds as asked, from a real
 * capture of 66 snapshots of its 562 variables under sysbench ({@code mariadb-10.11-ext-r-i1.tsv} beside this
 * class, made from src/test/resources/captures/sysbench-mariadb): the real names, in the server's order, and the
 * boxed tables mysqladmin prints, a blank line between them. The first table is the capture's own (absolute);
 * after it the capture's 65 seconds are replayed in a loop: a counter prints the real difference of that second
 * scaled by a slow daily wave and a little noise, so that numbers keep their real widths; a gauge
 * ({@link StatusVariables#isGauge}) moves through the real levels, so that it stays in the range the server held;
 * {@code Uptime} grows by the interval.
 */
public final class MysqladminWorkload {
    static final String TEMPLATE = "mariadb-10.11-ext-r-i1.tsv";
    /** mysqladmin pads both columns to the width of the widest value it may print: 48 for MariaDB 10.11. */
    private static final int WIDTH = 48;
    private static final String RULE = "+" + "-".repeat(WIDTH + 2) + "+" + "-".repeat(WIDTH + 2) + "+\n";

    /** One variable of the capture: its name and its 66 values as printed (the first absolute, then differences). */
    private record Variable(String name, long[] printed, boolean gauge, boolean clock) {
    }

    private MysqladminWorkload() {
    }

    /** How many variables each table has (the capture's). */
    public static int variables() {
        return template().size();
    }

    /** @return the number of rows the parser gives: one per variable and table */
    public static long write(Path file, int seconds, long seed) throws IOException {
        List<Variable> variables = template();
        int n = variables.size();
        int cycle = variables.get(0).printed().length - 1;
        long[][] levels = new long[n][];
        for (int v = 0; v < n; v++) levels[v] = levels(variables.get(v).printed());
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder(128);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int s = 0; s < seconds; s++) {
                if (s > 0) w.write('\n');
                w.write(RULE);
                row(w, sb, "Variable_name", "Value");
                w.write(RULE);
                // the capture's second 1..65, then 1..65 again; the day's wave between 0.6 and 1.4 times the load
                int at = s == 0 ? 0 : 1 + (s - 1) % cycle;
                int before = s <= 1 ? 0 : 1 + (s - 2) % cycle;
                double wave = 1 + 0.4 * Math.sin(2 * Math.PI * s / 86_400.0);
                for (int v = 0; v < n; v++) {
                    Variable variable = variables.get(v);
                    long value;
                    if (s == 0) value = variable.printed()[0];
                    else if (variable.clock()) value = 1;
                    else if (variable.gauge()) value = levels[v][at] - levels[v][before];
                    else value = Math.round(variable.printed()[at] * wave * (0.95 + 0.1 * random.nextDouble()));
                    row(w, sb, variable.name(), Long.toString(value));
                }
                w.write(RULE);
            }
        }
        return (long) seconds * n;
    }

    /** The level after each printed value: the running sum of the differences. */
    private static long[] levels(long[] printed) {
        long[] levels = new long[printed.length];
        long sum = 0;
        for (int i = 0; i < printed.length; i++) levels[i] = sum += printed[i];
        return levels;
    }

    private static void row(BufferedWriter w, StringBuilder sb, String name, String value) throws IOException {
        sb.setLength(0);
        sb.append("| ").append(name);
        sb.repeat(' ', WIDTH - name.length());
        sb.append(" | ").append(value);
        sb.repeat(' ', WIDTH - value.length());
        w.write(sb.append(" |\n").toString());
    }

    private static List<Variable> template() {
        try (InputStream in = MysqladminWorkload.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) throw new IllegalStateException("the benchmark's template " + TEMPLATE + " is missing from the build");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<Variable> out = new ArrayList<>();
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] cells = line.split("\t");
                long[] printed = new long[cells.length - 1];
                for (int i = 1; i < cells.length; i++) printed[i - 1] = Long.parseLong(cells[i]);
                String name = cells[0];
                out.add(new Variable(name, printed, StatusVariables.isGauge(name),
                        name.equals("Uptime") || name.equals("Uptime_since_flush_status")));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
