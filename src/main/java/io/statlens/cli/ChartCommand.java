package io.statlens.cli;

import io.statlens.chart.ChartDefinition;
import io.statlens.chart.ChartFormat;
import io.statlens.chart.ChartKind;
import io.statlens.chart.ChartMark;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartResult;
import io.statlens.chart.ChartService;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.HotEnd;
import io.statlens.chart.PresetCatalog;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.read.RunCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/**
 * {@code statlens chart RUN...}: draws charts of runs as PNG and/or SVG files, from metrics named on
 * the command line or from presets, and prints the paths of the files written.
 */
@Command(name = "chart", mixinStandardHelpOptions = true,
        description = {"Draw charts of runs as PNG and SVG files; print the paths written.",
                "Name metrics (--tool T --metric M), presets (--preset NAME; a tool name " +
                        "stands for all its presets), or --defaults for the presets of every data " +
                        "set the runs hold. Several runs share an elapsed-time axis (an overlay).",
                "Files are named RUN_DATASET_METRIC_KIND or RUN_PRESET_KIND. See docs/charts.md."})
public final class ChartCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Parameters(paramLabel = "RUN", arity = "0..*", description = "Runs to chart.")
    List<String> runs = new ArrayList<>();

    @Option(names = "--tool", paramLabel = "T", description = "Data set: a tool (iostat) or tool.dataset (iostat.cpu).")
    String tool;

    @Option(names = "--metric", paramLabel = "M", description = "A metric label as the tool prints it (%%util); repeatable."
            + " Each gets its own chart, except with --kind area, which stacks them.")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--kind", paramLabel = "K", description = "line (default), area, heatmap, overlay or bars.")
    String kind;

    @Option(names = "--key", paramLabel = "K", description = "Draw only this key (CPU, device...); repeatable.")
    List<String> keys = new ArrayList<>();

    @Option(names = "--top", paramLabel = "N", description = "Draw only the N busiest keys (by mean).")
    Integer top;

    @Option(names = "--hot", paramLabel = "END", description = "Which end of the metric is busy: high (default) or low (%%idle).")
    String hot;

    @Option(names = "--title", paramLabel = "TEXT", description = "Chart title (default: data set and metric).")
    String title;

    @Option(names = "--preset", paramLabel = "NAME",
            description = "A chart preset, or a tool name for all its presets; repeatable. See: statlens presets.")
    List<String> presets = new ArrayList<>();

    @Option(names = "--defaults", description = "Every preset that applies to a data set the runs hold.")
    boolean defaults;

    @Option(names = "--format", paramLabel = "F", split = ",", defaultValue = "png",
            description = "png, svg or png,svg (default: ${DEFAULT-VALUE}).")
    List<String> formats;

    @Option(names = "--scale", paramLabel = "S", defaultValue = "1", description = "PNG pixels per point, 2 for high-DPI screens"
            + " (default: ${DEFAULT-VALUE}).")
    double scale;

    @Option(names = "--width", paramLabel = "PX", defaultValue = "1200", description = "Width (default: ${DEFAULT-VALUE}).")
    int width;

    @Option(names = "--height", paramLabel = "PX", defaultValue = "600", description = "Height (default: ${DEFAULT-VALUE}).")
    int height;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = ".", description = "Output folder (default: current).")
    Path output;

    @Option(names = "--include-since-boot", description = "Draw the since-boot sample vmstat/iostat/mpstat print first.")
    boolean sinceBoot;

    @Option(names = "--mark", paramLabel = "TIME=TEXT", description = "Draw a labelled marker: TIME is seconds since each run's"
            + " start (90, 90s) or an ISO time (2024-03-01T09:05:00Z); repeatable.")
    List<String> marks = new ArrayList<>();

    @Option(names = "--tz", paramLabel = "ZONE", defaultValue = "UTC",
            description = "Zone of the time axis (default: ${DEFAULT-VALUE}).")
    String tz;

    @Override
    public Integer call() throws IOException {
        ZoneId zone = zone(tz);
        RenderSize size = new RenderSize(width, height, scale);
        Set<ChartFormat> chosenFormats = new LinkedHashSet<>();
        for (String f : formats) chosenFormats.add(ChartFormat.parse(f));
        List<ChartMark> parsedMarks = marks.stream().map(m -> mark(m, zone)).toList();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (Repository repo = repository.openExisting()) {
            RunCatalog catalog = new RunCatalog(repo);
            runs.forEach(catalog::run);
            List<ChartDefinition> definitions = definitions(new PresetCatalog(repo), catalog);
            boolean lenient = !presets.isEmpty() || defaults;
            // The runs' notes (statlens note) and the --mark markers of this command are all drawn.
            // The default set leaves out charts of nothing but zeros (a swap chart of a host that never swapped), saying so.
            ChartResult result = new ChartService(repo, zone).draw(new ChartRequest(definitions, runs, parsedMarks, size, lenient, 0,
                    defaults));
            if (result.charts().isEmpty()) throw new UserException("nothing to chart: " + String.join("; ", result.skipped()));
            Files.createDirectories(output);
            Set<String> used = new HashSet<>();
            for (DrawnChart chart : result.charts()) {
                String stem = unique(chart.data().id(), used);
                for (ChartFormat f : chosenFormats) {
                    Path file = output.resolve(stem + "." + f.extension());
                    ChartWriter.write(chart.chart(), f, size, file);
                    out.println(file);
                }
            }
            out.flush();
            for (String s : result.skipped()) err.println("statlens: skipped " + s);
            err.flush();
        }
        return ExitCodes.OK;
    }

    private List<ChartDefinition> definitions(PresetCatalog catalog, RunCatalog runCatalog) {
        boolean byPreset = !presets.isEmpty() || defaults;
        if (byPreset && (!metrics.isEmpty() || tool != null || kind != null || hot != null || title != null)) {
            throw new UserException("--preset and --defaults take their tool, metrics, kind and title from the presets;"
                    + " give either presets or --metric (with --tool, --kind...)");
        }
        if (!byPreset && metrics.isEmpty()) {
            throw new UserException("what to chart? give --metric M (with --tool T), --preset NAME or --defaults;"
                    + " see statlens show RUN for metrics and statlens presets for presets");
        }
        if (!byPreset && runs.isEmpty()) throw new UserException("name at least one run to chart");
        if (!byPreset) return adHoc();
        Map<String, ChartDefinition> chosen = new LinkedHashMap<>();
        for (String name : presets) {
            for (PresetCatalog.Preset p : catalog.resolve(name)) chosen.put(p.name(), overridden(p.definition()));
        }
        if (defaults) {
            if (runs.isEmpty()) throw new UserException("--defaults needs at least one run");
            for (PresetCatalog.Preset p : catalog.applicableTo(runCatalog, runs)) chosen.putIfAbsent(p.name(), overridden(p.definition()));
            if (chosen.isEmpty()) {
                Set<String> datasets = new TreeSet<>();
                for (String run : runs) datasets.addAll(runCatalog.datasetNames(run));
                throw new UserException("no preset applies to the data sets of " + String.join(", ", runs)
                        + " (" + String.join(", ", datasets) + "); chart them with --tool and --metric");
            }
        }
        for (ChartDefinition d : chosen.values()) {
            if (runs.isEmpty() && d.drawsRuns()) throw new UserException("preset '" + d.name() + "' needs at least one run");
        }
        return List.copyOf(chosen.values());
    }

    /** One chart per metric, except an area, which stacks all of them. */
    private List<ChartDefinition> adHoc() {
        ChartKind k = kind == null ? ChartKind.LINE : ChartKind.parse(kind);
        List<List<String>> groups = k == ChartKind.AREA ? List.of(metrics) : metrics.stream().map(List::of).toList();
        List<ChartDefinition> out = new ArrayList<>();
        for (List<String> group : groups) {
            ChartDefinition.Builder b = ChartDefinition.builder().kind(k).tool(tool).title(title).sinceBoot(sinceBoot)
                    .top(top == null ? 0 : top).hot(hot == null ? null : HotEnd.parse(hot));
            group.forEach(m -> b.metric(List.of(m)));
            keys.forEach(b::key);
            out.add(b.build());
        }
        return out;
    }

    /** A preset with the command line's --key, --top and --include-since-boot applied. */
    private ChartDefinition overridden(ChartDefinition d) {
        if (keys.isEmpty() && top == null && !sinceBoot) return d;
        return new ChartDefinition(d.name(), d.title(), d.description(), d.kind(), d.tool(), d.metrics(),
                keys.isEmpty() ? d.keys() : keys, top == null ? d.top() : top, d.hot(), d.sinceBoot() || sinceBoot, d.sql(),
                d.unit());
    }

    private static String unique(String stem, Set<String> used) {
        String candidate = stem;
        for (int n = 2; !used.add(candidate); n++) candidate = stem + "-" + n;
        return candidate;
    }

    static ZoneId zone(String text) {
        try {
            return ZoneId.of(text);
        } catch (DateTimeException e) {
            throw new UserException("--tz " + text + ": expected a zone such as UTC, Europe/Berlin or +02:00");
        }
    }

    /** A --mark: at seconds after each run's start, or at a fixed time. */
    static ChartMark mark(String spec, ZoneId zone) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new UserException("--mark " + spec + ": expected TIME=TEXT, e.g. 90=warm-up done");
        }
        String time = spec.substring(0, eq).trim();
        String text = spec.substring(eq + 1).trim();
        if (time.matches("\\d+(\\.\\d+)?s?")) return ChartMark.afterStart(Double.parseDouble(time.replace("s", "")), text);
        try {
            return ChartMark.at(OffsetDateTime.parse(time).toInstant(), text);
        } catch (DateTimeParseException notOffset) {
            try {
                return ChartMark.at(LocalDateTime.parse(time).atZone(zone).toInstant(), text);
            } catch (DateTimeParseException e) {
                throw new UserException("--mark " + spec + ": TIME must be seconds since the run's start (90 or 90s)"
                        + " or an ISO time (2024-03-01T09:05:00Z, or without zone in --tz)");
            }
        }
    }
}
