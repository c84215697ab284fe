package io.statlens.gui;

import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import io.statlens.report.HtmlReportWriter;
import io.statlens.report.PdfReportWriter;
import io.statlens.report.ReportAssembler;
import io.statlens.report.ReportFormat;
import io.statlens.report.ReportModel;
import io.statlens.report.ReportRequest;
import io.statlens.store.Repository;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;

/**
 * The report builder: the runs to report on (the first is the comparison's base), PDF or HTML, the file.
 * Writes with the report layer as {@code statlens report} does, in the background.
 */
public final class ReportBuilderViewModel {
    /** Chart sizes as {@code statlens report} uses them: an HTML page's SVG view box, a PDF's drawing size. */
    private static final RenderSize HTML_CHART = new RenderSize(960, 480, 1);
    private static final RenderSize PDF_CHART = new RenderSize(800, 400, 1);

    private final Repository repo;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final ObservableList<String> runs = FXCollections.observableArrayList();
    private final ObjectProperty<ReportFormat> format = new SimpleObjectProperty<>(ReportFormat.HTML);
    private final ObjectProperty<Path> output = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();

    public ReportBuilderViewModel(Repository repo, TaskExecutor executor, ZoneId zone) {
        this.repo = repo;
        this.executor = executor;
        this.zone = zone;
    }

    /** Writes the report; says why not (no run, no file) or what was written in {@link #messageProperty}. */
    public void write() {
        List<String> chosen = List.copyOf(runs);
        Path file = output.get();
        ReportFormat f = format.get();
        if (chosen.isEmpty()) {
            message.set("choose at least one run in the browser");
            return;
        }
        if (file == null) {
            message.set("choose the report file");
            return;
        }
        running.set(true);
        message.set("writing " + file + "...");
        executor.run(() -> {
            write(new ReportRequest(chosen, List.of(), 0, 60, zone), f, file);
            return Files.size(file);
        }, bytes -> {
            running.set(false);
            message.set("wrote " + file + " (" + bytes + " bytes)");
        }, e -> {
            running.set(false);
            message.set(e instanceof UserException ? e.getMessage() : "cannot write " + file + ": " + e);
        });
    }

    private void write(ReportRequest request, ReportFormat f, Path file) {
        ReportModel model = new ReportAssembler(repo, Clock.systemUTC()).assemble(request);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        switch (f) {
            case HTML -> new HtmlReportWriter(HTML_CHART).write(model, file);
            case PDF -> new PdfReportWriter(PDF_CHART).write(model, file);
        }
    }

    /** The runs to report on, in order; the first is the base of the comparison. */
    public ObservableList<String> runs() {
        return runs;
    }

    public ObjectProperty<ReportFormat> formatProperty() {
        return format;
    }

    public ObjectProperty<Path> outputProperty() {
        return output;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }
}
