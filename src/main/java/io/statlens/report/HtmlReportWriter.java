package io.statlens.report;

import io.statlens.chart.DrawnChart;
import io.statlens.chart.ChartWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.statlens.report.Html.escape;

/**
 * Writes a report as one self-contained HTML file: CSS inline, charts as inline SVG (text stays text,
 * heat-map cells are data URIs), nothing fetched from the network, and a layout that reads on a phone
 * (viewport meta tag, charts scaled to the width, wide tables scroll sideways). Every string from the
 * repository is escaped.
 */
public final class HtmlReportWriter {
    private static final String CSS = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;margin:0 auto;\
            max-width:1100px;padding:0 12px 48px;color:#222;line-height:1.4}
            h1{font-size:1.6em;margin-top:1em}h2{border-bottom:2px solid #4e79a7;padding-bottom:2px;margin-top:2em}
            h3{font-size:1.05em;margin:1.2em 0 .3em}
            .meta{color:#555}
            figure{margin:1em 0}
            figure svg{display:block;max-width:100%;height:auto}
            .scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
            table{border-collapse:collapse;font-size:.85em;margin:.2em 0}
            th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
            th{background:#f2f4f7}
            td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            p.note{font-size:.8em;color:#666;margin:.2em 0 1em}
            nav ol{padding-left:1.4em}
            @media print{h2{page-break-before:always}figure{page-break-inside:avoid}}
            """;
    private static final Pattern PROLOG = Pattern.compile("(?s)\\A.*?(?=<svg)");
    private static final Pattern NAMESPACES = Pattern.compile("\\s+xmlns(:\\w+)?=\"[^\"]*\"");
    private static final Pattern IDS = Pattern.compile("(\\bid=\"|url\\(#|href=\"#)");

    public void write(ReportModel model, Path file) {
        try {
            Files.writeString(file, html(model), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public String html(ReportModel model) {
        ReportTables tables = new ReportTables(model.zone());
        StringBuilder b = new StringBuilder(1 << 16);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(model.title())).append("</title>\n<style>\n").append(CSS).append("</style>\n")
                .append("</head>\n<body>\n");
        b.append("<header>\n<h1>").append(escape(model.title())).append("</h1>\n<p class=\"meta\">generated ")
                .append(escape(tables.time(model.generated()))).append(" by statlens</p>\n");
        table(b, tables.runs(model.runs()));
        for (ReportModel.RunPart r : model.runs()) table(b, tables.facts(r));
        b.append("</header>\n");
        b.append("<nav>\n<h2>Contents</h2>\n<ol>\n");
        for (ReportModel.Heading h : model.headings()) {
            b.append("<li><a href=\"#").append(escape(h.id())).append("\">").append(escape(h.title())).append("</a></li>\n");
        }
        b.append("</ol>\n</nav>\n");
        int chartNumber = 0;
        for (ReportModel.ToolSection s : model.sections()) {
            b.append("<section id=\"").append(escape("tool-" + s.tool())).append("\">\n<h2>").append(escape(s.tool()))
                    .append("</h2>\n");
            for (DrawnChart c : s.charts()) {
                chartNumber++;
                // The size the chart was drawn for is the SVG's view box, scaled to the page width in the browser.
                b.append("<figure>\n").append(inlineSvg(ChartWriter.svg(c.chart(), c.size()), "c" + chartNumber))
                        .append("\n</figure>\n");
            }
            for (ReportModel.RunSummary sum : s.summary()) table(b, tables.summary(sum));
            for (ReportModel.StatsTable t : s.stats()) table(b, tables.stats(t));
            b.append("</section>\n");
        }
        if (model.compares()) {
            b.append("<section id=\"comparison\">\n<h2>Comparison</h2>\n<p>Per metric and key the runs share: the mean of the"
                    + " per-interval samples against the base run, and whether the change is beyond run-to-run noise"
                    + " (p &lt; 0.05, as statlens compare tests it).</p>\n");
            table(b, tables.comparison(model));
            b.append("</section>\n");
        }
        if (model.hasAnnotations()) {
            b.append("<section id=\"annotations\">\n<h2>Annotations</h2>\n");
            table(b, tables.annotations(model.runs()));
            b.append("</section>\n");
        }
        b.append("</body>\n</html>\n");
        return b.toString();
    }

    private static void table(StringBuilder b, Table t) {
        b.append("<h3>").append(escape(t.caption())).append("</h3>\n");
        if (!t.rows().isEmpty()) {
            b.append("<div class=\"scroll\"><table>\n<thead><tr>");
            for (int i = 0; i < t.headers().size(); i++) {
                b.append(t.numeric().get(i) ? "<th class=\"n\">" : "<th>").append(escape(t.headers().get(i))).append("</th>");
            }
            b.append("</tr></thead>\n<tbody>\n");
            for (List<String> row : t.rows()) {
                b.append("<tr>");
                for (int i = 0; i < row.size(); i++) {
                    b.append(t.numeric().get(i) ? "<td class=\"n\">" : "<td>").append(escape(row.get(i))).append("</td>");
                }
                b.append("</tr>\n");
            }
            b.append("</tbody>\n</table></div>\n");
        }
        if (!t.note().isEmpty()) b.append("<p class=\"note\">").append(escape(t.note())).append("</p>\n");
    }

    /**
     * The chart's SVG as an element of the page: without the XML prolog and DOCTYPE, without namespace
     * declarations (HTML knows svg and xlink, and the file then names no URL at all), and with ids made
     * unique per chart, because Batik numbers every chart's clip paths from 1 and a page's ids are shared.
     */
    static String inlineSvg(byte[] svg, String prefix) {
        String s = new String(svg, StandardCharsets.UTF_8);
        s = PROLOG.matcher(s).replaceFirst("");
        int rootEnd = s.indexOf('>');
        s = NAMESPACES.matcher(s.substring(0, rootEnd)).replaceAll("") + s.substring(rootEnd);
        return IDS.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + prefix + "-"));
    }
}
