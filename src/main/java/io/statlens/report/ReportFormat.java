package io.statlens.report;

import io.statlens.model.UserException;

import java.nio.file.Path;
import java.util.Locale;

/** The file formats of a report. */
public enum ReportFormat {
    HTML, PDF;

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
