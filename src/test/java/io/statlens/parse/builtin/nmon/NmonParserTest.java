package io.statlens.parse.builtin.nmon;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NmonParserTest {
    private static final String DEBIAN = "nmon/debian-12-nmon-16n-F-s1-c30.nmon";
    private static final String DEBIAN_TOP = "nmon/debian-12-nmon-16n-F-t-s1-c30.nmon";
    private static final String AIX = "nmon/nmon2influxdb-aix-7.1-topas-nmon-first12.nmon";
    private static final String LINUX_15 = "nmon/nmon2influxdb-linux-15h-fedora21.nmon";

    private final NmonParser parser = new NmonParser();

    /** The header lines of a small file, with the AAA lines that state its start and interval. */
    private static String head(String... more) {
        return String.join("\n", List.of(
                "AAA,progname,nmon",
                "AAA,version,16n",
                "AAA,host,db01",
                "AAA,time,23:59.50",
                "AAA,date,31-DEC-2025",
                "AAA,interval,10",
                "CPU_ALL,CPU Total db01,User%,Sys%,Wait%,Idle%,Steal%,Busy,CPUs",
                "DISKBUSY,Disk %Busy db01,sda,sdb")) + "\n" + String.join("\n", more);
    }

    private static CollectingSink parse(String text) {
        return ParserFixtures.parseText(new NmonParser(), text, ParseContext.simple("test.nmon"));
    }

    @Test
    void snapshotsAtTheirZzzzLinesAndColumnsByTheHeader() {
        CollectingSink sink = ParserFixtures.parse(parser, DEBIAN);
        // ZZZZ,T0003,03:25:03,02-DEC-2026 then CPU002,T0003,69.3,30.7,0.0,0.0,0.0 and DISKBUSY,T0003,3.0
        SpecRow cpu2 = sink.rows("nmon.cpu", "2").get(2);
        assertEquals(2, cpu2.row().sample());
        assertEquals(Instant.parse("2026-12-02T03:25:03Z"), cpu2.row().time());
        assertEquals(69.3, cpu2.get("User%"));
        assertEquals(30.7, cpu2.get("Sys%"));
        assertEquals(3.0, sink.rows("nmon.diskbusy", "vda").get(2).get("%busy"));
        assertEquals("%", sink.spec("nmon.diskbusy").metrics().get(0).unit());
        assertEquals(30, sink.rows("nmon.cpu_all").size());
        assertEquals(List.of("lo", "ifb0", "ifb1", "eth0"),
                sink.rows("nmon.net").stream().map(r -> r.row().key()).distinct().toList());
        assertEquals("linux", sink.variant());
        assertEquals(List.of(), sink.warnings());
        assertEquals("vm", sink.fact("host").orElseThrow());
        assertEquals("2", sink.fact("cpus").orElseThrow());
        assertEquals("16n", sink.fact("tool.version").orElseThrow());
        assertEquals("-F debian-16n-s1-c30.nmon -s 1 -c 30", sink.fact("options").orElseThrow());
        assertEquals("ZZZZ line of each snapshot: date and time of day, zone UTC", sink.fact("time.source").orElseThrow());
        assertTrue(sink.fact("nmon.config.lscpu").orElseThrow().contains("Architecture:"));
    }

    @Test
    void aFileQuotedInAReplyOrIndentedReadsAsWritten() {
        String file = head("ZZZZ,T0001,00:00:00,01-JAN-2026", "CPU_ALL,T0001,1.0,2.0,0.0,97.0,0.0,,2", "DISKBUSY,T0001,6.8,0.0");
        String quoted = file.lines().map(l -> "> > " + l).collect(java.util.stream.Collectors.joining("\n", "", "\n>\n"));
        String indented = file.lines().map(l -> "    " + l).collect(java.util.stream.Collectors.joining("\n"));
        for (String pasted : List.of(quoted, indented)) {
            CollectingSink sink = parse(pasted);
            assertEquals(List.of(), sink.warnings());
            assertEquals(2.0, sink.rows("nmon.cpu_all").get(0).get("Sys%"));
            assertEquals(6.8, sink.rows("nmon.diskbusy", "sda").get(0).get("%busy"));
        }
    }

    @Test
    void topIsKeyedByPidAndCommand() {
        CollectingSink sink = ParserFixtures.parse(parser, LINUX_15);
        // TOP,0015812,T0002,39.16,29.81,9.36,5255372,2162028,4700,4842924,21100,182,1,qemu-system-x86
        List<SpecRow> qemu = sink.rows("nmon.top", "15812 qemu-system-x86");
        assertEquals(39.16, qemu.get(0).get("%CPU"));
        assertEquals(5255372, qemu.get(0).get("Size"));
        assertEquals(1, qemu.get(0).get("MajorFault"));
        assertEquals(-1, sink.spec("nmon.top").indexOf("Command"));
        assertTrue(sink.rows("nmon.top").size() > 100);
        assertFalse(ParserFixtures.parse(parser, DEBIAN_TOP).rows("nmon.top").isEmpty());
    }

    @Test
    void blankHeaderCellsAreNoColumnsAndInterfacesKeepTheirDashes() {
        CollectingSink sink = ParserFixtures.parse(parser, LINUX_15);
        // NETPACKET's header: virbr1-nic-read/s,,virbr2-read/s,,vnet0-read/s,,...; its lines: one value per name
        // NETPACKET,T0001,0.0,0.0,1.7,0.0,0.0,0.0,0.0,0.0,0.0,1.7,0.0,0.0,0.0,0.0,3.3,0.0,0.0,0.8,...,3.3
        assertEquals(1.7, sink.rows("nmon.netpacket", "vnet0").get(0).get("read/s"));
        assertEquals(0.8, sink.rows("nmon.netpacket", "vnet0").get(0).get("write/s"));
        assertEquals(3.3, sink.rows("nmon.netpacket", "em1").get(0).get("write/s"));
        assertEquals(47, sink.rows("nmon.netpacket", "virbr1-nic").size());
        // descriptions end with the run name (-r test1) or the host: "Disk Group Busy linux"
        assertEquals("%busy", sink.spec("nmon.dgbusy").metrics().get(0).label());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aixSectionsPerCpuAndPerAdapter() {
        CollectingSink sink = ParserFixtures.parse(parser, AIX);
        assertEquals("aix", sink.variant());
        assertEquals("AIX", sink.fact("os.name").orElseThrow());
        assertEquals("7.1.3.30", sink.fact("os.release").orElseThrow());
        assertEquals("28", sink.fact("cpus").orElseThrow());
        // ZZZZ,T0001,17:28:10,10-FEB-2016; CPU_ALL,T0001,32.2,29.2,0.1,38.5,,28
        SpecRow all = sink.rows("nmon.cpu_all").get(0);
        assertEquals(Instant.parse("2016-02-10T17:28:10Z"), all.row().time());
        assertEquals(28, all.get("PhysicalCPUs"));
        assertTrue(Double.isNaN(all.get("Busy")));
        assertEquals(1.257, sink.rows("nmon.lpar").get(0).get("PhysicalCPU"));
        assertEquals(28, sink.rows("nmon.scpu").stream().map(r -> r.row().key()).distinct().count());
        // IOADAPT,T0002,12.8,187.5,21.1,9.0,... : fcs3_read-KB/s, fcs3_write-KB/s, fcs3_xfer-tps, fcs2_read-KB/s...
        SpecRow fcs3 = sink.rows("nmon.ioadapt", "fcs3").get(1);
        assertEquals(187.5, fcs3.get("write-KB/s"));
        assertEquals(21.1, fcs3.get("xfer-tps"));
        assertEquals(9.0, sink.rows("nmon.ioadapt", "fcs2").get(1).get("read-KB/s"));
        assertTrue(sink.fact("nmon.config.lsattr -El sys0").isPresent());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void linesBeforeTheirZzzzLineFollowTheStartByIntervals() {
        // a sorted file: the ZZZZ lines come after the data
        CollectingSink sink = parse(head(
                "CPU_ALL,T0001,1.0,2.0,0.0,97.0,0.0,,2",
                "CPU_ALL,T0002,3.0,2.0,0.0,95.0,0.0,,2",
                "DISKBUSY,T0001,5.0,6.0",
                "ZZZZ,T0001,00:00:00,01-JAN-2026",
                "ZZZZ,T0002,00:00:10,01-JAN-2026"));
        List<SpecRow> rows = sink.rows("nmon.cpu_all");
        // AAA,time 23:59.50 on 31-DEC-2025, interval 10 s: T0001 one interval after the start
        assertEquals(Instant.parse("2026-01-01T00:00:00Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2026-01-01T00:00:10Z"), rows.get(1).row().time());
        assertEquals(6.0, sink.rows("nmon.diskbusy", "sdb").get(0).get("%busy"));
        assertTrue(sink.notices().get(0).message().contains("before its ZZZZ line"), sink.notices().toString());
        assertTrue(sink.fact("time.source").orElseThrow().startsWith("AAA date and time"), sink.facts().toString());
    }

    @Test
    void oldNmonWritesDayMonthYearAndZzzzLinesWithoutADate() {
        // nmon before 10 (AIX nmon64 v8b): AAA,date as day/month/two-digit year, ZZZZ lines with the time of day only;
        // nmon2rrd (nmon's author) reads them so: the date of AAA,date, one day later each time the clock goes back
        CollectingSink sink = parse(String.join("\n",
                "AAA,progname,nmon64",
                "AAA,version,v8b",
                "AAA,host,db01",
                "AAA,time,23:50.00",
                "AAA,date,04/03/11",
                "AAA,interval,600",
                "CPU_ALL,CPU Total db01,User%,Sys%,Wait%,Idle%,Busy,CPUs",
                "ZZZZ,T0001,23:50:04",
                "CPU_ALL,T0001,33.2,2.0,1.0,63.9,,18",
                "ZZZZ,T0002,00:00:04",
                "CPU_ALL,T0002,26.5,0.7,0.0,72.7,,18"));
        List<SpecRow> rows = sink.rows("nmon.cpu_all");
        assertEquals(Instant.parse("2011-03-04T23:50:04Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2011-03-05T00:00:04Z"), rows.get(1).row().time());
        assertEquals("2011-03-04", sink.fact("date").orElseThrow());
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of("snapshot T0002's ZZZZ time 00:00:04 is before T0001's (23:50:04) and its line has no date (nmon"
                + " before 10): read on the next day, 2011-03-05"), sink.notices().stream().filter(n -> n.line() == 10)
                .map(n -> n.message()).toList());
    }

    @Test
    void oldNmonsStepBackOfAtMostAnHourIsNoMidnight() {
        // the clock set back at the end of summer time (or by hand) steps back an hour at most: the same day, as sysstat's
        // times are read (DayClock), not a day later
        CollectingSink sink = parse(String.join("\n",
                "AAA,progname,nmon64",
                "AAA,version,v8b",
                "AAA,time,01:45.00",
                "AAA,date,30/10/11",
                "AAA,interval,600",
                "CPU_ALL,CPU Total db01,User%,Sys%,Wait%,Idle%,Busy,CPUs",
                "ZZZZ,T0001,01:55:04",
                "CPU_ALL,T0001,33.2,2.0,1.0,63.9,,18",
                "ZZZZ,T0002,01:05:04",
                "CPU_ALL,T0002,26.5,0.7,0.0,72.7,,18"));
        List<SpecRow> rows = sink.rows("nmon.cpu_all");
        assertEquals(Instant.parse("2011-10-30T01:55:04Z"), rows.get(0).row().time());
        assertEquals(Instant.parse("2011-10-30T01:05:04Z"), rows.get(1).row().time());
        assertTrue(sink.notices().stream().anyMatch(n -> n.line() == 9 && n.message().contains("the clock went back")),
                sink.notices().toString());
    }

    /** An nmon64 v8b file's first lines: its MEM header as the caller gives it, one snapshot of six MEM values. */
    private static CollectingSink v8bMem(String header) {
        return parse(String.join("\n",
                "AAA,progname,nmon64",
                "AAA,version,v8b",
                "AAA,host,omrms12",
                "AAA,time,00:00.04",
                "AAA,date,03/03/11",
                "AAA,interval,600",
                "MEM,Memory omrms12," + header,
                "ZZZZ,T0001,00:00:04",
                "MEM,T0001,0.0,8.2,41.2,2770.8,4164864.0,33792.0"));
    }

    @Test
    void aHeaderWhoseDocumentedNamesRanTogetherIsReadAsThoseNames() {
        // nmon64 v8b printed MEM's first three names without their "%," separators; topas_nmon writes them whole
        CollectingSink sink = v8bMem("Real Free Virtual free Real free(MB),Virtual free(MB),Real total(MB),Virtual total(MB)");
        SpecRow mem = sink.rows("nmon.mem").get(0);
        assertEquals(List.of("Real Free %", "Virtual free %", "Real free(MB)", "Virtual free(MB)", "Real total(MB)",
                "Virtual total(MB)"), sink.spec("nmon.mem").metrics().stream().map(m -> m.label()).toList());
        assertEquals(0.0, mem.get("Real Free %"));
        assertEquals(8.2, mem.get("Virtual free %"));
        assertEquals(41.2, mem.get("Real free(MB)"));
        assertEquals(2770.8, mem.get("Virtual free(MB)"));
        assertEquals(4164864.0, mem.get("Real total(MB)"));
        assertEquals(33792.0, mem.get("Virtual total(MB)"));
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of(), sink.notices());
    }

    @Test
    void valuesAnUnreadableHeaderCannotNameAreNotShiftedUnderOtherNames() {
        CollectingSink sink = v8bMem("Real Fre Virtul,Virtual free(MB),Real total(MB),Virtual total(MB)");
        SpecRow mem = sink.rows("nmon.mem").get(0);
        assertEquals(2770.8, mem.get("Virtual free(MB)"));
        assertEquals(4164864.0, mem.get("Real total(MB)"));
        assertEquals(33792.0, mem.get("Virtual total(MB)"));
        assertTrue(Double.isNaN(mem.get("Real Fre Virtul")));
        assertEquals(1, sink.warnings().size());
        assertEquals(9, sink.warnings().get(0).line());
        assertTrue(sink.warnings().get(0).message().contains("not kept"), sink.warnings().get(0).message());
        // a header with none of the documented names is another layout: read as it names itself
        CollectingSink other = v8bMem("memtotal,memfree,swaptotal,swapfree,cached,active");
        assertEquals(41.2, other.rows("nmon.mem").get(0).get("swaptotal"));
        assertEquals(List.of(), other.warnings());
    }

    @Test
    void unknownSectionsAreReadByTheirHeaderAndSplitSectionsJoin() {
        CollectingSink sink = parse(head(
                "DISKBUSY1,Disk %Busy db01,sdc",
                "NEWTHING,Something new db01,alpha,beta%,gamma",
                "DISKNEW,Disk Something KB/s db01,sda",
                "ZZZZ,T0001,00:00:00,01-JAN-2026",
                "DISKBUSY,T0001,1.0,2.0",
                "DISKBUSY1,T0001,3.0",
                "NEWTHING,T0001,7,8.5,-nan",
                "DISKNEW,T0001,4.5",
                "VM,T0001,Paging and Virtual Memory,nr_dirty,nr_writeback",
                "VM,T0001,11,12"));
        assertEquals(3.0, sink.rows("nmon.diskbusy", "sdc").get(0).get("%busy"));
        assertEquals(3, sink.rows("nmon.diskbusy").size());
        SpecRow unknown = sink.rows("nmon.newthing").get(0);
        assertEquals(7, unknown.get("alpha"));
        assertEquals("%", sink.spec("nmon.newthing").metrics().get(1).unit());
        assertTrue(Double.isNaN(unknown.get("gamma")));
        // an unknown section with a column per disk: its metric is its description without the host
        assertEquals(4.5, sink.rows("nmon.disknew", "sda").get(0).get("Disk Something KB/s"));
        assertEquals("KB/s", sink.spec("nmon.disknew").metrics().get(0).unit());
        // nmon before 12 wrote VM's header with a snapshot number
        assertEquals(12, sink.rows("nmon.vm").get(0).get("nr_writeback"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aKeyNamedTwiceInAHeaderKeepsBothColumnsUnderTheirOwnKeys() {
        // topas_nmon -V on an LPAR with two volume groups named database1 (two VG IDENTIFIERs in BBBV): one column each
        CollectingSink sink = parse(head(
                "VGBUSY,Disk Busy Volume Group,rootvg,database1,database1,database5",
                "IOADAPT,Disk Adapter db01,fcs0_read-KB/s,fcs0_write-KB/s,fcs0_read-KB/s,fcs0_write-KB/s",
                "ZZZZ,T0001,00:00:00,01-JAN-2026",
                "VGBUSY,T0001,0.6,0.2,6.3,0.1",
                "IOADAPT,T0001,1.5,2.5,3.5,4.5"));
        assertEquals(0.2, sink.rows("nmon.vgbusy", "database1").get(0).get("%busy"));
        assertEquals(6.3, sink.rows("nmon.vgbusy", "database1 (2)").get(0).get("%busy"));
        assertEquals(4, sink.rows("nmon.vgbusy").size());
        assertEquals(2.5, sink.rows("nmon.ioadapt", "fcs0").get(0).get("write-KB/s"));
        assertEquals(3.5, sink.rows("nmon.ioadapt", "fcs0 (2)").get(0).get("read-KB/s"));
        assertEquals(4.5, sink.rows("nmon.ioadapt", "fcs0 (2)").get(0).get("write-KB/s"));
        assertEquals(List.of("9: VGBUSY's header names database1 more than once: the second is key 'database1 (2)'",
                        "10: IOADAPT's header names fcs0 more than once: the second is key 'fcs0 (2)'"),
                sink.notices().stream().map(n -> n.line() + ": " + n.message()).toList());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aZzzzTimeGoingBackIsStoredAsPrintedWithANoticeNamingTheSnapshotAndTheStep() {
        // nmon prints the local clock at each snapshot: a clock set back (or a hand-edited file, as sk112's) goes back
        CollectingSink sink = parse(head(
                "ZZZZ,T0001,11:39:06,02-FEB-2020", "DISKBUSY,T0001,1.0,0.0",
                "ZZZZ,T0002,11:39:10,02-FEB-2020", "DISKBUSY,T0002,2.0,0.0",
                "ZZZZ,T0003,11:39:06,02-FEB-2020", "DISKBUSY,T0003,3.0,0.0",
                "ZZZZ,T0004,11:39:08,02-FEB-2020", "DISKBUSY,T0004,4.0,0.0",
                "ZZZZ,T0005,11:39:08,02-FEB-2020", "DISKBUSY,T0005,5.0,0.0"));
        assertEquals(List.of("2020-02-02T11:39:06Z", "2020-02-02T11:39:10Z", "2020-02-02T11:39:06Z",
                        "2020-02-02T11:39:08Z", "2020-02-02T11:39:08Z"),
                sink.rows("nmon.diskbusy", "sda").stream().map(r -> r.row().time().toString()).toList());
        assertEquals(List.of("13: snapshot T0003's ZZZZ time 11:39:06 02-FEB-2020 is 4 s before T0002's (11:39:10): "
                                + "the clock went back or the file was edited; its lines are stored at the time printed, "
                                + "where another snapshot may already be",
                        "17: snapshot T0005's ZZZZ time 11:39:08 02-FEB-2020 is the same as T0004's: "
                                + "its lines are stored at the time printed, where that snapshot already is"),
                sink.notices().stream().map(n -> n.line() + ": " + n.message()).toList());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void theHourRepeatedWhenSummerTimeEndsIsReadAtItsLaterOffset() {
        // Europe/Berlin, 25 Oct 2020: 02:59:59 CEST then 02:00:00 CET; nmon prints the local time of day
        CollectingSink sink = ParserFixtures.parseText(new NmonParser(), head(
                        "ZZZZ,T0001,02:50:00,25-OCT-2020", "DISKBUSY,T0001,1.0,0.0",
                        "ZZZZ,T0002,02:00:00,25-OCT-2020", "DISKBUSY,T0002,2.0,0.0",
                        "ZZZZ,T0003,02:10:00,25-OCT-2020", "DISKBUSY,T0003,3.0,0.0"),
                ParserFixtures.context("test.nmon", TimeOptions.DEFAULT.withZone(ZoneId.of("Europe/Berlin"))));
        assertEquals(List.of("2020-10-25T00:50:00Z", "2020-10-25T01:00:00Z", "2020-10-25T01:10:00Z"),
                sink.rows("nmon.diskbusy", "sda").stream().map(r -> r.row().time().toString()).toList());
        assertEquals(List.of("11: snapshot T0002's ZZZZ time 02:00:00 25-OCT-2020 is in the hour Europe/Berlin repeats "
                        + "when summer time ends: read at the later offset (+01:00), after T0001"),
                sink.notices().stream().map(n -> n.line() + ": " + n.message()).toList());
    }

    @Test
    void aLineShortInTheMiddleOfTheFileIsNotShiftedUnderTheWrongNames() {
        // nmonchart's sampleC (topas_nmon, AIX 6.1): LPAR,T0017 holds 20 values for 21 names; where one went missing
        // is not known (its usedPoolCPU% 49.97 is PhysicalCPU over a pool of 8, as in every other line)
        CollectingSink sink = parse(head(
                "LPAR,Logical Partition sampleC,PhysicalCPU,virtualCPUs,logicalCPUs,poolCPUs,entitled,weight,PoolIdle,"
                        + "usedAllCPU%,usedPoolCPU%,SharedCPU,Capped,EC_User%,EC_Sys%,EC_Wait%,EC_Idle%,VP_User%,VP_Sys%,"
                        + "VP_Wait%,VP_Idle%,Folded,Pool_id",
                "ZZZZ,T0001,05:36:00,25-MAY-2013",
                "LPAR,T0001,4.405,9,28,25,7.00,200,6.00,36.71,55.06,1,0,29.58,11.89,2.03,19.43,29.58,11.89,2.03,19.43,0,1",
                "ZZZZ,T0002,05:41:00,25-MAY-2013",
                "LPAR,T0002,3.998,9,28,25,7.00,200.00,3.31,49.97,1,0,26.76,10.05,1.39,18.90,26.76,10.05,1.39,18.90,0,1"));
        List<SpecRow> rows = sink.rows("nmon.lpar");
        assertEquals(List.of(0L), rows.stream().map(r -> r.row().sample()).toList());
        assertEquals(55.06, rows.get(0).get("usedPoolCPU%"));
        assertEquals(List.of("13: expected 21 values, as the header at line 9 names and LPAR's lines before hold, found 20: "
                        + "which one is missing is not known, so the line is not used"),
                sink.warnings().stream().map(w -> w.line() + ": " + w.message()).toList());
        assertEquals(List.of(), sink.notices());
    }

    @Test
    void badLinesAreWarningsWithTheirLineNumbers() {
        CollectingSink sink = parse(head(
                "ZZZZ,T0001,00:00:00,01-JAN-2026",
                "CPU_ALL,T0001,1.0,oops,0.0,97.0,0.0,,2",
                "MEM,T0001,100,200",
                "a line without commas",
                "ZZZZ,T0002,25:00:00,01-JAN-2026",
                "CPU_ALL,T0002,1.0,2.0,0.0,97.0,0.0,,2"));
        List<String> warnings = sink.warnings().stream().map(w -> w.line() + ": " + w.message()).toList();
        assertEquals(List.of(
                "10: expected a number for CPU_ALL Sys%, found 'oops'",
                "11: a MEM line before MEM's header line (MEM,<description>,<column names>): its lines are not read",
                "12: expected an nmon line: a section name, a comma and its values (CPU_ALL,T0001,...)",
                "13: expected a time such as 03:25:01 and a date such as 02-DEC-2026 in the ZZZZ line, found '25:00:00' and '01-JAN-2026'"),
                warnings);
        // T0002 has no time of its own: one interval after T0001's
        assertEquals(Instant.parse("2026-01-01T00:00:10Z"), sink.rows("nmon.cpu_all").get(0).row().time());
    }

    @Test
    void configurationAndCommandLinesAreBoundedFacts() {
        StringBuilder bbbp = new StringBuilder("BBBP,000,lscpu\n");
        for (int i = 1; i <= 2000; i++) bbbp.append("BBBP,").append(i).append(",lscpu,\"line ").append(i).append(" of lscpu\"\n");
        for (int i = 0; i < 300; i++) bbbp.append("BBBP,9").append(i).append(",cmd").append(i).append(",\"x\"\n");
        CollectingSink sink = parse(head(bbbp.toString(),
                "UARG,+Time,PID,ProgName,FullCommand",
                "ZZZZ,T0001,00:00:00,01-JAN-2026",
                "UARG,T0001,0004242,java,java -cp a,b Main --flag",
                "CPU_ALL,T0001,1.0,2.0,0.0,97.0,0.0,,2"));
        String lscpu = sink.fact("nmon.config.lscpu").orElseThrow();
        assertTrue(lscpu.startsWith("line 1 of lscpu\nline 2 of lscpu"), lscpu.substring(0, 40));
        assertTrue(lscpu.length() <= ConfigFacts.MAX_FACT + 40, "bounded: " + lscpu.length());
        assertEquals(ConfigFacts.MAX_FACTS, sink.facts().stream().filter(f -> f.name().startsWith("nmon.config.")).count());
        assertEquals("java -cp a,b Main --flag", sink.fact("nmon.process.4242").orElseThrow());
        assertTrue(sink.notices().stream().map(ParseWarning::message).anyMatch(m -> m.contains("BBBP configuration beyond")));
    }

    @Test
    void detection() {
        assertEquals(1.0, parser.sniff(ParserFixtures.head(DEBIAN)));
        assertEquals(1.0, parser.sniff(ParserFixtures.head(AIX)));
        assertEquals(0, parser.sniff(ParserFixtures.head("sar/ksar-linux-sysstat-10.1.5-48cpu.txt")));
        assertEquals(0, parser.sniff(ParserFixtures.head("iostat/jc-centos77-iostat-x.txt")));
    }

    /**
     * nmon 16n -U numbers its CPUUTIL headers from 1 and their snapshot lines from 0: CPUUTIL000's values are CPU 1's
     * (they follow CPU001's in the same snapshot), read into one data set keyed as CPU001 is, none left out.
     */
    @Test
    void cpuUtilLinesNumberedFromZeroAreTheCpusTheirHeadersNameFromOne() {
        CollectingSink sink = ParserFixtures.parse(parser, "nmon/debian-12-nmon-16n-f-U-s1-c3-cpuutil.nmon");
        assertEquals(List.of(), sink.warnings());
        // CPUUTIL000,T0001,52.34,0.00,35.90,3.03,... beside CPU001,T0001,57.3,39.3,0.0,3.3,0.0
        assertEquals(List.of(3.03, 18.96, 64.94), sink.rows("nmon.cpuutil", "1").stream().map(r -> r.get("Idle%")).toList());
        assertEquals(List.of(3.3, 19.8, 66.3), sink.rows("nmon.cpu", "1").stream().map(r -> r.get("Idle%")).toList());
        assertEquals(List.of(10.81, 29.94, 66.94), sink.rows("nmon.cpuutil", "2").stream().map(r -> r.get("Idle%")).toList());
        assertEquals(102.08, sink.rows("nmon.cpuutil_all").get(0).get("User%"));
    }
}
