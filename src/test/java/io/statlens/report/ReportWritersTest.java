package io.statlens.report;

import io.statlens.analysis.Finding;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.analysis.RunComparer;
import io.statlens.chart.RenderSize;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.ScriptedParser;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reports of real sysbench fixtures and a scripted run with hostile facts and annotations, as HTML and PDF. */
@OnEveryEngine
class ReportWritersTest {
    private final RepositoryEngine engine;

    ReportWritersTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static final String HOSTILE = "<script>alert(1)</script>";
    private static final Instant GENERATED = Instant.parse("2024-05-01T12:00:00Z");
    /** The SVG view box of an HTML report's charts, as statlens report draws them. */
    private static final RenderSize HTML_CHARTS = new RenderSize(960, 480, 1);

    @TempDir
    Path dir;
    private Repository repo;

    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @BeforeEach
    void open() throws Exception {
        repo = shared.repository(engine);
        importCorpus("sb16", "sysbench/plantegg-1.0.20-oltp_rw-16thr.txt");
        importCorpus("sb8", "sysbench/mb-0.5-mid-rw-8thr-5s.txt");
        Path f = Files.writeString(dir.resolve("evil.txt"), String.join("\n", "#scripted", "fact os.name " + HOSTILE,
                "columns busy", "1700000000 - 1", "1700000010 - 3", "1700000020 - 5") + "\n");
        new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser())))
                .run(ImportRequest.of("evil", ZoneOffset.UTC, f), ImportProgress.NONE);
        Instant start = new RunCatalog(repo).run("sb16").start();
        new AnnotationStore(repo).add("sb16", List.of(
                new AnnotationStore.Note(start.plusSeconds(10), "<img src=x onerror=alert(2)>"),
                new AnnotationStore.Note(start.plusSeconds(20), "готово 完了")), "note");
    }

    private void importCorpus(String run, String file) {
        new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")))
                .run(ImportRequest.of(run, ZoneOffset.UTC, Path.of("src/test/resources/corpus", file)), ImportProgress.NONE);
    }

    /** The report of these runs, its charts drawn at the size of an HTML report's. */
    private ReportModel model(String... runs) {
        return model(HTML_CHARTS, runs);
    }

    private ReportModel model(RenderSize chartSize, String... runs) {
        return new ReportAssembler(repo, Clock.fixed(GENERATED, ZoneOffset.UTC)).assemble(ReportRequest.of(List.of(runs)), chartSize);
    }

    private String html(String... runs) {
        return new HtmlReportWriter(ReadableNumbers.ROOT).html(model(runs));
    }

    @Test
    void htmlIsOneSelfContainedFileWithContentsChartsAndEscapedInput() {
        String html = html("sb16", "evil");
        assertTrue(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
        assertFalse(html.toLowerCase().contains("http:") || html.toLowerCase().contains("https:"), "no URL at all");
        assertFalse(html.contains(HOSTILE), "the hostile fact is never markup");
        assertEquals(2 + count(html, "<script type=\"application/json\" class=\"chart-data\">"), count(html, "<script"),
                "the page's own script and settings, and the data of its charts");
        assertFalse(html.contains("<img"), "the hostile annotation is text, not an element");
        assertTrue(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"), "the fact, escaped");
        assertTrue(html.contains("<td>&lt;img src=x onerror=alert(2)&gt;</td>"), "the annotation, escaped");
        assertTrue(html.contains("<td>готово 完了</td>"), "UTF-8 text stays as it is");
        assertTrue(html.contains("<li><a href=\"#tool-sysbench\" title=\"sysbench\">sysbench</a><ol><li><a href=\"#c1\""
                + " title=\"Transactions per second (sysbench)\">Transactions per second (sysbench)</a></li>"), "the contents");
        assertTrue(html.contains("<li><a href=\"#comparison\" title=\"Comparison\">Comparison</a></li>\n"
                + "<li><a href=\"#annotations\" title=\"Annotations\">Annotations</a></li>"), "the contents");
        assertEquals(3, count(html, "<svg "), "sysbench's three presets: tps, qps, latency; scripted has none");
        assertTrue(html.contains(">Transactions per second (sysbench)<"), "chart text is SVG text");
        assertTrue(html.contains(">tps (/s)<"), "the value axis label with its unit");
    }

    @Test
    void thePolicyForbidsTheNetworkAndAllowsOnlyThePagesOwnStyleAndScript() throws Exception {
        String html = html("sb16");
        Matcher csp = Pattern.compile("<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]+)\">").matcher(html);
        assertTrue(csp.find());
        String style = html.substring(html.indexOf("<style>") + 7, html.indexOf("</style>"));
        String script = html.substring(html.lastIndexOf("<script>") + 8, html.lastIndexOf("</script>"));
        assertEquals("default-src 'none'; img-src data:; style-src " + sha256(style) + "; script-src " + sha256(script)
                + "; base-uri 'none'; form-action 'none'", csp.group(1));
        assertFalse(html.contains(" style=\""), "no style attribute, which the policy would refuse: Batik's are attributes");
        assertTrue(html.contains("\"label\":\"\\u003cimg src=x onerror=alert(2)\\u003e\""),
                "the annotation on the chart, escaped in its JSON");
    }

    @Test
    void batikStylesBecomePresentationAttributes() {
        assertEquals(" clip-path=\"url(#c1-clipPath1)\" fill=\"none\" stroke=\"rgb(78,121,167)\"",
                HtmlReportWriter.attributes("clip-path:url(#c1-clipPath1); fill:none; stroke:rgb(78,121,167);"));
        assertEquals(" font-family=\"'Dialog'\"", HtmlReportWriter.attributes("font-family:'Dialog'; bad name:x; nocolon"));
    }

    @Test
    void chartDataIsEscapedForAScriptElement() {
        assertEquals("\"\\u003c/script\\u003e \\u0026amp; \\\"q\\\" \\\\ \\n\\u2028\"",
                ChartJson.quote("</script> &amp; \"q\" \\ \n\u2028"));
    }

    private static String sha256(String s) throws Exception {
        return "'sha256-" + java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8))) + "'";
    }

    @Test
    void chartIdsAreUniqueInThePage() {
        String html = html("sb16");
        Matcher m = Pattern.compile("\\bid=\"([^\"]+)\"").matcher(html);
        Set<String> ids = new HashSet<>();
        List<String> dupes = new ArrayList<>();
        while (m.find()) if (!ids.add(m.group(1))) dupes.add(m.group(1));
        assertTrue(dupes.isEmpty(), "duplicate ids: " + dupes);
        assertTrue(ids.contains("c1-clipPath1") && ids.contains("c2-clipPath1"), "each chart's clip paths under its own prefix");
        assertFalse(html.contains("url(#clipPath"), "every reference follows its id");
    }

    @Test
    void comparisonOnlyWithSeveralRuns() {
        ReportModel one = model("sb16");
        assertFalse(one.compares());
        assertFalse(html("sb16").contains("id=\"comparison\""));
        assertEquals(List.of("sysbench", "Annotations", "Appendix: facts and statistics"),
                one.headings().stream().map(ReportModel.Heading::title).toList());

        ReportModel two = model("sb16", "sb8");
        assertTrue(two.compares());
        RunComparer.Comparison tps = two.comparison().get(0);
        assertEquals(List.of("series", "tps", "sb8"), List.of(tps.kind().name(), tps.metric(), tps.run()),
                "the largest significant change");
        assertEquals(3482.37, tps.base().mean(), 0.005);
        assertEquals(1635.9, tps.other().mean(), 0.005);
        assertTrue(tps.verdict().significant());
        assertEquals("", two.comparisonNote());
        assertTrue(html("sb16", "sb8").contains("<section id=\"comparison\">"));

        ReportModel unrelated = model("sb8", "evil");
        assertTrue(unrelated.comparison().isEmpty());
        assertTrue(unrelated.comparisonNote().contains("in common"), unrelated.comparisonNote());
    }

    @Test
    void onlyTheChosenSectionsAndPresetAreShown() {
        ReportModel chartOnly = new ReportAssembler(repo, Clock.fixed(GENERATED, ZoneOffset.UTC)).assemble(new ReportRequest(
                List.of("sb16", "sb8"), List.of("sysbench.tps"), 0, 60, ZoneOffset.UTC, EnumSet.of(ReportSection.CHARTS)), HTML_CHARTS);
        assertFalse(chartOnly.compares(), "two runs, but the comparison was left out");
        assertFalse(chartOnly.hasAnnotations(), "sb16 has annotations, but their table was left out");
        assertEquals(List.of("sysbench", "Appendix: facts and statistics"),
                chartOnly.headings().stream().map(ReportModel.Heading::title).toList());
        assertTrue(chartOnly.findings().isEmpty(), "the findings were left out");
        ReportModel.ToolSection sysbench = chartOnly.sections().get(0);
        assertEquals(List.of("Transactions per second (sysbench)"),
                sysbench.charts().stream().map(c -> c.drawn().data().title()).toList());
        assertTrue(sysbench.stats().isEmpty() && sysbench.keys().isEmpty() && sysbench.summary().isEmpty());
        assertTrue(chartOnly.appendix().isEmpty(), "no statistics in the appendix either; the facts stay");
        String html = new HtmlReportWriter(ReadableNumbers.ROOT).html(chartOnly);
        assertEquals(1, count(html, "<svg "));
        assertFalse(html.contains("Statistics of ") || html.contains("Summary values of ") || html.contains("id=\"comparison\""));
        assertTrue(html.contains("<h3>Facts of run sb8</h3>"), "the facts stay, in the appendix");
        assertFalse(html.contains("id=\"findings\""));

        ReportModel comparisonOnly = new ReportAssembler(repo, Clock.fixed(GENERATED, ZoneOffset.UTC)).assemble(new ReportRequest(
                List.of("sb16", "sb8"), List.of(), 0, 60, ZoneOffset.UTC, EnumSet.of(ReportSection.COMPARISON)), HTML_CHARTS);
        assertEquals(List.of("Comparison", "Appendix: facts and statistics"),
                comparisonOnly.headings().stream().map(ReportModel.Heading::title).toList(),
                "no tool section is left with nothing in it");
        assertEquals("tps", comparisonOnly.comparison().get(0).metric());
        assertEquals(0, count(new HtmlReportWriter(ReadableNumbers.ROOT).html(comparisonOnly), "<svg "));

        UserException none = assertThrows(UserException.class, () -> new ReportRequest(List.of("sb16"), List.of(), 0, 60,
                ZoneOffset.UTC, EnumSet.noneOf(ReportSection.class)));
        assertEquals("choose at least one section of the report", none.getMessage());
    }

    @Test
    void pdfHasOutlinePageNumbersAndRealText() throws Exception {
        Path file = dir.resolve("r.pdf");
        new PdfReportWriter(ReadableNumbers.ROOT).write(model(new RenderSize(800, 400, 1), "sb16", "sb8", "evil"), file);
        try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
            int pages = pdf.getNumberOfPages();
            assertTrue(pages > 4, "title, contents, three sections, comparison: " + pages);
            List<String> outline = new ArrayList<>();
            for (PDOutlineItem item : pdf.getDocumentCatalog().getDocumentOutline().children()) outline.add(item.getTitle());
            assertEquals(List.of("Findings", "Runs", "Contents", "sysbench", "scripted", "Comparison", "Annotations",
                    "Appendix: facts and statistics"), outline);
            PDFTextStripper stripper = new PDFTextStripper();
            for (int p = 1; p <= pages; p++) {
                stripper.setStartPage(p);
                stripper.setEndPage(p);
                assertTrue(stripper.getText(pdf).contains("page " + p + " of " + pages), "footer of page " + p);
            }
            stripper.setStartPage(1);
            stripper.setEndPage(pages);
            String text = stripper.getText(pdf);
            assertTrue(text.contains("statlens report: sb16, sb8, evil"), "title");
            assertTrue(text.contains(HOSTILE), "the hostile fact is just text in a PDF");
            assertFalse(text.contains("??"), "characters Helvetica lacks are drawn, not '?': " + text.lines()
                    .filter(l -> l.contains("??")).toList());
            assertTrue(text.contains("runs sb16, sb8"), "a chart subtitle (the overlay's runs) is text");
            assertTrue(text.contains("Transactions per second (sysbench)"), "a chart title is text");
            assertTrue(text.contains("Against the base run sb16"), "comparison table");
        }
    }

    @Test
    void findingsOpenTheReportAndLinkToTheChartsThatShowThem() throws Exception {
        ReportModel model = model("sb16", "sb8");
        assertEquals(List.of("run sb16", "run sb8", "sb8 against sb16"),
                model.findings().stream().map(ReportModel.FindingGroup::title).toList());
        ReportModel.FindingLine headline = model.findings().get(0).lines().get(0);
        assertEquals(Finding.Kind.HEADLINE, headline.finding().kind());
        ReportModel.ReportChart tps = model.sections().get(0).charts().get(0);
        assertEquals("sysbench.tps", tps.drawn().definition().name());
        assertEquals(tps.id(), headline.target(), "the headline points at the tps chart");
        assertEquals("Transactions per second (sysbench)", headline.targetTitle());
        ReportModel.FindingLine change = model.findings().get(2).lines().get(0);
        assertTrue(change.finding().text().toString().startsWith("tps (sysbench) fell 53.02 %, from 3,482 to 1,636/s"),
                change.finding().text().toString());

        String html = new HtmlReportWriter(ReadableNumbers.ROOT).html(model);
        int findings = html.indexOf("<section id=\"findings\" class=\"findings\">");
        assertTrue(findings > 0 && findings < html.indexOf("id=\"t-runs\"") && html.indexOf("id=\"t-runs\"") < html.indexOf("id=\"tool-"),
                "findings, then the runs, then the tools");
        assertTrue(html.contains("<li class=\"headline\"><span class=\"kind\">Headline</span> sysbench oltp: 3,482 tps, 69,645 qps,"
                + " latency p95 7.43 ms (16 threads, 30 s)"), "the sentence, its numbers for people");
        assertTrue(html.contains("<a class=\"to\" href=\"#" + tps.id() + "\" title=\"Transactions per second (sysbench)\">chart</a>"));
        assertTrue(html.contains("<section id=\"appendix\">\n<details>\n"), "the appendix, closed");
        assertTrue(html.contains("<details class=\"more\">\n<summary>"), "long tables keep their rest behind N more");

        Path file = dir.resolve("findings.pdf");
        new PdfReportWriter(ReadableNumbers.ROOT).write(model(new RenderSize(800, 400, 1), "sb16", "sb8"), file);
        try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setStartPage(1);
            stripper.setEndPage(1);
            String first = stripper.getText(pdf);
            assertTrue(first.contains("Findings") && first.contains("Headline") && first.contains("sysbench oltp: 3,482 tps"), first);
            Matcher see = Pattern.compile("see p\\. (\\d+)").matcher(first);
            assertTrue(see.find(), "each finding says where its chart is: " + first);
            int chartPage = Integer.parseInt(see.group(1));
            stripper.setStartPage(chartPage);
            stripper.setEndPage(chartPage);
            assertTrue(stripper.getText(pdf).contains("Transactions per second (sysbench)"), "the page it names has the chart");
            long links = pdf.getPage(0).getAnnotations().stream()
                    .filter(a -> a instanceof org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink).count();
            assertTrue(links >= 3, "the page numbers are links: " + links);
        }
    }

    @Test
    void pdfShowsRunNamesAndNotesInAnyScriptAsText() throws Exception {
        String name = "数据库-서버-خادم-🚀";
        String host = "ホスト-москва";
        List<String> keys = List.of("диск", "磁盘", "ディスク", "디스크", "قرص", "💾");
        String note = "負荷 시작 بداية ⚠";
        List<String> lines = new ArrayList<>(List.of("#scripted", "fact host " + host, "dataset disks device", "columns busy"));
        for (String key : keys) lines.addAll(List.of("1700000000 " + key + " 1", "1700000010 " + key + " 3", "1700000020 " + key + " 5"));
        Path f = Files.writeString(dir.resolve("world.txt"), String.join("\n", lines) + "\n");
        new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser())))
                .run(ImportRequest.of(name, ZoneOffset.UTC, f), ImportProgress.NONE);
        new AnnotationStore(repo).add(name, List.of(new AnnotationStore.Note(Instant.ofEpochSecond(1700000010), note)), "note");
        Path file = dir.resolve("world.pdf");
        new PdfReportWriter(ReadableNumbers.ROOT).write(model(new RenderSize(800, 400, 1), name), file);
        try (PDDocument pdf = Loader.loadPDF(file.toFile())) {
            String text = new PDFTextStripper().getText(pdf);
            assertFalse(text.contains("?"), "nothing became '?': " + text.lines().filter(l -> l.contains("?")).toList());
            assertTrue(text.contains("generated 2024-05-01T12:00:00Z by statlens"), text);
            // real text in the bundled fonts' subsets, which a reader finds and copies as typed (Arabic too)
            for (String s : Stream.concat(Stream.of(name, host, note), keys.stream()).toList()) {
                assertTrue(text.contains(s), s + " is text in:\n" + text);
            }
            Files.copy(file, Path.of("target", "any-script-report.pdf"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Path again = dir.resolve("again.pdf");
        new PdfReportWriter(ReadableNumbers.ROOT).write(model(new RenderSize(800, 400, 1), name), again);
        // the same report, the same bytes, fonts and all, but for the file identifier PDFBox draws anew on every save
        assertEquals(withoutId(file), withoutId(again));
        // poppler finds every word too (it orders a right-to-left word by itself, so words, not whole lines)
        Path pdftotext = Path.of("/usr/bin/pdftotext");
        Assumptions.assumeTrue(Files.isExecutable(pdftotext), "poppler-utils' pdftotext is not installed: apt-get install poppler-utils");
        Process p = new ProcessBuilder(pdftotext.toString(), file.toString(), "-").redirectErrorStream(true).start();
        String poppler = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
                .replaceAll("[\u202A-\u202E\u2066-\u2069]", "");
        assertEquals(0, p.waitFor());
        for (String s : Stream.concat(Stream.of(name, host, note), keys.stream()).toList()) {
            for (String word : s.split(" ")) assertTrue(poppler.contains(word), word + " is text for poppler in:\n" + poppler);
        }
    }

    private static String withoutId(Path pdf) throws java.io.IOException {
        return new String(Files.readAllBytes(pdf), java.nio.charset.StandardCharsets.ISO_8859_1)
                .replaceAll("/ID \\[<[0-9A-F]+> <[0-9A-F]+>\\]", "/ID");
    }

    @Test
    void keyedDataSetsShowTheirBusiestKeysAndTheAppendixEverything() {
        importCorpus("pitbull", "iostat/mb-pitbull-3.1-de-xm.txt");
        ReportModel model = model("pitbull");
        ReportModel.ToolSection iostat = model.sections().stream().filter(s -> s.tool().equals("iostat")).findFirst().orElseThrow();
        ReportModel.KeyTable devices = iostat.keys().get(0);
        assertEquals("mean %util; the other columns are means", devices.rankedBy());
        assertEquals(List.of("%util mean", "%util p95", "%util peak"),
                devices.columns().subList(0, 3).stream().map(ReportModel.KeyColumn::heading).toList());
        assertEquals(5, devices.rows().size());
        assertEquals(9 - 5, devices.more().size(), "nine devices: the rest behind N more");
        List<Double> means = devices.rows().stream().map(r -> r.values().get(0)).toList();
        assertEquals(means.stream().sorted(java.util.Comparator.reverseOrder()).toList(), means, "busiest first");
        Table t = new ReportTables(ZoneOffset.UTC, ReadableNumbers.ROOT).keys(devices, ReportTables.APPENDIX);
        assertEquals("Busiest devices of iostat, run pitbull (by mean %util; the other columns are means)", t.caption());
        assertEquals("4 more devices in the appendix", t.moreNote());
        assertEquals("CPUs", ReportTables.lowerCaseWord("CPUs"), "an acronym keeps its capitals");
        ReportModel.StatsTable all = model.appendix().stream().filter(a -> a.dataset().equals("iostat")).findFirst().orElseThrow();
        assertEquals(9 * 11, all.rows().size(), "the appendix: every metric of every device");
    }

    /** A deep stack, stored as its start and a hash, is shown whole in the report's tables (wrapped, not cut). */
    @Test
    void aKeyLongerThanADataTableHoldsIsShownWhole() {
        importCorpus("locker", "dtrace/ahl-blog-dtrace-plockstat-ustack-count.txt");
        ReportModel.StatsTable stack = model("locker").appendix().stream().filter(a -> a.dataset().equals("dtrace.stack"))
                .findFirst().orElseThrow();
        String key = stack.rows().get(0).key();
        assertEquals(480, key.length(), key);
        assertTrue(key.endsWith("libc.so.1`_thr_setup+0x50;libc.so.1`_lwp_start"), key);
        assertTrue(html("locker").contains("libc.so.1`_thr_setup+0x50;libc.so.1`_lwp_start"));
    }

    @Test
    void theFactsSayWhichTimesAndDatesWereDerived() {
        RunCatalog.RunInfo info = new RunCatalog.RunInfo("r", "", Instant.EPOCH, Instant.EPOCH, List.of(), 3, 9);
        ReportTables tables = new ReportTables(ZoneOffset.UTC, ReadableNumbers.ROOT);
        Table both = tables.facts(new ReportModel.RunPart(info, List.of(
                new io.statlens.model.Fact("time.source", "derived: last sample at the file's modification time (2026-11-25T10:30:00Z),"
                        + " first at 2026-11-25T10:29:00Z, assumed interval 1 s"),
                new io.statlens.model.Fact("time.source", "time of day in column 'Time' on the date of the file's modification time"
                        + " (2026-11-25), zone UTC"),
                new io.statlens.model.Fact("time.source", "banner date 2019-10-09 + printed time of day, zone UTC")), List.of(), List.of()));
        assertEquals("Times derived: 1 file(s) of this run print no time stamps; statlens placed their samples as their time.source"
                + " says (give --start on import to place them yourself). Dates derived: 1 file(s) of this run print times of day"
                + " without a date; statlens chose the date their time.source names (give --start on import to set it).", both.note());
        Table dated = tables.facts(new ReportModel.RunPart(info, List.of(
                new io.statlens.model.Fact("time.source", "banner date 2019-10-09 + printed time of day, zone UTC")), List.of(), List.of()));
        assertEquals("", dated.note());
    }

    @Test
    void formatFromTheFileName() {
        assertEquals(ReportFormat.PDF, ReportFormat.of(Path.of("out/Report.PDF")));
        assertEquals(ReportFormat.HTML, ReportFormat.of(Path.of("r.html")));
        UserException e = assertThrows(UserException.class, () -> ReportFormat.of(Path.of("r.txt")));
        assertEquals("format 'txt': expected pdf or html", e.getMessage());
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }
}
