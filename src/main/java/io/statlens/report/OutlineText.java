package io.statlens.report;

import io.statlens.chart.FallbackFonts;
import org.apache.pdfbox.pdmodel.PDPageContentStream;

import java.awt.Font;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.PathIterator;
import java.io.IOException;

/**
 * Text neither a PDF standard font nor the bundled fonts' subsets ({@link EmbeddedText}) can show (a script none of
 * the {@link FallbackFonts} has, such as Thai), drawn as filled glyph outlines of the fonts Java finds for it: laid
 * out by Java's {@link TextLayout}, so it reads as typed, visible but not text. Also fills the outlines of the
 * glyphs {@link EmbeddedText} shows as shapes.
 */
final class OutlineText {
    private static final FontRenderContext CONTEXT = new FontRenderContext(null, true, true);

    private OutlineText() {
    }

    /** Width of the text in points. */
    static float width(String text, boolean bold, float size) {
        if (text.isEmpty()) return 0;
        return layout(text, bold, size).getAdvance();
    }

    /** Fills the text's outlines with the current fill colour, starting at x on the baseline (PDF coordinates). */
    static void draw(PDPageContentStream out, String text, boolean bold, float size, float x, float baseline) throws IOException {
        if (text.isEmpty()) return;
        // TextLayout's y grows downwards; the page's grows upwards.
        fill(out, layout(text, bold, size).getOutline(null), new AffineTransform(1, 0, 0, -1, x, baseline));
    }

    /** Fills a shape with the current fill colour, mapped to the content stream's space by {@code toPage}. */
    static void fill(PDPageContentStream out, Shape shape, AffineTransform toPage) throws IOException {
        PathIterator path = shape.getPathIterator(toPage);
        float[] c = new float[6];
        float lastX = 0;
        float lastY = 0;
        boolean any = false;
        while (!path.isDone()) {
            switch (path.currentSegment(c)) {
                case PathIterator.SEG_MOVETO -> {
                    out.moveTo(c[0], c[1]);
                    lastX = c[0];
                    lastY = c[1];
                }
                case PathIterator.SEG_LINETO -> {
                    out.lineTo(c[0], c[1]);
                    lastX = c[0];
                    lastY = c[1];
                }
                case PathIterator.SEG_QUADTO -> {
                    // a quadratic curve as the cubic with the same shape
                    out.curveTo(lastX + 2f / 3 * (c[0] - lastX), lastY + 2f / 3 * (c[1] - lastY),
                            c[2] + 2f / 3 * (c[0] - c[2]), c[3] + 2f / 3 * (c[1] - c[3]), c[2], c[3]);
                    lastX = c[2];
                    lastY = c[3];
                }
                case PathIterator.SEG_CUBICTO -> {
                    out.curveTo(c[0], c[1], c[2], c[3], c[4], c[5]);
                    lastX = c[4];
                    lastY = c[5];
                }
                case PathIterator.SEG_CLOSE -> out.closePath();
                default -> throw new IllegalStateException("unknown path segment");
            }
            any = true;
            path.next();
        }
        if (any) out.fill();
    }

    private static TextLayout layout(String text, boolean bold, float size) {
        Font base = new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont(size);
        return new TextLayout(FallbackFonts.attributed(text, base).getIterator(), CONTEXT);
    }
}
