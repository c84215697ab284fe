package io.statlens.report;

import io.statlens.analysis.Finding;
import io.statlens.chart.BusiestNamed;
import io.statlens.chart.ChartData;
import io.statlens.chart.RenderSize;
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
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The findings' "Busiest devices", the report's table of the busiest devices and the iostat.util chart name the same
 * devices in the same order, by the statistic all three say they use. The run is built to tell rankings apart: all
 * ten devices are at 100 % %util in at least 19 of 20 samples, so their p95 ties at 100 %, while their means differ
 * and put the last devices first (a ranking by p95 with ties in name order would name sda, sdb and sdc).
 */
class BusiestDevicesAgreeTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();
    private static final int DEVICES = 10;

    @BeforeAll
    static void importRun(@TempDir Path dir) throws Exception {
        Path iostat = Files.writeString(dir.resolve("iostat.txt"), iostat());
        new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")))
                .run(ImportRequest.of("ties", ZoneOffset.UTC, iostat), ImportProgress.NONE);
    }

    /** {@code sd} + a letter: sda, sdb, ... */
    private static String device(int d) {
        return "sd" + (char) ('a' + d);
    }

    /**
     * {@code iostat -dxt 1} of ten devices, as sysstat 11 prints it: saturated, except in sample 7, where device
     * {@code d} is {@code 30 - 2d} % short of it (sdj the least: 12 %).
     */
    private static String iostat() {
        StringBuilder b = new StringBuilder("Linux 4.19.0-25-amd64 (db09) \t03/01/2024 \t_x86_64_\t(8 CPU)\n\n");
        for (int i = 0; i < 20; i++) {
            b.append(String.format(Locale.ROOT, "03/01/2024 10:00:%02d AM%n", i + 1));
            b.append("Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util\n");
            for (int d = 0; d < DEVICES; d++) {
                double util = i == 7 ? 70 + 2 * d : 100;
                b.append(String.format(Locale.ROOT, "%-14s    0.00    10.00  100.00  200.00  800.00 1600.00    16.00     4.00    2.00    1.50    2.25   0.10 %6.2f%n",
                        device(d), util));
            }
            b.append('\n');
        }
        return b.toString();
    }

    @Test
    void theFindingsTheReportAndTheChartNameTheSameDevicesInTheSameOrder() {
        Finding hottest = BusiestNamed.hottest(repo, "ties", "iostat");
        String text = hottest.text().toString();
        assertTrue(text.startsWith("Busiest devices by mean %util: "), text);
        List<String> named = BusiestNamed.keysIn(hottest, "(sd[a-z]) ");
        assertEquals(List.of("sdj", "sdi", "sdh"), named, text);

        ChartData chart = BusiestNamed.chart(repo, "iostat.util", "ties");
        List<String> legend = BusiestNamed.legend(chart);
        assertEquals(List.of("sdj", "sdi", "sdh", "sdg", "sdf", "sde", "sdd", "sdc"), legend, "the 8 busiest, busiest first");
        assertEquals(named, legend.subList(0, named.size()), "the findings name the chart's first lines");
        assertTrue(chart.subtitle().endsWith("by mean %util"), chart.subtitle());

        ReportModel report = new ReportAssembler(repo, Clock.fixed(Instant.parse("2024-03-02T00:00:00Z"), ZoneOffset.UTC))
                .assemble(ReportRequest.of(List.of("ties")), new RenderSize(640, 360, 1));
        ReportModel.KeyTable table = report.sections().stream().filter(s -> s.tool().equals("iostat")).findFirst().orElseThrow()
                .keys().get(0);
        assertEquals("mean %util; the other columns are means", table.rankedBy());
        List<String> rows = table.rows().stream().map(ReportModel.KeyRow::key).toList();
        assertEquals(legend.subList(0, rows.size()), rows, "the report's table lists the chart's first lines");
    }
}
