package io.statlens.cli;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs of different hosts are compared with one plain note saying so, in compare, findings and the report (PDF and
 * HTML); runs of one host get none. Real {@code iostat -xm} output of two machines, pitbull and facebook-maria2
 * (both German locale), and {@code mpstat -P ALL} of one host "vm" in two locales.
 */
class DifferentHostsTest {
    private static final String NOTE = "Different hosts: pitbull ran on pitbull, maria2 on facebook-maria2; a change may be the"
            + " machines', not the runs'.";
    @TempDir
    static Path dir;

    private static CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    @BeforeAll
    static void importRuns() {
        for (String[] r : new String[][]{{"mb-pitbull-3.1-de-xm.txt", "pitbull"}, {"mb-facebook-maria2-de-xm.txt", "maria2"},
                {"../mpstat/capture-de_DE-sysstat12.6-mpstat-P-ALL.txt", "u1"}, {"../mpstat/capture-fr_FR-sysstat12.6-mpstat-P-ALL.txt", "u2"}}) {
            CliRun i = run("import", "src/test/resources/corpus/iostat/" + r[0], "--run", r[1]);
            assertEquals(0, i.code(), i.err());
        }
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    @Test
    void compareSaysSoOnceBeforeTheTableAndOnStandardErrorForData() {
        CliRun table = run("compare", "pitbull", "maria2");
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().startsWith("note: " + NOTE + System.lineSeparator()), table.out());
        assertEquals(1, count(table.out(), "Different hosts"));

        CliRun csv = run("compare", "pitbull", "maria2", "--format", "csv");
        assertEquals(0, csv.code(), csv.err());
        assertTrue(csv.out().startsWith("kind,dataset,"), "CSV stays data only: " + csv.out());
        assertEquals("note: " + NOTE + System.lineSeparator(), csv.err());

        CliRun sameHost = run("compare", "u1", "u2");
        assertEquals(0, sameHost.code(), sameHost.err());
        assertFalse(sameHost.out().contains("Different hosts") || sameHost.err().contains("Different hosts"), sameHost.out());
    }

    @Test
    void findingsSayItFirstInTheComparison() {
        CliRun f = run("findings", "pitbull", "maria2");
        assertEquals(0, f.code(), f.err());
        String comparison = f.out().substring(f.out().indexOf("maria2 against pitbull"));
        String firstFinding = comparison.lines().skip(2).findFirst().orElseThrow();
        assertTrue(firstFinding.startsWith("note") && firstFinding.endsWith(NOTE), firstFinding);
        assertEquals(1, count(f.out(), "Different hosts"));
        assertFalse(run("findings", "u1", "u2").out().contains("Different hosts"));
    }

    @Test
    void theReportSaysItInItsFindingsAndUnderTheComparison() throws Exception {
        Path html = dir.resolve("hosts.html");
        CliRun h = run("report", "pitbull", "maria2", "--section", "findings", "--section", "comparison", "-o", html.toString());
        assertEquals(0, h.code(), h.err());
        String page = Files.readString(html).replace("&#39;", "'").replace("&apos;", "'");
        assertEquals(2, count(page, NOTE), "once among the findings, once under the comparison table");

        Path pdf = dir.resolve("hosts.pdf");
        CliRun p = run("report", "pitbull", "maria2", "--section", "findings", "--section", "comparison", "-o", pdf.toString());
        assertEquals(0, p.code(), p.err());
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertEquals(2, count(text, NOTE), text);
        }
    }
}
