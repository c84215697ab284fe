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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * {@code statlens bench --charts}: draws one long series (a million samples by default) as PNG and SVG
 * in two ways, in turn (A/B/A/B...): as statlens draws it (min and max per pixel column) and as JFreeChart
 * alone would (every point, as one path: JFreeChart's faster way), and reports their CPU times and sizes.
 */
public final class ChartBench {
    /** The size every chart is drawn at. */
    public static final RenderSize SIZE = RenderSize.DEFAULT;
    public static final String DECIMATED = "statlens: min/max per pixel column";
    public static final String EVERY_POINT = "JFreeChart: every point";

    private ChartBench() {
    }

    /** The files one way of drawing wrote. */
    public record Sizes(long pngBytes, long svgBytes) {
    }

    /**
     * @param points   samples in the series
     * @param drawn    samples statlens draws (min and max per pixel column)
     * @param drawings both ways of drawing, PNG and SVG together, the chart's building included
     * @param sizes    the files of each way, by the name of its step
     */
    public record Result(int points, int drawn, List<Samples> drawings, Map<String, Sizes> sizes) {
        public Samples drawing(String name) {
            return drawings.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        }
    }

    /** @param dir where to write the charts drawn, or null to keep them in memory only */
    public static Result run(int points, int repetitions, Path dir, Consumer<String> progress) throws Exception {
        ChartData data = series(points, 42);
        // Warm up class loading, fonts and the JIT on a smaller series, so that both sides are measured warm.
        ChartData warmUp = series(Math.min(points, 50_000), 7);
        for (boolean decimate : new boolean[]{true, false}) draw(warmUp, decimate);
        Map<String, Sizes> sizes = new LinkedHashMap<>();
        List<Samples> drawings = Alternation.run(repetitions, List.of(
                new Alternation.Step(DECIMATED, r -> measure(data, true, r == 0 ? dir : null, "decimated", sizes, DECIMATED)),
                new Alternation.Step(EVERY_POINT, r -> measure(data, false, r == 0 ? dir : null, "every-point", sizes, EVERY_POINT))),
                progress);
        ChartData.PlotSeries s = data.series().get(0);
        int drawn = PeakPreservingDecimator.select(s.x(), s.y(), s.x()[0], s.x()[points - 1], SIZE.columns()).length;
        return new Result(points, drawn, drawings, sizes);
    }

    private static Stopwatch.Timed measure(ChartData data, boolean decimate, Path dir, String file, Map<String, Sizes> sizes,
                                           String step) throws IOException {
        Stopwatch clock = Stopwatch.start();
        byte[][] drawn = draw(data, decimate);
        Measurement cost = clock.stop();
        sizes.put(step, new Sizes(drawn[0].length, drawn[1].length));
        if (dir != null) {
            Files.createDirectories(dir);
            Files.write(dir.resolve("bench-" + file + ".png"), drawn[0]);
            Files.write(dir.resolve("bench-" + file + ".svg"), drawn[1]);
        }
        return new Stopwatch.Timed(data.series().get(0).x().length, cost);
    }

    /** The PNG and the SVG, each from a chart built for it, as {@code chart --format png,svg} does. */
    private static byte[][] draw(ChartData data, boolean decimate) throws IOException {
        ChartBuilder builder = new ChartBuilder(new KeyPalette(), ZoneOffset.UTC, decimate);
        JFreeChart chart = builder.build(data, SIZE);
        byte[] png = ChartWriter.png(chart, SIZE);
        byte[] svg = ChartWriter.svg(builder.build(data, SIZE), SIZE);
        return new byte[][]{png, svg};
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
