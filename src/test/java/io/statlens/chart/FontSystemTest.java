package io.statlens.chart;

import org.junit.jupiter.api.Test;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The font system's start: it lays out text in the theme's fonts, the widest being the bold title's. */
class FontSystemTest {
    @Test
    void laysOutTheSampleInTheThemesFontsAndGivesTheWidestAdvance() {
        float title = new TextLayout("100 - %idle (%) 0123456789", ChartTheme.TITLE,
                new FontRenderContext(null, true, true)).getAdvance();
        assertEquals(Font.BOLD, ChartTheme.TITLE.getStyle());
        assertEquals(title, FontSystem.start(), 1e-3);
    }
}
