package io.statlens.parse.transcript;

import io.statlens.model.ParseWarning;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.transcript.TranscriptLine.Kind;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;

class TranscriptTest {
    private static final CommandSyntax VMSTAT = CommandSyntax.of(Set.of("vmstat"), Set.of("-S"));

    private static List<TranscriptLine> read(String text) throws IOException {
        List<TranscriptLine> out = new ArrayList<>();
        Transcript t = new Transcript(LineSource.ofString("t", text), VMSTAT);
        for (TranscriptLine line = t.next(); line != null; line = t.next()) out.add(line);
        return out;
    }

    private static List<Kind> kinds(String text) throws IOException {
        return read(text).stream().map(TranscriptLine::kind).toList();
    }

    @Test
    void classifiesWhatIsPastedAroundTheOutput() throws IOException {
        assertEquals(List.of(Kind.DECORATION, Kind.COMMAND, Kind.TEXT, Kind.TEXT, Kind.DECORATION, Kind.SHELL, Kind.SHELL,
                        Kind.BLANK, Kind.DECORATION, Kind.SHELL, Kind.SHELL, Kind.DECORATION, Kind.DECORATION, Kind.SHELL,
                        Kind.SHELL, Kind.DECORATION),
                kinds("""
                        ```console
                        $ vmstat 1
                        procs -----------memory----------
                         1  0      0 2794484
                        [...]
                        ^C
                        $ uptime
                         
                        …
                         13:58:03 up 18 days, 19:44,  9 users,  load average: 4.06
                        # comment
                        .. code-block:: console
                        (... 40 lines snipped ...)
                        [1]+  Done                    vmstat 1 > out
                        ╭─alex@smith in ~ took 2m29s
                        ~~~
                        """));
    }

    @Test
    void aHeaderGluedToABareCommandWithItsBlanksCollapsedIsTheNextLine() throws IOException {
        CommandSyntax mpstat = CommandSyntax.of(Set.of("mpstat"), Set.of("-P", "-I"));
        List<TranscriptLine> out = new ArrayList<>();
        Transcript t = new Transcript(LineSource.ofString("t", """
                mpstat -P ALL 2 19:43:58 CPU %usr %nice %sys
                19:44:00 all 0.50 0.00 0.25
                mpstat 219:45:12 CPU %usr %nice %sys
                """), mpstat);
        for (TranscriptLine line = t.next(); line != null; line = t.next()) out.add(line);
        assertEquals(List.of(Kind.COMMAND, Kind.TEXT, Kind.TEXT, Kind.COMMAND, Kind.TEXT), out.stream().map(TranscriptLine::kind).toList());
        assertEquals("mpstat -P ALL 2", out.get(0).text().strip());
        assertEquals(java.time.Duration.ofSeconds(2), out.get(0).command().interval().orElseThrow());
        assertEquals("19:43:58 CPU %usr %nice %sys", out.get(1).text());
        assertEquals(1, out.get(1).number());
        // the count glued to the time: the command's first argument is no option or number until the output comes off
        assertEquals("mpstat 2", out.get(3).text().strip());
        assertEquals("19:45:12 CPU %usr %nice %sys", out.get(4).text());
    }

    /** A line of 20,000 quote markers (a sweep's find): the markers' pattern recursed once for each and overflowed. */
    @Test
    void aLineOfTwentyThousandQuoteMarkersIsReadWithoutThem() throws IOException {
        List<TranscriptLine> lines = read("> ".repeat(20_000) + "1  0      0 2794716\n");
        assertEquals(1, lines.size());
        assertEquals("1  0      0 2794716", lines.get(0).text().strip());
    }

