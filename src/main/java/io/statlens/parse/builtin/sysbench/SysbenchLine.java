package io.statlens.parse.builtin.sysbench;

/**
 * One input line made comparable: indentation (cram tests, markdown code blocks) and trailing spaces
 * removed, the {@code (glob)}/{@code (re)} marker of the upstream cram tests cut off, and the prefix the
 * run's banner carried ({@code CPU 0 } in PerfKitBenchmarker's per-CPU output) stripped.
 *
 * @param full         the trimmed line, prefix kept (banners are recognised on it)
 * @param text         the trimmed line without the run's prefix
 * @param placeholders true when the line came from a cram test and may hold {@code *} instead of numbers
 */
record SysbenchLine(String full, String text, boolean placeholders) {
    private static final String GLOB = " (glob)";
    private static final String REGEX = " (re)";

    static SysbenchLine of(String raw, String runPrefix) {
        String t = raw.strip();
        boolean placeholders = false;
        if (t.endsWith(GLOB)) {
            t = t.substring(0, t.length() - GLOB.length()).strip();
            placeholders = true;
        } else if (t.endsWith(REGEX)) {
            t = t.substring(0, t.length() - REGEX.length()).strip();
            placeholders = true;
        }
        String text = !runPrefix.isEmpty() && t.startsWith(runPrefix) ? t.substring(runPrefix.length()).strip() : t;
        return new SysbenchLine(t, text, placeholders);
    }

    boolean blank() {
        return full.isEmpty();
    }
}
