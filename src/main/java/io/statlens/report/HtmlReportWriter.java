package io.statlens.report;

import io.statlens.analysis.Finding;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.DrawnChart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.statlens.report.Html.escape;

/**
 * Writes a report as one self-contained HTML file that can be explored: a contents sidebar, collapsible
 * sections and tables, and charts to read with the mouse (the value under it, zoom on the time axis by
 * dragging, a click on a legend entry hides its series). Line, overlay and area charts are drawn by the
 * page's own script from a compact JSON of their decimated series ({@link ChartJson}); each also keeps its
 * static SVG, shown when scripts do not run. Heat maps and bars are static SVG (text stays text, heat-map
 * cells are data URIs); over a heat map the script reads out the cell under the mouse (key, time, value) from the
 * JSON of its cells.
 *
 * <p>Offline by construction: CSS and script inline, nothing fetched, and a Content-Security-Policy that
 * forbids any network access ({@code default-src 'none'}) and runs only this page's own style and script
 * (by their SHA-256). Every string from the repository is escaped; the script puts data strings in the page
 * as text only. The layout reads on a phone (viewport meta tag, charts scaled to the width, wide tables
 * scroll sideways).
 */
public final class HtmlReportWriter {
    private static final String CSS = resource("report.css");
    private static final String SCRIPT = resource("report.js");
    private static final String CSP = "default-src 'none'; img-src data:; style-src " + hash(CSS) + "; script-src "
            + hash(SCRIPT) + "; base-uri 'none'; form-action 'none'";
    private static final Pattern PROLOG = Pattern.compile("(?s)\\A.*?(?=<svg)");
    private static final Pattern NAMESPACES = Pattern.compile("\\s+xmlns(:\\w+)?=\"[^\"]*\"");
    private static final Pattern IDS = Pattern.compile("(\\bid=\"|url\\(#|href=\"#)");
    private static final Pattern STYLE = Pattern.compile("\\sstyle=\"([^\"]*)\"");

    private final ReadableNumbers numbers;

    /** @param numbers how tables and the chart readouts show numbers */
    public HtmlReportWriter(ReadableNumbers numbers) {
        this.numbers = numbers;
    }