    @Test
    void aQuoteMarkerIsRemovedButAContinuationPromptBelongsToTheShell() throws IOException {
        List<TranscriptLine> quoted = read("> laptop:~$ vmstat 2\n> procs ---memory---\n>\n");
        assertEquals(List.of(Kind.COMMAND, Kind.TEXT, Kind.BLANK), quoted.stream().map(TranscriptLine::kind).toList());
        assertEquals("procs ---memory---", quoted.get(1).text());
        assertEquals(2, quoted.get(0).command().interval().orElseThrow().toSeconds());

        assertEquals(List.of(Kind.SHELL, Kind.SHELL, Kind.SHELL, Kind.BLANK, Kind.TEXT),
                kinds("  $ if [ -z \"$X\" ]\n  > then\n  >   exit 80\n\n> quoted output\n"));

        // a quoted shell line reads as it did before it was quoted: parsers read pidstat -h's '# Time' header from it
        TranscriptLine comment = read("> > # Time   UID   PID   %usr\n").get(0);
        assertEquals(Kind.SHELL, comment.kind());
        assertEquals("# Time   UID   PID   %usr", comment.text());
    }

    @Test
    void aCommandContinuedWithBackslashesIsReadWhole() throws IOException {
        List<TranscriptLine> lines = read("""
                $ vmstat \\
                    -S M \\
                >   5 10
                procs
                """);
        assertEquals(List.of(Kind.COMMAND, Kind.TEXT), lines.stream().map(TranscriptLine::kind).toList());
        assertEquals("-S M 5 10", lines.get(0).command().argumentText());
        assertEquals(1, lines.get(0).number());
        assertEquals(4, lines.get(1).number());
    }

    @Test
    void rejoinsAWrappedLineTheWayATerminalOrAPageCutIt() throws IOException {
        // each "row" must have exactly six numbers
        Transcript t = new Transcript(LineSource.ofString("t", String.join("\n",
                " 1  2  3  4",                  // terminal: the rest goes on with its blanks
                "  5  6",
                " 7  8  9 1",                   // terminal cut inside a number: 10
                "0 11 12",
                " 1  2  3",                     // a page wrapped at a blank: the blank is lost
                "4 5 6",
                " 1  2  3  4  5  6",            // complete: the next line is a row of its own
                " 1  2  3  4  5  6")), VMSTAT);
        java.util.function.Predicate<String> sixNumbers = s -> s.strip().split("\\s+").length == 6;
        assertEquals(" 1  2  3  4  5  6", t.repair(t.next(), sixNumbers));
        assertEquals(" 7  8  9 10 11 12", t.repair(t.next(), sixNumbers));
        assertEquals(" 1  2  3 4 5 6", t.repair(t.next(), sixNumbers));
        assertEquals(" 1  2  3  4  5  6", t.repair(t.next(), sixNumbers));
        assertEquals(8, t.next().number());
        assertNull(t.next());
        CollectingSink sink = new CollectingSink();
        t.finish(sink);
        assertEquals(List.of(new ParseWarning(1, "3 lines wrapped by a terminal or a page were rejoined with their rest (first at line 1)")),
                sink.notices());
    }

    @Test
    void aLineThatStartsARecordOfItsOwnIsNeverTakenAsTheRestOfAnother() throws IOException {
        Transcript t = new Transcript(LineSource.ofString("t", "[ 1s ] 2183.00 MiB/sec\n[ 2s ] 2183.20 MiB/sec\n"), VMSTAT);
        String text = t.repair(t.next(), s -> s.contains("thds:"), piece -> !piece.startsWith("["));
        assertEquals("[ 1s ] 2183.00 MiB/sec", text);
        assertEquals(2, t.next().number());
    }

    @Test
    void cutsTextAPersonAppendedAndSaysSoOnce() throws IOException {
        Transcript t = new Transcript(LineSource.ofString("t",
                "max:  162.82 --最长耗时\ntotal: 825317 --全部总数\nmin: 7.19\n"), VMSTAT);
        java.util.function.Predicate<String> keyNumber = s -> s.matches("\\w+:\\s+[\\d.]+");
        assertEquals("max:  162.82", t.repair(t.next(), keyNumber));
        assertEquals("total: 825317", t.repair(t.next(), keyNumber));
        assertEquals("min: 7.19", t.repair(t.next(), keyNumber));
        CollectingSink sink = new CollectingSink();
        t.finish(sink);
        assertEquals(List.of(new ParseWarning(1, "text appended to 2 lines was ignored (first at line 1): '--最长耗时'")),
                sink.notices());
    }

