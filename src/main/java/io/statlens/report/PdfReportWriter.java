package io.statlens.report;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import io.statlens.analysis.Finding;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.DrawnChart;
import io.statlens.chart.ChartWriter;
import io.statlens.chart.RenderSize;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionGoTo;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDBorderStyleDictionary;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageXYZDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.util.Matrix;

import java.awt.Color;
import java.awt.geom.AffineTransform;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;

/**
 * Writes a report as PDF (A4): a title page with the runs and their facts, a table of contents with
 * page numbers and links, a section per tool with vector charts and statistics tables, the comparison
 * and the annotations; an outline (bookmarks) with one item per part, and page numbers in the footer.
 * Charts go through {@link ChartWriter#draw} onto a PdfBoxGraphics2D, so they are vectors and their
 * text is text (standard 14 fonts), as is all other text: selectable and searchable.
 */
public final class PdfReportWriter {
    private static final float MARGIN = 40;
    private static final float TOP = PDRectangle.A4.getHeight() - 50;
    private static final float BOTTOM = 50;
    private static final float WIDTH = PDRectangle.A4.getWidth() - 2 * MARGIN;
    private static final float TABLE_FONT = 7;
    private static final float CELL_PAD = 3;
    private static final float TOC_LEADING = 16;
    private static final Color HEADER_FILL = new Color(0xF2F4F7);
    private static final Color RULE = new Color(0xDDDDDD);
    private static final Color ACCENT = new Color(0x4E79A7);
    /** Findings that ask for a look (saturation, trouble). */
    private static final Color ALARM = new Color(0xC0392B);
    /** The idle verdict. */
    private static final Color CALM = new Color(0x3A8A4F);
    private static final float FINDING_FONT = 8.5f;
    /** Room for a finding's kind before its sentence. */
    private static final float KIND_WIDTH = 52;

    private final ReadableNumbers numbers;

    /** @param numbers how the tables show numbers */
    public PdfReportWriter(ReadableNumbers numbers) {
        this.numbers = numbers;
    }

