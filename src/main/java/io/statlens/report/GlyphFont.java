package io.statlens.report;

import org.apache.fontbox.ttf.HeaderTable;
import org.apache.fontbox.ttf.HorizontalHeaderTable;
import org.apache.fontbox.ttf.OS2WindowsMetricsTable;
import org.apache.fontbox.ttf.PostScriptTable;
import org.apache.fontbox.ttf.TTFSubsetter;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.CRC32;

/**
 * A bundled TrueType font embedded in one PDF as a Type 0 font that shows glyphs, not characters: the glyphs Java's
 * text layout chose (Arabic joined, emoji sequences as one glyph) are shown as they are, which a font addressed by
 * Unicode, as PDFBox embeds it, cannot do. Each character code stands for one glyph together with the text it shows
 * there ({@link #code}): one glyph can stand for different letters (Noto Sans Arabic draws the tooth of ب, ت, ي and ن
 * with one glyph and their dots as others), so a code per glyph alone could not say which. {@link #embed()}, before
 * the document is saved, writes the subset of the glyphs used, the codes' glyphs and widths and a ToUnicode map of
 * their texts, so that a reader copies and finds the text as typed. A code with no text (a letter's dots, drawn as a
 * glyph of their own) has no ToUnicode entry: readers skip it.
 * <p>
 * PDFBox writes the content stream through {@link #encode(int)}: {@link #codes} turns codes into characters of
 * plane 16 (beyond any text) that encode back to the two-byte code.
 */
final class GlyphFont extends PDType0Font {
    /** The tables a CIDFontType2 subset needs, as PDFBox keeps them. */
    private static final List<String> TABLES =
            List.of("head", "hhea", "loca", "maxp", "cvt ", "prep", "glyf", "hmtx", "fpgm", "gasp");
    private static final int CODE_BASE = 0x100000;

    private final PDDocument doc;
    private final TrueTypeFont ttf;
    private final COSDictionary cidFont;
    private final COSDictionary descriptor;
    private final PDStream fontFile;
    /** Code by glyph id and text, numbered in the order first used. */
    private final Map<Shown, Integer> codes = new LinkedHashMap<>();

    /** A glyph and the text it shows. */
    private record Shown(int glyph, String text) {
    }

    private GlyphFont(PDDocument doc, COSDictionary dict, COSDictionary cidFont, COSDictionary descriptor,
                      PDStream fontFile, TrueTypeFont ttf) throws IOException {
        super(dict);
        this.doc = doc;
        this.cidFont = cidFont;
        this.descriptor = descriptor;
        this.fontFile = fontFile;
        this.ttf = ttf;
    }

    /** The font's dictionaries in {@code doc}; its glyphs and their widths are written by {@link #embed()}. */
    static GlyphFont create(PDDocument doc, TrueTypeFont ttf) throws IOException {
        String name = ttf.getName() == null ? "Font" : ttf.getName();
        // Until embed() writes the real subset, the font program is the glyph .notdef alone: PDFBox reads it when it
        // makes the font object.
        PDStream fontFile = new PDStream(doc);
        writeSubset(fontFile, new TTFSubsetter(ttf, TABLES));

        COSDictionary descriptor = new COSDictionary();
        descriptor.setItem(COSName.TYPE, COSName.FONT_DESC);
        descriptor.setName(COSName.FONT_NAME, name);
        descriptor.setInt(COSName.FLAGS, 4);
        float scale = 1000f / ttf.getUnitsPerEm();
        HeaderTable head = ttf.getHeader();
        COSArray bbox = new COSArray();
        for (int v : new int[]{head.getXMin(), head.getYMin(), head.getXMax(), head.getYMax()}) {
            bbox.add(COSInteger.get(Math.round(v * scale)));
        }
        descriptor.setItem(COSName.FONT_BBOX, bbox);
        PostScriptTable post = ttf.getPostScript();
        descriptor.setFloat(COSName.ITALIC_ANGLE, post == null ? 0 : post.getItalicAngle());
        HorizontalHeaderTable hhea = ttf.getHorizontalHeader();
        descriptor.setInt(COSName.ASCENT, Math.round(hhea.getAscender() * scale));
        descriptor.setInt(COSName.DESCENT, Math.round(hhea.getDescender() * scale));
        OS2WindowsMetricsTable os2 = ttf.getOS2Windows();
        int capHeight = os2 != null && os2.getVersion() >= 2 ? os2.getCapHeight() : hhea.getAscender();
        descriptor.setInt(COSName.CAP_HEIGHT, Math.round(capHeight * scale));
        descriptor.setInt(COSName.STEM_V, 80); // no TrueType equivalent; readers use it only to fake a missing font
        descriptor.setItem(COSName.FONT_FILE2, fontFile);

        COSDictionary system = new COSDictionary();
        system.setString(COSName.REGISTRY, "Adobe");
        system.setString(COSName.ORDERING, "Identity");
        system.setInt(COSName.SUPPLEMENT, 0);

        COSDictionary cidFont = new COSDictionary();
        cidFont.setItem(COSName.TYPE, COSName.FONT);
        cidFont.setItem(COSName.SUBTYPE, COSName.CID_FONT_TYPE2);
        cidFont.setName(COSName.BASE_FONT, name);
        cidFont.setItem(COSName.CIDSYSTEMINFO, system);
        cidFont.setItem(COSName.FONT_DESC, descriptor);
        cidFont.setItem(COSName.CID_TO_GID_MAP, COSName.IDENTITY);

        COSDictionary dict = new COSDictionary();
        dict.setItem(COSName.TYPE, COSName.FONT);
        dict.setItem(COSName.SUBTYPE, COSName.TYPE0);
        dict.setName(COSName.BASE_FONT, name);
        dict.setItem(COSName.ENCODING, COSName.IDENTITY_H);
        COSArray descendants = new COSArray();
        descendants.add(cidFont);
        dict.setItem(COSName.DESCENDANT_FONTS, descendants);
        return new GlyphFont(doc, dict, cidFont, descriptor, fontFile, ttf);
    }