    @Test
    void aLineReadInContextOrAloneForDetection() {
        assertEquals(Kind.COMMAND, Transcript.line("user@h:~$ vmstat -SM 1", VMSTAT).kind());
        assertEquals(Kind.TEXT, Transcript.line("see vmstat: it prints", VMSTAT).kind());
        assertEquals(Kind.SHELL, Transcript.line("$ myvmstat 1", VMSTAT).kind());
    }

    @Test
    void aReplysOwnLinesAroundTheQuotedOutputAreSkippedWithAWarningPerRun() throws IOException {
        String mail = """
                On Tue, Sep 14, 2021, Martin wrote:
                > >> the earlier mail, deeper
                > procs ---memory---
                >  r  b   swpd
                
                Why is b so high here?
                
                >  1  0      0
                > ...
                Thanks,
                """;
        List<TranscriptLine> lines = read(mail);
        assertEquals(List.of(Kind.DECORATION, Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.DECORATION, Kind.DECORATION,
                Kind.DECORATION, Kind.TEXT, Kind.DECORATION, Kind.DECORATION), lines.stream().map(TranscriptLine::kind).toList());
        assertEquals("the earlier mail, deeper", lines.get(1).text());
        Transcript t = new Transcript(LineSource.ofString("t", mail), VMSTAT);
        while (t.next() != null) {
            // read to the end
        }
        CollectingSink sink = new CollectingSink();
        t.finish(sink);
        assertEquals(List.of(new ParseWarning(1, "reply text around the quoted output skipped"),
                new ParseWarning(6, "reply text around the quoted output skipped"),
                new ParseWarning(10, "reply text around the quoted output skipped")), sink.warnings());
    }

    @Test
    void anUnquotedFileHasNoReplyText() throws IOException {
        assertEquals(List.of(Kind.TEXT, Kind.TEXT, Kind.TEXT), kinds("procs ---memory---\n> a quote in a note\n 1  0\n"));
    }

    /** A book's "(truncated output)" after a row the page cut before its last column is an elision, not that row's rest. */
    @Test
    void anElisionAfterAQuotedLineEndingInABlankIsNoWrappedRest() throws IOException {
        Transcript t = new Transcript(LineSource.ofString("t", """
                >   2530 root     0.4 0.4 0.0 0.0 0.0  99 0.0 0.6  20   0  40   0 java/21
                >   2563 root     0.2 0.5 0.0 0.0 0.0 0.0  99 0.4  38   0  76   0\s
                > (truncated output)
                """), VMSTAT);
        assertEquals(1, t.next().number());
        TranscriptLine cut = t.next();
        assertEquals(2, cut.number());
        assertEquals("  2563 root     0.2 0.5 0.0 0.0 0.0 0.0  99 0.4  38   0  76   0 ", cut.text());
        TranscriptLine elision = t.next();
        assertEquals(3, elision.number());
        assertTrue(elision.noise(), elision.toString());
    }

