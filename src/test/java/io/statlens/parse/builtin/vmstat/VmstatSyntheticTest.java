package io.statlens.parse.builtin.vmstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the tool documents and real files show, but the corpus lacks. */
class VmstatSyntheticTest {
    private static final String GROUPS = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----";
    private static final String LABELS = " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st";
    private static final String ROW_A = " 1  0      0 2794468   2108 741208    0    0     1     3   29   57  0  0 99  0  0";
    private static final String ROW_B = " 0  0      0 2794460   2108 741208    0    0     0     0   41   84  0  0 100  0  0";
    private static final String HEADER = GROUPS + "\n" + LABELS + "\n";

    private final VmstatParser parser = new VmstatParser();

    private CollectingSink parse(String text) {
        return ParserFixtures.parseText(parser, text, ParseContext.simple("synthetic"));
    }

    private static List<Boolean> sinceBoot(List<SpecRow> rows) {
        return rows.stream().map(r -> r.row().sinceBoot()).toList();
    }

    @Test
    void oneSampleAssumesNoIntervalAndTwoSayTheOneAssumed() {
        // plain vmstat prints one line, the averages since boot: there is no second sample for an interval to place
        CollectingSink one = parse(HEADER + ROW_A + "\n");
        assertEquals(List.of(), one.notices().stream().map(n -> n.message()).filter(m -> m.contains("interval")).toList());
        assertFalse(one.fact("time.source").orElseThrow().contains("interval"), one.fact("time.source").orElseThrow());
        CollectingSink two = parse(HEADER + ROW_A + "\n" + ROW_B + "\n");
        assertEquals(1, two.notices().stream().filter(n -> n.message().startsWith("the output does not say its interval; assuming 1 s")).count(),
                two.notices().toString());
        assertTrue(two.fact("time.source").orElseThrow().endsWith("assumed interval 1 s"), two.fact("time.source").orElseThrow());
        assertEquals(Instant.parse("1970-01-01T00:00:01Z"), two.rows("vmstat").get(1).row().time());
    }

