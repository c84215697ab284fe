package io.statlens.store.stats;

import java.util.Arrays;

/**
 * Sorts a chunk of a series' finite values ({@link SeriesSummary}, at most {@link SeriesSummary#EXACT_LIMIT}) into
 * the order {@link Arrays#sort(double[])} gives them, -0.0 before 0.0, by a radix sort of their bits: each value's
 * bits made into a key that orders as the value does, the keys sorted a byte at a time from the lowest (a byte that
 * every key shares is skipped: the low bytes of whole numbers), and the values made back from them.
 *
 * <p>Why not {@code Arrays.sort}: its dual-pivot quicksort is a dozen large methods that the optimising compiler (C2)
 * compiles, in several versions, once an import has sorted a few thousand chunks, and that run slowly until then.
 * These loops are small, and faster once compiled too: the nmon day file's import costs about a quarter of a second
 * less CPU so (docs/bench.md#the-chunk-sort-and-where-the-fixed-cost-goes-now-nmon3-session-17).
 */
final class ChunkSort {
    private static final int RADIX = 256;
    private static final int PASSES = Long.BYTES;
    private static final ThreadLocal<ChunkSort> SCRATCH = ThreadLocal.withInitial(ChunkSort::new);

    private final long[] keys = new long[SeriesSummary.EXACT_LIMIT];
    private final long[] spare = new long[SeriesSummary.EXACT_LIMIT];
    /** Per pass, how many keys have each byte value; then where the first of them goes. */
    private final int[] counts = new int[PASSES * RADIX];

    private ChunkSort() {
    }

    /** Sorts {@code v[0..m)}, finite values, ascending. */
    static void sort(double[] v, int m) {
        if (m < 2) return;
        if (m > SeriesSummary.EXACT_LIMIT) throw new IllegalArgumentException("a chunk of " + m + " values");
        SCRATCH.get().radixSort(v, m);
    }

    private void radixSort(double[] v, int m) {
        long[] from = keys;
        long[] to = spare;
        int[] c = counts;
        Arrays.fill(c, 0);
        for (int i = 0; i < m; i++) {
            long bits = Double.doubleToRawLongBits(v[i]);
            // negative values: every bit flipped (larger magnitudes first); positive ones: the sign bit set
            long key = bits ^ ((bits >> 63) | Long.MIN_VALUE);
            from[i] = key;
            for (int p = 0; p < PASSES; p++) c[p * RADIX + (int) ((key >>> (8 * p)) & 0xFF)]++;
        }
        for (int p = 0; p < PASSES; p++) {
            int base = p * RADIX;
            int shift = 8 * p;
            if (c[base + (int) ((from[0] >>> shift) & 0xFF)] == m) continue;
            int start = 0;
            for (int d = base; d < base + RADIX; d++) {
                int n = c[d];
                c[d] = start;
                start += n;
            }
            for (int i = 0; i < m; i++) {
                long key = from[i];
                to[c[base + (int) ((key >>> shift) & 0xFF)]++] = key;
            }
            long[] sorted = to;
            to = from;
            from = sorted;
        }
        for (int i = 0; i < m; i++) {
            long key = from[i];
            v[i] = Double.longBitsToDouble(key ^ ((~key >> 63) | Long.MIN_VALUE));
        }
    }
}
