package io.statlens.parse.builtin.iostat;

import java.util.regex.Pattern;

/**
 * iostat's own lines that carry nothing and are skipped without a warning (the transcript kit has already
 * taken fences, prompts, {@code ^C} and elisions): Solaris state-change messages ({@code <<device added: sd0>>}),
 * the Solaris block titles ({@code extended device statistics}, {@code ---- errors ---}) and the preamble of
 * OSWatcher archive files ({@code Linux OSWbb v8.3.2 host}, {@code SNAP_INTERVAL 30}...).
 */
final class LineNoise {
    private static final Pattern NOISE = Pattern.compile(
            "^\\s*(?:<<.*>>|-+\\s*errors\\s*-+)\\s*$");
    private static final Pattern OSWATCHER_PREAMBLE = Pattern.compile(
            "^\\s*(?:\\S+\\s+OSWbb\\s+v.*|SNAP_INTERVAL\\s+\\d+|CPU_CORES\\s.*|OSWBB_\\w+\\s.*)$");
    private static final Pattern SOLARIS_TITLE = Pattern.compile("^\\s*extended device statistics\\b");

    private LineNoise() {
    }

    static boolean isNoise(String line) {
        return NOISE.matcher(line).matches() || OSWATCHER_PREAMBLE.matcher(line).matches();
    }

    /** The title Solaris prints above every extended block; it may go on with {@code tty cpu} or {@code ---- errors ---}. */
    static boolean isSolarisTitle(String line) {
        return SOLARIS_TITLE.matcher(line).find();
    }
}
