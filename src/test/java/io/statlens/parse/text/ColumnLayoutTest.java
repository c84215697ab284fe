package io.statlens.parse.text;

import io.statlens.parse.text.ColumnLayout.Cells;
import io.statlens.parse.text.ColumnLayout.Fit;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ColumnLayoutTest {
    private static final String PROCPS_GROUPS =
            "procs -----------memory---------- ---swap-- -----io---- -system-- -------cpu-------";
    private static final String PROCPS_LABELS =
            " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st gu";
    private static final String DISK_GROUPS = "disk- ------------reads------------ ------------writes----------- -----IO------";
    private static final String DISK_LABELS = "       total merged sectors      ms  total merged sectors      ms    cur    sec";

    @Test
    void knowsLabelsSpansAndGroups() {
        ColumnLayout layout = ColumnLayout.of(PROCPS_GROUPS, PROCPS_LABELS);
        assertEquals(18, layout.size());
        assertEquals(List.of("r", "b", "swpd", "free", "buff", "cache", "si", "so", "bi", "bo", "in", "cs",
                "us", "sy", "id", "wa", "st", "gu"), layout.labels());
        ColumnLayout.Column free = layout.columns().get(3);
        assertEquals(new ColumnLayout.Column("free", "memory", 15, 19), free);
        assertEquals("procs", layout.columns().get(0).group());
        assertEquals("swap", layout.columns().get(6).group());
        assertEquals("system", layout.columns().get(11).group());
        assertEquals("cpu", layout.columns().get(17).group());
        assertEquals("", ColumnLayout.of(PROCPS_LABELS).columns().get(0).group(), "no group line, no group");
    }

    @Test
    void dashedGroupsSeparateRepeatedLabels() {
        ColumnLayout layout = ColumnLayout.of(DISK_GROUPS, DISK_LABELS);
        List<String> qualified = layout.columns().stream().map(c -> c.group() + " " + c.label()).toList();
        assertEquals(List.of("reads total", "reads merged", "reads sectors", "reads ms", "writes total", "writes merged",
                "writes sectors", "writes ms", "IO cur", "IO sec"), qualified);
    }

    @Test
    void wordGroupsGoToTheWordOverTheLabelOrTheNearestOnItsLeft() {
        ColumnLayout solaris = ColumnLayout.of(
                " kthr      memory            page            disk          faults      cpu",
                " r b w   swap  free  re  mf pi po fr de sr m0 m1 m2 m3   in   sy   cs us sy id");
        assertEquals("faults", solaris.columns().get(17).group(), "the system-call sy");
        assertEquals("cpu", solaris.columns().get(20).group(), "the CPU sy");
        assertEquals("kthr", solaris.columns().get(0).group());
    }

    @Test
    void usesTheTokensWhenTheirCountMatchesEvenIfValuesDrifted() {
        ColumnLayout layout = ColumnLayout.of(PROCPS_LABELS);
        Cells cells = layout.split(" 2  0      0 1038363828  0 8613568   0    0     0 18716 17241 44736 1 1 98  0  0  0");
        assertEquals(Fit.TOKENS, cells.fit());
        assertTrue(cells.complete());
        assertEquals("1038363828", cells.values()[3]);
        assertEquals("0", cells.values()[4]);
        assertEquals("44736", cells.values()[11]);
        assertEquals("1", cells.values()[12]);
        assertEquals("98", cells.values()[14]);
        assertEquals("", cells.problem());
    }

    @Test
    void cutsValuesRunTogetherWhereTheHeaderColumnsEnd() {
        ColumnLayout layout = ColumnLayout.of("   in   sy   cs us sy id");
        Cells cells = layout.split("  230  107  231  0  9100");
        assertEquals(Fit.POSITIONS, cells.fit());
        assertArrayEquals(new String[] {"230", "107", "231", "0", "9", "100"}, cells.values());
        assertEquals("'9100' cut into 'sy' and 'id'", cells.problem());

        Cells three = ColumnLayout.of("  a  b  c").split("123456789");
        assertEquals(Fit.POSITIONS, three.fit(), Arrays.toString(three.values()));
        assertArrayEquals(new String[] {"123", "456", "789"}, three.values());
    }

    @Test
    void cutsAfterADriftThatWasAlreadyThereBeforeTheToken() {
        // free overflowed by 2 and everything after moved right by 2; si and so ran together without a new drift
        ColumnLayout layout = ColumnLayout.of("   free   buff   si   so   bi");
        Cells cells = layout.split(" 12345678   2108    1  120    7");
        assertEquals(Fit.TOKENS, cells.fit());
        Cells glued = layout.split(" 12345678   2108   1234567    7");
        assertEquals(Fit.POSITIONS, glued.fit(), glued.problem());
        assertArrayEquals(new String[] {"12345678", "2108", "12", "34567", "7"}, glued.values());
    }

    @Test
    void reportsATokenThatCanBeCutInSeveralWaysAsAmbiguous() {
        ColumnLayout layout = ColumnLayout.of(DISK_LABELS);
        String key = "sda  ";
        // the real line has a space between 1628317680 and 348232712; here it is lost
        String line = key + " 613771  66065 10319473 12671488 4981677 7462940 1628317680348232712      0  94326";
        Cells cells = layout.split(line, key.length());
        assertEquals(Fit.AMBIGUOUS, cells.fit());
        assertFalse(cells.complete());
        assertEquals("613771", cells.values()[0]);
        assertEquals("7462940", cells.values()[5]);
        assertNull(cells.values()[6]);
        assertNull(cells.values()[7]);
        assertEquals("0", cells.values()[8]);
        assertEquals("94326", cells.values()[9]);
        assertEquals("'1628317680348232712' holds the values of 'sectors' and 'ms' run together, "
                + "which cannot be told apart with certainty", cells.problem());
    }

    @Test
    void splitsAfterALeadingKeyWithTheLinePositionsKept() {
        ColumnLayout layout = ColumnLayout.of(DISK_LABELS);
        Cells cells = layout.split("sda    15257    100  841035    8395  50851   5502 1648657  146540      0     44", 5);
        assertEquals(Fit.TOKENS, cells.fit());
        assertEquals("15257", cells.values()[0]);
        assertEquals("44", cells.values()[9]);
    }

    @Test
    void leavesColumnsWithoutAValueEmpty() {
        ColumnLayout layout = ColumnLayout.of("   a   b   c");
        Cells middle = layout.split("   1       3");
        assertEquals(Fit.MISSING, middle.fit());
        assertArrayEquals(new String[] {"1", null, "3"}, middle.values());
        assertEquals("no value under column 'b' (found 2 values for 3 columns)", middle.problem());

        Cells cutShort = ColumnLayout.of(PROCPS_LABELS).split(" 0  0    524 763388 147216");
        assertEquals(Fit.MISSING, cutShort.fit());
        assertEquals("147216", cutShort.values()[4]);
        assertNull(cutShort.values()[5]);
        assertNull(cutShort.values()[17]);
        assertTrue(cutShort.problem().startsWith("no value under columns 'cache', 'si', "), cutShort.problem());
    }

    @Test
    void aRowOfAFewValuesUnderAHeaderOfThousandsOfLabelsIsNotPlacedByPosition() {
        // a damaged file: a vmstat header repeated to 40,000 characters; the alignment weighed 17 x 4,700 states per
        // row and per repair candidate, a second of CPU per line
        String header = " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st".repeat(280);
        ColumnLayout layout = ColumnLayout.of(header);
        Cells cells = layout.split(" 1  0      0 2794716 295968 312724    0    0     1     3   29   57  0  0 99  0  0");
        assertEquals(Fit.MISSING, cells.fit());
        assertEquals("found 17 values for 4760 columns: too few to place under the header's columns by position", cells.problem());
        Cells wide = ColumnLayout.of(header.substring(0, 80 * 300 / 17)).splitWide(" 1  0      0 2794716".repeat(1_000));
        assertEquals(Fit.EXCESS, wide.fit());
        assertTrue(wide.problem().endsWith("too many to tell by position which of them are extra"), wide.problem());
    }

    @Test
    void aRowOfAThousandColumnsMissingOneValueIsStillAligned() {
        StringBuilder header = new StringBuilder();
        StringBuilder row = new StringBuilder();
        for (int c = 0; c < 1_000; c++) {
            header.append(String.format("%6s", "c" + c));
            row.append(c == 500 ? "      " : String.format("%6d", c));
        }
        Cells cells = ColumnLayout.of(header.toString()).split(row.toString());
        assertEquals(Fit.MISSING, cells.fit());
        assertEquals("no value under column 'c500' (found 999 values for 1000 columns)", cells.problem());
        assertEquals("499", cells.values()[499]);
        assertNull(cells.values()[500]);
        assertEquals("999", cells.values()[999]);
    }

    @Test
    void neverCutsIntoAPieceWithALeadingZero() {
        // "1007" under "b c" could only be 1|007 or 10|07 or 100|7: the header says 10|07, which printf cannot print
        ColumnLayout layout = ColumnLayout.of("   a  b  c");
        Cells cells = layout.split("   5 1007");
        assertEquals(Fit.MISSING, cells.fit(), Arrays.toString(cells.values()));
    }

    @Test
    void refusesMoreValuesThanColumns() {
        Cells cells = ColumnLayout.of("   a   b").split("   1   2   3");
        assertEquals(Fit.EXCESS, cells.fit());
        assertArrayEquals(new String[2], cells.values());
        assertEquals("found 3 values for 2 columns", cells.problem());
    }

    @Test
    void keepsNonNumericTokensWhole() {
        ColumnLayout layout = ColumnLayout.of("  dev   r/s   w/s");
        Cells cells = layout.split("  sda   1.5");
        assertEquals(Fit.MISSING, cells.fit());
        assertArrayEquals(new String[] {"sda", "1.5", null}, cells.values());
    }

    @Test
    void dropsTrailingColumns() {
        ColumnLayout layout = ColumnLayout.of(" us sy id                 PDT").firstColumns(3);
        assertEquals(List.of("us", "sy", "id"), layout.labels());
        assertEquals(Fit.TOKENS, layout.split("  1  2 97").fit());
    }

    @Test
    void worksOnIndentedTables() {
        ColumnLayout layout = ColumnLayout.of("        us sy id");
        Cells cells = layout.split("         0  0100");
        assertEquals(Fit.POSITIONS, cells.fit());
        assertArrayEquals(new String[] {"0", "0", "100"}, cells.values());
    }

    @Test
    void aShortRowUnderAHeaderAndRowWhoseBlanksWereCollapsedIsNotReadByPositions() {
        // vmstat pasted through a document that made every run of blanks one: a row one value short
        ColumnLayout layout = ColumnLayout.of("r b swpd free buff cache si so bi bo in cs us sy id wa");
        Cells cells = layout.split("1 0 0 2794716 295968 312724 0 0 1 11444 2582 1917 5 3 90");
        assertEquals(Fit.MISSING, cells.fit());
        assertTrue(cells.problem().contains("collapsed"), cells.problem());
        assertArrayEquals(new String[16], cells.values());
    }

    @Test
    void aRowWiderThanItsHeaderIsReadByTheHeadersPositionsWhenTheyLeaveNoDoubt() {
        String header = " r b w   swap  free  re  mf pi po fr de sr m0 m1 m2 m3   in   sy   cs us sy id";
        ColumnLayout layout = ColumnLayout.of(header);
        // every value right-aligned under its label, and a negative counter in the gap between m3 and in
        String row = " 0 0 0 518404 22481 219 730 19 32 32  0  0 29 24  5  4 -1  8   69   80  4  3 93";
        assertEquals(Fit.EXCESS, layout.split(row).fit());
        Cells cells = layout.splitWide(row);
        assertEquals(Fit.WIDER, cells.fit(), cells.problem());
        assertTrue(cells.complete());
        assertEquals(List.of("0", "0", "0", "518404", "22481", "219", "730", "19", "32", "32", "0", "0", "29", "24", "5", "4",
                "8", "69", "80", "4", "3", "93"), Arrays.asList(cells.values()));
        assertTrue(cells.problem().endsWith("'-1' is under no column and left out"), cells.problem());

        // a value that overflowed its field pushed the rest out of line: which value is extra is a guess, so no reading
        String pushed = " 0 0 0 5184044001 224813328 219 730 1921 3290 3290 0 0 295 24 5 4 -1327 383865 266906 280451 4 3 93";
        assertEquals(Fit.EXCESS, layout.splitWide(pushed).fit());
        assertEquals(Fit.TOKENS, layout.splitWide(" 0 0 0 518404400 224813328 219 730 1921 3290 3290 0 0 295 24 5 4 383865 266906"
                + " 280451 4 3 93").fit(), "a row as wide as its header is split as usual");
    }
}
