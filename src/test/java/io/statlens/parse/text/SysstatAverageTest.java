package io.statlens.parse.text;

import io.statlens.parse.transcript.LineText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SysstatAverageTest {
    @Test
    void everyTranslationSysstatShippedIsAnAverageLabel() {
        for (String label : SysstatAverage.LABELS) {
            String line = label + "    all   95,77    0,00";
            assertEquals(label.length(), SysstatAverage.end(line), label);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Durchschn.:  all   83,17", "Moyenne\u202F:  all   95,77", "Moyenne\u00A0:  all   95,77", "平均時間：  all   1.00",
            "Gj.snitt:    all   92,48", "Rata-rata:   all   1,00", "Trung bình:  all   1.00", "평균값:       all   1.00",
            "Summary:       235019", "Average:     all      2.00", "Orta:  all  1.00", "Summary          1001",
            "Tổng hợp       1001"})
    void averageLinesAreFoundInEveryLocaleWithEverySpace(String raw) {
        String line = LineText.clean(raw);
        int end = SysstatAverage.end(line);
        assertTrue(end > 0, raw);
        String rest = line.substring(end).strip();
        assertTrue(rest.startsWith("all ") || Character.isDigit(rest.charAt(0)), raw + " -> '" + rest + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10:00:01     all    1.00", "Linux 5.15.0 (db01)  09/16/2019", "   0   95,52    4,48", "",
            "Summary of the run", "Summarytable  1.00", "Summary"})
    void otherLinesAreNot(String line) {
        assertEquals(-1, SysstatAverage.end(line));
    }
}
