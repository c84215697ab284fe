package io.statlens.chart;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.LegendItemSource;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Layer;

import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.font.TextAttribute;
import java.io.IOException;
import java.io.InputStream;
import java.text.AttributedString;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Fonts for text in any script: host names, run names, notes and keys come from users and files, in
 * Chinese, Japanese, Korean, Arabic or with emoji, and the fonts a chart or a PDF starts with (a system
 * sans serif, the PDF standard Helvetica) may have no glyph for them. statlens ships Noto fonts for those
 * scripts (resources statlens/fonts, SIL Open Font License); they are loaded on first use only.
 */
public final class FallbackFonts {
    private static final String[] FILES = {
            "NotoSansSC-Regular.ttf", "NotoSansKR-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoEmoji-Regular.ttf"};

    private FallbackFonts() {
    }

    /**
     * A bundled font: the resource it is read from (a PDF embeds a subset of that file) and the font Java 2D lays
     * text out with.
     */
    public record Face(String resource, Font font) {
        /** The font file's bytes. */
        public InputStream open() throws IOException {
            InputStream in = FallbackFonts.class.getResourceAsStream(resource);
            if (in == null) throw new IOException("missing " + resource);
            return in;
        }
    }

    /** Loaded once, when first needed. */
    private static final class Loaded {
        static final List<Face> FACES = load();
        static final List<Font> FONTS = FACES.stream().map(Face::font).toList();

        private static List<Face> load() {
            List<Face> faces = new ArrayList<>();
            for (String file : FILES) {
                String resource = "/statlens/fonts/" + file;
                try (InputStream in = FallbackFonts.class.getResourceAsStream(resource)) {
                    if (in != null) faces.add(new Face(resource, Font.createFont(Font.TRUETYPE_FONT, in)));
                } catch (IOException | FontFormatException e) {
                    // a damaged jar: that script falls back to '?'-free but boxed glyphs
                }
            }
            return List.copyOf(faces);
        }
    }

    /** The bundled fonts, in the order they are tried for a character. */
    public static List<Face> faces() {
        return Loaded.FACES;
    }

    /** Whether {@code font} shows every character of the text. */
    public static boolean shows(Font font, String text) {
        return font.canDisplayUpTo(text) < 0;
    }

