package io.statlens.chart;

import org.apache.batik.svggen.ImageHandlerBase64Encoder;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2DIOException;
import org.apache.batik.svggen.SVGGraphics2D;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.text.TextUtils;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.RenderedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Writes charts as PNG or SVG. Both go through {@link #draw}: the chart draws itself onto a
 * Graphics2D, a BufferedImage's for PNG (scaled for high-DPI screens) or Batik's SVGGraphics2D for
 * SVG, which keeps text as {@code <text>} elements so that it stays searchable and sharp.
 */
public final class ChartWriter {
    private static final String SVG_NS = "http://www.w3.org/2000/svg";

    static {
        // JFreeChart draws rotated text (the value axis label) through a TextLayout by default, a
        // workaround for old JDKs that Batik can only write as glyph outlines; drawString under a
        // rotation keeps it a <text> element.
        TextUtils.setUseDrawRotatedStringWorkaround(false);
    }

    private ChartWriter() {
    }

    /** Draws the chart at {@code size.width() x size.height()} user units onto any Graphics2D. */
    public static void draw(JFreeChart chart, Graphics2D g, RenderSize size) {
        FallbackFonts.fit(chart);
        drawFitted(chart, g, new Rectangle2D.Double(0, 0, size.width(), size.height()), null);
    }

    /**
     * Draws a chart whose fonts were fitted ({@link FallbackFonts#fit}) into {@code area}, the positions of its parts
     * into {@code info} (may be null): the window's drawing, which fits the fonts on the thread that owns the chart and
     * draws on another, where changing the chart would tell the window's listeners from the wrong thread.
     */
    public static void drawFitted(JFreeChart chart, Graphics2D g, Rectangle2D area, ChartRenderingInfo info) {
        chart.draw(new TextFallbackGraphics(g), area, info);
    }

    /** Writes the chart in the format, and returns the bytes written. */
    public static long write(JFreeChart chart, ChartFormat format, RenderSize size, Path file) {
        byte[] bytes = format == ChartFormat.PNG ? png(chart, size) : svg(chart, size);
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return bytes.length;
    }

    /** PNG of {@code width*scale x height*scale} pixels. */
    public static byte[] png(JFreeChart chart, RenderSize size) {
        return png(g -> draw(chart, g, size), size);
    }

    /** PNG of anything drawn onto a Graphics2D of {@code size} user units (a page of charts). */
    public static byte[] png(Consumer<Graphics2D> drawing, RenderSize size) {
        int w = (int) Math.round(size.width() * size.scale());
        int h = (int) Math.round(size.height() * size.scale());
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.scale(size.scale(), size.scale());
            drawing.accept(g);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** SVG (UTF-8) with a view box, so that it scales to any width. */
    public static byte[] svg(JFreeChart chart, RenderSize size) {
        return svg(g -> draw(chart, g, size), size);
    }

    /** SVG of anything drawn onto a Graphics2D of {@code size} user units (a page of charts). */
    public static byte[] svg(Consumer<Graphics2D> drawing, RenderSize size) {
        Document document;
        try {
            document = DocumentBuilderFactory.newInstance().newDocumentBuilder().getDOMImplementation()
                    .createDocument(SVG_NS, "svg", null);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("no XML DOM implementation: " + e.getMessage(), e);
        }
        SVGGeneratorContext context = SVGGeneratorContext.createDefault(document);
        context.setComment("statlens");
        context.setEmbeddedFontsOn(false);
        // Two decimals are a hundredth of a pixel: exact enough, and a long path stays short.
        context.setPrecision(2);
        context.setImageHandler(new PngImages());
        SVGGraphics2D g = new SVGGraphics2D(context, false);
        g.setSVGCanvasSize(new Dimension(size.width(), size.height()));
        drawing.accept(g);
        Element root = g.getRoot();
        root.setAttribute("viewBox", "0 0 " + size.width() + " " + size.height());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            g.stream(root, writer, true, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Embeds images (the cells of a heat map) as PNG data URIs. Batik's own handler asks its codec
     * module for a PNG encoder, which statlens does not ship; the JDK's ImageIO encodes PNG as well.
     */
    private static final class PngImages extends ImageHandlerBase64Encoder {
        @Override
        public void encodeImage(RenderedImage image, OutputStream out) throws SVGGraphics2DIOException {
            try {
                if (!ImageIO.write(image, "png", out)) throw new SVGGraphics2DIOException("no PNG encoder in this JDK");
                out.flush();
            } catch (IOException e) {
                throw new SVGGraphics2DIOException(e);
            }
        }
    }
}
