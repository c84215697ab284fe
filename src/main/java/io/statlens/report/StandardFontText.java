package io.statlens.report;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawerDefaultFonts;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.geom.AffineTransform;
import java.awt.FontFormatException;
import java.awt.font.TextAttribute;
import java.io.IOException;
import java.text.AttributedCharacterIterator;
import java.text.CharacterIterator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Draws a chart's text as PDF text in the standard 14 fonts, one font object per font of a document:
 * the library's own drawer makes a new font for every string, which bloats the file. Text the fonts
 * cannot encode (another script, right-to-left text) is drawn as text in subsets of the bundled fonts
 * ({@link EmbeddedText}, shared with the document's own text), and what those do not show either as outlines by
 * the library (still visible, just not selectable). That check is ours: the library asks only whether the AWT
 * font shows the text, and a system with CJK fonts says yes to characters no standard font can encode, which then
 * failed the whole PDF.
 */
final class StandardFontText extends PdfBoxGraphics2DFontTextDrawerDefaultFonts {
    /**
     * Held, so that the level set stays: PDFBox warns on every standard font it substitutes a system font
     * for (to measure and render it), which says nothing to a statlens user and buried the command's output.
     */
    private static final Logger PDFBOX_FONTS = Logger.getLogger("org.apache.pdfbox.pdmodel.font");

    static {
        PDFBOX_FONTS.setLevel(Level.SEVERE);
    }

    private final Map<Standard14Fonts.FontName, PDFont> fonts = new EnumMap<>(Standard14Fonts.FontName.class);
    private final Map<PDFont, PdfText> encodable = new HashMap<>();
    private final EmbeddedText scripts;

    /** @param scripts the document's text in the bundled fonts */
    StandardFontText(EmbeddedText scripts) {
        this.scripts = scripts;
    }

    @Override
    public boolean canDrawText(AttributedCharacterIterator text, IFontTextDrawerEnv env) throws IOException, FontFormatException {
        return standard(text, env) || bundled(text, env);
    }

    @Override
    public void drawText(AttributedCharacterIterator text, IFontTextDrawerEnv env) throws IOException, FontFormatException {
        if (standard(text, env)) {
            super.drawText(text, env);
            return;
        }
        Font font = text.getAttribute(TextAttribute.FONT) instanceof Font f ? f : env.getFont();
        Paint paint = text.getAttribute(TextAttribute.FOREGROUND) instanceof Paint p ? p : env.getPaint();
        env.applyPaint(paint, null);
        float size = font.getSize2D();
        Color boldStroke = font.isBold() ? paint instanceof Color c ? c : Color.BLACK : null;
        // the library has moved the origin to the text's start on the baseline, y down, as the layout has it
        scripts.draw(env.getContentStream(), scripts.layout(string(text), size), size, boldStroke, new AffineTransform());
    }

    /** Text the bundled fonts show, in one plain font (no transform, background or ligature attributes). */
    private static boolean bundled(AttributedCharacterIterator text, IFontTextDrawerEnv env) {
        try {
            for (char c = text.first(); c != CharacterIterator.DONE; c = text.next()) {
                Font font = text.getAttribute(TextAttribute.FONT) instanceof Font f ? f : env.getFont();
                if (font.isTransformed() || text.getAttribute(TextAttribute.BACKGROUND) != null
                        || text.getAttribute(TextAttribute.TRANSFORM) != null) {
                    return false;
                }
            }
            return EmbeddedText.covers(string(text));
        } finally {
            text.first();
        }
    }

    private static String string(AttributedCharacterIterator text) {
        StringBuilder b = new StringBuilder();
        for (char c = text.first(); c != CharacterIterator.DONE; c = text.next()) b.append(c);
        text.first();
        return b.toString();
    }

    /** Text the standard fonts encode, left to right. */
    private boolean standard(AttributedCharacterIterator text, IFontTextDrawerEnv env) throws IOException, FontFormatException {
        if (!super.canDrawText(text, env)) {
            text.first();
            return false;
        }
        try {
            for (char c = text.first(); c != CharacterIterator.DONE; c = text.next()) {
                Font font = text.getAttribute(TextAttribute.FONT) instanceof Font f ? f : env.getFont();
                PDFont pdf = mapFont(font, env);
                if (!encodable.computeIfAbsent(pdf, PdfText::new).canShow(String.valueOf(c))) return false;
            }
            return true;
        } finally {
            text.first();
        }
    }

    @Override
    protected PDFont mapFont(Font font, IFontTextDrawerEnv env) throws IOException {
        Standard14Fonts.FontName name = mapDefaultFonts(font);
        if (name == null) name = Standard14Fonts.FontName.HELVETICA;
        return fonts.computeIfAbsent(name, PDType1Font::new);
    }

    /** Makes sure the logging level is set before the first font is made. */
    static void quietFontWarnings() {
        PDFBOX_FONTS.getLevel();
    }
}