    @Test
    void everyCommandLineStartsARunWithItsOwnSinceBootRow() {
        CollectingSink sink = parse("$ vmstat 2 2\n" + HEADER + ROW_A + "\n" + ROW_B + "\n"
                + "user@db01:~$ vmstat 2 2\n" + HEADER + ROW_A + "\n" + ROW_B + "\n" + HEADER + ROW_B + "\n");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(List.of(true, false, true, false, false), sinceBoot(rows), "the last header is only repeated");
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(Instant.parse("1970-01-01T00:00:06Z"), rows.get(3).row().time(), "interval 2 from the command line");
        assertEquals("2 2", sink.fact("options").orElseThrow());
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void controlCAndForeignTextEndARun() {
        CollectingSink sink = parse(HEADER + ROW_A + "\n" + ROW_B + "\n^C\n" + HEADER + ROW_A + "\n"
                + "starting the load now\n" + HEADER + ROW_A + "\n");
        assertEquals(List.of(true, false, true, true), sinceBoot(sink.rows("vmstat")));
        assertEquals(List.of(new ParseWarning(9, "not vmstat output, skipped: starting the load now")),
                sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    @Test
    void quietNoiseKeepsTheRunGoing() {
        CollectingSink sink = parse("```\n$ vmstat 1\n" + HEADER + ROW_A + "\n...\n\n" + ROW_B + "\n"
                + HEADER + ROW_B + "\n```\n");
        assertEquals(List.of(true, false, false), sinceBoot(sink.rows("vmstat")));
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void noFirstOptionLeavesOutTheSinceBootReport() {
        CollectingSink sink = parse("$ vmstat -y 1 2\n" + HEADER + ROW_A + "\n" + ROW_B + "\n");
        assertEquals(List.of(false, false), sinceBoot(sink.rows("vmstat")));
    }

    /**
     * A column keeps one unit in the repository whatever -S printed (the table's catalog has one unit per label):
     * the values of -S k, m, M are converted to KiB, as FreeBSD's humanized memory is.
     */
    @Test
    void unitOptionOnTheCommandLineIsConvertedToKib() {
        CollectingSink sink = parse("$ vmstat -S M 5\n" + HEADER
                + " 1  0      0   2729      2    723    1    0     1     3   29   57  0  0 99  0  0\n");
        DatasetSpec spec = sink.spec("vmstat");
        assertEquals("KiB", spec.metrics().get(spec.indexOf("free")).unit());
        assertEquals("KiB", spec.metrics().get(spec.indexOf("swpd")).unit());
        assertEquals("KiB/s", spec.metrics().get(spec.indexOf("si")).unit());
        assertEquals("blocks/s", spec.metrics().get(spec.indexOf("bi")).unit());
        assertEquals(2729 * 1024.0, sink.rows("vmstat").get(0).get("free"));
        assertEquals(1024.0, sink.rows("vmstat").get(0).get("si"));
        assertEquals(1.0, sink.rows("vmstat").get(0).get("bi"));

        CollectingSink mega = parse("$ vmstat -S m 5\n" + HEADER
                + " 1  0      0   2729      2    723    0    0     1     3   29   57  0  0 99  0  0\n");
        assertEquals(2729 * 1_000_000.0 / 1024, mega.rows("vmstat").get(0).get("free"));
        CollectingSink kilo = parse("$ vmstat --unit=k\n" + HEADER + ROW_A + "\n");
        assertEquals("KiB", kilo.spec("vmstat").metrics().get(3).unit());
        CollectingSink none = parse(HEADER + ROW_A + "\n");
        assertEquals("KiB", none.spec("vmstat").metrics().get(3).unit(), "procps does not print -S: KiB unless the command says");
        assertEquals(kilo.rows("vmstat").get(0).get("free") * 1024 / 1000, none.rows("vmstat").get(0).get("free"), 1e-6);
    }

    @Test
    void dateLinesGiveTheTimeAndLaterSamplesFollowAtTheInterval() {
        CollectingSink sink = parse("$ date; vmstat 5 2\nSun Nov 17 17:01:05 EST 2013\n" + HEADER + ROW_A + "\n" + ROW_B + "\n");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(Instant.parse("2013-11-17T22:01:05Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2013-11-17T22:01:10Z"), rows.get(1).row().time());
        assertEquals("date(1) lines before the samples", sink.fact("time.source").orElseThrow());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void contextStartAndIntervalPlaceUndatedSamples() {
        ParseContext context = ParserFixtures.context("s", TimeOptions.DEFAULT.withStart(Instant.parse("2024-03-01T10:00:00Z"))
                .withInterval(Duration.ofSeconds(10)));
        CollectingSink sink = ParserFixtures.parseText(parser, "$ vmstat 5\n" + HEADER + ROW_A + "\n" + ROW_B + "\n", context);
        assertEquals(Instant.parse("2024-03-01T10:00:10Z"), sink.rows("vmstat").get(1).row().time());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void valuesRunTogetherAreStoredAsMissingWithAWarning() {
        CollectingSink sink = parse("$ vmstat 1\n" + HEADER
                + " 1  3 1913088 19876308 1387528 9064844   28    0 57356 56148 1018969357  4  2 91  2  0\n");
        SpecRow row = sink.rows("vmstat").get(0);
        assertTrue(Double.isNaN(row.get("in")));
        assertTrue(Double.isNaN(row.get("cs")));
        assertEquals(56148, row.get("bo"));
        assertEquals(4, row.get("us"));
        assertEquals(0, row.get("st"));
        assertEquals(List.of(new ParseWarning(4, "'1018969357' holds the values of 'in' and 'cs' run together, "
                + "which cannot be told apart with certainty; those values are stored as missing")),
                sink.warnings().stream().filter(w -> w.line() > 0).toList());
    }

    @Test
    void valuesRunTogetherWithoutDriftAreCutUnderTheHeader() {
        String text = " procs    memory      page                       disks   faults      cpu\n"
                + " r b w    avm    fre  flt  re  pi   po   fr   sr w0 c0   in   sy  cs us sy id\n"
                + " 2 0 0  78624  21544  103   0   0    0    0    0  6  0  113  154  33  0  2 98\n"
                + " 0 0 0  78564  21364    0   0   0    0    0    0  0  0  101   11   9  0  0100\n";
        CollectingSink sink = parse(text);
        SpecRow glued = sink.rows("vmstat").get(1);
        assertEquals(0, glued.get("us"));
        assertEquals(0, glued.get("sy"));
        assertEquals(100, glued.get("id"));
        assertEquals(9, glued.get("cs"));
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void aLineWrappedByTheTerminalIsJoined() {
        String wide = "procs -----------------------memory---------------------- ---swap-- -----io---- -system-- "
                + "--------cpu--------\n"
                + " r  b         swpd         free         buff        cache   si   so    bi    bo   in   cs  us  sy  id  wa"
                + "  st\n"
                + " 2  0            0      2794484         2108       741208    0    0     1     3\n"
                + "  29   57   0   0  99   0   0\n";
        CollectingSink sink = parse(wide);
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(1, rows.size());
        assertEquals(29, rows.get(0).get("in"));
        assertEquals(99, rows.get(0).get("id"));
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void aLineCutShortIsReportedAndSkipped() {
        CollectingSink sink = parse(HEADER + ROW_A + "\n 0  0      0 2794460   2108\n" + ROW_B + "\n");
        assertEquals(2, sink.rows("vmstat").size());
        assertEquals(1, sink.rows("vmstat").get(1).row().sample() - 1, "the skipped line keeps its interval");
        ParseWarning w = sink.warnings().stream().filter(x -> x.line() > 0).findFirst().orElseThrow();
        assertEquals(4, w.line());
        assertTrue(w.message().startsWith("expected 17 values as in the header at line 2: no value under columns 'cache', "),
                w.message());
    }

    @Test
    void aNumericZoneAndAnUnknownZoneInTheTimestampHeader() {
        String stamped = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----\n"
                + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 %s\n"
                + ROW_A + " 2024-01-05 09:00:00\n";
        CollectingSink dubai = parse(stamped.formatted("+04"));
        assertEquals(Instant.parse("2024-01-05T05:00:00Z"), dubai.rows("vmstat").get(0).row().time());
        assertEquals("vmstat -t timestamp column, zone +04", dubai.fact("time.source").orElseThrow());

        CollectingSink unknown = ParserFixtures.parseText(parser, stamped.formatted("XKT"),
                ParserFixtures.context("s", TimeOptions.DEFAULT.withZone(ZoneId.of("Europe/Berlin"))));
        assertEquals(Instant.parse("2024-01-05T08:00:00Z"), unknown.rows("vmstat").get(0).row().time());
        assertEquals(List.of(new ParseWarning(2, "the time stamp zone 'XKT' is not known; times are read in Europe/Berlin; "
                + "give --tz to set it")), unknown.warnings());
    }

    @Test
    void diskReportsWithoutTimestampsAreToldApartByRepeatedDisks() {
        String disk = "disk- ------------reads------------ ------------writes----------- -----IO------\n"
                + "       total merged sectors      ms  total merged sectors      ms    cur    sec\n";
        String text = "$ vmstat -d 5 2\n" + disk
                + "sda    15257    100  841035    8395  50851   5502 1648657  146540      0     44\n"
                + "sdb      959      0   53207   20628      0      0       0       0      0     15\n"
                + "sda    15260    100  841100    8399  50900   5502 1648700  146600      0     44\n"
                + "sdb      959      0   53207   20628      0      0       0       0      0     15\n"
                + disk
                + "sda    15270    100  841200    8400  50950   5502 1648800  146700      1     45\n";
        CollectingSink sink = parse(text);
        List<SpecRow> rows = sink.rows("vmstat.disk");
        assertEquals(List.of(0L, 0L, 1L, 1L, 2L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(Instant.parse("1970-01-01T00:00:10Z"), rows.get(4).row().time());
        assertEquals(15270, rows.get(4).get("reads total"));
        assertEquals(1, rows.get(4).get("IO cur"));
        assertTrue(rows.stream().noneMatch(r -> r.row().sinceBoot()), "disk counters are totals, every report alike");
    }

    @Test
    void aDiskHeaderRepeatedInsideAReportDoesNotSplitIt() {
        String disk = "disk- ------------reads------------ ------------writes----------- -----IO------\n"
                + "       total merged sectors      ms  total merged sectors      ms    cur    sec\n";
        String text = disk
                + "sda    15257    100  841035    8395  50851   5502 1648657  146540      0     44\n"
                + disk
                + "sdb      959      0   53207   20628      0      0       0       0      0     15\n";
        List<SpecRow> rows = parse(text).rows("vmstat.disk");
        assertEquals(List.of(0L, 0L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(List.of("sda", "sdb"), rows.stream().map(r -> r.row().key()).toList());
    }

    @Test
    void freeBsdHumanizedMemoryIsConvertedToKiB() {
        String text = " procs    memory    page                      disks       faults       cpu\n"
                + " r  b  w  avm  fre  flt  re  pi  po   fr   sr ada0 ada1   in   sy   cs us sy id\n"
                + " 0  0  0 514G  14G  234   0   0   0  260   25    0    0   90  533  415  0  0 100\n";
        CollectingSink sink = parse(text);
        SpecRow row = sink.rows("vmstat").get(0);
        assertEquals(514.0 * 1024 * 1024, row.get("avm"));
        assertEquals(14.0 * 1024 * 1024, row.get("fre"));
        assertEquals(533, row.get("faults sy"));
        assertEquals("1/s", sink.spec("vmstat").metrics().get(sink.spec("vmstat").indexOf("ada1")).unit());
    }

    /**
     * FreeBSD's {@code -h} (the default on a terminal) humanizes the rates too: {@code prthuman(..., 5, 0)} for
     * flt, fr, sr, in, sy and cs (powers of 1024, as humanize_number without HN_DIVISOR_1000), powers of 1000 for
     * the disks' transfers. -P prints one us sy id group per CPU under its cpuN title.
     */
    @Test
    void freeBsdHumanizedRatesAndPerCpuGroups() {
        String text = " procs    memory    page                      disks     faults        cpu0     cpu1   \n"
                + " r  b  w  avm  fre  flt  re  pi  po   fr   sr ad0 pa0   in   sy   cs us sy id us sy id\n"
                + " 2  0  0 525G 346M  900   0   0   0 1.0K  935 1.2K   0  230 8.1K  10K 92  8  0 89 11  0\n";
        CollectingSink sink = parse(text);
        assertEquals(List.of(), sink.warnings().stream().map(ParseWarning::message).filter(m -> m.contains("not a number")).toList());
        SpecRow row = sink.rows("vmstat").get(0);
        assertEquals(1.0 * 1024, row.get("fr"));
        assertEquals(8.1 * 1024, row.get("faults sy"), 1e-9);
        assertEquals(10.0 * 1024, row.get("cs"));
        assertEquals(1200.0, row.get("ad0"), 1e-9);
        assertEquals(92, row.get("cpu0 us"));
        assertEquals(8, row.get("cpu0 sy"));
        assertEquals(89, row.get("cpu1 us"));
        assertEquals(0, row.get("cpu1 id"));
        DatasetSpec spec = sink.spec("vmstat");
        assertFalse(spec.metrics().stream().anyMatch(m -> m.label().equals("us")), "no machine-wide us: " + spec.metrics());
        assertEquals("%", spec.metrics().get(spec.indexOf("cpu1 sy")).unit());
    }

    @Test
    void aix() {
        String text = "System configuration: lcpu=4 mem=7936MB\n\n"
                + "kthr    memory              page              faults        cpu\n"
                + "----- ----------- ------------------------ ------------ -----------\n"
                + " r  b   avm   fre  re  pi  po  fr   sr  cy  in   sy  cs us sy id wa\n"
                + " 1  1 197167 477552   0   0   0   7   21   0 106 1114 451  0  0 99  0\n";
        CollectingSink sink = parse(text);
        assertEquals("aix", sink.variant());
        SpecRow row = sink.rows("vmstat").get(0);
        assertTrue(row.row().sinceBoot());
        assertEquals(197167 * 4, row.get("avm"), "4 KiB pages, stored in KiB");
        assertEquals(1114, row.get("faults sy"));
        assertEquals("KiB", row.spec().metrics().get(row.spec().indexOf("avm")).unit());
        assertEquals("lcpu=4 mem=7936MB", sink.fact("system.configuration").orElseThrow());
        assertTrue(sink.warnings().stream().allMatch(w -> w.line() == 0), sink.warnings().toString());
    }

    @Test
    void indentedCodeBlock() {
        String text = "    $ vmstat 1\n    " + GROUPS + "\n    " + LABELS + "\n    " + ROW_A + "\n    " + ROW_B + "\n";
        CollectingSink sink = parse(text);
        assertEquals(2, sink.rows("vmstat").size());
        assertEquals(84, sink.rows("vmstat").get(1).get("cs"));
    }

    @Test
    void dataWithoutAnyHeaderIsNotImported() {
        CollectingSink sink = parse(ROW_A + "\n" + ROW_B + "\n");
        assertTrue(sink.datasets().isEmpty());
        assertEquals(List.of(
                new ParseWarning(1, "2 data lines without a vmstat header above them; the columns cannot be named, not imported"),
                new ParseWarning(0, "no vmstat output found: no vmstat header and no data")), sink.warnings());
    }

    @Test
    void aNonNumericValueIsMissingWithAWarning() {
        CollectingSink sink = parse(HEADER
                + " 1  0      0 2794468   2108 741208    0    0     1     3   29   x7  0  0 99  0  0\n");
        assertTrue(Double.isNaN(sink.rows("vmstat").get(0).get("cs")));
        assertEquals(new ParseWarning(3, "column 'cs': 'x7' is not a number; stored as missing"), sink.warnings().get(0));
    }

    @Test
    void aChangedHeaderAnnouncesTheDataSetAgainAndStartsARun() {
        String active = GROUPS + "\n" + LABELS.replace("  buff  cache", " inact active") + "\n";
        CollectingSink sink = parse(HEADER + ROW_A + "\n" + active + ROW_B + "\n");
        assertEquals(List.of(true, true), sinceBoot(sink.rows("vmstat")));
        assertTrue(sink.spec("vmstat").indexOf("inact") >= 0);
        assertEquals(2108, sink.rows("vmstat").get(1).get("inact"));
        assertEquals(2108, sink.rows("vmstat").get(0).get("buff"));
    }

    @Test
    void theExampleOfTheDocs() {
        String text = "$ vmstat -a -t 5 2\n"
                + "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----\n"
                + " r  b   swpd   free  inact active   si   so    bi    bo   in   cs us sy id wa st                 PDT\n"
                + " 2  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 99  0  0 2021-09-16 20:33:13\n"
                + " 0  0      0 2794716 295968 312744    0    0     0     0   41   84  0  0 100  0  0 2021-09-16 20:33:18\n";
        CollectingSink sink = parse(text);
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(2, rows.size());
        assertEquals(Instant.parse("2021-09-17T03:33:18Z"), rows.get(1).row().time());
        assertEquals(List.of(true, false), sinceBoot(rows));
        assertEquals(2794716, rows.get(0).get("free"));
        assertEquals(100, rows.get(1).get("id"));
        assertEquals("-a -t 5 2", sink.fact("options").orElseThrow());
        assertEquals("linux-procps-ng", sink.variant());
        assertTrue(sink.warnings().isEmpty(), sink.warnings().toString());
    }

    @Test
    void sniffIgnoresOtherToolsHeaders() {
        List<String> others = List.of(
                "Linux 5.15.0-91-generic (db01) \t09/16/2019 \t_x86_64_\t(32 CPU)\n\n"
                        + "avg-cpu:  %user   %nice %system %iowait  %steal   %idle\n"
                        + "           1.00    0.00    0.50    0.10    0.00   98.40",
                "12:00:01 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle",
                "12:00:01 AM   runq-sz  plist-sz   ldavg-1   ldavg-5  ldavg-15   blocked",
                "---procs--- ------memory-usage----- ---paging-- -dsk/total- ---system-- ----total-cpu-usage----\n"
                        + "run blk new| used  buff  cach  free|  in   out | read  writ| int   csw |usr sys idl wai hiq siq",
                "  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
                "              total        used        free      shared  buff/cache   available\nMem:  16G 2G 10G",
                "     16298884 K total memory\n      2156732 K used memory\n");
        for (String other : others) {
            double c = parser.sniff(new Head("other", List.of(other.split("\n"))));
            assertTrue(c < 0.5, other + " -> " + c);
        }
        assertFalse(parser.sniff(new Head("x", List.of(LABELS))) < 0.5, "the label line alone is enough");
    }

    @Test
    void aRowWiderThanItsHeaderIsKeptWhenTheHeadersPositionsTellWhichValueIsExtra() {
        String text = " kthr      memory            page            disk          faults      cpu\n"
                + " r b w   swap  free  re  mf pi po fr de sr m0 m1 m2 m3   in   sy   cs us sy id\n"
                + " 0 0 0 518404 22481 219 730 19 32 32  0  0 29 24  5  4   8   69   80  4  3 93\n"
                + " 0 0 0 518404 22481 219 730 19 32 32  0  0 29 24  5  4 -1  8   69   80  4  3 93\n"
                + " 0 0 0 5184044001 224813328 219 730 1921 3290 3290 0 0 295 24 5 4 -1327 383865 266906 280451 4 3 93\n";
        CollectingSink sink = parse(text);
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(2, rows.size(), "the row the positions cannot read is left out, as before");
        assertEquals(8, rows.get(1).get("in"));
        assertEquals(4, rows.get(1).get("m3"));
        assertEquals(93, rows.get(1).get("id"));
        assertTrue(sink.notices().stream().anyMatch(n -> n.line() == 4 && n.message().equals(
                "row wider than the header at line 2: found 23 values for 22 columns; by the header's positions '-1' is"
                        + " under no column and left out; the row is kept")), sink.notices().toString());
        assertTrue(sink.warnings().stream().anyMatch(w -> w.line() == 5
                && w.message().contains("the header's positions do not tell which of them are extra")), sink.warnings().toString());
    }

    /**
     * Solaris and BSD print one column per disk between the page group's {@code sr} and the faults group's {@code in},
     * named by the driver's letters and not always with a number: Sybase IQ's guide shows {@code s0 s1 sd}.
     */
    @Test
    void everyColumnBetweenSrAndInIsADisk() {
        CollectingSink sink = parse("""
                procs    memory            page            disk     faults     cpu
                r b w swap    free  re mf pi po fr de sr s0 s1 sd  in   sy  cs us sy id
                0 0 0 3312376 31840 0  8  0  0  0  0  0   0  0  2 297  201 472 82  4 14
                """);
        DatasetSpec spec = sink.spec("vmstat");
        List<String> disks = spec.metrics().stream().filter(m -> m.unit().equals("1/s") && m.description().startsWith("operations per second on disk"))
                .map(m -> m.label()).toList();
        assertEquals(List.of("s0", "s1", "sd"), disks);
        int sd = spec.metrics().stream().map(m -> m.label()).toList().indexOf("sd");
        assertEquals(2.0, sink.rows("vmstat").get(0).row().values()[sd]);
    }

    /**
     * Solaris's {@code -S} prints swap-ins and swap-outs per second where {@code re mf} stand (vmstat.c: kstat {@code swapin}
     * and {@code swapout} over the interval; vmstat(1M): "si (swap-ins) and so (swap-outs)", in units per second), under the
     * labels Linux uses for KiB/s swapped: stored under labels of their own, so that one column never holds both. The
     * output is real: a {@code vmstat -S 10 2} quoted in skorpworks/snag's lib/SNAG/Source/SystemStats/SunOS.pm
     * (commit 2438a4cb), its comment's {@code # } taken off.
     */
    @Test
    void solarisSwappingCountsAreNoLinuxKibSwapped() {
        CollectingSink sink = parse("""
                procs     memory            page            disk          faults      cpu
                r b w   swap  free  si  so pi po fr de sr dd dd m0 m1   in   sy   cs us sy id
                0 0 0 2712216 747048 0   0  0  0  0  0  0  3  1  1  2    1  201   80  2  1 97
                0 0 0 2707144 741928 0   0  0  0  0  0  0  1  1  1  1  313  132   82  1  0 98
                """);
        assertEquals("solaris", sink.variant());
        DatasetSpec spec = sink.spec("vmstat");
        assertEquals(List.of("r", "b", "w", "swap", "free", "si swap-ins/s", "so swap-outs/s", "pi KiB/s", "po KiB/s", "fr KiB/s"),
                spec.metrics().stream().map(m -> m.label()).toList().subList(0, 10));
        assertEquals("1/s", spec.metrics().get(spec.indexOf("si swap-ins/s")).unit());
        assertEquals("1/s", spec.metrics().get(spec.indexOf("so swap-outs/s")).unit());
        assertEquals(0.0, sink.rows("vmstat").get(1).get("si swap-ins/s"));
        assertEquals(313.0, sink.rows("vmstat").get(1).get("in"));
    }

    /** A --time-- column's time no clock shows (the fuzzer's damaged 18:16:94 and 98:17:18) threw out of the parser; such a line is skipped. */
    @Test
    void aTimeOfDayNoClockShowsIsAWarningNotAnException() {
        String labels = "--time-- " + GROUPS + "\n         " + LABELS + "\n";
        CollectingSink sink = parse(labels + "18:16:32" + ROW_A + "\n" + "18:16:94" + ROW_B + "\n" + "98:17:18" + ROW_A + "\n"
                + "18:16:42" + ROW_B + "\n");
        List<SpecRow> rows = sink.rows("vmstat");
        assertEquals(List.of(LocalTime.parse("18:16:32"), LocalTime.parse("18:16:42")),
                rows.stream().map(r -> LocalTime.ofInstant(r.row().time(), ZoneOffset.UTC)).toList(),
                "the damaged lines skipped, the others at their own times");
        assertEquals(2, sink.warnings().stream().filter(w -> w.line() == 4 || w.line() == 5)
                .filter(w -> w.message().contains("is no time a clock shows")).count(), sink.warnings().toString());
    }
}
