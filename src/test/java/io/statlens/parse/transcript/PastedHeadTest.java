package io.statlens.parse.transcript;

import io.statlens.parse.spi.Head;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PastedHeadTest {
    private static List<String> pasted(String... lines) {
        return PastedHead.of(new Head("t", List.of(lines))).orElseThrow().head().lines();
    }

    @Test
    void aColumnHeaderBehindAHashIsNoCommandWithOutputGluedToIt() {
        assertEquals(List.of("# Time        UID       PID    %usr %system  Command"),
                pasted("> # Time        UID       PID    %usr %system  Command"));
        assertEquals(List.of("#      Time   UID       PID    %usr %system  Command"),
                pasted(">> #      Time   UID       PID    %usr %system  Command"));
    }

    @Test
    void aCommandTypedWithTwoBlanksStillHasItsOutputUnglued() {
        assertEquals(List.of("time  read  miss  miss%  dmis  dm%"), pasted("# arcstat.py  1time  read  miss  miss%  dmis  dm%"));
    }

    @Test
    void aHeaderGluedToACommandWrittenWithoutAPromptAndWithItsBlanksCollapsedIsUnglued() {
        // 553668.com's copy of an mpstat post: the line breaks after the commands and the runs of blanks were lost
        assertEquals(List.of("19:45:12 CPU %usr %nice %sys %iowait %irq %soft %steal %guest %idle",
                        "19:43:58 CPU %usr %nice %sys %iowait %irq %soft %steal %guest %idle"),
                pasted("mpstat 219:45:12 CPU %usr %nice %sys %iowait %irq %soft %steal %guest %idle",
                        "mpstat -P ALL 2 19:43:58 CPU %usr %nice %sys %iowait %irq %soft %steal %guest %idle"));
    }

    @Test
    void theMarkersNamedAreThoseOfTheQuotedOutputNotOfADeeperQuoteBeforeIt() {
        PastedHead head = PastedHead.of(new Head("t", List.of("On Monday, Holger wrote:", "> >>>Ok, I did run dd", "> procs ---memory---",
                ">  r  b   swpd", ">  1  0      0"))).orElseThrow();
        assertEquals(List.of("quote markers '>'"), head.changes());
        assertEquals(List.of("On Monday, Holger wrote:", "Ok, I did run dd", "procs ---memory---", " r  b   swpd", " 1  0      0"),
                head.head().lines());
    }
    @Test
    void theLineNumbersOfACodeViewAreTakenOff() {
        PastedHead head = PastedHead.of(new Head("t", List.of("1.  [root@localhost ~]# iostat -x ",
                "  2. Linux 2.6.32-71.29.1.el6.x86_64 (localhost)     08/27/2012  _x86_64_    (2 CPU) ", "  3.  "))).orElseThrow();
        assertEquals(List.of("line numbers of a code view"), head.changes());
        assertEquals(List.of(" [root@localhost ~]# iostat -x ", "Linux 2.6.32-71.29.1.el6.x86_64 (localhost)     08/27/2012  _x86_64_    (2 CPU) ", " "),
                head.head().lines());
    }
}
