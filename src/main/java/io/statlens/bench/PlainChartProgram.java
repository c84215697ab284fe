package io.statlens.bench;

import org.apache.batik.svggen.SVGGraphics2D;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.DefaultXYDataset;

import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.Dimension;
import java.awt.geom.Rectangle2D;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;

/**
 * The baseline of {@code bench --charts}: what a performance engineer would write with JFreeChart alone to chart
 * {@code %usr} of an {@code mpstat} text file: read the file line by line, take the time and the column of every
 * {@code all} row, and draw every point as PNG and SVG (Batik, the SVG library statlens uses). It is given
 * JFreeChart's cheaper ways: arrays in a {@link DefaultXYDataset} rather than a {@code TimeSeries}, and the series
 * stroked as one path. It runs as a process of its own, so that it is measured whole, as {@code statlens chart} is.
 *
 * <p>Arguments: the mpstat file, the output folder, the width and height.
 */
public final class PlainChartProgram {
    private PlainChartProgram() {
    }

    public static void main(String[] args) throws Exception {
        Path input = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int width = Integer.parseInt(args[2]);
        int height = Integer.parseInt(args[3]);
        double[][] series = read(input);
        JFreeChart chart = chart(series);
        ChartUtils.saveChartAsPNG(out.resolve("plain.png").toFile(), chart, width, height);
        SVGGraphics2D svg = new SVGGraphics2D(DocumentBuilderFactory.newInstance().newDocumentBuilder().getDOMImplementation()
                .createDocument("http://www.w3.org/2000/svg", "svg", null));
        svg.setSVGCanvasSize(new Dimension(width, height));
        chart(series).draw(svg, new Rectangle2D.Double(0, 0, width, height));
        try (Writer w = new OutputStreamWriter(Files.newOutputStream(out.resolve("plain.svg")), StandardCharsets.UTF_8)) {
            svg.stream(w, true);
        }
    }

    /** Times (epoch milliseconds, the day advancing when the clock goes back) and {@code %usr} of the {@code all} rows. */
    static double[][] read(Path input) throws IOException {
        double[] x = new double[1 << 16];
        double[] y = new double[1 << 16];
        int n = 0;
        LocalDate day = null;
        LocalTime last = null;
        int column = -1;
        try (BufferedReader r = Files.newBufferedReader(input, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null; ) {
                String[] f = line.trim().split("\\s+");
                if (day == null && f.length > 3 && f[0].equals("Linux")) {
                    for (String s : f) {
                        if (s.matches("\\d\\d/\\d\\d/\\d{4}")) day = LocalDate.parse(s, DateTimeFormatter.ofPattern("MM/dd/yyyy"));
                    }
                } else if (f.length > 2 && f[1].equals("CPU")) {
                    column = Arrays.asList(f).indexOf("%usr");
                } else if (f.length > column && column > 0 && f[1].equals("all")) {
                    LocalTime t = LocalTime.parse(f[0]);
                    if (last != null && t.isBefore(last)) day = day.plusDays(1);
                    last = t;
                    if (n == x.length) {
                        x = Arrays.copyOf(x, n * 2);
                        y = Arrays.copyOf(y, n * 2);
                    }
                    x[n] = day.atTime(t).toInstant(ZoneOffset.UTC).toEpochMilli();
                    y[n++] = Double.parseDouble(f[column]);
                }
            }
        }
        return new double[][]{Arrays.copyOf(x, n), Arrays.copyOf(y, n)};
    }

    static JFreeChart chart(double[][] series) {
        DefaultXYDataset dataset = new DefaultXYDataset();
        dataset.addSeries("%usr", series);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setDrawSeriesLineAsPath(true);
        XYPlot plot = new XYPlot(dataset, new DateAxis("Time"), new NumberAxis("%usr"), renderer);
        return new JFreeChart("mpstat %usr", JFreeChart.DEFAULT_TITLE_FONT, plot, false);
    }
}