    @Test
    void aQuotedLineAMailClientWrappedAtABlankIsRejoined() throws IOException {
        Transcript t = new Transcript(LineSource.ofString("t", """
                > procs -----------memory---------- ---swap-- -----io---- --system--\s
                > ----cpu----
                >  9  2   5244  38272 7738248  10400    0    0     3 11444  390    24  0  5\s
                >  75 20
                >  1  0   5244  38272 7738248  10400    0    0     3 11444  390    24  0  5 75 20
                > 1 2\s
                > 3
                """), VMSTAT);
        assertEquals("procs -----------memory---------- ---swap-- -----io---- --system-- ----cpu----", t.next().text());
        TranscriptLine row = t.next();
        assertEquals(3, row.number());
        assertEquals(" 9  2   5244  38272 7738248  10400    0    0     3 11444  390    24  0  5  75 20", row.text());
        assertEquals(5, t.next().number());
        // a short line ending in a blank was never wider than a mail client wraps at
        assertEquals("1 2 ", t.next().text());
        assertEquals("3", t.next().text());
        CollectingSink sink = new CollectingSink();
        t.finish(sink);
        assertEquals(List.of(new ParseWarning(1, "2 quoted lines that a mail client wrapped were rejoined with their rest (first at line 1)")),
                sink.notices());
    }
    /** A blog's code view (CSDN, cnblogs) numbers every line of a block: {@code   2. Linux ...}, kept behind a reply's quote. */
    @Test
    void theLineNumbersACodeViewPutBeforeEveryLineOfABlockAreTakenOff() throws IOException {
        String page = """
                1.  [root@localhost ~]# vmstat 1\s
                  2. procs ---memory---\s
                  3.\s
                  4.  1  0      0 2794484\s
                  5. [root@localhost ~]#\s
                """;
        List<TranscriptLine> lines = read(page);
        assertEquals(List.of(Kind.COMMAND, Kind.TEXT, Kind.BLANK, Kind.TEXT, Kind.SHELL), lines.stream().map(TranscriptLine::kind).toList());
        assertEquals("procs ---memory--- ", lines.get(1).text());
        assertEquals(" 1  0      0 2794484 ", lines.get(3).text());
        Transcript t = new Transcript(LineSource.ofString("t", page), VMSTAT);
        while (t.next() != null) {
            // read to the end
        }
        CollectingSink sink = new CollectingSink();
        t.finish(sink);
        assertEquals(List.of(new ParseWarning(1, "the line numbers a page's code view put before 5 lines were taken off")), sink.notices());
        assertEquals(List.of("procs ---memory---", " 1  0      0"),
                read("> 9. procs ---memory---\n> 10.  1  0      0\n").stream().map(TranscriptLine::text).toList());
    }

    /** In markdown, a numbered line outside the fences is an ordered list's item (a GitHub issue's notes under the output). */
    @Test
    void aMarkdownListOutsideTheFencesKeepsItsNumbersAndGivesNoNotice() throws IOException {
        String issue = """
                ```
                $ vmstat 1
                 1  0      0 2794484
                ```
                1. **r** runnable processes
                2. **b** blocked processes
                ```
                  1. procs ---memory---
                  2.  1  0      0 2794484
                ```
                """;
        List<TranscriptLine> lines = read(issue);
        assertEquals("1. **r** runnable processes", lines.get(4).text());
        assertEquals("2. **b** blocked processes", lines.get(5).text());
        assertEquals("procs ---memory---", lines.get(7).text());
        Transcript t = new Transcript(LineSource.ofString("t", issue), VMSTAT);
        while (t.next() != null) {
            // read to the end
        }
        CollectingSink sink = new CollectingSink();
        t.finish(sink);
        assertEquals(List.of(new ParseWarning(8, "the line numbers a page's code view put before 2 lines were taken off")), sink.notices());
    }

    @Test
    void aNumberBeforeALineIsKeptUnlessTheLinesAroundCountOnWithIt() throws IOException {
        // one numbered line, numbers that skip, and numbers of different kinds are a list or the text itself
        assertEquals(List.of("1. run vmstat", "procs ---memory---"),
                read("1. run vmstat\nprocs ---memory---\n").stream().map(TranscriptLine::text).toList());
        assertEquals(List.of("1. procs", "3. memory"), read("1. procs\n3. memory\n").stream().map(TranscriptLine::text).toList());
        // a dot and then no blank is a decimal number's; seven digits are more lines than a page's block shows
        assertEquals(List.of("1.5 procs", "2.5 memory"), read("1.5 procs\n2.5 memory\n").stream().map(TranscriptLine::text).toList());
        assertEquals(List.of("1000000. procs", "1000001. memory"),
                read("1000000. procs\n1000001. memory\n").stream().map(TranscriptLine::text).toList());
        // a tab or a no-break space after the dot is a blank as a space is
        assertEquals(List.of("procs", "memory"), read("41.\tprocs\n42.\u00A0memory\n").stream().map(TranscriptLine::text).toList());
    }
}
