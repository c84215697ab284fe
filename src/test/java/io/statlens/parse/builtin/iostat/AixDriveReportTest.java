package io.statlens.parse.builtin.iostat;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** AIX {@code iostat -D} as IBM documents it, beyond the one real sample: two drives, suffixes, what is warned about. */
class AixDriveReportTest {
    private static final double EPS = 1e-9;
    private final IostatParser parser = new IostatParser();

    private static String drive(String name, String xfer, String read, String queue) {
        return name + "          xfer:  %tm_act      bps      tps      bread      bwrtn\n"
                + "                         " + xfer + "\n"
                + "               read:      rps  avgserv  minserv  maxserv   timeouts      fails\n"
                + "                         " + read + "\n"
                + "              write:      wps  avgserv  minserv  maxserv   timeouts      fails\n"
                + "                         0.0      0.0      0.0      0.0           0          0\n"
                + "              queue:  avgtime  mintime  maxtime  avgwqsz    avgsqsz     sqfull\n"
                + "                         " + queue + "\n"
                + "--------------------------------------------------------------------------------\n";
    }

    private CollectingSink parse(String text) {
        return ParserFixtures.parseText(parser, text, ParseContext.simple("aix-D.txt"));
    }

    private static SpecRow only(CollectingSink sink, String key, long sample) {
        List<SpecRow> rows = sink.rows("iostat.drive", key).stream().filter(r -> r.row().sample() == sample).toList();
        assertEquals(1, rows.size(), key + " sample " + sample);
        return rows.get(0);
    }

    @Test
    void drivesOfOneReportShareASampleAndSuffixesScale() {
        String report = drive("hdisk0", "85.0      8.5M    200.0       6.0M       2.5M",
                        "150.0     12.5      0.5    250.0           0          0",
                        "25.0      0.0      1.1S      8.5        4.5         3")
                + drive("hdisk1", "0.0      0.0      0.0        0.0        0.0",
                        "0.0      0.0      0.0      0.0           0          0",
                        "0.0      0.0      0.0      0.0        0.0         0");
        CollectingSink sink = parse("\nSystem configuration: lcpu=4 drives=2 paths=2 vdisks=1\n\n" + report + "\n" + report);
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
        assertEquals("aix-D", sink.variant());
        SpecRow first = only(sink, "hdisk0", 0);
        assertEquals(8_500_000, first.get("xfer.bps"), EPS);
        assertEquals(2_500_000, first.get("xfer.bwrtn"), EPS);
        assertEquals(1100, first.get("queue.maxtime"), EPS);
        assertEquals(12.5, first.get("read.avgserv"), EPS);
        assertEquals(0, first.get("write.avgserv"), EPS);
        assertEquals(first.row().time(), only(sink, "hdisk1", 0).row().time());
        only(sink, "hdisk0", 1);
        only(sink, "hdisk1", 1);
        assertEquals(4, sink.rows("iostat.drive").size());
    }

    @Test
    void undocumentedSuffixesAndMissingValuesAreWarnedAboutWithTheirLines() {
        String text = drive("hdisk0", "1.0      2.0P      3.0        0.0        0.0",
                        "0.0      2.0S      0.0      0.0           0          0",
                        "0.0      0.0      0.0      0.0        0.0         0")
                + "hdisk1          xfer:  %tm_act      bps      tps      bread      bwrtn\n"
                + "               read:      rps  avgserv  minserv  maxserv   timeouts      fails\n"
                + "                         1.0      2.0      3.0\n";
        CollectingSink sink = parse(text);
        List<String> warnings = sink.warnings().stream().map(ParseWarning::toString).toList();
        assertEquals(3, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("'2.0P' under 'xfer.bps' of drive 'hdisk0'"), warnings.toString());
        assertEquals(10, sink.warnings().get(1).line(), warnings.toString());
        assertTrue(warnings.get(1).contains("'xfer:' labels of drive 'hdisk1'"), warnings.toString());
        assertTrue(warnings.get(2).contains("expected 6 values under the 'read:' labels"), warnings.toString());
        SpecRow row = only(sink, "hdisk0", 0);
        assertTrue(Double.isNaN(row.get("xfer.bps")));
        assertEquals(3.0, row.get("xfer.tps"), EPS);
        assertEquals(2000, row.get("read.avgserv"), EPS);
    }

    @Test
    void theNameLineAloneIsEnoughToDetect() {
        Head head = new Head("x", List.of("hdisk6          xfer:  %tm_act      bps      tps      bread      bwrtn",
                "                         0.0      0.0      0.0        0.0        0.0"));
        assertTrue(parser.sniff(head) >= Detection.THRESHOLD);
    }
    private static final String LONG_HEADER = String.join("\n",
            "Disks:                           xfers                                read                                write                                  queue",
            "-------------------- -------------------------------- ------------------------------------ ------------------------------------ --------------------------------------",
            "                       %tm    bps   tps  bread  bwrtn   rps    avg    min    max time fail   wps    avg    min    max time fail    avg    min    max   avg   avg  serv",
            "                       act                                    serv   serv   serv outs              serv   serv   serv outs        time   time   time  wqsz  sqsz qfull");

    @Test
    void theLongFormFillsTheShortFormsColumns() {
        String row = "hdisk0                85.0   8.5M 200.0   6.0M   2.5M 150.0  12.5    0.5  250.0     0    0   0.0   0.0    0.0    0.0     0    0  25.0    0.0    1.1S   8.5   4.5     3";
        CollectingSink sink = parse(LONG_HEADER + "\n" + row + "\n\n" + LONG_HEADER + "\n" + row + "\n");
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
        assertEquals("aix-Dl", sink.variant());
        SpecRow first = only(sink, "hdisk0", 0);
        assertEquals(85, first.get("xfer.%tm_act"), EPS);
        assertEquals(8_500_000, first.get("xfer.bps"), EPS);
        assertEquals(12.5, first.get("read.avgserv"), EPS);
        assertEquals(0, first.get("read.fails"), EPS);
        assertEquals(1100, first.get("queue.maxtime"), EPS);
        assertEquals(4.5, first.get("queue.avgsqsz"), EPS);
        assertEquals(3, first.get("queue.sqfull"), EPS);
        only(sink, "hdisk0", 1);
        assertTrue(parser.sniff(Head.of("aix-Dl.txt", LONG_HEADER.lines().toList())) >= 0.9);
    }

    @Test
    void aLowerWordUnderNoLabelSkipsTheTable() {
        String shifted = LONG_HEADER.replace("  act  ", "act    ");
        CollectingSink sink = parse(shifted + "\nhdisk0 " + "0.0 ".repeat(22) + "\n");
        assertTrue(sink.rows("iostat.drive").isEmpty());
        assertTrue(sink.warnings().stream().anyMatch(w -> w.line() == 4 && w.message().contains("'act' stands under no label")),
                sink.warnings().toString());
    }
}