    /** The glyph's advance in thousandths of the font size, as the PDF's widths give it. */
    int advance(int glyph) throws IOException {
        return Math.round(ttf.getAdvanceWidth(glyph) * 1000f / ttf.getUnitsPerEm());
    }

    /** The code that shows {@code glyph} standing for {@code text} ("" for none). */
    int code(int glyph, String text) {
        // code 0 stays .notdef's
        return codes.computeIfAbsent(new Shown(glyph, text), k -> codes.size() + 1);
    }

    /** Codes as a string that {@link #encode(int)} writes as those codes. */
    static String codes(int[] codes, int from, int to) {
        StringBuilder b = new StringBuilder();
        for (int i = from; i < to; i++) b.appendCodePoint(CODE_BASE + codes[i]);
        return b.toString();
    }

    @Override
    protected byte[] encode(int unicode) {
        int code = unicode - CODE_BASE;
        if (code < 0 || code > 0xFFFF) throw new IllegalArgumentException("not a code: " + unicode);
        return new byte[]{(byte) (code >> 8), (byte) code};
    }

    @Override
    public boolean willBeSubset() {
        return false;
    }

    /** Writes the subset of the glyphs used, their widths and the ToUnicode map. Call once, before saving. */
    void embed() throws IOException {
        if (codes.isEmpty()) return;
        TTFSubsetter subsetter = new TTFSubsetter(ttf, TABLES);
        Set<Integer> glyphs = new TreeSet<>();
        for (Shown shown : codes.keySet()) glyphs.add(shown.glyph());
        subsetter.addGlyphIds(glyphs);
        String name = tag(glyphs) + "+" + (ttf.getName() == null ? "Font" : ttf.getName());
        writeSubset(fontFile, subsetter);
        descriptor.setName(COSName.FONT_NAME, name);
        cidFont.setName(COSName.BASE_FONT, name);
        getCOSObject().setName(COSName.BASE_FONT, name);

        // the subset numbers its glyphs anew
        Map<Integer, Integer> oldToNew = new HashMap<>();
        subsetter.getGIDMap().forEach((newId, oldId) -> oldToNew.put(oldId, newId));
        byte[] map = new byte[(codes.size() + 1) * 2];
        COSArray widths = new COSArray();
        COSArray run = new COSArray();
        for (Map.Entry<Shown, Integer> e : codes.entrySet()) {
            int code = e.getValue();
            int glyph = oldToNew.get(e.getKey().glyph());
            map[2 * code] = (byte) (glyph >> 8);
            map[2 * code + 1] = (byte) glyph;
            run.add(COSInteger.get(advance(e.getKey().glyph())));
        }
        cidFont.setItem(COSName.CID_TO_GID_MAP, stream(map));
        // codes are numbered 1, 2, ...: one run of widths from 1
        widths.add(COSInteger.ONE);
        widths.add(run);
        cidFont.setItem(COSName.W, widths);

        getCOSObject().setItem(COSName.TO_UNICODE, stream(toUnicode().getBytes(StandardCharsets.US_ASCII)));
    }

    /** Six capitals that name this subset, the same for the same glyphs, as a subset's name must start with. */
    private static String tag(Set<Integer> glyphs) {
        CRC32 crc = new CRC32();
        for (int glyph : glyphs) crc.update(new byte[]{(byte) (glyph >> 8), (byte) glyph});
        long v = crc.getValue();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            b.append((char) ('A' + v % 26));
            v /= 26;
        }
        return b.toString();
    }

    private String toUnicode() {
        StringBuilder b = new StringBuilder("""
                /CIDInit /ProcSet findresource begin
                12 dict begin
                begincmap
                /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
                /CMapName /Adobe-Identity-UCS def
                /CMapType 2 def
                1 begincodespacerange
                <0000> <FFFF>
                endcodespacerange
                """);
        List<Map.Entry<Shown, Integer>> entries = codes.entrySet().stream().filter(e -> !e.getKey().text().isEmpty()).toList();
        for (int from = 0; from < entries.size(); from += 100) {
            List<Map.Entry<Shown, Integer>> block = entries.subList(from, Math.min(entries.size(), from + 100));
            b.append(block.size()).append(" beginbfchar\n");
            for (Map.Entry<Shown, Integer> e : block) {
                b.append(String.format("<%04X> <", e.getValue()));
                for (char c : e.getKey().text().toCharArray()) b.append(String.format("%04X", (int) c));
                b.append(">\n");
            }
            b.append("endbfchar\n");
        }
        b.append("""
                endcmap
                CMapName currentdict /CMap defineresource pop
                end
                end
                """);
        return b.toString();
    }

    private static void writeSubset(PDStream target, TTFSubsetter subsetter) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        subsetter.writeToStream(bytes);
        try (OutputStream out = target.createOutputStream(COSName.FLATE_DECODE)) {
            bytes.writeTo(out);
        }
        target.getCOSObject().setInt(COSName.LENGTH1, bytes.size());
    }

    private COSStream stream(byte[] data) throws IOException {
        PDStream stream = new PDStream(doc);
        try (OutputStream out = stream.createOutputStream(COSName.FLATE_DECODE)) {
            out.write(data);
        }
        return stream.getCOSObject();
    }
}
