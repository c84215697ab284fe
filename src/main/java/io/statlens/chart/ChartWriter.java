package io.statlens.chart;

import org.apache.batik.svggen.ImageHandlerBase64Encoder;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2DIOException;
import org.apache.batik.svggen.SVGGraphics2D;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.entity.ChartEntity;
import org.jfree.chart.entity.EntityCollection;
import org.jfree.chart.entity.LegendItemEntity;
import org.jfree.chart.entity.StandardEntityCollection;
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
import java.math.BigDecimal;
import java.math.RoundingMode;
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
        draw(chart, g, size, null);
    }

    /** Draws the chart as {@link #draw(JFreeChart, Graphics2D, RenderSize)}, the positions of its parts into {@code info} (may be null). */
    private static void draw(JFreeChart chart, Graphics2D g, RenderSize size, ChartRenderingInfo info) {
        FallbackFonts.fit(chart);
        drawFitted(chart, g, new Rectangle2D.Double(0, 0, size.width(), size.height()), info);
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

    /**
     * SVG (UTF-8) with a view box, so that it scales to any width. A legend entry whose name was shortened
     * ({@link LegendLabels}) says the whole name as a {@code <title>} of an invisible box over the entry, which browsers
     * show as its tooltip, as the window does.
     */
    public static byte[] svg(JFreeChart chart, RenderSize size) {
        LegendTooltips tooltips = new LegendTooltips();
        return svg(g -> draw(chart, g, size, new ChartRenderingInfo(tooltips)), size, tooltips::appendTo);
    }

    /** SVG of anything drawn onto a Graphics2D of {@code size} user units (a page of charts). */
    public static byte[] svg(Consumer<Graphics2D> drawing, RenderSize size) {
        return svg(drawing, size, root -> { });
    }

    /** @param finish adds to the drawing's root element what is not drawn (tooltips) */
    private static byte[] svg(Consumer<Graphics2D> drawing, RenderSize size, Consumer<Element> finish) {
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
        finish.accept(root);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            g.stream(root, writer, true, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * The legend entries drawn with a tooltip (a shortened name's whole name), where they were drawn. Only they are kept
     * of what a drawing collects: a line's thousands of points are of no use in a file.
     */
    private static final class LegendTooltips extends StandardEntityCollection {
        @Override
        public void add(ChartEntity entity) {
            String tip = entity.getToolTipText();
            if (entity instanceof LegendItemEntity && tip != null && !tip.isEmpty()) super.add(entity);
        }

        /** A title's or legend's entities arrive together (JFreeChart draws a title into a collection of its own). */
        @Override
        public void addAll(EntityCollection collection) {
            for (Object entity : collection.getEntities()) add((ChartEntity) entity);
        }

        void appendTo(Element root) {
            Document document = root.getOwnerDocument();
            for (Object drawn : getEntities()) {
                ChartEntity entity = (ChartEntity) drawn;
                Rectangle2D box = entity.getArea().getBounds2D();
                Element rect = document.createElementNS(SVG_NS, "rect");
                rect.setAttribute("x", number(box.getX()));
                rect.setAttribute("y", number(box.getY()));
                rect.setAttribute("width", number(box.getWidth()));
                rect.setAttribute("height", number(box.getHeight()));
                rect.setAttribute("fill", "none");
                rect.setAttribute("pointer-events", "all");
                Element title = document.createElementNS(SVG_NS, "title");
                title.setTextContent(entity.getToolTipText());
                rect.appendChild(title);
                root.appendChild(rect);
            }
        }

        private static String number(double v) {
            return BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        }
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
