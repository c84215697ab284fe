package io.statlens.report;

import io.statlens.analysis.Finding;
import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.DatabaseCaptureRun;
import io.statlens.chart.RenderSize;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportResult;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sysbench run on MariaDB captured as a user captures it (vmstat, iostat -x, mpstat, mysqladmin ext -r -i 1, two
 * InnoDB monitor reports, performance_schema waits: src/test/resources/captures/sysbench-mariadb), imported in one
 * command into one run: its times line up, and its report has the database's findings next to the OS ones, each
 * linked to the chart that shows it, and the database's sections beside the OS tools'.
 */
class DatabaseReportTest {
    private static final String RUN = DatabaseCaptureRun.RUN;
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private static ImportResult imported;
    private final Repository repo = shared.repository();

    @BeforeAll
    static void importCapture() {
        imported = DatabaseCaptureRun.importInto(shared.repository());
    }

    @Test
    void oneCommandImportsTheCaptureIntoOneRunOnOneClock() {
        assertEquals(List.of("innodb-status", "innodb-status", "iostat", "mpstat", "mysql-status", "perfschema-waits", "sysbench",
                "vmstat"), imported.files().stream().filter(f -> f.rows() > 0).map(ImportResult.FileResult::tool).toList());
        Map<String, RunCatalog.DatasetInfo> byName = new java.util.HashMap<>();
        new RunCatalog(repo).details(RUN).datasets().forEach(d -> byName.putIfAbsent(d.qualifiedName(), d));
        assertEquals(Instant.parse("2026-12-02T03:25:44Z"), new RunCatalog(repo).run(RUN).start(), "vmstat's and iostat's first time");
        // mysqladmin prints no times: it started with the monitors, at the run's start, whatever file the folder lists first.
        assertEquals(Instant.parse("2026-12-02T03:25:44Z"), byName.get("mysql.status").first());
        assertEquals(Instant.parse("2026-12-02T03:26:49Z"), byName.get("mysql.status").last(), "66 snapshots a second apart");
        assertEquals(Instant.parse("2026-12-02T03:25:50Z"), byName.get("innodb.status").first(), "the monitor's own header");
    }

    @Test
    void theReportHasTheDatabaseFindingsNextToTheOsOnesEachLinkedToItsChart() throws Exception {
        ReportModel model = new ReportAssembler(repo, Clock.fixed(Instant.parse("2026-12-02T04:00:00Z"), ZoneOffset.UTC))
                .assemble(ReportRequest.of(List.of(RUN)), new RenderSize(960, 480, 1));
        List<ReportModel.FindingLine> lines = model.findings().get(0).lines();
        List<String> datasets = lines.stream().map(l -> l.finding().dataset()).toList();
        assertTrue(datasets.containsAll(List.of("vmstat", "mysql.status", "perfschema.waits")), datasets.toString());
        ReportModel.FindingLine threads = line(lines, "Threads_running");
        assertEquals(Finding.Kind.TROUBLE, threads.finding().kind());
        assertEquals("Threads running and connected (MySQL status)", threads.targetTitle(), "the chart of that variable");
        ReportModel.FindingLine served = line(lines, "MySQL served");
        assertEquals(Finding.Kind.HEADLINE, served.finding().kind());
        assertEquals("Questions per second (MySQL status)", served.targetTitle());
        assertEquals("Top wait events (performance_schema)", line(lines, "Top wait event").targetTitle());
        List<String> tools = model.sections().stream().map(ReportModel.ToolSection::tool).toList();
        assertTrue(tools.containsAll(List.of("vmstat", "iostat", "mpstat", "mysql", "innodb", "perfschema", "sysbench")), tools.toString());

        String html = new HtmlReportWriter(ReadableNumbers.ROOT).html(model);
        assertTrue(html.contains("Threads_running above the 2 CPUs"), "the HTML report's findings");
        assertTrue(html.contains("id=\"tool-mysql\""), "the status variables' section");
        Path pdf = Path.of("target", "database-report.pdf");
        new PdfReportWriter(ReadableNumbers.ROOT).write(model, pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertTrue(text.contains("Threads_running above the 2 CPUs"), "the PDF report's findings");
            assertTrue(text.contains("Statements per second by command (MySQL status)"), "the database's charts");
        }
    }

    private static ReportModel.FindingLine line(List<ReportModel.FindingLine> lines, String text) {
        return lines.stream().filter(l -> l.finding().text().toString().contains(text)).findFirst()
                .orElseThrow(() -> new AssertionError("no finding with '" + text + "' among "
                        + lines.stream().map(l -> l.finding().text().toString()).toList()));
    }
}
