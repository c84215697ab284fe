package io.statlens.bench;

import io.statlens.chart.ChartBuilder;
import io.statlens.chart.ChartData;
import io.statlens.chart.ChartKind;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.HotEnd;
import io.statlens.chart.KeyPalette;
import io.statlens.chart.PeakPreservingDecimator;
import io.statlens.chart.RenderSize;
import org.jfree.chart.JFreeChart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code statlens bench --charts}: draws one long series (a million samples by default) as PNG and
 * SVG twice in the same run: as statlens draws it (min and max per pixel column) and as JFreeChart
 * alone would (every point, as one path: JFreeChart's faster way), and reports times and sizes.
 */
public final class ChartBench {
    /** The size every chart is drawn at. */
    public static final RenderSize SIZE = RenderSize.DEFAULT;

    private ChartBench() {
    }

    /** Times and sizes of one way of drawing the series. */
    public record Drawing(long pngNanos, long pngBytes, long svgNanos, long svgBytes) {
    }

    /**
     * @param points  samples in the series
     * @param drawn   samples statlens draws (min and max per pixel column)
     * @param fast    statlens' drawing
     * @param full    JFreeChart drawing every point
     */
    public record Result(int points, int drawn, Drawing fast, Drawing full) {
    }

    /** @param dir where to write the charts drawn, or null to keep them in memory only */
    public static Result run(int points, Path dir) throws IOException {
        ChartData data = series(points, 42);
        // Warm up class loading, fonts and the JIT on a smaller series, so that both sides are measured warm.
        ChartData warmUp = series(Math.min(points, 50_000), 7);
        for (boolean decimate : new boolean[]{true, false}) measure(warmUp, decimate, null, "warm-up");
        Drawing fast = measure(data, true, dir, "decimated");
        Drawing full = measure(data, false, dir, "every-point");
        ChartData.PlotSeries s = data.series().get(0);
        int drawn = PeakPreservingDecimator.select(s.x(), s.y(), s.x()[0], s.x()[points - 1], SIZE.columns()).length;
        return new Result(points, drawn, fast, full);
    }

    private static Drawing measure(ChartData data, boolean decimate, Path dir, String name) throws IOException {
        ChartBuilder builder = new ChartBuilder(new KeyPalette(), ZoneOffset.UTC, decimate);
        long t0 = System.nanoTime();
        JFreeChart chart = builder.build(data, SIZE);
        byte[] png = ChartWriter.png(chart, SIZE);
        long t1 = System.nanoTime();
        byte[] svg = ChartWriter.svg(builder.build(data, SIZE), SIZE);
        long t2 = System.nanoTime();
        if (dir != null && !name.equals("warm-up")) {
            Files.createDirectories(dir);
            Files.write(dir.resolve("bench-" + name + ".png"), png);
            Files.write(dir.resolve("bench-" + name + ".svg"), svg);
        }
        return new Drawing(t1 - t0, png.length, t2 - t1, svg.length);
    }

    /** A %util-like series: a slow wave, noise, a one-sample spike to 100 every 50,000 points and a drop to 0 in the middle. */
    static ChartData series(int points, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = new double[points];
        double[] y = new double[points];
        long start = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
        for (int i = 0; i < points; i++) {
            x[i] = start + i * 1000.0;
            double v = 40 + 25 * Math.sin(2 * Math.PI * i / 86_400.0) + (random.nextDouble() - 0.5) * 10;
            if (i % 50_000 == 25_000) v = 100;
            if (i == points / 2) v = 0;
            y[i] = Math.max(0, Math.min(100, v));
        }
        return new ChartData("bench", ChartKind.LINE, "bench %util", String.format(java.util.Locale.ROOT, "%,d points", points), ChartData.Domain.TIME,
                null, "Device", "%util (%)", "%", HotEnd.HIGH, List.of(new ChartData.PlotSeries("sda", "sda", 0, x, y)),
                List.of(), List.of());
    }
}
