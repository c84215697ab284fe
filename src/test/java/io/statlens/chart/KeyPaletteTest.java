package io.statlens.chart;

import org.junit.jupiter.api.Test;

import java.awt.Color;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
}
