package io.statlens.parse.transcript;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LineTextTest {
    @Test
    void plainLinesAreReturnedAsTheyAre() {
        String line = "10:00:01     all    1.00    0.00";
        assertSame(line, LineText.clean(line));
    }

    @Test
    void everyUnicodeSpaceBecomesOneSpaceSoColumnsStayInPlace() {
        // fr_FR sysstat 12.6: U+202F before the colon; older locales U+00A0; CJK notes U+3000; thin and figure spaces
        assertEquals("Moyenne :  all", LineText.clean("Moyenne\u202F:  all"));
        assertEquals("Moyenne :  all", LineText.clean("Moyenne\u00A0:  all"));
        assertEquals("a b c d e", LineText.clean("a\u3000b\u2009c\u2007d\u205Fe"));
        String aligned = "r  b\u00A0\u00A0swpd";
        assertEquals(aligned.length(), LineText.clean(aligned).length());
        assertTrue(LineText.isSpace('\u202F'));
        assertTrue(LineText.isSpace('\t'));
    }

    @Test
    void terminalControlSequencesAndZeroWidthCharactersGo() {
        assertEquals("disk busy", LineText.clean("\u001B[1mdisk busy\u001B[0m"));
        assertEquals("procs", LineText.clean("\u001B(B\u001B[mprocs"));
        assertEquals("title", LineText.clean("\u001B]0;user@host\u0007title"));
        assertEquals("sda 1.0", LineText.clean("sda\u200B 1.0\uFEFF"));
    }

    @Test
    void troffEscapesOfManPageExamplesAndPagerOverstrikeGo() {
        assertEquals("example% iostat -xcnCXTdz 5", LineText.clean("example% \\fBiostat\\fR \\fB-xcnCXTdz\\fR \\fB5\\fR"));
        assertEquals("mpstat -P ALL", LineText.clean("\\f(CWmpstat\\fP \\-P ALL"));
        assertEquals("NAME", LineText.clean("N\bNA\bAM\bME\bE"));
        assertEquals("name", LineText.clean("_\bn_\ba_\bm_\be"));
    }
}
