package io.statlens.parse.transcript;

import io.statlens.parse.spi.Head;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TerminalWidthTest {
    private static int width(String text) {
        return TerminalWidth.of(Head.of("t", List.of(text.split("\n", -1))));
    }

    @Test
    void aCaptureFoldedAtEightyColumnsIsRecognised() {
        assertEquals(80, width("""
                18:00:18     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest
                  %gnice   %idle
                18:00:19     all   92.86    0.00    3.06    0.00    0.00    0.00    0.00    0.00
                    0.00    4.08
                18:00:19       0   91.75    0.00    4.12    0.00    0.00    0.00    0.00    0.00
                    0.00    4.12
                """));
    }

    /**
     * top pads its rows with blanks to the terminal's width, so the rows of its table are as wide, each ending in a run
     * of blanks, and the last row copied without them is shorter: a padded row ended there, it was not cut.
     */
    @Test
    void rowsPaddedWithBlanksToTheScreensWidthAreNotCut() {
        String pad = " ".repeat(54);
        assertEquals(0, width("  PID USER      PR  NI  VIRT  RES  SHR S %CPU %MEM    TIME+  COMMAND" + pad.substring(6) + "\n"
                + "23123 haugerud  20   0  2676 1428  932 R    0  0.1   0:00.21 top" + pad + "\n"
                + "    1 root      20   0  2932 1232  792 S    0  0.1   0:30.41 init" + pad.substring(1) + "\n"
                + "    2 root      20   0     0    0    0 S    0  0.0   0:00.02 kthreadd" + pad.substring(5) + "\n"
                + "    3 root      RT   0     0    0    0 S    0  0.0   0:32.07 migration/0" + pad.substring(8) + "\n"
                + "    4 root      20   0     0    0    0 S    0  0.0   0:35.21 ksoftirqd/0\n"));
    }

    @Test
    void tablesReportsAndNotesThatMerelyLookCutAreNot() {
        // rows of one width follow one another, and the last is followed by a blank line
        assertEquals(0, width("""
                Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await  svctm  %util
                sda               0.00     0.02    0.13    0.11     5.27     1.10    52.53     0.00    0.88   0.52   0.01
                VolGroup00-LogVol00
                                  0.00     0.00    0.12    0.13     4.41     1.05    44.30     0.00    0.92   0.50   0.02
                mpath-lonely
                """));
        // reports of equal width, each followed by the next report: they start alike
        assertEquals(0, width("""
                [ 1s ] thds: 4 tps: 10.00 qps: 200.00 (r/w/o: 140.00/40.00/20.00) lat (ms,95%): 5.00 err/s: 0.00
                [ 2s ] thds: 4 tps: 10.00 qps: 20.00
                [ 3s ] thds: 4 tps: 12.00 qps: 240.00 (r/w/o: 168.00/48.00/24.00) lat (ms,95%): 5.00 err/s: 0.00
                [ 4s ] thds: 4
                [ 5s ] thds: 4 tps: 12.00 qps: 240.00 (r/w/o: 168.00/48.00/24.00) lat (ms,95%): 5.00 err/s: 0.00
                [ 6s ] thds: 4
                """));
        // rows with elisions between them
        assertEquals(0, width("""
                11:30:51   35K  3.5K      9  3.3K    9   249   32  3.0K    8   1.1G   94G   extra  columns
                ...
                13:28:09  1.2K    18      1    18    1     0    0    18    1    93G   93G   extra  columns
                ...
                13:28:15  1.3K    54      4    54    4     0    0    54    4    90G   90G   extra  columns
                ...
                """));
        // a comment banner drawn to a width
        assertEquals(0, width("""
                ########################################################################
                cpu benchmark tests
                ########################################################################
                  $ args="cpu --cpu-max-prime=1000 --events=100 --threads=2"
                ########################################################################
                more
                """));
        // the mysql client's \G output: a banner of one width before each row's shorter lines
        assertEquals(0, width("""
                *************************** 1. row ***************************
                Variable_name: Com_select
                        Value: 100
                *************************** 2. row ***************************
                Variable_name: Threads_running
                        Value: 3
                *************************** 3. row ***************************
                Variable_name: Uptime
                        Value: 600
                """));
        // perf stat's summary: right-aligned counts, the rows with a multiplexing share all ending at one width
        assertEquals(0, width("""
                 Performance counter stats for './one':

                        78,888,709      cycles:u                         #    1.245 GHz                         (77.44%)
                            82,942      stalled-cycles-frontend:u        #    0.11% frontend cycles idle        (77.41%)
                        37,213,411      stalled-cycles-backend:u         #   47.17% backend cycles idle         (74.80%)
                       203,836,339      instructions:u                   #    2.58  insn per cycle
                        29,421,379      branches:u                       #  464.318 M/sec                       (74.91%)
                            22,231      branch-misses:u                  #    0.08% of all branches             (74.79%)
                       146,233,306      L1-dcache-loads:u                #    2.308 G/sec                       (72.86%)
                   <not supported>      LLC-loads:u

                       0.065961323 seconds time elapsed
                """));
    }

    @Test
    void linesCutIntoThreeOrMorePiecesAndTabsCountedAsATerminalDoes() throws Exception {
        // iostat -x folded at 80: header and rows in three pieces each
        assertEquals(80, width(capture("C-iostat-x-fold80.txt")));
        // mpstat -A folded at 80: interrupt tables in six pieces; the banner's tabs make it 80 columns at 67 characters
        assertEquals(80, width(capture("jc-centos77-mpstat-A-fold80.txt")));
        assertEquals(80, width(capture("C-mpstat-A-fold80.txt")));
        // sysbench folded at 60: interval lines in three pieces
        assertEquals(60, width(capture("plantegg-1.0.20-oltp_rw-16thr-fold60.txt")));
    }

    private static String capture(String name) throws java.io.IOException {
        try (var in = TerminalWidthTest.class.getResourceAsStream("/captures/folded/" + name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /**
     * The same long command typed three times, each followed by its output (three perf stat runs in a notes file): one
     * line three times is one sign of a width, not three cut lines.
     */
    /** A quoted reply: the widest rows (sar -F, one per sample) are each followed by a quoted blank line, no rest. */
    @Test
    void aQuotedBlankLineIsNoRestOfACutRow() {
        String header = ">     02:02:31  IST  MBfsfree  MBfsused   %fsused  %ufsused     Ifree     Iused    %Iused FILESYSTEM\n";
        String row = ">     02:02:3%d  IST      1001       449     30.95    1213790475088.85  18919505    364463      1.89 /dev/sda1\n";
        StringBuilder text = new StringBuilder("> tecmint@tecmint ~ $ sar -F 2 4\n>     \n");
        for (int i = 3; i <= 9; i += 2) text.append(header).append(row.formatted(i)).append(i % 4 == 1 ? ">\n" : ">     \n");
        assertEquals(0, width(text.toString()));
    }

    /**
     * SmartOS prstat -Z's zone table: the zone names are UUIDs of one length, so every row but the global zone's ends at
     * one width, and the right-aligned ZONEID ({@code 15}, {@code  1}, {@code 11}) makes the rows start unalike. Their
     * first words end in one column: the rows of a table, not a line and the pieces a terminal cut it into.
     */
    @Test
    void rowsKeyedByARightAlignedNumberAreNoPiecesOfACutLine() {
        assertEquals(0, width("""
                    ZONEID    NPROC  SWAP   RSS MEMORY      TIME  CPU ZONE
                        15        2 2098M 2086M   4.4% 550:06:58 1.1% 41a69306-0ed6-40e9-a91e-05794421cb5b
                         1        2  553M  541M   1.1% 297:38:25 0.6% 3b45ecfa-7c74-459e-8534-00d1f79a07ea
                        11        2 8288M 8276M    18% 294:55:12 0.6% 633df8db-46ab-47b0-8c7a-b38f8b90e2d5
                         0       88  555M  326M   0.5% 323:12:37 0.6% global
                         5        2 1066M 1054M   2.2% 202:31:31 0.4% 4c0ce8c9-432e-48a4-80b3-579e3ff11cf0
                         3        2  554M  542M   1.1% 161:32:02 0.4% befb49f3-8f9f-404a-9683-b64b94005423
                         7        2 1838M 1826M   3.9% 177:06:17 0.3% a07ba0ca-bc6b-4703-95ba-4b395c68947a
                         9        2 4151M 4139M   8.8% 173:47:37 0.3% 25f82695-85d0-446a-b017-5f00789e94e5
                    Total: 155 processes, 836 lwps, load averages: 1.58, 1.59, 1.73
                """));
    }

    @Test
    void theSameLongLineTypedAgainIsNoCut() {
        String command = "hand32@serverebbrt:~$ perf stat -a -e instructions,cycles,ref-cycles,power/energy-pkg/,cpu-clock"
                + " -x, ~/memcached/memcached -u nobody -t 32 -m 82G -c 8192 -o hashpower=20 -b 8192 -l 192.168.1.20 -B binary -L";
        String run = command + "\n7303786493,,instructions,450266015517,100.00,0.31,insn per cycle\n"
                + "23663214967,,cycles,450266065684,100.00,0.053,GHz\n\n";
        assertEquals(0, width(run + run + run));
    }

    /**
     * perf stat {@code -x,} in a loop: each summary's {@code task-clock} record is the widest line, and the
     * {@code context-switches} record after it starts unalike. The next line holds as many separators as the wide one:
     * it is a record of the same delimited table, not the rest of a cut line (found in wild16's capture, where the
     * context switches were joined to the task clock and lost).
     */
    @Test
    void aDelimitedRecordAfterTheWidestIsNoRestOfIt() {
        assertEquals(0, width("""
                2161.93,msec,task-clock,2161934904,100.00,2.006,CPUs utilized
                2007,,context-switches,2161930498,100.00,928.335,/sec
                18159,,page-faults,2161929417,100.00,8.399,K/sec
                2104.51,msec,task-clock,2104512470,100.00,2.000,CPUs utilized
                2023,,context-switches,2104507103,100.00,961.268,/sec
                15801,,page-faults,2104505450,100.00,7.508,K/sec
                2094.58,msec,task-clock,2094581047,100.00,2.007,CPUs utilized
                2256,,context-switches,2094578844,100.00,1.077,K/sec
                9774,,page-faults,2094578163,100.00,4.666,K/sec
                """));
    }
}
