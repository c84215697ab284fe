package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.ChartFormat;
import io.statlens.chart.ChartRequest;
import io.statlens.chart.ChartService;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.PresetCatalog;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import io.statlens.report.ReportAssembler;
import io.statlens.report.ReportFormat;
import io.statlens.report.ReportModel;
import io.statlens.report.ReportRequest;
import io.statlens.report.ReportSection;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.saved.TimeWindows;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The report builder: which runs (a checklist, the selected ones first and checked; the first checked is the
 * comparison's base), which chart presets (those that apply to the checked runs, as {@code statlens report}
 * picks them) and which sections; PDF or HTML, written by the report layer in the background. Or one chart, a
 * preset drawn for one run, as SVG or PNG through the chart layer. What was written last can be opened.
 */
public final class ReportBuilderViewModel {
    /** A single chart's size, as {@code statlens chart} draws it by default. */
    static final RenderSize SINGLE_CHART = RenderSize.DEFAULT;
    /** The time window choice that covers each run whole (no saved window). */
    static final String WHOLE_RUNS = "whole runs";

    private final RunCatalog runCatalog;
    private final TimeWindows timeWindows;
    private final PresetCatalog presetCatalog;
    private final ReportAssembler reportAssembler;
    private final ChartService chartService;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final ReadableNumbers numbers;
    private final DocumentOpener opener;
    private final ObservableList<Choice<String>> runs = FXCollections.observableArrayList();
    private final ObservableList<Choice<String>> presets = FXCollections.observableArrayList();
    private final ObservableList<Choice<ReportSection>> sections = FXCollections.observableArrayList();
    private final ObservableList<String> windows = FXCollections.observableArrayList(WHOLE_RUNS);
    private final StringProperty window = new SimpleStringProperty(WHOLE_RUNS);
    private final ObjectProperty<ReportFormat> format = new SimpleObjectProperty<>(ReportFormat.HTML);
    private final ObjectProperty<Path> output = new SimpleObjectProperty<>();
    private final ObservableList<String> chartPresets = FXCollections.observableArrayList();
    private final ObservableList<String> chartRuns = FXCollections.observableArrayList();
    private final StringProperty chartPreset = new SimpleStringProperty();
    private final StringProperty chartRun = new SimpleStringProperty();
    private final ObjectProperty<Path> chartOutput = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<Path> written = new ReadOnlyObjectWrapper<>();

    /**
     * @param numbers how the report's tables show numbers
     * @param opener  opens a written file with the desktop (the Open button)
     */
    public ReportBuilderViewModel(RunCatalog runCatalog, TimeWindows timeWindows, PresetCatalog presetCatalog,
                                  ReportAssembler reportAssembler, ChartService chartService, TaskExecutor executor, ZoneId zone,
                                  ReadableNumbers numbers, DocumentOpener opener) {
        this.runCatalog = runCatalog;
        this.timeWindows = timeWindows;
        this.presetCatalog = presetCatalog;
        this.reportAssembler = reportAssembler;
        this.chartService = chartService;
        this.executor = executor;
        this.zone = zone;
        this.numbers = numbers;
        this.opener = opener;
        for (ReportSection s : ReportSection.values()) sections.add(new Choice<>(s, s.label(), true));
    }

    /**
     * Lists the repository's runs, the selected ones first (in the browser's order) and checked, the others after
     * them unchecked; then the presets that apply to the checked runs.
     */
    public void open(List<String> selected) {
        message.set("");
        executor.run(() -> runCatalog.runs().stream().map(RunCatalog.RunInfo::name).toList(), all -> {
            List<Choice<String>> choices = new ArrayList<>();
            for (String run : selected) choices.add(runChoice(run, true));
            for (String run : all) if (!selected.contains(run)) choices.add(runChoice(run, false));
            runs.setAll(choices);
            runsChanged();
        }, e -> message.set("cannot read the runs: " + e.getMessage()));
    }

