package io.statlens.parse.builtin.proc;

import java.util.HashMap;
import java.util.Map;

/**
 * The last snapshot's counters per key (a CPU, a device), for rates: a counter's increase per second since then. No
 * rate for the first snapshot, a key the last one did not have, or a counter that fell (a reboot, a device removed
 * and added again): a gap, never a negative rate.
 */
final class CounterRates {
    private Map<String, double[]> last = new HashMap<>();
    private Map<String, double[]> current = new HashMap<>();

    /** Keeps this snapshot's counters of {@code key} for the next snapshot's rates. */
    void keep(String key, double[] counters) {
        current.put(key, counters);
    }

    /** The increase of counter {@code index} of {@code key} over the last snapshot, NaN when there is none or it fell. */
    double increase(String key, double[] now, int index) {
        double[] before = last.get(key);
        if (before == null || index >= before.length || index >= now.length) return Double.NaN;
        double increase = now[index] - before[index];
        return increase >= 0 ? increase : Double.NaN;
    }

    /** {@link #increase} per second. */
    double perSecond(String key, double[] now, int index, double seconds) {
        return seconds > 0 ? increase(key, now, index) / seconds : Double.NaN;
    }

    /** The snapshot is read: its counters become the last ones. */
    void next() {
        last = current;
        current = new HashMap<>();
    }
}
