package io.statlens.parse.builtin.iostat;

/**
 * The device names of a report's rows, kept for the next report: iostat lists the same devices in the same order
 * every interval, so a row's name is most often the very string the row at its place had in the report before. That
 * string is handed on instead of a new one, and the maps the rows go through (the report's, the import's statistics
 * and blocks) find it by its cached hash.
 */
final class DeviceNames {
    /** At most this many places are remembered (a row beyond them gets a new string). */
    private static final int PLACES = 4096;
    private String[] byPlace = new String[64];

    /** The name in {@code line[start, end)} of the row at this place in its block. */
    String name(int place, String line, int start, int end) {
        int length = end - start;
        if (place < byPlace.length) {
            String last = byPlace[place];
            if (last != null && last.length() == length && line.startsWith(last, start)) return last;
        } else if (place < PLACES) {
            byPlace = java.util.Arrays.copyOf(byPlace, Math.min(PLACES, Math.max(place + 1, byPlace.length * 2)));
        } else {
            return line.substring(start, end);
        }
        String name = line.substring(start, end);
        byPlace[place] = name;
        return name;
    }
}
