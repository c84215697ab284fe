package io.statlens.report;

import io.statlens.chart.CaptureRun;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.chart.ChartStack;
import io.statlens.chart.Dashboard;
import io.statlens.chart.DashboardCatalog;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.FallbackFonts;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A dashboard's charts written as one page, by the file's extension, over the real capture {@code cpu-2thr}. */
class ChartPageWriterTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();

    @BeforeAll
    static void importCapture() {
        CaptureRun.importInto(shared.repository());
    }

    @Test
    void aPageOfChartsIsWrittenAsPngSvgAndPdf(@TempDir Path dir) throws Exception {
        Repository repo = shared.repository();
        Dashboard d = new DashboardCatalog(repo).defaultFor(List.of(CaptureRun.RUN));
        List<DrawnChart> drawn = new ChartService(repo, ZoneOffset.UTC)
                .draw(new ChartRequest(d.charts(), d.runs(), List.of(), RenderSize.DEFAULT, true, 0)).charts();
        String heading = "Dashboard of cpu-2thr";
        List<JFreeChart> charts = drawn.stream().map(DrawnChart::chart).toList();

        Path png = dir.resolve("d.png");
        ChartPageWriter.write(heading, charts, 1200, 330, png);
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1200, image.getWidth());
        assertEquals(ChartStack.HEADING + 5 * 330, image.getHeight());

        Path svg = dir.resolve("d.svg");
        ChartPageWriter.write(heading, charts, 1200, 330, svg);
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        for (String s : List.of(heading, "CPU time, all CPUs (sar)", "Device utilisation (iostat)", "Network throughput (sar)",
                "Memory used (sar)", "Transactions per second (sysbench)")) {
            assertTrue(text.contains(s), "the SVG page has " + s);
        }

        Path pdf = dir.resolve("d.pdf");
        ChartPageWriter.write(heading, charts, 1200, 330, pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertEquals(1, doc.getNumberOfPages());
            String words = new PDFTextStripper().getText(doc);
            assertTrue(words.contains(heading) && words.contains("Transactions per second (sysbench)"), words);
        }

        UserException gif = assertThrows(UserException.class, () -> ChartPageWriter.write(heading, charts, 1200, 330, dir.resolve("d.gif")));
        assertEquals("d.gif: expected a file name ending in .png, .svg or .pdf", gif.getMessage());
    }

    @Test
    void aPdfPageHasItsChartsTextInAnyScriptAsText(@TempDir Path dir) throws Exception {
        List<String> names = List.of("디스크 قرص", "диск 磁盘 💾");
        XYSeriesCollection data = new XYSeriesCollection();
        for (String name : names) {
            XYSeries series = new XYSeries(name);
            series.add(1, 2);
            series.add(2, 3);
            data.addSeries(series);
        }
        String title = "負荷 خادم 😀 Москва";
        JFreeChart chart = ChartFactory.createXYLineChart(title, "время", "busy", data);
        FallbackFonts.fit(chart);
        Path pdf = dir.resolve("scripts.pdf");
        ChartPageWriter.write("ホスト", List.of(chart), 800, 400, pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String words = new PDFTextStripper().getText(doc);
            for (String s : List.of("ホスト", title, "время", names.get(0), names.get(1))) {
                assertTrue(words.contains(s), s + " is text in:\n" + words);
            }
        }
    }
}