    private Choice<String> runChoice(String run, boolean checked) {
        Choice<String> c = new Choice<>(run, run, checked);
        c.checkedProperty().addListener((o, was, now) -> runsChanged());
        return c;
    }

    /** The checked runs, in list order: the first is the base of the comparison. */
    public List<String> chosenRuns() {
        return runs.stream().filter(Choice::checked).map(Choice::value).toList();
    }

    /** The checked presets, in catalog order. */
    public List<String> chosenPresets() {
        return presets.stream().filter(Choice::checked).map(Choice::value).toList();
    }

    /** The runs changed: offer them for the single chart, and the presets that apply to them (checks kept by name). */
    private void runsChanged() {
        List<String> chosen = chosenRuns();
        chartRuns.setAll(chosen);
        if (chartRun.get() == null || !chosen.contains(chartRun.get())) chartRun.set(chosen.isEmpty() ? null : chosen.get(0));
        Map<String, Boolean> before = new HashMap<>();
        presets.forEach(p -> before.put(p.value(), p.checked()));
        executor.run(() -> windowNames(chosen), names -> {
            List<String> all = new ArrayList<>(List.of(WHOLE_RUNS));
            all.addAll(names);
            windows.setAll(all);
            if (!all.contains(window.get())) window.set(WHOLE_RUNS);
        }, e -> message.set("cannot list the time windows: " + e.getMessage()));
        executor.run(() -> applicable(chosen), found -> {
            presets.setAll(found.stream().map(p -> new Choice<>(p.name(), (p.name() + "  " + p.definition().description()).strip(),
                    before.getOrDefault(p.name(), true))).toList());
            List<String> names = found.stream().map(PresetCatalog.Preset::name).toList();
            chartPresets.setAll(names);
            if (chartPreset.get() == null || !names.contains(chartPreset.get())) chartPreset.set(names.isEmpty() ? null : names.get(0));
        }, e -> message.set("cannot list the chart presets: " + e.getMessage()));
    }

    /** The names of the time windows saved with the checked runs (statlens window, the dashboard's Window menu). */
    private List<String> windowNames(List<String> chosen) {
        return chosen.stream().flatMap(run -> timeWindows.list(run).stream().map(TimeWindows.Named::name)).distinct().sorted().toList();
    }

    /** As {@code statlens report} picks them by default: the presets that chart a data set one of the runs has. */
    private List<PresetCatalog.Preset> applicable(List<String> chosen) {
        return presetCatalog.applicableTo(runCatalog, chosen);
    }

    /** Writes the report; says why not (no run, no section, no preset, no file) or what was written. */
    public void write() {
        List<String> chosen = chosenRuns();
        Set<ReportSection> parts = EnumSet.noneOf(ReportSection.class);
        sections.stream().filter(Choice::checked).forEach(c -> parts.add(c.value()));
        List<String> drawn = chosenPresets();
        Path file = output.get();
        ReportFormat f = format.get();
        if (chosen.isEmpty()) {
            message.set("check at least one run");
            return;
        }
        if (parts.isEmpty()) {
            message.set("check at least one section");
            return;
        }
        if (parts.contains(ReportSection.CHARTS) && drawn.isEmpty()) {
            message.set("check at least one chart preset, or leave out the charts section");
            return;
        }
        if (file == null) {
            message.set("choose the report file");
            return;
        }
        // Without the charts section no preset is drawn; an empty list would mean "every preset" to the report layer.
        // A saved time window limits each run's charts, statistics and comparison, as statlens report --window does.
        Optional<String> within = Optional.ofNullable(window.get()).filter(w -> !w.equals(WHOLE_RUNS));
        ReportRequest request = new ReportRequest(chosen, parts.contains(ReportSection.CHARTS) ? drawn : List.of(), 0, 60, zone,
                parts, within);
        running.set(true);
        message.set("writing " + file + "...");
        executor.run(() -> {
            write(request, f, file);
            return Files.size(file);
        }, bytes -> written(file, "wrote " + file + " (" + bytes + " bytes)"), this::failed);
    }

