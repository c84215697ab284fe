package io.statlens.chart;

import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeyPaletteTest {
    @Test
    void aKeyKeepsItsColourInEveryChartAndTheLinesOfAChartDiffer() {
        KeyPalette palette = new KeyPalette();
        palette.assign(List.of("sda", "sdb"));
        Color sda = palette.colour("sda");
        palette.assign(List.of("sdc", "sda", "sdd"));
        assertEquals(sda, palette.colour("sda"), "sda keeps its colour in the second chart");
        Set<Color> second = new HashSet<>(List.of(palette.colour("sdc"), palette.colour("sda"), palette.colour("sdd")));
        assertEquals(3, second.size(), "three lines, three colours");
        assertEquals(new Color(0x4E79A7), sda, "the first key gets the first colour");
    }

    @Test
    void theSameChartsInTheSameOrderGetTheSameColours() {
        List<List<String>> charts = List.of(List.of("0", "1", "2"), List.of("sda", "1"), List.of("eth0", "lo"));
        KeyPalette a = new KeyPalette().register(List.of("run-a", "run-b"));
        KeyPalette b = new KeyPalette().register(List.of("run-a", "run-b"));
        charts.forEach(a::assign);
        charts.forEach(b::assign);
        for (String key : List.of("run-a", "run-b", "0", "1", "2", "sda", "eth0", "lo")) {
            assertEquals(a.colour(key), b.colour(key), key);
        }
        assertEquals(new Color(0x4E79A7), a.colour("run-a"), "runs registered first take the first colours");
        assertEquals(new Color(0xF28E2B), a.colour("run-b"));
    }

    @Test
    void cpuTimeHasTheSameColourWhicheverToolPrintedIt() {
        KeyPalette palette = new KeyPalette();
        palette.assign(List.of("us", "sy", "wa", "id"));
        palette.assign(List.of("%usr", "%sys", "%iowait", "%idle"));
        palette.assign(List.of("usr", "sys", "wt", "idl"));
        assertEquals(palette.colour("us"), palette.colour("%usr"));
        assertEquals(palette.colour("us"), palette.colour("usr"));
        assertEquals(palette.colour("sy"), palette.colour("%sys"));
        assertEquals(palette.colour("wa"), palette.colour("wt"));
        assertEquals(KeyPalette.IDLE_GREY, palette.colour("%idle"));
        assertEquals(KeyPalette.IDLE_GREY, palette.colour("idl"));
        assertNotEquals(palette.colour("us"), palette.colour("sy"));
    }

    @Test
    void aChartWithMoreKeysThanBaseColoursStillGetsDistinctColours() {
        KeyPalette palette = new KeyPalette();
        List<String> keys = java.util.stream.IntStream.range(0, 16).mapToObj(Integer::toString).toList();
        palette.assign(keys);
        assertEquals(16, keys.stream().map(palette::colour).distinct().count());
    }

    /**
     * The ten busiest CPUs and their average are eleven lines; with a few more, every line of a chart still has a
     * colour of its own, each at least 25 apart from every other in CIELAB (ΔE 1976: about 2 is the least a person
     * sees; Tableau's own closest pair is about 30 apart).
     */
    @Test
    void thirteenLinesOfOneChartHaveThirteenDistinguishableColours() {
        KeyPalette palette = new KeyPalette();
        List<String> keys = java.util.stream.IntStream.range(0, 13).mapToObj(i -> "cpu" + i).toList();
        palette.assign(keys);
        List<Color> colours = new ArrayList<>();
        for (String k : keys) colours.add(palette.colour(k));
        assertEquals(13, new HashSet<>(colours).size());
        double closest = Double.MAX_VALUE;
        for (int i = 0; i < colours.size(); i++) {
            for (int j = i + 1; j < colours.size(); j++) closest = Math.min(closest, deltaE(colours.get(i), colours.get(j)));
        }
        assertTrue(closest >= 25, "closest pair ΔE " + closest);
    }

    private static double deltaE(Color a, Color b) {
        double[] p = lab(a);
        double[] q = lab(b);
        return Math.sqrt(Math.pow(p[0] - q[0], 2) + Math.pow(p[1] - q[1], 2) + Math.pow(p[2] - q[2], 2));
    }

    /** sRGB (D65) to CIELAB. */
    private static double[] lab(Color c) {
        double r = linear(c.getRed());
        double g = linear(c.getGreen());
        double b = linear(c.getBlue());
        double x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
        double y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
        double z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
        return new double[]{116 * y - 16, 500 * (x - y), 200 * (y - z)};
    }

    private static double linear(int v) {
        double u = v / 255.0;
        return u > 0.04045 ? Math.pow((u + 0.055) / 1.055, 2.4) : u / 12.92;
    }

    private static double f(double t) {
        return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16.0 / 116;
    }
}
