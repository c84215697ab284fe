package io.statlens.parse.transcript;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AppendedTextTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "         max:                                162.82 --最长耗时|         max:                                162.82|--最长耗时",
            "    transactions:  41229  (343.51 per sec.) --总事务数(每秒事务数)|    transactions:  41229  (343.51 per sec.)|--总事务数(每秒事务数)",
            "    write:   725728\t\t--写总数|    write:   725728|--写总数",
            " 0  0  0 99  1  0   <-- the spike| 0  0  0 99  1  0|<-- the spike",
            "sda  1.00  2.00 // after the restart|sda  1.00  2.00|// after the restart",
            "    total:  825317  全部总数|    total:  825317|全部总数",
    })
    void cutsWhatAPersonAppended(String line, String body, String appended) {
        assertEquals(Optional.of(new AppendedText(body, appended)), AppendedText.cut(line));
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "procs -----------memory---------- ---swap-- -----io----",
            "$ sysbench --threads=16 --time=60 run",
            "    ---- errors ---",
            "10:00:01     all    1.00    0.00",
            "--only a note",
    })
    void leavesTheToolsOwnTextAlone(String line) {
        assertEquals(Optional.empty(), AppendedText.cut(line));
    }
}
