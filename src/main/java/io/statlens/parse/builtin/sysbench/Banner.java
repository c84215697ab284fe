package io.statlens.parse.builtin.sysbench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first line of every sysbench invocation: {@code sysbench 0.4.12:  multi-threaded system evaluation benchmark},
 * {@code sysbench v0.4.12: ...}, {@code sysbench 0.5: ...}, {@code sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)},
 * possibly after a prefix another tool added ({@code CPU 0 sysbench 1.0.11 ...}); in cram tests the version is a glob
 * ({@code sysbench *.* *}).
 *
 * @param prefix  text before {@code sysbench} on the line, empty if none
 * @param version the version printed ({@code 1.0.20}, {@code 0.5}), empty when the banner has none
 * @param luaJit  {@code bundled LuaJIT 2.1.0-beta2} for 1.0+, else empty
 */
record Banner(String prefix, String version, String luaJit) {
    static final Pattern VERSIONED = Pattern.compile(
            "^(.*?)\\bsysbench\\s+v?(\\d+\\.\\d+(?:\\.\\d+)?(?:-[0-9A-Za-z.]+)?)(?:\\s*:.*|\\s+\\(using\\s+([^)]*)\\).*|\\s*)$");
    static final Pattern PLACEHOLDER = Pattern.compile("^sysbench\\s+\\*[*. ]*$");

    /** The banner on this trimmed line, or null. */
    static Banner parse(String line) {
        Matcher m = VERSIONED.matcher(line);
        if (m.matches()) return new Banner(m.group(1), m.group(2), m.group(3) == null ? "" : m.group(3).strip());
        if (PLACEHOLDER.matcher(line).matches()) return new Banner("", "", "");
        return null;
    }

    /** {@code 1.0} for {@code 1.0.20}: the output format follows the major and minor version. */
    String series() {
        int first = version.indexOf('.');
        if (first < 0) return version;
        int end = first + 1;
        while (end < version.length() && Character.isDigit(version.charAt(end))) end++;
        return version.substring(0, end);
    }
}
