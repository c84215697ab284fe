package io.statlens.cli;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** statlens report end to end: formats, the file written, exit codes. */
class ReportCliTest {
    @TempDir
    Path dir;

    private CliRun run(String... args) {
        return CliRun.in(dir.resolve("repo"), args);
    }

    private void importSysbench() {
        CliRun r = run("import", "src/test/resources/corpus/sysbench/plantegg-1.0.20-oltp_rw-16thr.txt", "--run", "sb16");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void writesHtmlAndPdfAndPrintsThePath() throws Exception {
        importSysbench();
        Path html = dir.resolve("out/r.html");
        CliRun h = run("report", "sb16", "-o", html.toString());
        assertEquals(0, h.code(), h.err());
        assertEquals(html + System.lineSeparator(), h.out());
        assertTrue(Files.readString(html).startsWith("<!DOCTYPE html>"));

        Path pdf = dir.resolve("r.bin");
        CliRun p = run("report", "sb16", "--format", "pdf", "--preset", "sysbench.tps", "-o", pdf.toString());
        assertEquals(0, p.code(), p.err());
        assertEquals("", p.err(), "no library chatter on standard error");
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertTrue(doc.getNumberOfPages() >= 3, "title, contents, sysbench");
        }
    }

    @Test
    void sectionsLeaveTheOthersOut() throws Exception {
        importSysbench();
        Path all = dir.resolve("all.html");
        assertEquals(0, run("report", "sb16", "-o", all.toString()).code());
        Path statistics = dir.resolve("stats.html");
        CliRun r = run("report", "sb16", "--section", "statistics", "-o", statistics.toString());
        assertEquals(0, r.code(), r.err());
        String full = Files.readString(all);
        String only = Files.readString(statistics);
        assertTrue(full.contains("<svg"), "the full report has charts");
        assertFalse(only.contains("<svg"), "no charts when only statistics are asked for");
        assertTrue(only.contains(">tps<"), "the statistics table lists tps");

        CliRun bad = run("report", "sb16", "--section", "pictures", "-o", dir.resolve("bad.html").toString());
        assertEquals(1, bad.code());
        assertEquals("statlens: --section pictures: expected one of findings, charts, summary, statistics, comparison, annotations",
                bad.err().strip());
        assertFalse(Files.exists(dir.resolve("bad.html")));
    }

    @Test
    void userErrorsExitWithOne() {
        importSysbench();
        CliRun unknownRun = run("report", "nope", "-o", dir.resolve("r.html").toString());
        assertEquals(1, unknownRun.code());
        assertTrue(unknownRun.err().contains("nope"), unknownRun.err());

        CliRun badExtension = run("report", "sb16", "-o", dir.resolve("r.txt").toString());
        assertEquals(1, badExtension.code());
        assertEquals("statlens: format 'txt': expected pdf or html", badExtension.err().strip());

        CliRun badPreset = run("report", "sb16", "--preset", "nosuch", "-o", dir.resolve("r.pdf").toString());
        assertEquals(1, badPreset.code());
        assertTrue(badPreset.err().contains("no chart preset named 'nosuch'"), badPreset.err());
        assertFalse(Files.exists(dir.resolve("r.pdf")), "no file after an error");

        CliRun noOutput = run("report", "sb16");
        assertTrue(noOutput.code() != 0 && noOutput.err().contains("-o"), noOutput.err());
    }
}