    /**
     * The text with a font for each run of characters: {@code base} where it has the glyphs, else the first
     * bundled font that has them (at the base's size and style). {@link java.awt.font.TextLayout} lays it out
     * with right-to-left runs and Arabic joining.
     */
    public static AttributedString attributed(String text, Font base) {
        AttributedString out = new AttributedString(text);
        if (text.isEmpty()) return out;
        int start = 0;
        Font current = null;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            Font f = fontFor(cp, base, current);
            if (current != null && f != current) {
                out.addAttribute(TextAttribute.FONT, current, start, i);
                start = i;
            }
            current = f;
            i += Character.charCount(cp);
        }
        out.addAttribute(TextAttribute.FONT, current, start, text.length());
        return out;
    }

    /**
     * One font for a whole text (a chart title, a legend): {@code base} when it shows all of it, else the
     * bundled font that shows the most of it, at the base's size and style.
     */
    public static Font covering(String text, Font base) {
        if (text == null || shows(base, text)) return base;
        Font best = base;
        int bestShown = shown(base, text);
        for (Font f : Loaded.FONTS) {
            int n = shown(f, text);
            if (n > bestShown) {
                best = f.deriveFont(base.getStyle(), base.getSize2D());
                bestShown = n;
            }
        }
        return best;
    }

    private static int shown(Font font, String text) {
        int n = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (font.canDisplay(cp)) n++;
            i += Character.charCount(cp);
        }
        return n;
    }

    /** Spaces and punctuation stay in the run they are in, so that a line of one script is one run. */
    private static Font fontFor(int cp, Font base, Font current) {
        if (current != null && (Character.isWhitespace(cp) || !Character.isLetterOrDigit(cp)) && current.canDisplay(cp)) {
            return current;
        }
        if (base.canDisplay(cp)) return base;
        for (Font f : Loaded.FONTS) {
            if (f.canDisplay(cp)) {
                Font sized = f.deriveFont(base.getStyle(), base.getSize2D());
                return current != null && current.getFontName().equals(sized.getFontName()) ? current : sized;
            }
        }
        return base;
    }

    /**
     * Gives every text element of a chart a font that shows its text: titles, legend items, axis labels,
     * category names (run names), tick labels of key axes (device names), note markers and text annotations.
     * Elements whose font shows their text keep it.
     */
    public static void fit(JFreeChart chart) {
        if (chart.getTitle() != null) fit(chart.getTitle());
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            Title sub = chart.getSubtitle(i);
            if (sub instanceof TextTitle t) {
                fit(t);
            } else if (sub instanceof LegendTitle legend) {
                StringBuilder labels = new StringBuilder();
                for (LegendItemSource source : legend.getSources()) {
                    LegendItemCollection items = source.getLegendItems();
                    for (int k = 0; k < items.getItemCount(); k++) labels.append(items.get(k).getLabel());
                }
                legend.setItemFont(covering(labels.toString(), legend.getItemFont()));
            }
        }
        if (chart.getPlot() instanceof XYPlot xy) {
            for (int i = 0; i < xy.getDomainAxisCount(); i++) fit(xy.getDomainAxis(i));
            for (int i = 0; i < xy.getRangeAxisCount(); i++) fit(xy.getRangeAxis(i));
            for (Layer layer : List.of(Layer.FOREGROUND, Layer.BACKGROUND)) {
                Collection<?> markers = xy.getDomainMarkers(layer);
                if (markers == null) continue;
                for (Object o : markers) {
                    if (o instanceof Marker m && m.getLabel() != null) m.setLabelFont(covering(m.getLabel(), m.getLabelFont()));
                }
            }
            for (Object o : xy.getAnnotations()) {
                if (o instanceof XYTextAnnotation a) a.setFont(covering(a.getText(), a.getFont()));
            }
        } else if (chart.getPlot() instanceof CategoryPlot cp) {
            StringBuilder categories = new StringBuilder();
            for (Object key : cp.getCategories() == null ? List.of() : cp.getCategories()) categories.append(key);
            CategoryAxis axis = cp.getDomainAxis();
            if (axis != null) {
                axis.setTickLabelFont(covering(categories.toString(), axis.getTickLabelFont()));
                if (axis.getLabel() != null) axis.setLabelFont(covering(axis.getLabel(), axis.getLabelFont()));
            }
            if (cp.getRangeAxis() != null) fit(cp.getRangeAxis());
        }
    }

    private static void fit(TextTitle title) {
        title.setFont(covering(title.getText(), title.getFont()));
    }

    /** An axis's label, and its tick labels when they are names (the keys of a heat map). */
    private static void fit(ValueAxis axis) {
        if (axis == null) return;
        if (axis.getLabel() != null) axis.setLabelFont(covering(axis.getLabel(), axis.getLabelFont()));
        if (axis instanceof SymbolAxis symbols) {
            axis.setTickLabelFont(covering(String.join("", symbols.getSymbols()), axis.getTickLabelFont()));
        } else if (axis instanceof NumberAxis numbers && numbers.getNumberFormatOverride() != null) {
            // a heat map's key axis names its rows through a format of the row numbers
            StringBuilder names = new StringBuilder();
            long first = (long) Math.ceil(axis.getLowerBound());
            long last = Math.min((long) Math.floor(axis.getUpperBound()), first + 1000);
            for (long i = first; i <= last; i++) names.append(numbers.getNumberFormatOverride().format(i));
            axis.setTickLabelFont(covering(names.toString(), axis.getTickLabelFont()));
        }
    }
}
