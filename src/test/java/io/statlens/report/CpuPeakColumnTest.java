package io.statlens.report;

import io.statlens.chart.RenderSize;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.analysis.ReadableNumbers;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.io.IOException;
import java.util.ArrayList;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's table of the busiest CPUs ranks them by busy time (100 - %idle - %iowait), whose peak the stored
 * statistics cannot give: its peak column is 100 minus the lowest %idle, named so, and a note under the table says that
 * it is the most busy time can have reached.
 */
class CpuPeakColumnTest {
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    /**
     * {@code mpstat -P ALL 1} of two CPUs, each busy 50 % in every sample: CPU 1 by idling 20 % and waiting for I/O
     * 30 % in the first sample, idling 50 % in the second, so that 100 - %idle peaks at 80 % while busy time stays at
     * 50 %; CPU 0 idles 60 % throughout (busy 40 %).
     */
    private static String mpstat() {
        StringBuilder b = new StringBuilder("Linux 6.1.0-18-amd64 (db08) \t03/01/2024 \t_x86_64_\t(2 CPU)\n\n");
        double[][] idleIowait = {{20, 30}, {50, 0}};
        for (int i = 0; i < 2; i++) {
            String time = String.format(Locale.ROOT, "11:00:%02d", i + 1);
            b.append(time).append("     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
            b.append(line(time, "all", (60 + idleIowait[i][0]) / 2, idleIowait[i][1] / 2));
            b.append(line(time, "0", 60, 0));
            b.append(line(time, "1", idleIowait[i][0], idleIowait[i][1]));
            b.append('\n');
        }
        return b.toString();
    }

    private static String line(String time, String cpu, double idle, double iowait) {
        double busy = 100 - idle - iowait;
        return String.format(Locale.ROOT, "%s  %6s  %6.2f    0.00  %6.2f  %6.2f    0.00    0.00    0.00    0.00    0.00  %6.2f%n",
                time, cpu, busy * 0.9, busy * 0.1, iowait, idle);
    }

    private static ReportModel report(Path dir, String run) throws Exception {
        Path file = Files.writeString(dir.resolve("mpstat.txt"), mpstat());
        new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")))
                .run(ImportRequest.of(run, ZoneOffset.UTC, file), ImportProgress.NONE);
        return new ReportAssembler(shared.repository(), Clock.fixed(Instant.parse("2024-03-02T00:00:00Z"), ZoneOffset.UTC))
                .assemble(ReportRequest.of(List.of(run)), new RenderSize(640, 360, 1));
    }

    @Test
    void thePeakColumnSaysItBoundsBusyTimeFromAbove(@TempDir Path dir) throws Exception {
        ReportModel report = report(dir, "cpus");
        ReportModel.KeyTable table = report.sections().stream().filter(s -> s.tool().equals("mpstat")).findFirst().orElseThrow()
                .keys().get(0);
        assertEquals(List.of("busy mean", "peak 100 - %idle"),
                table.columns().subList(0, 2).stream().map(ReportModel.KeyColumn::heading).toList());
        assertEquals("mean busy time, 100 - %idle - %iowait; the other columns are means", table.rankedBy());
        assertEquals("peak 100 - %idle: 100 minus the lowest %idle, the most busy time can have reached (its own peak is not"
                + " stored)", table.note());
        assertEquals(table.note(), new ReportTables(ZoneOffset.UTC, io.statlens.analysis.ReadableNumbers.ROOT).keys(table, ReportTables.APPENDIX).note(), "the note goes under the table");
        ReportModel.KeyRow cpu1 = table.rows().stream().filter(r -> r.key().equals("1")).findFirst().orElseThrow();
        assertEquals(50, cpu1.values().get(0), 1e-9, "busy time, in both samples");
        assertEquals(80, cpu1.values().get(1), 1e-9, "100 - the lowest %idle (20), above busy time's own peak (50)");
        assertEquals(List.of("1", "0"), table.rows().stream().map(ReportModel.KeyRow::key).toList(), "busiest first");
    }

    /** The table's caption ("Busiest CPUs of mpstat, run ... (by mean busy time, ...)") is longer than the page is wide. */
    @Test
    void theCaptionWrapsInsideThePage(@TempDir Path dir) throws Exception {
        Path pdf = dir.resolve("r.pdf");
        new PdfReportWriter(ReadableNumbers.ROOT).write(report(dir, "a-run-with-a-long-name-from-the-nightly-tpcc-suite"), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            float pageWidth = doc.getPage(0).getMediaBox().getWidth();
            List<String> beyond = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            PDFTextStripper stripper = new PDFTextStripper() {
                @Override
                protected void writeString(String line, List<TextPosition> glyphs) throws IOException {
                    text.append(line).append(' ');
                    for (TextPosition g : glyphs) {
                        // Upright text only: the chart's rotated axis labels are measured along their own direction.
                        if (g.getDir() == 0 && g.getXDirAdj() + g.getWidthDirAdj() > pageWidth - 20) beyond.add(line);
                    }
                    super.writeString(line, glyphs);
                }
            };
            stripper.getText(doc);
            assertTrue(text.toString().contains("(by mean busy time, 100 - %idle - %iowait; the other"), "the caption is there");
            assertTrue(text.toString().contains("columns are means)"), "and its end too");
            assertEquals(List.of(), beyond.stream().distinct().toList(), "text within 20 points of the page's edge");
        }
    }
}
