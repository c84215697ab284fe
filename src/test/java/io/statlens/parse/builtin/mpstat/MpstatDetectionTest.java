package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** mpstat shares its banner with sar, iostat and pidstat: only its headers may make it claim a file. */
class MpstatDetectionTest {
    private static final String BANNER = "Linux 5.8.0-53-generic (ubuntu) \t12/02/2021 \t_x86_64_\t(2 CPU)";
    private final MpstatParser parser = new MpstatParser();

    private double sniff(String... lines) {
        return parser.sniff(new Head("x.txt", List.of(lines)));
    }

    @Test
    void isRegisteredAsAService() {
        ParserCatalog registry = ParserCatalog.load(Path.of("no-user-parsers"));
        assertEquals(MpstatParser.class, registry.byTool("mpstat").orElseThrow().getClass());
        assertEquals(MpstatParser.class, new AutoDetectParser(registry).detect(new Head("x.txt", List.of(BANNER, "",
                "12:53:20     CPU    intr/s", "12:53:21     all  35525.06"))).parser().orElseThrow().getClass());
    }

    @Test
    void refusesOtherSysstatTools() {
        double sarUAll = sniff(BANNER, "",
                "16:08:50        CPU      %usr     %nice      %sys   %iowait    %steal      %irq     %soft    %guest    %gnice"
                        + "     %idle",
                "16:08:51        all      1.00      0.00      1.00      0.00      0.00      0.00      0.00      0.00      0.00"
                        + "     98.00");
        double sarU = sniff(BANNER, "", "13:54:15        CPU     %user     %nice   %system   %iowait    %steal     %idle");
        double sarInterrupts = sniff(BANNER, "", "16:08:50         INTR    intr/s", "16:08:51          sum    100.00");
        double iostat = sniff(BANNER, "", "avg-cpu:  %user   %nice %system %iowait  %steal   %idle",
                "           1.00    0.00    1.00    0.00    0.00   98.00", "",
                "Device             tps    kB_read/s    kB_wrtn/s    kB_read    kB_wrtn");
        double pidstat = sniff(BANNER, "", "10:00:00      UID       PID    %usr %system  %guest   %wait    %CPU   CPU  Command");
        double vmstat = sniff("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
                " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st");
        double solarisVmstat = sniff(" kthr      memory            page            disk          faults      cpu",
                " r b w   swap  free  re  mf pi po fr de sr s0 s1 s2 --   in   sy   cs us sy id");
        for (double d : new double[] {sarUAll, sarU, sarInterrupts, iostat, pidstat, vmstat, solarisVmstat}) {
            assertTrue(d < Detection.THRESHOLD, "claimed another tool's output: " + d);
        }
    }

    @Test
    void claimsMpstatHeadersEvenWithoutBanner() {
        assertTrue(sniff("12:53:20     CPU    intr/s", "12:53:21     all  35525.06") >= Detection.THRESHOLD);
        assertTrue(sniff("> 12:53:20     CPU       HI/s    TIMER/s   NET_TX/s") >= Detection.THRESHOLD);
        assertTrue(sniff("12:38:33 PM IST  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle")
                >= Detection.THRESHOLD);
        assertTrue(sniff("SET minf mjf xcal intr ithr csw icsw migr smtx srw syscl usr sys wt idl sze") >= Detection.THRESHOLD);
    }
}
