package io.statlens.report;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import io.statlens.chart.ChartStack;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.jfree.chart.JFreeChart;

import java.awt.Graphics2D;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Writes charts stacked on one page ({@link ChartStack}: a dashboard) as one PNG, SVG or PDF page, chosen by the
 * file's extension. All three draw through the same Graphics2D path as single charts; the PDF page has the
 * drawing's size in points, its text real text as the reports' charts have it.
 */
public final class ChartPageWriter {
    /** The file formats of a page. */
    public enum Format {
        PNG, SVG, PDF;

        /** The format a file name ends in; anything else is refused with the formats there are. */
        public static Format of(Path file) {
            String name = file.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
            return switch (ext) {
                case "png" -> PNG;
                case "svg" -> SVG;
                case "pdf" -> PDF;
                default -> throw new UserException(file.getFileName() + ": expected a file name ending in .png, .svg or .pdf");
            };
        }
    }

    private ChartPageWriter() {
    }

    /**
     * Writes the page and returns the bytes written.
     *
     * @param chartHeight the height of each chart; the page is {@code width} wide
     */
    public static long write(String heading, List<JFreeChart> charts, int width, int chartHeight, Path file) {
        RenderSize size = new RenderSize(width, ChartStack.height(charts.size(), chartHeight), 1);
        Consumer<Graphics2D> page = g -> ChartStack.draw(g, heading, charts, width, chartHeight);
        byte[] bytes = switch (Format.of(file)) {
            case PNG -> ChartWriter.png(page, size);
            case SVG -> ChartWriter.svg(page, size);
            case PDF -> pdf(page, size);
        };
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return bytes.length;
    }

    private static byte[] pdf(Consumer<Graphics2D> page, RenderSize size) {
        StandardFontText.quietFontWarnings();
        try (PDDocument doc = new PDDocument()) {
            PDPage pdfPage = new PDPage(new PDRectangle(size.width(), size.height()));
            doc.addPage(pdfPage);
            PdfBoxGraphics2D g = new PdfBoxGraphics2D(doc, size.width(), size.height());
            EmbeddedText scripts = new EmbeddedText(doc);
            g.setFontTextDrawer(new StandardFontText(scripts));
            try {
                page.accept(g);
            } finally {
                g.dispose();
            }
            try (PDPageContentStream cs = new PDPageContentStream(doc, pdfPage)) {
                cs.drawForm(g.getXFormObject());
            }
            scripts.embed();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
