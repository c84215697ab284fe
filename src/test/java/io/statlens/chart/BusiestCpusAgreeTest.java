package io.statlens.chart;

import io.statlens.analysis.Finding;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The findings' "Busiest CPUs" and the "Busiest CPUs" chart name the same CPUs in the same order, by the statistic
 * both say they use. The run is built to tell rankings apart: all twelve CPUs are at 100 % busy in at least 19 of 20
 * samples, so their p95 ties at 100 %, while their means differ and put the last CPUs first (a ranking by p95 with
 * ties in key order would name CPU 0, 1 and 2).
 */
class BusiestCpusAgreeTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();
    private static final int CPUS = 12;

    @BeforeAll
    static void importRun(@TempDir Path dir) throws Exception {
        Path mpstat = Files.writeString(dir.resolve("mpstat.txt"), mpstat());
        ImportService imports = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        imports.run(ImportRequest.of("ties", ZoneOffset.UTC, mpstat), ImportProgress.NONE);
        Path iowait = Files.writeString(dir.resolve("mpstat-iowait.txt"), iowaitMpstat());
        imports.run(ImportRequest.of("iowait", ZoneOffset.UTC, iowait), ImportProgress.NONE);
    }

    /**
     * {@code mpstat -P ALL 1} of 12 CPUs: fully busy, except in sample 7, where CPU {@code c} idles {@code 30 - 2c} %
     * (CPU 11 the least: 8 %).
     */
    private static String mpstat() {
        StringBuilder b = new StringBuilder("Linux 6.1.0-18-amd64 (db07) \t03/01/2024 \t_x86_64_\t(12 CPU)\n\n");
        for (int i = 0; i < 20; i++) {
            String time = String.format(Locale.ROOT, "10:00:%02d", i + 1);
            b.append(time).append("     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
            double allIdle = 0;
            List<String> lines = new ArrayList<>();
            for (int c = 0; c < CPUS; c++) {
                double idle = i == 7 ? 30 - 2 * c : 0;
                allIdle += idle / CPUS;
                lines.add(line(time, String.valueOf(c), idle));
            }
            b.append(line(time, "all", allIdle));
            lines.forEach(b::append);
            b.append('\n');
        }
        return b.toString();
    }

    private static String line(String time, String cpu, double idle) {
        return line(time, cpu, idle, 0);
    }

    private static String line(String time, String cpu, double idle, double iowait) {
        double busy = 100 - idle - iowait;
        return String.format(Locale.ROOT, "%s  %6s  %6.2f    0.00  %6.2f  %6.2f    0.00    0.00    0.00    0.00    0.00  %6.2f%n",
                time, cpu, busy * 0.9, busy * 0.1, iowait, idle);
    }

    /**
     * {@code mpstat -P ALL 1} of 12 CPUs that differ only by I/O wait: every CPU idles 20 % of every sample, and CPU
     * {@code c} waits for I/O {@code 30 - 2c} %, so that CPU 11 runs most (72 %) and CPU 0 least (50 %). A ranking by
     * 100 - %idle would tie them all at 80 % and name CPU 0, 1 and 2.
     */
    private static String iowaitMpstat() {
        StringBuilder b = new StringBuilder("Linux 6.1.0-18-amd64 (db08) \t03/01/2024 \t_x86_64_\t(12 CPU)\n\n");
        for (int i = 0; i < 10; i++) {
            String time = String.format(Locale.ROOT, "11:00:%02d", i + 1);
            b.append(time).append("     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
            b.append(line(time, "all", 20, 19));
            for (int c = 0; c < CPUS; c++) b.append(line(time, String.valueOf(c), 20, 30 - 2 * c));
            b.append('\n');
        }
        return b.toString();
    }

    @Test
    void cpusThatDifferOnlyByIowaitAreRankedByBusyTimeInBothAlike() {
        Finding hottest = BusiestNamed.hottest(repo, "iowait", "mpstat");
        List<String> named = BusiestNamed.keysIn(hottest, "CPU (\\d+) ");
        assertEquals(List.of("11", "10", "9"), named, hottest.text().toString());
        assertEquals("100 - %idle - %iowait", hottest.shownBy(), "the finding points at the chart of busy time");

        ChartData chart = BusiestNamed.chart(repo, "mpstat.busiest", "iowait");
        List<String> legend = BusiestNamed.legend(chart);
        assertEquals(List.of("11", "10", "9", "8", "7", "6", "5", "4"), legend, "the 8 busiest by busy time, busiest first");
        assertEquals(named, legend.subList(0, named.size()), "the findings name the chart's first lines");
        assertTrue(chart.subtitle().endsWith("top 8 of 12 CPUs by mean 100 - %idle - %iowait"), chart.subtitle());
        // The lines are busy time, not 100 - %idle: CPU 11 at 72 %, CPU 4 at 58 %.
        assertEquals(72, chart.series().get(0).y()[0], 1e-9);
        assertEquals(58, chart.series().get(7).y()[0], 1e-9);
    }

    @Test
    void theFindingsAndTheChartNameTheSameCpusInTheSameOrder() {
        Finding hottest = BusiestNamed.hottest(repo, "ties", "mpstat");
        String text = hottest.text().toString();
        assertTrue(text.startsWith("Busiest CPUs by mean busy time (100 - %idle - %iowait): "), text);
        List<String> named = BusiestNamed.keysIn(hottest, "CPU (\\d+) ");
        assertEquals(List.of("11", "10", "9"), named, text);

        ChartData chart = BusiestNamed.chart(repo, "mpstat.busiest", "ties");
        List<String> legend = BusiestNamed.legend(chart);
        assertEquals(List.of("11", "10", "9", "8", "7", "6", "5", "4"), legend, "the 8 busiest, busiest first");
        assertEquals(named, legend.subList(0, named.size()), "the findings name the chart's first lines");
        assertTrue(chart.subtitle().endsWith("top 8 of 12 CPUs by mean 100 - %idle - %iowait"), chart.subtitle());
    }
}
