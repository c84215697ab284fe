package io.statlens.parse.builtin.mpstat;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * Numbers the reports of one data set. A new report starts when the time changes or when a key
 * comes again at the same time: single-CPU output prints its header only once, so headers alone
 * cannot tell reports apart.
 */
final class SampleCounter {
    private long sample = -1;
    private Instant time;
    private final Set<String> keys = new HashSet<>();

    /** The 0-based report number of a row with this time and key. */
    long sampleOf(Instant rowTime, String key) {
        if (sample < 0 || !rowTime.equals(time) || keys.contains(key)) {
            sample++;
            time = rowTime;
            keys.clear();
        }
        keys.add(key);
        return sample;
    }

    /** Starts a new report for the next row whatever its time (Solaris prints a header per report). */
    long startReport() {
        sample++;
        time = null;
        keys.clear();
        return sample;
    }
}
