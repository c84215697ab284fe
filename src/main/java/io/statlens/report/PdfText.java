package io.statlens.report;

import org.apache.pdfbox.pdmodel.font.PDFont;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Which text a standard 14 font can show ({@link #canShow}); what it cannot show (Cyrillic beyond
 * WinAnsi, CJK, Arabic, emoji from an input file) the report writes in the bundled fonts ({@link EmbeddedText}),
 * or, for a script they lack, draws as outlines ({@link OutlineText}).
 * Control characters become spaces, so that no string from the repository can make writing the PDF fail.
 */
final class PdfText {
    private final PDFont font;
    private final Map<Integer, Boolean> encodable = new HashMap<>();

    PdfText(PDFont font) {
        this.font = font;
    }

    /**
     * The text with control characters as spaces, and the narrow spaces locales group digits with (fr-FR's U+202F, the
     * thin and the figure space) as the no-break space the font has, so that {@code 3 634 TpmC} stays text in the
     * report's font rather than becoming outlines; other characters outside the font stay, for outlines.
     */
    String safe(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp)) b.append(' ');
            else if (cp == '\u202F' || cp == '\u2009' || cp == '\u2007') b.append('\u00A0');
            else b.appendCodePoint(cp);
        });
        return b.toString();
    }

    /** True when the font has a glyph for every character of {@code s}. */
    boolean canShow(String s) {
        return s.codePoints().allMatch(cp -> encodable.computeIfAbsent(cp, this::canEncode));
    }

    private boolean canEncode(int cp) {
        try {
            font.encode(new String(Character.toChars(cp)));
            return true;
        } catch (IllegalArgumentException | IOException e) {
            return false;
        }
    }
}
