package io.statlens.parse;

import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real outputs of tools statlens does not read (src/test/resources/unread, SOURCES.tsv): no parser takes them,
 * and the refusal says what they are.
 */
class UnreadOutputsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "smartos-tips-vfsstat-M-Z-5.txt|vfsstat",
            "smartos-tips-ziostat-Z-5.txt|ziostat",
            "smartos-tips-zpool-iostat-v-zones-10.txt|zpool iostat",
            "smartos-tips-intrstat.txt|intrstat",
            "smartos-tips-netstat-I-igb0-1-6.txt|netstat -i",
            "gstat-rs-issue59-freebsd-gstat-pdos.txt|gstat",
            "netkiller-zh-nfsstat-client-v3-v4.txt|nfsstat",
            "sysstat-12.6.1-sadf-default-p.txt|sadf -p",
            "sysstat-12.6.1-cifsiostat-1-2-no-shares.txt|cifsiostat",
    })
    void aRefusalNamesTheToolStatlensDoesNotRead(String file, String tool) throws IOException {
        var detection = detection(head(file));
        assertTrue(detection.parser().isEmpty(), file + " is read as " + detection.parser());
        assertTrue(detection.closest().startsWith("it is " + tool + " output, which statlens does not read"), detection.closest());
    }

    /**
     * pidstat's averages kept without the header that names their columns (a de_DE {@code pidstat -u -t} whose author
     * kept only the {@code Durchschn.:} rows): the refusal says what is missing and, as nine cells before the command
     * fit one documented layout only, which one.
     */
    @Test
    void pidstatAveragesWithoutTheirHeaderAreRefusedNamingTheLayoutTheirWidthFits() throws IOException {
        var detection = detection(head("freerdp-fork-readme-de-pidstat-u-t-p-averages-only.txt"));
        assertTrue(detection.parser().isEmpty(), "read as " + detection.parser());
        String why = detection.closest();
        assertTrue(why.startsWith("line 2: pidstat averages ('Durchschn.:') without the header that names their columns"), why);
        assertTrue(why.contains("expected a header line ('Durchschn.:' then UID, PID or TGID TID, the report's columns and"
                + " Command) before them"), why);
        assertTrue(why.contains("their 9 cells before the command fit one documented layout only: pidstat -u -t of sysstat"
                + " 11.5.5 or later (UID TGID TID %usr %system %guest %wait %CPU CPU)"), why);
    }

    /**
     * {@code sadf -d -h -- -A}: every activity of a sample on one line, several of them repeated per CPU, device or
     * interface with nothing printed to tell where one ends: not taken (it was read as sadf -d, every line a warning),
     * and the refusal says why and what is read.
     */
    @Test
    void sadfDhOfSeveralActivitiesIsRefusedSayingWhy() throws IOException {
        var detection = detection(head("sysstat-12.6.1-sadf-d-h-A.txt"));
        assertTrue(detection.parser().isEmpty(), "read as " + detection.parser());
        String why = detection.closest();
        assertTrue(why.startsWith("line 1: sadf -d -h (every activity of a sample on one line"), why);
        assertTrue(why.contains("sadf -d without -h, sadf -j, or sadf -d -h of one activity at a time is read"), why);
    }

    @Test
    void averagesAsWideAsSeveralPidstatLayoutsNameNone() {
        // 8 cells: UID PID and -u's six columns, or UID TGID TID and -r's five
        String why = detection(Head.of("t.txt", List.of("Average:     1000      4242    1.00    0.50    0.00    0.00    1.50     -  java",
                "Average:     1000      4243    2.00    0.50    0.00    0.00    2.50     -  python3"))).closest();
        assertTrue(why.startsWith("line 1: pidstat averages ('Average:') without the header"), why);
        assertFalse(why.contains("fit one documented layout"), why);
    }

    @Test
    void sarAndMpstatAveragesAreNoHeaderlessPidstat() {
        String why = detection(Head.of("t.txt", List.of("Average:     all    1.00    0.00    0.50    0.10    0.00   98.40",
                "Average:       0    1.00    0.00    0.50    0.10    0.00   98.40"))).closest();
        assertFalse(why.contains("pidstat averages"), why);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "    c1t0d0           Soft Errors: 0 Hard Errors: 0 Transport Errors: 0|iostat -E",
            "Processes: 312 total, 3 running, 309 sleeping, 1528 threads|top -l",
            // LC_ALL=C cifsiostat 1 2, sadf sa.data (its default -p), sadf -U, sadf -x and sadf -H (sysstat 12.6.1)
            "Filesystem                     rB/s         wB/s    rops/s    wops/s         fo/s         fc/s         fd/s|cifsiostat",
            "vm\t1\t2026-12-05 06:40:36 UTC\tall\t%usr\t90.64|sadf -p",
            "vm\t1\t1796452836\tall\t%usr\t90.64|sadf -p",
            "<!DOCTYPE sysstat PUBLIC \"DTD v3.11 sysstat //EN\"|sadf -x",
            "System activity data file: sa.data (0x2175)|sadf -H",
    })
    void linesThatNameATool(String line, String tool) {
        assertEquals(java.util.Optional.of(tool), UnreadOutputs.of(Head.of("t", List.of("$ command", line))));
    }

    /** free(1)'s old and new forms, found on Q&A pages and blogs. */
    @Test
    void freeIsNamedInItsOldAndNewForms() {
        assertEquals(Optional.of("free(1)"), named("Why does my server show", "",
                "            total      used      free   shared buffers    cached",
                "    Mem: 12286456  11715372    571084        0   81912   6545228",
                "-/+ buffers/cache:  5088232   7198224",
                "   Swap: 24571408     54528  24516880"));
        assertEquals(Optional.of("free(1)"), named("free -hw", "",
                "        total   used   free   shared   buffers   cache   available",
                "Mem:     2.0G   566M   860M      14M       41M    531M        1.2G  ",
                "Swap:    4.0G     0B   4.0G  "));
    }

    @Test
    void topsMemoryLinesAndProseAreNotFree() {
        assertEquals(Optional.empty(), named("top - 03:11:49 up 16:28,  4 users,  load average: 0.08, 0.03, 0.01",
                "Mem:   1016372k total,   811796k used,   204576k free,    24736k buffers",
                "Swap:  2064380k total,    41640k used,  2022740k free,   295652k cached"));
        assertEquals(Optional.empty(), named("The total used and free memory is shown by free.", "Mem: see below"));
    }

    private static Detection detection(Head head) {
        return new AutoDetectParser(ParserCatalog.load(java.nio.file.Path.of("target", "no-user-parsers"))).detect(head);
    }

    private static Optional<String> named(String... lines) {
        return UnreadOutputs.of(Head.of("f.txt", List.of(lines)));
    }

    private static Head head(String file) throws IOException {
        try (InputStream in = UnreadOutputsTest.class.getResourceAsStream("/unread/" + file)) {
            return Head.of(file, new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        }
    }
}