    public void write(ReportModel model, Path file) {
        StandardFontText.quietFontWarnings();
        try (PDDocument doc = new PDDocument()) {
            new Layout(doc, model).run();
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
                doc.save(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** One pass over the model, page by page; the contents and the page numbers are filled in at the end. */
    private final class Layout {
        private final PDDocument doc;
        private final ReportModel model;
        private final ReportTables tables;
        private final PDFont regular = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
        private final PDFont bold = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
        private final PdfText text = new PdfText(regular);
        private final EmbeddedText scripts;
        private final StandardFontText chartText;
        private PDPage page;
        private PDPageContentStream cs;
        private float y;

        Layout(PDDocument doc, ReportModel model) {
            this.doc = doc;
            this.model = model;
            this.tables = new ReportTables(model.zone(), numbers);
            this.scripts = new EmbeddedText(doc);
            this.chartText = new StandardFontText(scripts);
        }

        void run() throws IOException {
            info();
            PDDocumentOutline outline = new PDDocumentOutline();
            doc.getDocumentCatalog().setDocumentOutline(outline);
            newPage();
            writeWrapped(model.title(), bold, 18, 24, 0);
            write("generated " + tables.time(model.generated()) + " by statlens", regular, 9, MARGIN, 18);
            y -= 6;
            Destination findingsAt = new Destination(page, y);
            findings();
            ensure(40);
            Destination runsAt = new Destination(page, y);
            table(tables.runs(model.runs()));
            close();
            if (!model.findings().isEmpty()) bookmark(outline, "Findings", findingsAt.page(), findingsAt.top());
            bookmark(outline, "Runs", runsAt.page(), runsAt.top());

            List<ReportModel.Heading> headings = model.headings();
            int tocPages = Math.max(1, (int) Math.ceil(headings.size() * TOC_LEADING / (TOP - BOTTOM - 40)));
            List<PDPage> toc = new ArrayList<>();
            for (int i = 0; i < tocPages; i++) {
                PDPage p = new PDPage(PDRectangle.A4);
                doc.addPage(p);
                toc.add(p);
            }
            bookmark(outline, "Contents", toc.get(0), TOP);

            Map<ReportModel.Heading, Destination> targets = new LinkedHashMap<>();
            int h = 0;
            for (ReportModel.ToolSection s : model.sections()) {
                Destination at = section(headings.get(h));
                targets.put(headings.get(h), at);
                anchors.put(headings.get(h).id(), at);
                h++;
                sectionFindings(model.findingsOf(s.tool()));
                for (ReportModel.ReportChart c : s.charts()) chart(c);
                for (ReportModel.RunSummary sum : s.summary()) table(tables.summary(sum, "statlens show " + sum.run()));
                for (ReportModel.KeyTable k : s.keys()) table(tables.keys(k, ReportTables.APPENDIX));
                for (ReportModel.StatsTable t : s.stats()) table(tables.stats(t, ReportTables.APPENDIX));
                close();
            }
            if (model.compares()) {
                targets.put(headings.get(h), section(headings.get(h)));
                h++;
                paragraph("Per metric and key the runs share: the mean of the per-interval samples against the base run,"
                        + " and whether the change is beyond run-to-run noise (p < 0.05, as statlens compare tests it).");
                table(tables.comparison(model));
                close();
            }
            if (model.hasAnnotations()) {
                targets.put(headings.get(h), section(headings.get(h)));
                h++;
                table(tables.annotations(model.runs()));
                close();
            }
            targets.put(headings.get(h), section(headings.get(h)));
            for (ReportModel.RunPart r : model.runs()) table(tables.facts(r));
            for (ReportModel.StatsTable t : model.appendix()) table(tables.stats(t, ""));
            close();
            for (Map.Entry<ReportModel.Heading, Destination> e : targets.entrySet()) {
                bookmark(outline, e.getKey().title(), e.getValue().page(), e.getValue().top());
            }
            contents(toc, targets);
            findingLinks();
            footers();
            scripts.embed();
        }

        /** Where each finding's "see p. N" goes, filled in once the pages of the charts are known. */
        private record PendingLink(PDPage page, float x, float baseline, String target) {
        }

        private final Map<String, Destination> anchors = new LinkedHashMap<>();
        private final List<PendingLink> pending = new ArrayList<>();

        /**
         * The findings, per run and per comparison: the kind in its colour, the sentence, and room for the page of the
         * chart that shows it, which {@link #findingLinks} writes and links once it is known.
         */
        private void findings() throws IOException {
            if (model.findings().isEmpty()) return;
            write("Findings", bold, 13, MARGIN, 18);
            for (ReportModel.FindingGroup g : model.findings()) {
                ensure(30);
                writeWrapped(g.title(), bold, 9.5f, 13, 0);
                for (ReportModel.FindingLine line : g.lines()) {
                    String kind = ReportTables.kind(line.finding().kind());
                    float left = MARGIN + 8 + KIND_WIDTH;
                    List<String> lines = wrap(text.safe(tables.finding(line)), regular, FINDING_FONT, MARGIN + WIDTH - left);
                    ensure(lines.size() * (FINDING_FONT + 3) + 2);
                    cs.setNonStrokingColor(kindColour(line.finding().kind()));
                    text(cs, kind, bold, FINDING_FONT, MARGIN + 8, y - FINDING_FONT);
                    cs.setNonStrokingColor(Color.BLACK);
                    float end = left;
                    for (String shown : lines) {
                        text(cs, shown, regular, FINDING_FONT, left, y - FINDING_FONT);
                        end = left + width(shown, regular, FINDING_FONT);
                        y -= FINDING_FONT + 3;
                    }
                    if (!line.target().isEmpty()) {
                        // Room for "see p. 12" after the sentence, or on a line of its own.
                        float x = end + 6;
                        if (x + width("see p. 000", regular, FINDING_FONT) > MARGIN + WIDTH) {
                            ensure(FINDING_FONT + 3);
                            x = left;
                            y -= FINDING_FONT + 3;
                        }
                        pending.add(new PendingLink(page, x, y + 3, line.target()));
                    }
                    y -= 2;
                }
                if (!g.more().isEmpty()) {
                    for (String l : wrap(text.safe(g.more()), regular, 7.5f, WIDTH - 8)) write(l, regular, 7.5f, MARGIN + 8, 10);
                }
                y -= 4;
            }
            y -= 6;
        }

        /** The findings about a tool's data, under its heading: what its charts show, in words. */
        private void sectionFindings(List<ReportModel.SectionFinding> findings) throws IOException {
            for (ReportModel.SectionFinding f : findings) {
                float left = MARGIN + KIND_WIDTH;
                String run = text.safe(f.run()) + ": ";
                List<String> lines = wrap(run + text.safe(tables.finding(f.line())), regular, FINDING_FONT, MARGIN + WIDTH - left);
                ensure(lines.size() * (FINDING_FONT + 3) + 2);
                cs.setNonStrokingColor(kindColour(f.line().finding().kind()));
                text(cs, ReportTables.kind(f.line().finding().kind()), bold, FINDING_FONT, MARGIN, y - FINDING_FONT);
                cs.setNonStrokingColor(Color.BLACK);
                for (String shown : lines) {
                    text(cs, shown, regular, FINDING_FONT, left, y - FINDING_FONT);
                    y -= FINDING_FONT + 3;
                }
                y -= 2;
            }
            if (!findings.isEmpty()) y -= 8;
        }

        /** The pages of the findings' charts, as links, now that the pages are known. */
        private void findingLinks() throws IOException {
            for (PendingLink l : pending) {
                Destination to = anchors.get(l.target());
                if (to == null) continue;
                String label = "see p. " + (doc.getPages().indexOf(to.page()) + 1);
                try (PDPageContentStream out = new PDPageContentStream(doc, l.page(), PDPageContentStream.AppendMode.APPEND, true,
                        true)) {
                    out.setNonStrokingColor(ACCENT);
                    text(out, label, regular, FINDING_FONT, l.x(), l.baseline());
                }
                link(l.page(), new PDRectangle(l.x() - 1, l.baseline() - 2, width(label, regular, FINDING_FONT) + 2, FINDING_FONT + 3), to);
            }
        }

        private static Color kindColour(Finding.Kind kind) {
            return switch (kind) {
                case SATURATION, TROUBLE -> ALARM;
                case HEADLINE -> ACCENT;
                case IDLE -> CALM;
                default -> Color.DARK_GRAY;
            };
        }

        private void info() {
            PDDocumentInformation info = doc.getDocumentInformation();
            info.setTitle(text.safe(model.title()));
            info.setCreator("statlens");
            Calendar created = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
            created.setTimeInMillis(model.generated().toEpochMilli());
            info.setCreationDate(created);
        }

        private record Destination(PDPage page, float top) {
        }

        private Destination section(ReportModel.Heading heading) throws IOException {
            newPage();
            Destination d = new Destination(page, y);
            writeWrapped(heading.title(), bold, 16, 20, 2);
            cs.setStrokingColor(ACCENT);
            cs.setLineWidth(1.5f);
            cs.moveTo(MARGIN, y);
            cs.lineTo(MARGIN + WIDTH, y);
            cs.stroke();
            y -= 14;
            return d;
        }

        private void contents(List<PDPage> pages, Map<ReportModel.Heading, Destination> targets) throws IOException {
            int index = 0;
            float top = TOP;
            PDPageContentStream out = new PDPageContentStream(doc, pages.get(0));
            text(out, "Contents", bold, 16, MARGIN, top - 16);
            top -= 40;
            for (Map.Entry<ReportModel.Heading, Destination> e : targets.entrySet()) {
                if (top < BOTTOM + TOC_LEADING) {
                    out.close();
                    out = new PDPageContentStream(doc, pages.get(++index));
                    top = TOP;
                }
                String title = text.safe(e.getKey().title());
                String number = Integer.toString(doc.getPages().indexOf(e.getValue().page()) + 1);
                float baseline = top - 11;
                text(out, title, regular, 11, MARGIN, baseline);
                float numberWidth = width(number, regular, 11);
                text(out, number, regular, 11, MARGIN + WIDTH - numberWidth, baseline);
                out.setStrokingColor(RULE);
                out.setLineWidth(0.5f);
                out.moveTo(MARGIN + width(title, regular, 11) + 6, baseline);
                out.lineTo(MARGIN + WIDTH - numberWidth - 6, baseline);
                out.stroke();
                link(pages.get(index), new PDRectangle(MARGIN, baseline - 4, WIDTH, TOC_LEADING), e.getValue());
                top -= TOC_LEADING;
            }
            out.close();
        }

        private void link(PDPage on, PDRectangle area, Destination to) throws IOException {
            PDAnnotationLink link = new PDAnnotationLink();
            link.setRectangle(area);
            PDBorderStyleDictionary border = new PDBorderStyleDictionary();
            border.setWidth(0);
            link.setBorderStyle(border);
            PDActionGoTo go = new PDActionGoTo();
            go.setDestination(destination(to.page(), to.top()));
            link.setAction(go);
            on.getAnnotations().add(link);
        }

        private void footers() throws IOException {
            int n = doc.getNumberOfPages();
            String title = text.safe(model.title());
            for (int i = 0; i < n; i++) {
                try (PDPageContentStream out = new PDPageContentStream(doc, doc.getPage(i), PDPageContentStream.AppendMode.APPEND,
                        true, true)) {
                    String number = "page " + (i + 1) + " of " + n;
                    out.setNonStrokingColor(Color.GRAY);
                    text(out, fit(title, regular, 8, WIDTH * 0.7f), regular, 8, MARGIN, 28);
                    text(out, number, regular, 8, MARGIN + WIDTH - width(number, regular, 8), 28);
                }
            }
        }

        private void bookmark(PDDocumentOutline outline, String title, PDPage target, float top) {
            PDOutlineItem item = new PDOutlineItem();
            item.setTitle(title);
            item.setDestination(destination(target, top));
            outline.addLast(item);
        }

        private PDPageXYZDestination destination(PDPage target, float top) {
            PDPageXYZDestination d = new PDPageXYZDestination();
            d.setPage(target);
            d.setLeft(0);
            d.setTop(Math.round(top + 24));
            return d;
        }

        /** A chart drawn at the size it was drawn for, scaled to the text width; its anchor is where findings link to. */
        private void chart(ReportModel.ReportChart reportChart) throws IOException {
            DrawnChart chart = reportChart.drawn();
            RenderSize size = chart.size();
            float scale = WIDTH / size.width();
            float height = size.height() * scale;
            ensure(height + 10);
            anchors.put(reportChart.id(), new Destination(page, y));
            PdfBoxGraphics2D g = new PdfBoxGraphics2D(doc, size.width(), size.height());
            g.setFontTextDrawer(chartText);
            try {
                ChartWriter.draw(chart.chart(), g, size);
            } catch (RuntimeException e) {
                // dispose() of a half-drawn canvas fails too and would hide why the drawing failed.
                try {
                    g.dispose();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
                throw e;
            }
            g.dispose();
            PDFormXObject form = g.getXFormObject();
            cs.saveGraphicsState();
            cs.transform(new Matrix(scale, 0, 0, scale, MARGIN, y - height));
            cs.drawForm(form);
            cs.restoreGraphicsState();
            y -= height + 10;
        }

        private void paragraph(String s) throws IOException {
            writeWrapped(s, regular, 9, 13, 4);
        }

        /** A table: columns as wide as their contents, text columns narrowed and wrapped when the page is too narrow. */
        private void table(Table t) throws IOException {
            ensure(40);
            writeWrapped(t.caption(), bold, 10, 13, 3);
            if (!t.rows().isEmpty()) {
                float[] widths = columnWidths(t);
                List<List<String>> header = wrapRow(t.headers(), widths, bold);
                drawRow(header, t, widths, bold, true);
                for (List<String> row : t.rows()) {
                    List<List<String>> cells = wrapRow(row, widths, regular);
                    if (y - rowHeight(cells) < BOTTOM) {
                        newPage();
                        drawRow(header, t, widths, bold, true);
                    }
                    drawRow(cells, t, widths, regular, false);
                }
            }
            String note = t.moreNote().isEmpty() ? t.note() : t.note().isEmpty() ? t.moreNote() : t.moreNote() + "; " + t.note();
            if (!note.isEmpty()) {
                y -= 2;
                for (String line : wrap(text.safe(note), regular, 7.5f, WIDTH)) write(line, regular, 7.5f, MARGIN, 10);
            }
            y -= 10;
        }

        private float[] columnWidths(Table t) throws IOException {
            int n = t.headers().size();
            float[] natural = new float[n];
            for (int i = 0; i < n; i++) {
                natural[i] = width(text.safe(t.headers().get(i)), bold, TABLE_FONT);
                for (List<String> row : t.rows()) {
                    natural[i] = Math.max(natural[i], width(text.safe(row.get(i)), regular, TABLE_FONT));
                }
                // One point of slack: a cell measured to fit exactly must not wrap on rounding.
                natural[i] += 2 * CELL_PAD + 1;
            }
            float total = 0;
            float fixed = 0;
            for (int i = 0; i < n; i++) {
                total += natural[i];
                if (t.numeric().get(i)) fixed += natural[i];
            }
            if (total <= WIDTH) return natural;
            // Numbers keep their width; text columns share what is left, in proportion, and wrap.
            float textNatural = total - fixed;
            float room = Math.max(WIDTH - fixed, 40 * (n - countNumeric(t)));
            float[] widths = natural.clone();
            for (int i = 0; i < n; i++) {
                if (!t.numeric().get(i)) widths[i] = Math.max(30, natural[i] * room / textNatural);
            }
            return widths;
        }

        private int countNumeric(Table t) {
            return (int) t.numeric().stream().filter(b -> b).count();
        }

        private List<List<String>> wrapRow(List<String> cells, float[] widths, PDFont font) throws IOException {
            List<List<String>> out = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                out.add(wrap(text.safe(cells.get(i)), font, TABLE_FONT, widths[i] - 2 * CELL_PAD));
            }
            return out;
        }

        private float rowHeight(List<List<String>> cells) {
            int lines = cells.stream().mapToInt(List::size).max().orElse(1);
            return lines * (TABLE_FONT + 2) + 2 * CELL_PAD - 2;
        }

        private void drawRow(List<List<String>> cells, Table t, float[] widths, PDFont font, boolean header) throws IOException {
            float h = rowHeight(cells);
            float tableWidth = 0;
            for (float w : widths) tableWidth += w;
            if (header) {
                cs.setNonStrokingColor(HEADER_FILL);
                cs.addRect(MARGIN, y - h, tableWidth, h);
                cs.fill();
            }
            float x = MARGIN;
            for (int i = 0; i < cells.size(); i++) {
                float lineY = y - CELL_PAD - TABLE_FONT + 1;
                for (String line : cells.get(i)) {
                    float lx = t.numeric().get(i) ? x + widths[i] - CELL_PAD - width(line, font, TABLE_FONT) : x + CELL_PAD;
                    cs.setNonStrokingColor(Color.BLACK);
                    text(cs, line, font, TABLE_FONT, lx, lineY);
                    lineY -= TABLE_FONT + 2;
                }
                x += widths[i];
            }
            y -= h;
            cs.setStrokingColor(RULE);
            cs.setLineWidth(0.5f);
            cs.moveTo(MARGIN, y);
            cs.lineTo(MARGIN + tableWidth, y);
            cs.stroke();
        }

        /** Lines of at most {@code max} points; a word longer than a line is cut. */
        private List<String> wrap(String s, PDFont font, float fontSize, float max) throws IOException {
            List<String> lines = new ArrayList<>();
            StringBuilder line = new StringBuilder();
            for (String word : s.split(" ", -1)) {
                String candidate = line.isEmpty() ? word : line + " " + word;
                if (width(candidate, font, fontSize) <= max) {
                    line.setLength(0);
                    line.append(candidate);
                    continue;
                }
                if (!line.isEmpty()) lines.add(line.toString());
                line.setLength(0);
                String rest = word;
                while (width(rest, font, fontSize) > max && rest.length() > 1) {
                    int cut = rest.length() - 1;
                    while (cut > 1 && width(rest.substring(0, cut), font, fontSize) > max) cut--;
                    lines.add(rest.substring(0, cut));
                    rest = rest.substring(cut);
                }
                line.append(rest);
            }
            if (!line.isEmpty() || lines.isEmpty()) lines.add(line.toString());
            return lines;
        }

        private String fit(String s, PDFont font, float fontSize, float max) throws IOException {
            if (width(s, font, fontSize) <= max) return s;
            String cut = s;
            while (cut.length() > 1 && width(cut + "...", font, fontSize) > max) cut = cut.substring(0, cut.length() - 1);
            return cut + "...";
        }

        /**
         * Writes text across the page's width, wrapped at spaces into lines {@code leading} apart, then moves the
         * cursor down by {@code after} more: a caption or heading longer than the page must not run off its edge.
         */
        private void writeWrapped(String s, PDFont font, float fontSize, float leading, float after) throws IOException {
            for (String line : wrap(text.safe(s), font, fontSize, WIDTH)) write(line, font, fontSize, MARGIN, leading);
            y -= after;
        }

        /** Writes a line at the cursor and moves the cursor down by {@code leading}. */
        private void write(String s, PDFont font, float fontSize, float x, float leading) throws IOException {
            ensure(leading);
            cs.setNonStrokingColor(Color.BLACK);
            text(cs, text.safe(s), font, fontSize, x, y - fontSize);
            y -= leading;
        }

        /**
         * Text in the standard font where it can show it, else in subsets of the bundled fonts (any script they
         * show; bold headings stroked in black), else as outlines.
         */
        private void text(PDPageContentStream out, String s, PDFont font, float fontSize, float x, float baseline)
                throws IOException {
            String safe = text.safe(s);
            if (!text.canShow(safe)) {
                if (EmbeddedText.covers(safe)) {
                    scripts.draw(out, scripts.layout(safe, fontSize), fontSize, font == bold ? Color.BLACK : null,
                            new AffineTransform(1, 0, 0, -1, x, baseline));
                } else {
                    OutlineText.draw(out, safe, font == bold, fontSize, x, baseline);
                }
                return;
            }
            out.beginText();
            out.setFont(font, fontSize);
            out.newLineAtOffset(x, baseline);
            out.showText(safe);
            out.endText();
        }

        private float width(String s, PDFont font, float fontSize) throws IOException {
            String safe = text.safe(s);
            if (!text.canShow(safe)) {
                return EmbeddedText.covers(safe) ? scripts.layout(safe, fontSize).width()
                        : OutlineText.width(safe, font == bold, fontSize);
            }
            return font.getStringWidth(safe) / 1000 * fontSize;
        }

        private void ensure(float height) throws IOException {
            if (cs == null || y - height < BOTTOM) newPage();
        }

        private void newPage() throws IOException {
            close();
            page = new PDPage(PDRectangle.A4);
            doc.addPage(page);
            cs = new PDPageContentStream(doc, page);
            y = TOP;
        }

        private void close() throws IOException {
            if (cs != null) cs.close();
            cs = null;
        }
    }
}