    public void write(ReportModel model, Path file) {
        try {
            Files.writeString(file, html(model), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public String html(ReportModel model) {
        ReportTables tables = new ReportTables(model.zone(), numbers);
        StringBuilder b = new StringBuilder(1 << 16);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(CSP).append("\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(model.title())).append("</title>\n<style>").append(CSS).append("</style>\n")
                .append("<script type=\"application/json\" id=\"statlens-page\">{\"group\":")
                .append(ChartJson.quote(String.valueOf(numbers.groupingSeparator()))).append(",\"decimal\":")
                .append(ChartJson.quote(String.valueOf(numbers.decimalSeparator()))).append("}</script>\n")
                .append("</head>\n<body>\n");
        StringBuilder main = new StringBuilder(1 << 16);
        List<String> toc = new ArrayList<>();
        main.append("<main>\n<header id=\"top\">\n<h1>").append(escape(model.title())).append("</h1>\n<p class=\"meta\">generated ")
                .append(escape(tables.time(model.generated()))).append(" by statlens</p>\n");
        if (!model.findings().isEmpty()) {
            findings(main, model, tables);
            toc.add(link(ReportModel.FINDINGS_ID, "Findings"));
        }
        table(main, tables.runs(model.runs()), "t-runs", true);
        main.append("</header>\n");
        toc.add(link("t-runs", "Runs"));
        int tableNumber = 0;
        for (ReportModel.ToolSection s : model.sections()) {
            String id = "tool-" + s.tool();
            List<String> entries = new ArrayList<>();
            main.append("<section id=\"").append(escape(id)).append("\">\n<details open>\n<summary><h2>").append(escape(s.tool()))
                    .append("</h2></summary>\n");
            sectionFindings(main, model.findingsOf(s.tool()), tables);
            for (ReportModel.ReportChart chart : s.charts()) {
                DrawnChart c = chart.drawn();
                String chartId = chart.id();
                // The size the chart was drawn for is the SVG's view box, scaled to the page width in the browser.
                main.append("<figure id=\"").append(chartId).append("\" class=\"chart\">\n<div class=\"static\">")
                        .append(inlineSvg(ChartWriter.svg(c.chart(), c.size()), chartId)).append("</div>\n");
                if (ChartJson.interactive(c.data())) {
                    main.append("<script type=\"application/json\" class=\"chart-data\">")
                            .append(ChartJson.of(c, model.zone())).append("</script>\n");
                } else if (ChartJson.heatMap(c.data())) {
                    main.append("<script type=\"application/json\" class=\"heat-data\">")
                            .append(ChartJson.heatMapOf(c, model.zone())).append("</script>\n");
                }
                main.append("</figure>\n");
                entries.add(link(chartId, contentsEntry(c, s.charts())));
            }
            for (ReportModel.RunSummary sum : s.summary()) {
                String tid = "t" + ++tableNumber;
                Table t = tables.summary(sum, "statlens show " + sum.run());
                table(main, t, tid, true);
                entries.add(link(tid, t.caption()));
            }
            for (ReportModel.KeyTable kt : s.keys()) {
                String tid = "t" + ++tableNumber;
                Table t = tables.keys(kt, ReportTables.APPENDIX);
                table(main, t, tid, true);
                entries.add(link(tid, t.caption()));
            }
            for (ReportModel.StatsTable st : s.stats()) {
                String tid = "t" + ++tableNumber;
                Table t = tables.stats(st, ReportTables.APPENDIX);
                table(main, t, tid, true);
                entries.add(link(tid, t.caption()));
            }
            main.append("</details>\n</section>\n");
            toc.add(nested(link(id, s.tool()), entries));
        }
        if (model.compares()) {
            main.append("<section id=\"comparison\">\n<details open>\n<summary><h2>Comparison</h2></summary>\n<p>Per metric and key"
                    + " the runs share: the mean of the per-interval samples against the base run, and whether the change is"
                    + " beyond run-to-run noise (p &lt; 0.05, as statlens compare tests it).</p>\n");
            table(main, tables.comparison(model), "t-comparison", true);
            main.append("</details>\n</section>\n");
            toc.add(link("comparison", "Comparison"));
        }
        if (model.hasAnnotations()) {
            main.append("<section id=\"annotations\">\n<details open>\n<summary><h2>Annotations</h2></summary>\n");
            table(main, tables.annotations(model.runs()), "t-annotations", true);
            main.append("</details>\n</section>\n");
            toc.add(link("annotations", "Annotations"));
        }
        // The appendix is looked up rather than read: closed until asked for, its tables open inside.
        main.append("<section id=\"").append(ReportModel.APPENDIX_ID).append("\">\n<details>\n<summary><h2>Appendix: facts and")
                .append(" statistics</h2></summary>\n");
        for (ReportModel.RunPart r : model.runs()) table(main, tables.facts(r), "t" + ++tableNumber, true);
        for (ReportModel.StatsTable st : model.appendix()) table(main, tables.stats(st, ""), "t" + ++tableNumber, true);
        main.append("</details>\n</section>\n");
        toc.add(link(ReportModel.APPENDIX_ID, "Appendix: facts and statistics"));
        main.append("</main>\n");
        b.append("<nav id=\"toc\" aria-label=\"Contents\">\n<h2>Contents</h2>\n<div class=\"tools\">")
                .append("<button type=\"button\" id=\"expand-all\">Expand all</button> ")
                .append("<button type=\"button\" id=\"collapse-all\">Collapse all</button></div>\n<ol>\n");
        toc.forEach(entry -> b.append("<li>").append(entry).append("</li>\n"));
        b.append("</ol>\n</nav>\n").append(main);
        b.append("<script>").append(SCRIPT).append("</script>\n</body>\n</html>\n");
        return b.toString();
    }

    /**
     * The findings, per run and per comparison: each a sentence after its kind, with a link to the chart that shows
     * it (or its tool's section).
     */
    private static void findings(StringBuilder b, ReportModel model, ReportTables tables) {
        b.append("<section id=\"").append(ReportModel.FINDINGS_ID).append("\" class=\"findings\">\n<h2>Findings</h2>\n");
        for (ReportModel.FindingGroup g : model.findings()) {
            b.append("<h3>").append(escape(g.title())).append("</h3>\n<ul>\n");
            for (ReportModel.FindingLine line : g.lines()) {
                Finding.Kind kind = line.finding().kind();
                b.append("<li class=\"").append(kind.id()).append("\"><span class=\"kind\">").append(escape(ReportTables.kind(kind)))
                        .append("</span> ").append(escape(tables.finding(line)));
                if (!line.target().isEmpty()) {
                    b.append(" <a class=\"to\" href=\"#").append(escape(line.target())).append("\" title=\"")
                            .append(escape(line.targetTitle())).append("\">").append(line.target().startsWith("c") ? "chart" : "section")
                            .append("</a>");
                }
                b.append("</li>\n");
            }
            b.append("</ul>\n");
            if (!g.more().isEmpty()) b.append("<p class=\"note\">").append(escape(g.more())).append("</p>\n");
        }
        b.append("</section>\n");
    }

    /** The findings about a tool's data, at the top of its section: what its charts show, in words. */
    private static void sectionFindings(StringBuilder b, List<ReportModel.SectionFinding> findings, ReportTables tables) {
        if (findings.isEmpty()) return;
        b.append("<ul class=\"verdicts\">\n");
        for (ReportModel.SectionFinding f : findings) {
            Finding.Kind kind = f.line().finding().kind();
            b.append("<li class=\"").append(kind.id()).append("\"><span class=\"kind\">").append(escape(ReportTables.kind(kind)))
                    .append("</span> <span class=\"run\">").append(escape(f.run())).append(":</span> ")
                    .append(escape(tables.finding(f.line()))).append("</li>\n");
        }
        b.append("</ul>\n");
    }

    /**
     * A chart's line in the contents: its title, with its runs when another chart of the section has the same title
     * (an area chart per run: three "CPU time (vmstat)" lines would not say which is which).
     */
    private static String contentsEntry(DrawnChart c, List<ReportModel.ReportChart> section) {
        String title = c.data().title();
        long same = section.stream().filter(other -> other.drawn().data().title().equals(title)).count();
        if (same < 2 || c.data().runs().isEmpty()) return title;
        return title + " \u00b7 " + String.join(", ", c.data().runs());
    }

    private static String link(String id, String text) {
        return "<a href=\"#" + escape(id) + "\" title=\"" + escape(text) + "\">" + escape(text) + "</a>";
    }

    private static String nested(String parent, List<String> children) {
        if (children.isEmpty()) return parent;
        StringBuilder b = new StringBuilder(parent).append("<ol>");
        children.forEach(c -> b.append("<li>").append(c).append("</li>"));
        return b.append("</ol>").toString();
    }

    private static void table(StringBuilder b, Table t, String id, boolean open) {
        b.append("<details class=\"table\" id=\"").append(id).append(open ? "\" open>" : "\">").append("\n<summary><h3>").append(escape(t.caption()))
                .append("</h3></summary>\n");
        if (!t.rows().isEmpty()) rows(b, t, t.rows());
        if (!t.more().isEmpty()) {
            // The rest of the rows, closed: the table reads short, and nothing is lost.
            b.append("<details class=\"more\">\n<summary>").append(escape(t.moreLabel())).append("</summary>\n");
            rows(b, t, t.more());
            b.append("</details>\n");
        }
        if (!t.note().isEmpty()) b.append("<p class=\"note\">").append(escape(t.note())).append("</p>\n");
        b.append("</details>\n");
    }

    /** A table of these rows, with the table's headings. */
    private static void rows(StringBuilder b, Table t, List<List<String>> rows) {
        b.append("<div class=\"scroll\"><table>\n<thead><tr>");
        for (int i = 0; i < t.headers().size(); i++) {
            b.append(t.numeric().get(i) ? "<th class=\"n\">" : "<th>").append(escape(t.headers().get(i))).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            b.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                b.append(t.numeric().get(i) ? "<td class=\"n\">" : "<td>").append(escape(row.get(i))).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody>\n</table></div>\n");
    }

    /**
     * The chart's SVG as an element of the page: without the XML prolog and DOCTYPE, without namespace
     * declarations (HTML knows svg and xlink, and the file then names no URL at all), and with ids made
     * unique per chart, because Batik numbers every chart's clip paths from 1 and a page's ids are shared, and
     * with its style attributes as presentation attributes ({@link #attributes}).
     */
    static String inlineSvg(byte[] svg, String prefix) {
        String s = new String(svg, StandardCharsets.UTF_8);
        s = PROLOG.matcher(s).replaceFirst("");
        int rootEnd = s.indexOf('>');
        s = NAMESPACES.matcher(s.substring(0, rootEnd)).replaceAll("") + s.substring(rootEnd);
        s = IDS.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + prefix + "-"));
        return STYLE.matcher(s).replaceAll(m -> Matcher.quoteReplacement(attributes(m.group(1))));
    }

    /**
     * Batik's {@code style="fill:none; stroke:rgb(78,121,167);"} as presentation attributes
     * ({@code fill="none" stroke="rgb(78,121,167)"}): the page's Content-Security-Policy allows no inline style
     * attributes, and every property Batik writes is also an SVG attribute.
     */
    static String attributes(String style) {
        StringBuilder b = new StringBuilder();
        for (String declaration : style.split(";")) {
            int colon = declaration.indexOf(':');
            if (colon < 0) continue;
            String name = declaration.substring(0, colon).strip();
            if (!name.matches("[a-z-]+")) continue;
            b.append(' ').append(name).append("=\"").append(declaration.substring(colon + 1).strip()).append('"');
        }
        return b.toString();
    }

    private static String resource(String name) {
        try (InputStream in = HtmlReportWriter.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name + " next to HtmlReportWriter");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A CSP source for inline content: {@code 'sha256-...'} of its exact text. */
    private static String hash(String content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
            return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JDK", e);
        }
    }
}
