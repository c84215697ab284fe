package io.statlens.cli;

import io.statlens.bench.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** statlens chart, presets and bench --charts end to end, on an embedded repository in a temporary folder. */
class ChartCliTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private void importSar() {
        CliRun r = run("import", "src/test/resources/corpus/sar/ksar-linux-sysstat-10.1.5-48cpu.txt", "--run", "sar48");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void chartWritesPngAndSvgNamedAfterRunDataSetAndMetricAndPrintsTheirPaths() throws Exception {
        importSar();
        Path out = dir.resolve("charts");
        CliRun r = run("chart", "sar48", "--tool", "sar.cpu", "--metric", "%idle", "--kind", "heatmap", "--hot", "low",
                "--format", "png,svg", "--scale", "2", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        Path png = out.resolve("sar48_sar.cpu_pct-idle_heatmap.png");
        Path svg = out.resolve("sar48_sar.cpu_pct-idle_heatmap.svg");
        assertEquals(png + "\n" + svg + "\n", r.out());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(2400, image.getWidth());
        assertEquals(1200, image.getHeight());
        String text = Files.readString(svg);
        assertTrue(text.contains(">sar.cpu %idle by CPU</text"), "the title is text");
        assertTrue(text.contains("xlink:href=\"data:image/png;base64,"), "the cells are one embedded image");
    }

    @Test
    void theRunsAnnotationsAreDrawnAsLabelledMarkers() throws Exception {
        importSar();
        assertEquals(0, run("note", "sar48", "--at", "2016-03-28T09:20:00Z", "backup started").code());
        Path out = dir.resolve("charts");
        CliRun r = run("chart", "sar48", "--tool", "sar.cpu", "--metric", "%iowait", "--key", "all", "--format", "svg",
                "--mark", "1800=checkpoint", "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        String svg = Files.readString(out.resolve("sar48_sar.cpu_pct-iowait_line.svg"));
        assertTrue(svg.contains(">backup started<"), "the note from statlens note");
        assertTrue(svg.contains(">checkpoint<"), "the --mark of this command");
    }

    @Test
    void presetsAndDefaultsChartWhatTheRunHoldsAndSaySoWhenNothingApplies() {
        importSar();
        Path out = dir.resolve("charts");
        CliRun defaults = run("chart", "sar48", "--defaults", "-o", out.toString());
        assertEquals(0, defaults.code(), defaults.err());
        assertEquals(List.of("sar48_sar.cpu_all_area.png", "sar48_sar.busiest_line.png", "sar48_sar.cpu-heatmap_heatmap.png",
                "sar48_sar.io_line.png", "sar48_sar.cswch_line.png", "sar48_sar.proc_line.png", "sar48_sar.paging_line.png",
                "sar48_sar.faults_line.png", "sar48_sar.io-blocks_line.png", "sar48_sar.memory-pages_line.png"),
                defaults.out().lines().map(l -> Path.of(l).getFileName().toString()).toList());
        assertTrue(defaults.err().contains("statlens: skipped chart 'sar.swap': every value is 0"), defaults.err());
        CliRun vmstat = run("chart", "sar48", "--preset", "vmstat", "-o", out.toString());
        assertEquals(1, vmstat.code());
        assertTrue(vmstat.err().startsWith(
                        "statlens: nothing to chart: chart 'vmstat.cpu': run sar48 has no vmstat data"),
                vmstat.err());
    }

    @Test
    void userErrorsExitWithOne() {
        importSar();
        CliRun noWhat = run("chart", "sar48");
        assertEquals(1, noWhat.code());
        assertTrue(noWhat.err().startsWith(
                "statlens: what to chart? give --metric M (with --tool T), --preset NAME or --defaults"));
        CliRun kind = run("chart", "sar48", "--tool", "sar.cpu", "--metric", "%idle", "--kind", "pie");
        assertEquals(1, kind.code());
        assertEquals("statlens: unknown chart kind 'pie'; expected one of: line, area, heatmap, overlay, bars\n", kind.err());
        CliRun metric = run("chart", "sar48", "--tool", "sar.cpu", "--metric", "%bogus");
        assertEquals(1, metric.code());
        assertTrue(metric.err().startsWith("statlens: data set 'sar.cpu' of run 'sar48' has no metric '%bogus'; it has: %usr, "),
                metric.err());
        CliRun run = run("chart", "nope", "--tool", "sar.cpu", "--metric", "%idle");
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("statlens: no run named 'nope'"), run.err());
        CliRun format = run("chart", "sar48", "--tool", "sar.cpu", "--metric", "%idle", "--format", "gif");
        assertEquals("statlens: format 'gif': expected png or svg\n", format.err());
        CliRun area = run("chart", "sar48", "--tool", "sar.cpu", "--metric", "%usr", "--metric", "%idle", "--kind", "area",
                "--key", "99");
        assertEquals(1, area.code());
        assertTrue(area.err().startsWith("statlens: data set 'sar.cpu' of run 'sar48' has no CPU '99'; it has: all, 0, 1, 2"),
                area.err());
    }

    @Test
    void presetsListShowSaveDelete() throws Exception {
        CliRun list = run("presets");
        assertEquals(0, list.code(), list.err());
        assertTrue(list.out().lines().anyMatch(l -> l.matches("mpstat\\.busy-heatmap +heatmap +mpstat +built-in +heat map of busy time \\(100 - %idle - %iowait\\).*")),
                list.out());
        assertFalse(Files.exists(dir.resolve("repo")), "listing does not create a repository");

        CliRun show = run("presets", "show", "iostat.util");
        assertEquals("name = iostat.util\ntitle = Device utilisation (iostat)\ndescription = %util of the 8 busiest devices\n"
                + "kind = line\ntool = iostat\nmetric = %util | %b\ntop = 8\n", show.out());

        Path edited = Files.writeString(dir.resolve("util.chart"), show.out().replace("top = 8", "top = 2"));
        CliRun save = run("presets", "save", "iostat.util", "--from-file", edited.toString());
        assertEquals(0, save.code(), save.err());
        assertEquals("saved chart preset 'iostat.util' (replaces the built-in one)\n", save.out());
        assertTrue(run("presets", "list", "--tool", "iostat").out().contains("saved (replaces built-in)"));
        assertTrue(run("presets", "show", "iostat.util").out().contains("top = 2"));

        assertEquals(0, run("presets", "delete", "iostat.util").code());
        assertTrue(run("presets", "show", "iostat.util").out().contains("top = 8"), "the built-in one again");
        CliRun again = run("presets", "delete", "iostat.util");
        assertEquals(1, again.code());
        assertEquals("statlens: 'iostat.util' is a built-in preset; only saved presets can be deleted\n", again.err());
        CliRun missing = run("presets", "save", "x", "--from-file", dir.resolve("nope").toString());
        assertEquals(1, missing.code());
    }

    @Test
    void benchDrawsDecimatedAndEveryPointInOneRunThenComparesWholeProcesses() {
        CliRun r = run("bench", "--charts", "--points", "20000", "--repeat", "1", "--dir", dir.resolve("bench").toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("machine: load average "), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("statlens: min/max per pixel column +[0-9,]+ +1 .* ([0-9.]+x / [0-9.]+x|too short to tell) .*")),
                r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("JFreeChart: every point +20,000 +1 .* 1.00x / 1.00x .*")), r.out());
        // a zoom to the middle half keeps the points in view (and one on either side), then decimates them again
        assertTrue(r.out().lines().anyMatch(l -> l.matches("zoom to the middle half: .* \\(10,00[0-9] points in view\\): thread CPU [0-9.]+ / [0-9.]+ ms .*")),
                r.out());
        if (ChildProcess.supported()) {
            // statlens chart and the plain program each ran as a process of their own, on the same 20,000 rows
            assertTrue(r.out().lines().anyMatch(l -> l.matches("statlens chart --format png,svg +20,000 +1 .* [0-9.]+x / [0-9.]+x .*")), r.out());
            assertTrue(r.out().lines().anyMatch(l -> l.matches("plain JFreeChart program, every point +20,000 +1 .* 1.00x / 1.00x .*")), r.out());
            assertTrue(r.out().contains(" io.statlens.bench.PlainChartProgram " + dir.resolve("bench").resolve("mpstat-all.txt")), r.out());
            assertTrue(Files.isRegularFile(dir.resolve("bench/charts-plain/plain.svg")));
            assertTrue(Files.isRegularFile(dir.resolve("bench/charts-statlens/bench_mpstat_pct-usr_line.svg")));
        }
        assertTrue(r.out().contains("CPU VS EVERY POINT"), r.out());
    }
}
