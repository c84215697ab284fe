package io.statlens.report;

import org.apache.pdfbox.pdmodel.font.PDFont;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Text that a standard 14 font can show: characters it has no glyph for (Cyrillic, CJK, emoji from an
 * input file) become '?', control characters a space, so that no string from the repository can make
 * writing the PDF fail.
 */
final class PdfText {
    private final PDFont font;
    private final Map<Integer, Boolean> encodable = new HashMap<>();

    PdfText(PDFont font) {
        this.font = font;
    }

    String safe(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp)) b.append(' ');
            else if (encodable.computeIfAbsent(cp, this::canEncode)) b.appendCodePoint(cp);
            else b.append('?');
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
