package io.statlens.parse.builtin.mpstat;

import io.statlens.model.DatasetSpec;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;

import java.util.Arrays;
import java.util.List;

/**
 * A table header in force: the data set its rows belong to, where it was printed (for warnings),
 * and the columns a row may leave out (mpstat -T prints no CORE/SOCK/NODE for the {@code all} row).
 */
record TableHeader(DatasetSpec spec, long line, List<Integer> omissible) {
    TableHeader {
        omissible = List.copyOf(omissible);
    }

    TableHeader(DatasetSpec spec, long line) {
        this(spec, line, List.of());
    }

    /** Whether a row with this many values has the header's width (or that less the omissible columns). */
    boolean fitsWidth(int count) {
        int expected = spec.metrics().size();
        return count == expected || (!omissible.isEmpty() && count == expected - omissible.size());
    }

    /** Whether {@code tokens[from..]} are as many numbers as the header has columns (or as many less the omissible ones). */
    boolean fits(String[] tokens, int from) {
        int count = tokens.length - from;
        int expected = spec.metrics().size();
        if (count != expected && (omissible.isEmpty() || count != expected - omissible.size())) return false;
        for (int i = from; i < tokens.length; i++) {
            if (!Numbers.isNumber(tokens[i])) return false;
        }
        return true;
    }

    /**
     * The values of a data line, aligned with the spec's metrics, or null after a warning.
     *
     * @param tokens the line's words
     * @param from   index of the first value (after time and key)
     */
    double[] values(String[] tokens, int from, long lineNumber, RecordSink sink) {
        int count = tokens.length - from;
        int expected = spec.metrics().size();
        boolean omitted = count != expected && !omissible.isEmpty() && count == expected - omissible.size();
        if (count != expected && !omitted) {
            sink.warning(lineNumber, "expected " + expected + " values as in the header at line " + line + ", found " + count);
            return null;
        }
        double[] values = new double[expected];
        Arrays.fill(values, Double.NaN);
        int t = from;
        for (int i = 0; i < expected; i++) {
            if (omitted && omissible.contains(i)) continue;
            String token = tokens[t++];
            try {
                values[i] = Numbers.parse(token);
            } catch (NumberFormatException e) {
                sink.warning(lineNumber, "expected a number for " + spec.metrics().get(i).label() + ", found '" + token + "'");
                return null;
            }
        }
        return values;
    }
}
