package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
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
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * {@code statlens bench --charts}: draws one long series (a million samples by default) as PNG and
 * SVG twice in the same run: as statlens draws it (min and max per pixel column) and as JFreeChart
 * alone would (every point, as one path: JFreeChart's faster way), and reports times and sizes.
 */
final class ChartBench {
    private static final RenderSize SIZE = RenderSize.DEFAULT;

    private ChartBench() {
    }

    static void run(PrintWriter out, int points, Path dir) throws IOException {
        ChartData data = series(points, 42);
        out.printf(Locale.ROOT, "series: %,d points, 1 s apart (a day-long wave, noise, and one-sample spikes); chart %d x %d, PNG scale %s%n",
                points, SIZE.width(), SIZE.height(), ReadableNumbers.ROOT.number(SIZE.scale()));
        // Warm up class loading, fonts and the JIT on a smaller series, so that both sides are measured warm.
        ChartData warmUp = series(Math.min(points, 50_000), 7);
        for (boolean decimate : new boolean[]{true, false}) measure(warmUp, decimate, null, "warm-up");
        Result fast = measure(data, true, dir, "decimated");
        Result full = measure(data, false, dir, "every-point");
        TextTable t = new TextTable(ReadableNumbers.ROOT, "RENDERING", "POINTS DRAWN", "PNG S", "PNG SIZE", "SVG S", "SVG SIZE").right(1, 2, 3, 4, 5);
        ChartData.PlotSeries s = data.series().get(0);
        int drawn = PeakPreservingDecimator.select(s.x(), s.y(), s.x()[0], s.x()[points - 1], SIZE.columns()).length;
        t.add("statlens: min/max per pixel column", drawn, seconds(fast.pngNanos), Format.bytes(fast.pngBytes, ReadableNumbers.ROOT),
                seconds(fast.svgNanos), Format.bytes(fast.svgBytes, ReadableNumbers.ROOT));
        t.add("JFreeChart: every point", points, seconds(full.pngNanos), Format.bytes(full.pngBytes, ReadableNumbers.ROOT),
                seconds(full.svgNanos), Format.bytes(full.svgBytes, ReadableNumbers.ROOT));
        t.print(out);
        out.printf(Locale.ROOT, "statlens vs every point: PNG %.1fx faster, SVG %.1fx faster and %.0fx smaller"
                        + " (times include building the chart)%n", (double) full.pngNanos / fast.pngNanos,
                (double) full.svgNanos / fast.svgNanos, (double) full.svgBytes / fast.svgBytes);
        if (dir != null) out.println("charts written to " + dir);
    }

    private record Result(long pngNanos, long pngBytes, long svgNanos, long svgBytes) {
    }

    private static Result measure(ChartData data, boolean decimate, Path dir, String name) throws IOException {
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
        return new Result(t1 - t0, png.length, t2 - t1, svg.length);
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
        return new ChartData("bench", ChartKind.LINE, "bench %util", String.format(Locale.ROOT, "%,d points", points), ChartData.Domain.TIME,
                null, "Device", "%util (%)", "%", HotEnd.HIGH, List.of(new ChartData.PlotSeries("sda", "sda", 0, x, y)),
                List.of(), List.of());
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }
}
