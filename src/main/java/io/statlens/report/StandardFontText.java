package io.statlens.report;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawerDefaultFonts;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

import java.awt.Font;
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
 * cannot encode is drawn as outlines by the library (still visible, just not selectable). That check is
 * ours: the library asks only whether the AWT font shows the text, and a system with CJK fonts says yes to
 * characters no standard font can encode, which then failed the whole PDF.
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

    @Override
    public boolean canDrawText(AttributedCharacterIterator text, IFontTextDrawerEnv env) throws IOException, FontFormatException {
        if (!super.canDrawText(text, env)) return false;
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
