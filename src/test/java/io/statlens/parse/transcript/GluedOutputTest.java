package io.statlens.parse.transcript;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where output glued to its command line starts, or that a command line holds none. */
class GluedOutputTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "root@server:~# arcstat 1time  read  ddread  ddh%  dmread|time  read  ddread  ddh%  dmread",
            "$ nicstat -x12:25:57      RdKB    WrKB   RdPkt|12:25:57      RdKB    WrKB   RdPkt",
            "$ nicstat -UTime      Int   rKB/s   wKB/s|Time      Int   rKB/s   wKB/s",
            "example% prstat -u root -n 5 -P 1,2 1 1PID   USERNAME  SWAP   RSS|PID   USERNAME  SWAP   RSS",
            "example% prstat -S rss -n 5 -vc -u root,john PID USERNAME USR SYS|",
            "example% prstat -S rss -n 5 -vc -u root,johnPID  USERNAME  USR  SYS|PID  USERNAME  USR  SYS",
            "$ prstat -s rssPID USERNAME  SIZE   RSS STATE|PID USERNAME  SIZE   RSS STATE",
            "[root@db01 ~]# iostat -xLinux 3.10.0-1062.el7.x86_64 (db01)   01/02/2020  _x86_64_|Linux 3.10.0-1062.el7.x86_64 (db01)   01/02/2020  _x86_64_",
            "$ iostat -x 1 5avg-cpu:  %user   %nice %system|avg-cpu:  %user   %nice %system",
            // sysstat prints hours with two digits (%H, %I): glued to a count, the time is its last eight characters
            "$ mpstat -P ALL 211:30:49 AM  CPU    %usr   %nice|11:30:49 AM  CPU    %usr   %nice",
            "$ sar -u ALL 60006:50:01 PM     CPU      %usr     %nice|06:50:01 PM     CPU      %usr     %nice",
            // after prose that ends in a colon (darold/sysusage#6: "sar -u ALL shows:")
            "$ sar -u ALL shows:06:50:01 PM     CPU      %usr     %nice|06:50:01 PM     CPU      %usr     %nice",
            // the same with the blanks collapsed by a page (553668.com, programmerteach.com copies of one mpstat post):
            // no runs of blanks, but a time of day after the count, or glued to it, starts sysstat's output
            "$ mpstat 219:45:12 CPU %usr %nice %sys %iowait|19:45:12 CPU %usr %nice %sys %iowait",
            "$ mpstat -P ALL 2 19:43:58 CPU %usr %nice %sys|19:43:58 CPU %usr %nice %sys",
            "$ mpstat -P ALL 2 07:43:58 PM CPU %usr %nice|07:43:58 PM CPU %usr %nice",
            "$ sar -u ALL shows:06:50:01 PM CPU %usr %nice|06:50:01 PM CPU %usr %nice",
            // a time that is an option's value (sar -s, -e) or the line's last word is typed
            "$ sar -u -s 10:00:00 -e 11:00:00 -f sa01|",
            "$ sar -u 2 10:00:00|",
            "$ arcstat 1 time  read  ddread  ddh%|time  read  ddread  ddh%",
            "$ vmstat 1 5|",
            "$ sysbench --threads=4  --time=60  run|",
            "$ sysbench cpu --threads=4 run|",
    })
    void findsWhereTheOutputStarts(String line, String output) {
        int command = line.indexOf(' ', line.indexOf(line.contains("# ") ? "# " : line.contains("% ") ? "% " : "$ ")) + 1;
        OptionalInt start = GluedOutput.start(line, command);
        assertEquals(output == null ? "(the command alone)" : output, start.isPresent() ? line.substring(start.getAsInt()) : "(the command alone)");
    }
}
