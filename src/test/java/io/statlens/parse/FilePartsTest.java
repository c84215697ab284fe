package io.statlens.parse;

import io.statlens.parse.spi.LineSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FilePartsTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("target", "no-user-parsers"));
    private static final String VMSTAT = """
            procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
             r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
             1  0      0 1406608   3276 308808    0    0   165    29   70  138  1  1 99  0  0
             0  0      0 1406600   3276 308808    0    0     0     0   60  120  0  0 100  0  0
            """;
    private static final String IOSTAT = """
            Linux 5.15.0-91-generic (db01) 	01/15/2024 	_x86_64_	(2 CPU)

            avg-cpu:  %user   %nice %system %iowait  %steal   %idle
                       1.20    0.00    0.40    0.10    0.00   98.30

            Device             tps    kB_read/s    kB_wrtn/s    kB_read    kB_wrtn
            sda               3.10        12.00        40.00     120000     400000
            """;

    @TempDir
    Path dir;

    private List<String> parts(String text) throws IOException {
        Path file = Files.writeString(dir.resolve("f.txt"), text);
        List<String> out = new ArrayList<>();
        for (FileParts.Detected part : new FileParts(new AutoDetectParser(CATALOG)).of(file)) {
            out.add(part.part().label() + " " + part.detection().parser().orElseThrow().info().tool());
        }
        return out;
    }

    @Test
    void aPastedCommandOfAnotherToolStartsAPart() throws IOException {
        assertEquals(List.of("1-6 vmstat", "7-14 iostat"), parts("$ vmstat 1 2\n" + VMSTAT + "\n$ iostat -k\n" + IOSTAT));
    }

    @Test
    void theMysqlClientStartsAPartWhereItsStatementRunsAnotherTool() throws IOException {
        // mysqladmin and the mysql client are typed for several database tools: the statement says which one runs
        String status = "$ mysqladmin -u root ext -r -i 1 -c 2 | grep -E 'Com_select|Uptime'\n"
                + "| Com_select  | 630019 |\n| Innodb_page_size | 16384 |\n| Questions | 761300 |\n| Threads_running | 3 |\n"
                + "| Uptime      | 2959   |\n| Com_select  | 10497  |\n| Innodb_page_size | 0 |\n| Questions | 14994 |\n"
                + "| Threads_running | -2 |\n| Uptime      | 1      |\n";
        String waits = """
                $ mysql -u root -t -e 'SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT FROM performance_schema.events_waits_summary_global_by_event_name LIMIT 3'
                +--------------------------------------+------------+------------------+
                | EVENT_NAME                           | COUNT_STAR | SUM_TIMER_WAIT   |
                +--------------------------------------+------------+------------------+
                | wait/synch/cond/mysys/COND_timer     |       6151 | 2877823138681638 |
                | idle                                 |     874275 |   59617689000000 |
                | wait/io/socket/sql/client_connection |    1588023 |   21126100419900 |
                +--------------------------------------+------------+------------------+
                """;
        assertEquals(List.of("1-11 mysql-status", "12-19 perfschema-waits"), parts(status + waits));
    }

    @Test
    void outputBeforeTheFirstCommandIsAPartWhenDetectionRecognisesIt() throws IOException {
        assertEquals(List.of("1-5 vmstat", "6-13 iostat"), parts(VMSTAT + "\n$ iostat -k\n" + IOSTAT));
    }

    @Test
    void theSameToolTwiceAndCommandsOfNoToolAreOnePart() throws IOException {
        assertEquals(List.of(), parts("$ vmstat 1 2\n" + VMSTAT + "$ free -m\n$ vmstat 1 2\n" + VMSTAT));
    }

    @Test
    void aCommandWhoseOutputIsNotRecognisedStaysWithThePartBeforeIt() throws IOException {
        // iostat -V prints its version only: its lines go on with vmstat's part, and there is one part left
        assertEquals(List.of(), parts("$ vmstat 1 2\n" + VMSTAT + "$ iostat -V\nsysstat version 12.6.1\n"));
        // followed by iostat's report, they are the start of iostat's part
        assertEquals(List.of("1-5 vmstat", "6-16 iostat"),
                parts("$ vmstat 1 2\n" + VMSTAT + "$ iostat -V\nsysstat version 12.6.1\n\n$ iostat -k\n" + IOSTAT));
    }

    @Test
    void linesOfTwoHostsAreAPartPerHostAndTheLinesOfNoHostGoToEach() throws IOException {
        StringBuilder text = new StringBuilder("$ pdsh -w db1,db2 vmstat 1 2\n");
        List<String> lines = VMSTAT.lines().toList();
        for (String line : lines) text.append("db1: ").append(line).append('\n').append("db2: ").append(line).append('\n');
        Path file = Files.writeString(dir.resolve("pdsh.txt"), text);
        List<FileParts.Detected> parts = new FileParts(new AutoDetectParser(CATALOG)).of(file);
        assertEquals(List.of("db1 vmstat", "db2 vmstat"), parts.stream()
                .map(p -> p.part().label() + " " + p.detection().parser().orElseThrow().info().tool()).toList());
        io.statlens.parse.spi.Head db2 = FileParts.head(file, parts.get(1).part());
        assertEquals(List.of(1L, 3L, 5L, 7L, 9L), db2.numbers());
        assertEquals("db2:  r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st", db2.lines().get(2));
    }

    @Test
    void aHostsLinesOfTwoToolsAreAPartPerToolWhereTheNextToolsOutputBegins() throws IOException {
        // pdsh -w db1,db2 'vmstat 1 2; iostat -k': pdsh does not echo the remote commands, so only the output tells
        // where vmstat's ends; each host's part is split there as a pasted note is at its commands
        StringBuilder text = new StringBuilder();
        for (String host : List.of("db1", "db2")) {
            for (String line : (VMSTAT + IOSTAT).lines().toList()) text.append(host).append(": ").append(line).append('\n');
        }
        Path file = Files.writeString(dir.resolve("pdsh.txt"), text);
        List<FileParts.Detected> parts = new FileParts(new AutoDetectParser(CATALOG)).of(file);
        // a host's first part starts at the file's first line, as a host's whole part does, for the commands before it
        assertEquals(List.of("db1:1-4 vmstat", "db1:5-22 iostat", "db2:1-15 vmstat", "db2:16-22 iostat"), parts.stream()
                .map(p -> p.part().label() + " " + p.detection().parser().orElseThrow().info().tool()).toList());
        assertEquals(List.of(16L, 17L, 18L, 19L, 20L, 21L, 22L), FileParts.head(file, parts.get(3).part()).numbers());
        io.statlens.parse.spi.Head vmstat = FileParts.head(file, parts.get(0).part());
        assertEquals(4, vmstat.lines().size());
        assertEquals("db1: procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----", vmstat.lines().get(0));
    }

    @Test
    void aHostsLinesOfOneToolAreOnePartWhateverItsHeadersAre() throws IOException {
        StringBuilder text = new StringBuilder();
        for (String line : (IOSTAT + "\n" + IOSTAT.substring(IOSTAT.indexOf("avg-cpu"))).lines().toList()) {
            text.append("db1: ").append(line).append('\n').append("db2: ").append(line).append('\n');
        }
        assertEquals(List.of("db1 iostat", "db2 iostat"), parts(text.toString()));
    }

    @Test
    void theLinesOfNoHostAreTheFirstHostsPartsAndAPastedCommandIsEveryHostsPart() throws IOException {
        StringBuilder text = new StringBuilder("Collected on both database hosts at 64 threads:\n$ pdsh -w db1,db2 vmstat 1 2\n");
        for (String line : VMSTAT.lines().toList()) text.append("db1: ").append(line).append('\n').append("db2: ").append(line).append('\n');
        text.append("Both were idle before the load.\n");
        Path file = Files.writeString(dir.resolve("pdsh.txt"), text);
        List<FileParts.Detected> parts = new FileParts(new AutoDetectParser(CATALOG)).of(file);
        assertEquals(List.of("db1", "db2"), parts.stream().map(p -> p.part().label()).toList());
        // the prose is read (and warned about) once, in the first host's part; the command gives each part its interval
        assertEquals(List.of(1L, 2L, 3L, 5L, 7L, 9L, 11L), FileParts.head(file, parts.get(0).part()).numbers());
        assertEquals(List.of(2L, 4L, 6L, 8L, 10L), FileParts.head(file, parts.get(1).part()).numbers());
    }

    @Test
    void aWordAndAColonOpeningProseBeforeTheHostsLinesIsNoHost() throws IOException {
        StringBuilder text = new StringBuilder("note: captured during the load test,\non both hosts at once\n\n");
        for (String line : VMSTAT.lines().toList()) text.append("db1: ").append(line).append('\n').append("db2: ").append(line).append('\n');
        text.append("\nsummary: both idle\n");
        assertEquals(List.of("db1 vmstat", "db2 vmstat"), parts(text.toString()));
    }

    @Test
    void prefixedLinesWithTextAmongThemAreNotHosts() throws IOException {
        // sysbench's statistics: 'read:', 'write:' head lines, but its other lines carry no such word
        assertEquals(List.of(), parts("""
                SQL statistics:
                    queries performed:
                        read:                            140000
                        write:                           40000
                        other:                           20000
                        total:                           200000
                SQL statistics:
                    queries performed:
                        read:                            140000
                        write:                           40000
                """));
    }

    /** The parts of a file of src/test/resources/parts/, as {@link #parts} gives them. */
    private static List<String> partsOfFixture(String name) throws Exception {
        Path file = Path.of(FilePartsTest.class.getResource("/parts/" + name).toURI());
        List<String> out = new ArrayList<>();
        for (FileParts.Detected part : new FileParts(new AutoDetectParser(CATALOG)).of(file)) {
            out.add(part.part().label() + " " + part.detection().parser().orElseThrow().info().tool());
        }
        return out;
    }

    @Test
    void aPlainFileOfOneToolsOutputThenAnothersIsAPartPerTool() throws Exception {
        // { vmstat 1 3; iostat -x 1 2; } > f: iostat's banner (line 6) comes right after vmstat's last row
        assertEquals(List.of("1-5 vmstat", "6-21 iostat"), partsOfFixture("captured-vmstat-1-3-then-iostat-x-1-2.txt"));
        // { iostat 1 2; mpstat -P ALL 1 2; } > g: mpstat's banner (line 17) is the very text of iostat's (line 1)
        assertEquals(List.of("1-16 iostat", "17-32 mpstat"), partsOfFixture("captured-iostat-1-2-then-mpstat-P-ALL-1-2.txt"));
        // the other way round, and with no blank line between the tools
        assertEquals(List.of("1-7 iostat", "8-11 vmstat"), parts(IOSTAT + VMSTAT));
    }

    @Test
    void aPlainFileOfOneToolIsOnePartWhateverItsBannersAndHeadersRepeat() throws IOException {
        // iostat run twice into one log, each run with its banner; vmstat's headers every screen
        assertEquals(List.of(), parts(IOSTAT + "\n" + IOSTAT + "\n" + IOSTAT));
        assertEquals(List.of(), parts(VMSTAT + VMSTAT + VMSTAT));
        // prose around one tool's output is no other tool
        assertEquals(List.of(), parts("Taken on db01 during the load:\n\n" + IOSTAT + "\nThe disk was idle.\n"));
    }

    /**
     * sysstat's average rows close a report and never open a tool's output: they are not looked at, so the averages of
     * many interfaces, each name its own shape, leave the looks a file is allowed for the lines that may open one (here
     * 400 averages: the look at a line sees a head's lines after it, and vmstat's only from the 200th before it on).
     */
    @Test
    void averageRowsOfManyInterfacesDoNotHideTheNextToolsOutput() throws IOException {
        StringBuilder sar = new StringBuilder("Linux 5.15.0-91-generic (db01) \t01/15/2024 \t_x86_64_\t(2 CPU)\n\n");
        String header = "IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s   rxcmp/s   txcmp/s  rxmcst/s   %ifutil\n";
        List<String> interfaces = new ArrayList<>();
        for (char a = 'a'; a <= 'y'; a++) {
            for (char b = 'a'; b <= 'p'; b++) interfaces.add("if" + a + b);
        }
        sar.append("12:00:01 AM     ").append(header);
        for (String name : interfaces) sar.append("12:00:02 AM  ").append(String.format("%8s", name)).append("      1.00      2.00      0.10      0.20      0.00      0.00      0.00      0.00\n");
        sar.append("\nAverage:        ").append(header);
        for (String name : interfaces) sar.append("Average:     ").append(String.format("%8s", name)).append("      1.00      2.00      0.10      0.20      0.00      0.00      0.00      0.00\n");
        int sarLines = sar.toString().split("\n", -1).length - 1;
        assertEquals(List.of("1-" + sarLines + " sar", (sarLines + 1) + "-" + (sarLines + 4) + " vmstat"), parts(sar + VMSTAT));
    }

    /**
     * A file nmon wrote (it opens with its AAA lines) holds nothing else: the plan reads it whole, without the pass that
     * looks for other tools' output in a file, even where that pass would find some (output pasted after it by hand).
     */
    @Test
    void aFileTheToolWroteItselfIsReadWhole() throws IOException {
        String nmon = """
                AAA,progname,nmon
                AAA,command,nmon -f -s 10 -c 2
                AAA,version,16n
                AAA,host,db01
                AAA,interval,10
                AAA,snapshots,2
                AAA,date,15-JAN-2024
                AAA,time,00:00:00
                CPU_ALL,CPU Total db01,User%,Sys%,Wait%,Idle%,Steal%,Busy,CPUs
                """;
        StringBuilder snapshots = new StringBuilder(nmon);
        for (int t = 1; t <= 100; t++) {
            snapshots.append(String.format("ZZZZ,T%04d,00:%02d:%02d,15-JAN-2024%nCPU_ALL,T%04d,1.0,1.0,0.0,98.0,0.0,,2%n", t, t / 6, t % 6 * 10, t));
        }
        // the pasted output comes after the first lines detection reads (a head's): those are nmon's own
        assertEquals(List.of("1-209 nmon", "210-213 vmstat"), parts(snapshots + VMSTAT));
        Path file = Files.writeString(dir.resolve("db01.nmon"), snapshots + VMSTAT);
        assertEquals(List.of(), new ImportPlanner(CATALOG).parts(file));
    }

    @Test
    void aPartReadAloneKeepsItsLineNumbersInTheFile() throws IOException {
        Path file = Files.writeString(dir.resolve("g.txt"), "a\nb\nc\nd\ne\n");
        List<String> read = new ArrayList<>();
        try (LineSource lines = LineSource.of("g.txt", Files.newInputStream(file)).select(FilePart.lines(2, 4))) {
            for (String line = lines.next(); line != null; line = lines.next()) read.add(lines.lineNumber() + ":" + line);
        }
        assertEquals(List.of("2:b", "3:c", "4:d"), read);
    }
}
