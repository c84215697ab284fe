package io.statlens.bench;

import io.statlens.chart.ChartBuilder;
import io.statlens.chart.ChartData;
import io.statlens.chart.ChartKind;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.HotEnd;
import io.statlens.chart.KeyPalette;
import io.statlens.chart.PeakPreservingDecimator;
import io.statlens.chart.RenderSize;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Parser;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.RunLedger;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.jfree.chart.JFreeChart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
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
    public static final String ZOOM = "zoom to the middle half: cut and decimate again, build the chart";

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
     * @param zoom     a zoom's redrawing: the series cut to the middle half and decimated again, the chart built
     */
    public record Result(int points, int drawn, List<Samples> drawings, Map<String, Sizes> sizes, Samples zoom) {
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
        // What a zoom in the window costs before the new picture is painted: ChartService.redraw's cut and decimation.
        double from = s.x()[points / 4];
        double to = s.x()[points * 3 / 4];
        List<Samples> zoom = Alternation.run(repetitions, List.of(new Alternation.Step(ZOOM, r -> {
            Stopwatch clock = Stopwatch.start();
            ChartData part = data.between(from, to);
            new ChartBuilder(new KeyPalette(), ZoneOffset.UTC).build(part, SIZE);
            return new Stopwatch.Timed(part.series().get(0).x().length, clock.stop());
        })), progress);
        return new Result(points, drawn, drawings, sizes, zoom.get(0));
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

    /**
     * The whole-process comparison: {@code statlens chart --format png,svg} of a run's series against
     * {@link PlainChartProgram} reading the same series from the text file, each a process of its own, in turn.
     *
     * @param points   samples in the series
     * @param commands each step's command line, by the name of its step
     * @param runs     both steps (CPU time of the whole process, wall time)
     * @param sizes    the files of each step
     */
    public record Processes(long points, Workload input, Map<String, List<String>> commands, List<Samples> runs,
                            Map<String, Sizes> sizes) {
        public Samples step(String name) {
            return runs.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        }
    }

    public static final String STATLENS_CHART = "statlens chart --format png,svg";
    public static final String PLAIN_PROGRAM = "plain JFreeChart program, every point";

    /**
     * Writes {@code mpstat 1} output of {@code points} seconds, imports it into a repository in {@code work} (not
     * measured), then runs {@code statlens chart} of its {@code %usr} and the plain program on the text file in turn.
     */
    public static Processes runProcesses(Path work, int points, int repetitions, Consumer<String> progress) throws Exception {
        Workload input = Workload.mpstatAll(work, points);
        Path repo = work.resolve("repo-chart");
        importOnce(repo, "bench", points, () -> input, progress);
        Path statlensOut = Files.createDirectories(work.resolve("charts-statlens"));
        Path plainOut = Files.createDirectories(work.resolve("charts-plain"));
        List<String> statlens = new ArrayList<>(StatlensProcess.statlens());
        statlens.addAll(List.of("chart", "bench", "--tool", "mpstat", "--metric", "%usr", "--format", "png,svg",
                "--width", Integer.toString(SIZE.width()), "--height", Integer.toString(SIZE.height()),
                "-o", statlensOut.toString(), "--repo", repo.toString()));
        List<String> plain = new ArrayList<>(StatlensProcess.java());
        plain.addAll(List.of(PlainChartProgram.class.getName(), input.file().toString(), plainOut.toString(),
                Integer.toString(SIZE.width()), Integer.toString(SIZE.height())));
        Path errors = work.resolve("child-errors.txt");
        List<Samples> runs = Alternation.run(repetitions, List.of(
                new Alternation.Step(STATLENS_CHART, r -> new Stopwatch.Timed(input.rows(), ChildProcess.run(statlens, errors))),
                new Alternation.Step(PLAIN_PROGRAM, r -> new Stopwatch.Timed(input.rows(), ChildProcess.run(plain, errors)))), progress);
        Map<String, Sizes> sizes = new LinkedHashMap<>();
        sizes.put(STATLENS_CHART, new Sizes(Files.size(statlensOut.resolve("bench_mpstat_pct-usr_line.png")),
                Files.size(statlensOut.resolve("bench_mpstat_pct-usr_line.svg"))));
        sizes.put(PLAIN_PROGRAM, new Sizes(Files.size(plainOut.resolve("plain.png")), Files.size(plainOut.resolve("plain.svg"))));
        return new Processes(input.rows(), input, Map.of(STATLENS_CHART, statlens, PLAIN_PROGRAM, plain), runs, sizes);
    }

    public static final String CHART = "chart --format png,svg";
    public static final String REPORT = "report (PDF)";

    /**
     * Whether a chart's and a report's cost is set by the picture, not the data: the same commands on a run of {@code
     * small} samples and on one of {@code large}, whole processes in turn.
     *
     * @param steps each command on each run, named by {@link #scaleStep}; the count of each is its run's rows
     */
    public record Scale(int small, int large, Map<String, List<String>> commands, List<Samples> steps) {
        public Samples step(String command, int points) {
            return steps.stream().filter(s -> s.name().equals(scaleStep(command, points))).findFirst().orElseThrow();
        }
    }

    public static String scaleStep(String command, int points) {
        return String.format(java.util.Locale.ROOT, "%s, %,d-row run", command, points);
    }

    /**
     * Imports {@code mpstat 1} output of {@code small} and of {@code large} seconds as two runs of one repository in
     * {@code work} (not measured; each file deleted once imported), then runs {@code statlens chart} of each run's
     * {@code %usr} and {@code statlens report} of each run, in turn.
     */
    public static Scale runScale(Path work, int small, int large, int repetitions, Consumer<String> progress) throws Exception {
        Path repo = work.resolve("repo-scale");
        Map<String, List<String>> commands = new LinkedHashMap<>();
        List<Alternation.Step> steps = new ArrayList<>();
        Path errors = work.resolve("child-errors.txt");
        for (int points : new int[]{small, large}) {
            String run = "run" + points;
            Path input = work.resolve("scale-" + points);
            // The file is written only when the run is imported, and deleted once it is: ten million rows are 1.8 GiB.
            if (importOnce(repo, run, points, () -> Workload.mpstatAll(Files.createDirectories(input), points), progress)) {
                Files.delete(input.resolve("mpstat-all.txt"));
            }
            Path out = Files.createDirectories(work.resolve("scale-out-" + points));
            List<String> chart = new ArrayList<>(StatlensProcess.statlens());
            chart.addAll(List.of("chart", run, "--tool", "mpstat", "--metric", "%usr", "--format", "png,svg", "-o", out.toString(),
                    "--repo", repo.toString()));
            List<String> report = new ArrayList<>(StatlensProcess.statlens());
            report.addAll(List.of("report", run, "-o", out.resolve("report.pdf").toString(), "--repo", repo.toString()));
            commands.put(scaleStep(CHART, points), chart);
            commands.put(scaleStep(REPORT, points), report);
            steps.add(new Alternation.Step(scaleStep(CHART, points), r -> new Stopwatch.Timed(points, ChildProcess.run(chart, errors))));
            steps.add(new Alternation.Step(scaleStep(REPORT, points), r -> new Stopwatch.Timed(points, ChildProcess.run(report, errors))));
        }
        return new Scale(small, large, commands, Alternation.run(repetitions, steps, progress));
    }

    /** Writes the input of a run: {@code mpstat 1} output ({@link Workload#mpstatAll}). */
    @FunctionalInterface
    interface Input {
        Workload write() throws IOException;
    }

    /**
     * Makes sure the repository holds {@code run} as {@code points} seconds of {@code mpstat 1} ({@code input}), imported
     * (not measured): a bench run again with the same --dir finds the run the earlier one imported and keeps it (the
     * generator's seed is fixed, so the same points are the same rows); a run of that name with other rows (another
     * --points) is deleted and imported again. Both are said in the progress.
     *
     * @return whether it imported (then the input was written)
     */
    static boolean importOnce(Path repo, String run, int points, Input input, Consumer<String> progress) throws IOException {
        try (Repository r = Repository.open(RepositoryLocation.embedded(repo))) {
            java.util.Optional<RunCatalog.RunInfo> earlier = new RunCatalog(r).runs().stream().filter(i -> i.name().equals(run)).findFirst();
            if (earlier.isPresent() && earlier.get().rows() == points) {
                progress.accept(String.format(java.util.Locale.ROOT, "run %s of %s: %,d rows, imported by an earlier bench with this --dir, kept",
                        run, repo, points));
                return false;
            }
            if (earlier.isPresent()) {
                progress.accept(String.format(java.util.Locale.ROOT, "run %s of %s holds %,d rows, not %,d: deleted, to be imported again",
                        run, repo, earlier.get().rows(), points));
                new RunLedger(r).deleteRun(run);
            }
            Workload written = input.write();
            progress.accept(String.format(java.util.Locale.ROOT, "importing %,d rows of %s as run %s (not measured)", written.rows(),
                    written.file().getFileName(), run));
            Parser mpstat = ParserCatalog.installed().byTool("mpstat").orElseThrow();
            new ImportService(r, new ParserCatalog(List.of(mpstat))).run(ImportRequest.of(run, ZoneOffset.UTC, written.file()),
                    ImportProgress.NONE);
            return true;
        }
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
