package io.statlens.report;

import io.statlens.chart.FallbackFonts;
import io.statlens.chart.FallbackFonts.Face;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.documentinterchange.markedcontent.PDPropertyList;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.apache.pdfbox.util.Matrix;

import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.GlyphVector;
import java.awt.geom.AffineTransform;
import java.io.IOException;
import java.io.InputStream;
import java.text.Bidi;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Text in any script the bundled {@link FallbackFonts} show (Cyrillic, Chinese, Japanese, Korean, Arabic, emoji), as
 * real PDF text of one document: laid out by Java's text layout (right-to-left runs in visual order, Arabic letters
 * joined, emoji sequences as one glyph) and shown with exactly those glyphs from subsets of the bundled fonts
 * ({@link GlyphFont}), each mapped back to the characters it stands for. A line with right-to-left text also carries
 * its logical text as {@code /ActualText}, for readers that copy by it. Fonts are read from the jar only when a
 * document first needs them; call {@link #embed()} before saving.
 */
final class EmbeddedText {
    private static final FontRenderContext CONTEXT = new FontRenderContext(null, true, true);
    /** Fake bold for the regular-only bundled fonts: the glyphs' outlines stroked this wide, per point of size. */
    private static final float BOLD_STROKE = 0.035f;
    /** fontbox warns of cmap formats it skips (the emoji font's variation selectors), which is nothing to a user. */
    private static final Logger FONTBOX = Logger.getLogger("org.apache.fontbox");

    static {
        FONTBOX.setLevel(Level.SEVERE);
    }

    private final PDDocument doc;
    private final Map<String, GlyphFont> fonts = new LinkedHashMap<>();
    private final List<TrueTypeFont> opened = new ArrayList<>();

    EmbeddedText(PDDocument doc) {
        this.doc = doc;
    }

    /**
     * Glyphs of one font, positioned from the line's start on its baseline (x right, y down, points), each with the
     * text it stands for; a glyph that stands for no text (a letter's dots, drawn apart from it) is drawn as its
     * outline in {@code marks}, so that readers neither copy it nor see a code they cannot map.
     */
    record Run(Face face, int[] glyphs, float[] x, float[] y, String[] texts, Shape[] marks) {
    }

    /** A laid out line: its runs from left to right and its width in points. */
    record Line(String text, List<Run> runs, float width, boolean rightToLeft) {
    }

    /** Whether the bundled fonts show every character of the text. */
    static boolean covers(String text) {
        return text.codePoints().allMatch(cp -> faceFor(cp) != null || ignorable(cp));
    }

    /** The text laid out at {@code size} points; only text {@link #covers} shows. */
    Line layout(String text, float size) {
        char[] chars = text.toCharArray();
        Bidi bidi = new Bidi(text, Bidi.DIRECTION_DEFAULT_LEFT_TO_RIGHT);
        int count = bidi.getRunCount();
        byte[] levels = new byte[count];
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            levels[i] = (byte) bidi.getRunLevel(i);
            order[i] = i;
        }
        Bidi.reorderVisually(levels, 0, order, 0, count);
        List<Run> runs = new ArrayList<>();
        float pen = 0;
        boolean anyRtl = false;
        for (int r : order) {
            boolean rtl = (bidi.getRunLevel(r) & 1) == 1;
            anyRtl |= rtl;
            List<Segment> segments = segments(text, bidi.getRunStart(r), bidi.getRunLimit(r));
            if (rtl) Collections.reverse(segments);
            for (Segment s : segments) pen = shape(chars, s, rtl, size, pen, runs);
        }
        return new Line(text, List.copyOf(runs), pen, anyRtl);
    }

    /** Characters of one bidi run that one font shows. */
    private record Segment(Face face, int start, int limit) {
    }

    /**
     * Splits a run by font: a punctuation mark or a joiner stays in the font of the text before it; a space takes the
     * first font that has one (the emoji font's is as wide as its pictures).
     */
    private static List<Segment> segments(String text, int start, int limit) {
        List<Segment> out = new ArrayList<>();
        Face current = null;
        int from = start;
        for (int i = start; i < limit; ) {
            int cp = text.codePointAt(i);
            Face f;
            if (current != null && (ignorable(cp)
                    || !Character.isLetterOrDigit(cp) && !Character.isWhitespace(cp) && current.font().canDisplay(cp))) {
                f = current;
            } else {
                f = faceFor(cp);
                if (f == null) f = current != null ? current : FallbackFonts.faces().get(0);
            }
            if (current != null && f != current) {
                out.add(new Segment(current, from, i));
                from = i;
            }
            current = f;
            i += Character.charCount(cp);
        }
        if (current != null) out.add(new Segment(current, from, limit));
        return out;
    }

    private static Face faceFor(int cp) {
        for (Face f : FallbackFonts.faces()) if (f.font().canDisplay(cp)) return f;
        return null;
    }

    /** Joiners, variation selectors and marks, which the layout folds into the glyph of the character before. */
    private static boolean ignorable(int cp) {
        int type = Character.getType(cp);
        return type == Character.FORMAT || type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || cp >= 0xFE00 && cp <= 0xFE0F || cp >= 0xE0100 && cp <= 0xE01EF;
    }

    private static boolean anyTextAt(String[] texts, int[] charIndex, List<Integer> kept, int first) {
        for (int m = 0; m < texts.length; m++) if (charIndex[kept.get(m)] == first && !texts[m].isEmpty()) return true;
        return false;
    }

    private static float shape(char[] chars, Segment s, boolean rtl, float size, float pen, List<Run> runs) {
        Font font = s.face().font().deriveFont(size);
        GlyphVector gv = font.layoutGlyphVector(CONTEXT, chars, s.start(), s.limit(),
                rtl ? Font.LAYOUT_RIGHT_TO_LEFT : Font.LAYOUT_LEFT_TO_RIGHT);
        int n = gv.getNumGlyphs();
        int glyphCount = font.getNumGlyphs();
        int[] codes = gv.getGlyphCodes(0, n, null);
        int[] charIndex = gv.getGlyphCharIndices(0, n, null);
        float[] positions = gv.getGlyphPositions(0, n + 1, null);
        // glyphs the layout made invisible (a joiner's) have no id in the font; their characters go with a neighbour
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < n; i++) if (codes[i] >= 0 && codes[i] < glyphCount) kept.add(i);
        int length = s.limit() - s.start();
        int k = kept.size();
        int[] glyphs = new int[k];
        float[] x = new float[k];
        float[] y = new float[k];
        String[] texts = new String[k];
        for (int j = 0; j < k; j++) {
            int i = kept.get(j);
            glyphs[j] = codes[i];
            x[j] = pen + positions[2 * i];
            y[j] = positions[2 * i + 1];
            texts[j] = "";
        }
        // A cluster is the glyphs that start at one character; its text runs to the character the next cluster
        // starts at, and goes with its widest glyph (a letter, not its dots), the others standing for nothing.
        for (int j = 0; j < k; j++) {
            int first = charIndex[kept.get(j)];
            int end = length;
            int widest = j;
            for (int m = 0; m < k; m++) {
                int c = charIndex[kept.get(m)];
                if (c > first && c < end) end = c;
                if (c == first && gv.getGlyphMetrics(kept.get(m)).getAdvance() > gv.getGlyphMetrics(kept.get(widest)).getAdvance()) {
                    widest = m;
                }
            }
            if (widest == j && !anyTextAt(texts, charIndex, kept, first)) {
                texts[j] = new String(chars, s.start() + first, end - first);
            }
        }
        Shape[] marks = new Shape[k];
        for (int j = 0; j < k; j++) {
            if (texts[j].isEmpty()) marks[j] = gv.getGlyphOutline(kept.get(j), pen, 0);
        }
        runs.add(new Run(s.face(), glyphs, x, y, texts, marks));
        return pen + positions[2 * n];
    }

    /**
     * Shows the line as text. {@code place} maps the layout's space (origin at the line's start on the baseline,
     * y down) to the content stream's; {@code boldStroke}, when not null, strokes the glyphs in that colour to make
     * them bold.
     */
    void draw(PDPageContentStream out, Line line, float size, Color boldStroke, AffineTransform place) throws IOException {
        if (line.runs().isEmpty()) return;
        if (line.rightToLeft()) {
            COSDictionary span = new COSDictionary();
            span.setString(COSName.getPDFName("ActualText"), line.text());
            out.beginMarkedContent(COSName.getPDFName("Span"), PDPropertyList.create(span));
        }
        out.saveGraphicsState();
        if (boldStroke != null) {
            out.setStrokingColor(boldStroke);
            out.setLineWidth(size * BOLD_STROKE);
        }
        out.beginText();
        if (boldStroke != null) out.setRenderingMode(RenderingMode.FILL_STROKE);
        for (Run run : line.runs()) {
            GlyphFont font = font(run.face());
            out.setFont(font, size);
            int[] ids = run.glyphs();
            int[] codes = new int[ids.length];
            int from = 0;
            for (int i = 0; i < ids.length; i++) {
                // one string while each glyph sits where the one before leaves the pen, else a new position
                boolean follows = i > from && run.y()[i] == run.y()[i - 1] && run.marks()[i] == null
                        && Math.abs(run.x()[i - 1] + font.advance(ids[i - 1]) * size / 1000 - run.x()[i]) < size / 1000;
                if (!follows && i > from) out.showText(GlyphFont.codes(codes, from, i));
                if (run.marks()[i] != null) {
                    from = i + 1;
                    continue;
                }
                codes[i] = font.code(ids[i], run.texts()[i]);
                if (!follows) {
                    AffineTransform at = new AffineTransform(place);
                    at.translate(run.x()[i], run.y()[i]);
                    at.scale(1, -1);
                    out.setTextMatrix(new Matrix(at));
                    from = i;
                }
            }
            if (ids.length > from) out.showText(GlyphFont.codes(codes, from, ids.length));
        }
        out.endText();
        for (Run run : line.runs()) {
            for (Shape mark : run.marks()) if (mark != null) OutlineText.fill(out, mark, place);
        }
        out.restoreGraphicsState();
        if (line.rightToLeft()) out.endMarkedContent();
    }

    private GlyphFont font(Face face) throws IOException {
        GlyphFont font = fonts.get(face.resource());
        if (font == null) {
            TrueTypeFont ttf;
            try (InputStream in = face.open()) {
                ttf = new TTFParser().parse(new RandomAccessReadBuffer(in));
            }
            opened.add(ttf);
            font = GlyphFont.create(doc, ttf);
            fonts.put(face.resource(), font);
        }
        return font;
    }

    /** Writes the subsets of the fonts used; call once, before the document is saved. */
    void embed() throws IOException {
        try {
            for (GlyphFont font : fonts.values()) font.embed();
        } finally {
            for (TrueTypeFont ttf : opened) ttf.close();
            opened.clear();
        }
    }
}
