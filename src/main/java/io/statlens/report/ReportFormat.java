package io.statlens.report;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;

import java.nio.file.Path;
import java.util.Locale;

/** The file formats of a report, with the size their charts are drawn at. */
public enum ReportFormat {
    /** Charts are SVG with this view box, scaled to the page width by the browser. */
    HTML(new RenderSize(960, 480, 1)),
    /** Charts are drawn at this size and scaled to the text width (515 points): labels of about 8 points. */
    PDF(new RenderSize(800, 400, 1));

    private final RenderSize chartSize;

    ReportFormat(RenderSize chartSize) {
        this.chartSize = chartSize;
    }

    /** The size a report's charts are drawn for in this format: give it to {@link ReportAssembler#assemble}. */
    public RenderSize chartSize() {
        return chartSize;
    }

    /** Writes an assembled report in this format, its tables' numbers as {@code numbers} shows them. */
    public void write(ReportModel model, ReadableNumbers numbers, Path file) {
        switch (this) {
            case HTML -> new HtmlReportWriter(numbers).write(model, file);
            case PDF -> new PdfReportWriter(numbers).write(model, file);
        }
    }

    public static ReportFormat parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "html", "htm" -> HTML;
            case "pdf" -> PDF;
            default -> throw new UserException("format '" + text + "': expected pdf or html");
        };
    }

    /** The format a file's extension names ({@code report.pdf}). */
    public static ReportFormat of(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        if (dot < 0) throw new UserException(file + ": cannot tell the format from the file name; end it in .pdf or .html,"
                + " or give --format pdf|html");
        return parse(name.substring(dot + 1));
    }
}
