package io.statlens.store.block;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every value reads back bit for bit, whatever encoding its column gets, and unread columns read as missing. */
class SampleBlockTest {

    @Test
    void everyValueReadsBackBitForBit() {
        SplittableRandom random = new SplittableRandom(7);
        int capacity = SampleBlock.capacity(5);
        double[][] rows = new double[capacity][];
        SampleBlock b = new SampleBlock();
        for (int r = 0; r < capacity; r++) {
            rows[r] = new double[]{
                    Math.round(random.nextDouble() * 10000) / 100.0,      // two decimals, as mpstat prints: scaled
                    random.nextDouble(),                                   // full precision: raw
                    r % 7 == 0 ? Double.NaN : r * 1e12,                    // large integers with gaps
                    r == 3 ? -0.0 : (r == 4 ? Double.POSITIVE_INFINITY : 0.1 * r),
                    Double.NaN};                                           // never printed
            b.add(1000 + r / 2, 1_700_000_000L + r, r % 3 == 0 ? 0 : 500_000_000, r * 0.5, r == 0, rows[r], rows[r].length);
        }
        assertTrue(b.full());
        SampleBlock read = new SampleBlock();
        read.decode(b.encode(), true, null);
        assertEquals(capacity, read.size());
        for (int r = 0; r < capacity; r++) {
            assertEquals(1000 + r / 2, read.sample(r));
            assertEquals(1_700_000_000L + r, read.epochSecond(r));
            assertEquals(r % 3 == 0 ? 0 : 500_000_000, read.nano(r));
            assertEquals(r * 0.5, read.elapsed(r));
            assertEquals(r == 0, read.sinceBoot(r));
            for (int c = 0; c < rows[r].length; c++) {
                assertEquals(Double.doubleToRawLongBits(rows[r][c]), Double.doubleToRawLongBits(read.value(c, r)), "row " + r + " column " + c);
            }
        }
    }

    @Test
    void aNarrowTableTakesMoreRowsPerBlockAndAWideOneTheUsual512() {
        assertEquals(SampleBlock.MAX_ROWS, SampleBlock.capacity(1));
        assertEquals(SampleBlock.CAPACITY, SampleBlock.capacity(16));
        assertEquals(SampleBlock.CAPACITY, SampleBlock.capacity(562));
        SampleBlock b = new SampleBlock();
        for (int r = 0; r < SampleBlock.MAX_ROWS; r++) {
            assertFalse(b.full(), "row " + r);
            b.add(r, 1_700_000_000L + r, 0, r, false, new double[]{r * 0.25}, 1);
        }
        assertTrue(b.full());
        SampleBlock read = new SampleBlock();
        read.decode(b.encode(), true, null);
        assertEquals(SampleBlock.MAX_ROWS, read.size());
        assertEquals((SampleBlock.MAX_ROWS - 1) * 0.25, read.value(0, SampleBlock.MAX_ROWS - 1));

        SampleBlock widened = new SampleBlock();
        for (int r = 0; r < SampleBlock.CAPACITY - 1; r++) widened.add(r, r, 0, r, false, new double[]{r}, 1);
        assertFalse(widened.full());
        widened.add(SampleBlock.CAPACITY, 0, 0, 0, false, new double[16], 16);
        assertTrue(widened.full(), "a table that gained columns fills its block at the wide table's 512 rows");
    }

    @Test
    void aColumnAddedLaterIsMissingInEarlierRowsAndUnreadColumnsAreSkipped() {
        SampleBlock b = new SampleBlock();
        b.add(0, 10, 0, 0, false, new double[]{1.5}, 1);
        b.add(1, 11, 0, 1, false, new double[]{2.5, 7}, 2);
        SampleBlock read = new SampleBlock();
        read.decode(b.encode(), false, new boolean[]{false, true});
        assertEquals(2, read.width());
        assertTrue(Double.isNaN(read.value(1, 0)), "the column came later");
        assertEquals(7, read.value(1, 1));
        assertTrue(Double.isNaN(read.value(0, 1)), "not asked for");
        assertTrue(Double.isNaN(read.value(5, 0)), "beyond the block's width");
    }

    @Test
    void aNarrowBlockDecodedWhereAWiderOneWasReadsTheOtherColumnsAsMissing() {
        SampleBlock wide = new SampleBlock();
        wide.add(0, 10, 0, 0, false, new double[]{1, 2, 3}, 3);
        SampleBlock narrow = new SampleBlock();
        narrow.add(1, 11, 0, 1, false, new double[]{4}, 1);
        SampleBlock read = new SampleBlock();
        read.decode(wide.encode(), true, null);
        assertEquals(3, read.value(2, 0));
        read.decode(narrow.encode(), true, null);
        assertEquals(4, read.value(0, 0));
        assertTrue(Double.isNaN(read.value(2, 0)), "the column came after this block: not the wider block's value");
    }
}