    private void write(ReportRequest request, ReportFormat f, Path file) {
        ReportModel model = reportAssembler.assemble(request, f.chartSize());
        createParent(file);
        f.write(model, numbers, file);
    }

    /**
     * Writes one chart: the chosen preset drawn for the chosen run, by the chart layer as {@code statlens chart}
     * draws it (its size, its notes), SVG or PNG by the file's extension. A preset that draws one chart per key
     * (area charts) gives several: the first is written, and the message says so.
     */
    public void exportChart() {
        String preset = chartPreset.get();
        String run = chartRun.get();
        Path file = chartOutput.get();
        if (preset == null || run == null) {
            message.set("choose a chart preset and a run");
            return;
        }
        if (file == null) {
            message.set("choose the chart file (.svg or .png)");
            return;
        }
        ChartFormat chartFormat;
        try {
            chartFormat = ChartFormat.parse(extension(file));
        } catch (UserException e) {
            message.set(file.getFileName() + ": " + e.getMessage());
            return;
        }
        running.set(true);
        message.set("writing " + file + "...");
        executor.run(() -> drawChart(preset, run, chartFormat, file), done -> written(file, done), this::failed);
    }

    private String drawChart(String preset, String run, ChartFormat chartFormat, Path file) {
        PresetCatalog.Preset p = presetCatalog.find(preset)
                .orElseThrow(() -> new UserException("no chart preset named '" + preset + "'"));
        List<DrawnChart> charts = chartService.draw(ChartRequest.of(p.definition(), List.of(run))
                .withSize(SINGLE_CHART)).charts();
        createParent(file);
        long bytes = ChartWriter.write(charts.get(0).chart(), chartFormat, SINGLE_CHART, file);
        return "wrote " + file + " (" + bytes + " bytes)"
                + (charts.size() > 1 ? "; " + preset + " draws " + charts.size() + " charts for " + run + ", this is the first" : "");
    }

    private void written(Path file, String text) {
        running.set(false);
        written.set(file);
        message.set(text);
    }

    private void failed(Throwable e) {
        running.set(false);
        message.set(e instanceof UserException ? e.getMessage() : "cannot write: " + e.getMessage());
    }

    /** Opens the file written last with the desktop; the message says so, or why it cannot. */
    public void openWritten() {
        Path file = written.get();
        if (file == null) return;
        try {
            opener.open(file);
            message.set("asked the desktop to open " + file);
        } catch (UserException e) {
            message.set(e.getMessage());
        } catch (RuntimeException e) {
            message.set("cannot open " + file + ": " + e.getMessage());
        }
    }

    private static void createParent(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    /** Every run of the repository, checked ones in the report; the first checked is the base. */
    public ObservableList<Choice<String>> runs() {
        return runs;
    }

    /** The chart presets that apply to the checked runs. */
    public ObservableList<Choice<String>> presets() {
        return presets;
    }

    public ObservableList<Choice<ReportSection>> sections() {
        return sections;
    }

    /** "whole runs", then the time windows saved with the checked runs. */
    public ObservableList<String> windows() {
        return windows;
    }

    /** The chosen time window, or {@link #WHOLE_RUNS}. */
    public StringProperty windowProperty() {
        return window;
    }

    public ObjectProperty<ReportFormat> formatProperty() {
        return format;
    }

    public ObjectProperty<Path> outputProperty() {
        return output;
    }

    /** The presets a single chart can be drawn from: those that apply to the checked runs. */
    public ObservableList<String> chartPresets() {
        return chartPresets;
    }

    /** The runs a single chart can be drawn for: the checked ones. */
    public ObservableList<String> chartRuns() {
        return chartRuns;
    }

    public StringProperty chartPresetProperty() {
        return chartPreset;
    }

    public StringProperty chartRunProperty() {
        return chartRun;
    }

    public ObjectProperty<Path> chartOutputProperty() {
        return chartOutput;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** The file written last (report or chart); null before the first. */
    public ReadOnlyObjectProperty<Path> writtenProperty() {
        return written.getReadOnlyProperty();
    }
}
