package io.statlens.chart;

import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartRenderTest {
    private static final long T0 = Instant.parse("2024-03-01T09:00:00Z").toEpochMilli();

    private static ChartData line(int points, ChartKind kind, List<ChartData.ChartMarker> markers) {
        double[] x = new double[points];
        double[] y = new double[points];
        for (int i = 0; i < points; i++) {
            x[i] = T0 + i * 1000.0;
            y[i] = 40 + 20 * Math.sin(i / 50.0) + (i % 7);
        }
        y[points / 3] = 100;
        return new ChartData("t", kind, "iostat %util", "run test", ChartData.Domain.TIME, null, "Device", "%util (%)", "%",
                HotEnd.HIGH, List.of(new ChartData.PlotSeries("sda", "sda", 0, x, y)), List.of(), markers);
    }

    private static BufferedImage png(ChartData data, RenderSize size) throws Exception {
        JFreeChart chart = new ChartBuilder(new KeyPalette(), ZoneOffset.UTC).build(data, size);
        return ImageIO.read(new ByteArrayInputStream(ChartWriter.png(chart, size)));
    }

    private static int countRgb(BufferedImage image, int rgb) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) n++;
        }
        return n;
    }

    @Test
    void aLineChartIsAPngOfTheAskedSizeWithTheLineDrawn() throws Exception {
        BufferedImage image = png(line(500, ChartKind.LINE, List.of()), RenderSize.DEFAULT);
        assertEquals(1200, image.getWidth());
        assertEquals(600, image.getHeight());
        assertTrue(countRgb(image, 0x4E79A7) > 500, "the series colour is drawn");
        assertTrue(countRgb(image, 0xFFFFFF) > 1200 * 600 / 2, "on a white background");

        BufferedImage hiDpi = png(line(500, ChartKind.LINE, List.of()), new RenderSize(1200, 600, 2));
        assertEquals(2400, hiDpi.getWidth(), "scale 2 doubles the pixels for high-DPI screens");
        assertEquals(1200, hiDpi.getHeight());
    }

    /** A collect restarted after five minutes: the line stops at the last sample before and starts again after. */
    @Test
    void aGapInTheSamplesBreaksTheLineInsteadOfJoiningAcrossIt() throws Exception {
        double[] x = new double[200];
        double[] y = new double[200];
        for (int i = 0; i < 200; i++) {
            x[i] = T0 + (i < 100 ? i : i + 300) * 1000.0;
            y[i] = 40 + 20 * Math.sin(i / 5.0) + (i % 7);
        }
        ChartData data = new ChartData("t", ChartKind.LINE, "iostat %util", "run test", ChartData.Domain.TIME, null, "Device", "%util (%)",
                "%", HotEnd.HIGH, List.of(new ChartData.PlotSeries("sda", "sda", 0, x, y)), List.of(), List.of());
        BufferedImage image = png(data, RenderSize.DEFAULT);
        int drawn = 0;
        int inTheGap = 0;
        for (int px = 0; px < image.getWidth(); px++) {
            for (int py = 0; py < image.getHeight(); py++) {
                if ((image.getRGB(px, py) & 0xFFFFFF) != 0x4E79A7) continue;
                drawn++;
                // the gap is 100 s to 400 s of 0 s to 499 s: the middle fifth of the plot is well inside it
                if (px > image.getWidth() * 0.4 && px < image.getWidth() * 0.6) inTheGap++;
            }
        }
        assertTrue(drawn > 200, "the samples either side are drawn: " + drawn);
        assertEquals(0, inTheGap, "nothing is drawn across the gap");
    }

    /**
     * A run ending eight minutes after midnight on a 640 pixel chart: its last tick label ({@code 03-03 00:00}, centred
     * on its tick a few pixels left of the plot's edge) is whole, not cut at the chart's right edge.
     */
    @Test
    void theLastTimeLabelNearTheRightEdgeIsNotCut() throws Exception {
        long start = Instant.parse("2024-03-01T23:30:00Z").toEpochMilli();
        int points = (24 * 60 + 38) + 1;
        double[] x = new double[points];
        double[] y = new double[points];
        for (int i = 0; i < points; i++) {
            x[i] = start + i * 60_000.0;
            y[i] = 40 + 20 * Math.sin(i / 30.0);
        }
        ChartData data = new ChartData("t", ChartKind.LINE, "mpstat %usr", "run test", ChartData.Domain.TIME, null, "CPU", "%usr (%)",
                "%", HotEnd.HIGH, List.of(new ChartData.PlotSeries("all", "all", 0, x, y)), List.of(), List.of());
        BufferedImage image = png(data, new RenderSize(640, 300, 1));
        int inked = 0;
        for (int px = image.getWidth() - 3; px < image.getWidth(); px++) {
            for (int py = 0; py < image.getHeight(); py++) {
                int rgb = image.getRGB(px, py);
                if (((rgb >> 16) & 0xFF) < 0xE0 || ((rgb >> 8) & 0xFF) < 0xE0 || (rgb & 0xFF) < 0xE0) inked++;
            }
        }
        assertEquals(0, inked, "pixels of a label in the chart's last three columns");
    }

    @Test
    void svgKeepsTextAsTextWithMarkerLabels() {
        ChartData data = line(500, ChartKind.LINE, List.of(new ChartData.ChartMarker(T0 + 100_000, "warm-up done")));
        JFreeChart chart = new ChartBuilder(new KeyPalette(), ZoneOffset.UTC).build(data, RenderSize.DEFAULT);
        String svg = new String(ChartWriter.svg(chart, RenderSize.DEFAULT), StandardCharsets.UTF_8);
        List<String> texts = texts(svg);
        assertTrue(texts.contains("iostat %util"), texts.toString());
        assertTrue(texts.contains("%util (%)"), "axis label with unit: " + texts);
        assertTrue(texts.contains("warm-up done"), "annotation label: " + texts);
        assertTrue(texts.contains("time (UTC)"), texts.toString());
        assertTrue(svg.contains("viewBox=\"0 0 1200 600\""));
    }

    @Test
    void markerLabelsNeverOverlap() {
        List<ChartData.ChartMarker> notes = new ArrayList<>();
        notes.add(new ChartData.ChartMarker(T0 + 100_000, "backup started"));
        notes.add(new ChartData.ChartMarker(T0 + 100_000, "checkpoint"));
        for (int i = 0; i < 6; i++) notes.add(new ChartData.ChartMarker(T0 + 101_000 + i * 1000, "a long note number " + i));
        notes.add(new ChartData.ChartMarker(T0 + 499_000, "at the right edge"));
        JFreeChart chart = new ChartBuilder(new KeyPalette(), ZoneOffset.UTC).build(line(500, ChartKind.LINE, notes), RenderSize.DEFAULT);
        List<org.jfree.chart.plot.Marker> markers = new ArrayList<>(chart.getXYPlot().getDomainMarkers(org.jfree.chart.ui.Layer.FOREGROUND));
        assertEquals(8, markers.size(), "two notes at one time share one marker");
        assertEquals("backup started; checkpoint", markers.get(0).getLabel());
        java.util.Set<Double> offsets = new java.util.HashSet<>();
        List<String> numbered = new ArrayList<>();
        for (org.jfree.chart.plot.Marker m : markers.subList(0, markers.size() - 1)) {
            if (m.getLabel().matches("\\(\\d+\\)")) numbered.add(m.getLabel());
            else assertTrue(offsets.add(m.getLabelOffset().getTop()), "close labels take different lines: " + m.getLabel());
        }
        assertEquals(List.of("(1)", "(2)", "(3)"), numbered, "labels with no room left become numbers");
        String footnotes = ((org.jfree.chart.title.TextTitle) chart.getSubtitle(chart.getSubtitleCount() - 1)).getText();
        assertEquals("(1) a long note number 3   (2) a long note number 4   (3) a long note number 5", footnotes);
        org.jfree.chart.plot.Marker right = markers.get(markers.size() - 1);
        assertEquals("at the right edge", right.getLabel());
        assertEquals(org.jfree.chart.ui.TextAnchor.TOP_RIGHT, right.getLabelTextAnchor(), "at the right edge the label reads leftwards");
    }

    /**
     * A million points are drawn as the few a chart's pixel columns can show: what makes them fast (measured by
     * {@code statlens bench --charts}, not here, on a shared machine) and the SVG small.
     */
    @Test
    void aMillionPointsAreDrawnAsTwoPerPixelColumnAndMakeASmallSvg() {
        ChartData data = line(1_000_000, ChartKind.LINE, List.of());
        ChartBuilder builder = new ChartBuilder(new KeyPalette(), ZoneOffset.UTC);
        JFreeChart chart = builder.build(data, RenderSize.DEFAULT);
        int drawn = chart.getXYPlot().getDataset().getItemCount(0);
        assertTrue(drawn <= 2 * RenderSize.DEFAULT.columns() + 2, "points drawn of 1M: " + drawn);
        assertTrue(ChartWriter.png(chart, RenderSize.DEFAULT).length > 0);
        byte[] svg = ChartWriter.svg(builder.build(data, RenderSize.DEFAULT), RenderSize.DEFAULT);
        assertTrue(svg.length < 1_000_000, "SVG of 1M points: " + svg.length + " bytes");
        assertTrue(texts(new String(svg, StandardCharsets.UTF_8)).contains("iostat %util"));
    }

    @Test
    void aHeatMapDrawsBusyCellsInTheHotColour() throws Exception {
        // Two CPUs, ten samples; CPU 1 is 0% idle in the second half (hot end low, as for %idle).
        List<ChartData.PlotSeries> rows = new ArrayList<>();
        for (int cpu = 0; cpu < 2; cpu++) {
            double[] x = new double[10];
            double[] y = new double[10];
            for (int i = 0; i < 10; i++) {
                x[i] = T0 + i * 60_000.0;
                y[i] = cpu == 1 && i >= 5 ? 0 : 100;
            }
            rows.add(new ChartData.PlotSeries(Integer.toString(cpu), Integer.toString(cpu), 0, x, y));
        }
        ChartData data = new ChartData("h", ChartKind.HEATMAP, "idle", "", ChartData.Domain.TIME, null, "CPU", "%idle (%)", "%",
                HotEnd.LOW, rows, List.of(), List.of());
        BufferedImage image = png(data, RenderSize.DEFAULT);
        int hottest = 0x800026;
        int palest = 0xFFFFCC;
        assertTrue(countRgb(image, hottest) > 10_000, "CPU 1's busy half is dark red");
        assertTrue(countRgb(image, palest) > 3 * countRgb(image, hottest), "three quarters of the cells are idle, pale");
    }

    @Test
    void stackedAreaAndBarsDrawTheirColours() throws Exception {
        double[] x = {T0, T0 + 1000, T0 + 2000};
        List<ChartData.PlotSeries> layers = List.of(new ChartData.PlotSeries("%usr", "%usr", 0, x, new double[]{60, 50, 70}),
                new ChartData.PlotSeries("%idle", "%idle", 0, x, new double[]{40, 50, 30}));
        BufferedImage area = png(new ChartData("a", ChartKind.AREA, "cpu", "", ChartData.Domain.TIME, null, "", "%usr, %idle (%)",
                "%", HotEnd.HIGH, layers, List.of(), List.of()), RenderSize.DEFAULT);
        assertTrue(countRgb(area, 0x4E79A7) > 100_000, "user time is blue");
        assertTrue(countRgb(area, 0xD9D9D9) > 100_000, "idle is light grey");

        List<ChartData.BarValue> bars = List.of(new ChartData.BarValue("sda", "base", 10),
                new ChartData.BarValue("sda", "new", 20));
        KeyPalette palette = new KeyPalette().register(List.of("base", "new"));
        ChartData barData = new ChartData("b", ChartKind.BARS, "mean", "", ChartData.Domain.NUMBER, null, "Device",
                "mean %util (%)", "%", HotEnd.HIGH, List.of(), bars, List.of());
        JFreeChart chart = new ChartBuilder(palette, ZoneOffset.UTC).build(barData, RenderSize.DEFAULT);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(ChartWriter.png(chart, RenderSize.DEFAULT)));
        int base = countRgb(image, 0x4E79A7);
        int other = countRgb(image, 0xF28E2B);
        assertTrue(base > 1000 && other > 1.8 * base, "the bar of 20 is about twice the bar of 10: " + base + " vs " + other);
    }

    static List<String> texts(String svg) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<text[^>]*>([^<]*)</text").matcher(svg);
        while (m.find()) out.add(m.group(1).trim());
        return out;
    }
}
