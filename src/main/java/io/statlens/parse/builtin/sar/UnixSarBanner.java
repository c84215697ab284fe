package io.statlens.parse.builtin.sar;

import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.time.DateOrder;
import io.statlens.parse.time.LocalizedDate;

import java.time.LocalDate;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first line of Solaris, AIX and HP-UX sar: uname's system, node, release, version and machine,
 * then the date: {@code SunOS host 5.11 11.3 sun4v 05/19/2017}, {@code AIX host 2 7 00F93CFF4C00 04/20/20},
 * {@code HP-UX host B.11.31 U ia64 03/21/18}.
 *
 * @param os      {@code SunOS}, {@code AIX} or {@code HP-UX}
 * @param host    node name
 * @param release uname -r ({@code 5.11}, AIX {@code 2}, {@code B.11.31})
 * @param version uname -v ({@code 11.3}, AIX {@code 7}, {@code U}); empty if not printed
 * @param machine uname -m (an architecture, or the AIX machine id); empty if not printed
 * @param date    the date of the report
 */
record UnixSarBanner(String os, String host, String release, String version, String machine, LocalDate date) {
    private static final Pattern BANNER = Pattern.compile(
            "^\\s*(SunOS|AIX|HP-UX)\\s+(\\S+)\\s+(\\S+)(?:\\s+(\\S+))?(?:\\s+(\\S+))?\\s+(\\d{1,2}/\\d{1,2}/\\d{2,4})\\s*$");

    /**
     * The banner in this line, if it is one. Solaris's sar prints the date month first in every locale (illumos
     * {@code sar.c}: {@code tm_mon + 1} first); AIX's and HP-UX's, whose sources are not public, are read in the order
     * the file's evidence gives ({@link #localeDateText}), month first as their manuals print it when nothing tells.
     */
    static Optional<UnixSarBanner> parse(String line, DateOrder aixAndHpuxOrder) {
        Matcher m = BANNER.matcher(line);
        if (!m.matches()) return Optional.empty();
        DateOrder order = m.group(1).equals("SunOS") ? DateOrder.MONTH_FIRST : aixAndHpuxOrder;
        Optional<LocalDate> date = LocalizedDate.locate(m.group(6), order).map(LocalizedDate.Found::date);
        return date.map(d -> new UnixSarBanner(m.group(1), m.group(2), m.group(3),
                m.group(4) == null ? "" : m.group(4), m.group(5) == null ? "" : m.group(5), d));
    }

    /** The date of an AIX or HP-UX banner in this line, as printed, for the locale evidence; empty for Solaris and other lines. */
    static Optional<String> localeDateText(String line) {
        Matcher m = BANNER.matcher(line);
        return m.matches() && !m.group(1).equals("SunOS") ? Optional.of(m.group(6)) : Optional.empty();
    }

    /** Whether the date of this banner was read in the file's locale order, and so may need the notice that says how. */
    boolean localeOrdered() {
        return !os.equals("SunOS");
    }

    /** The variant name this banner stands for: {@code solaris}, {@code aix}, {@code hp-ux}. */
    String variant() {
        return switch (os) {
            case "SunOS" -> "solaris";
            case "AIX" -> "aix";
            default -> "hp-ux";
        };
    }

    /**
     * Records {@code os.name}, {@code host}, {@code os.release}, {@code os.version}, {@code os.arch} (or AIX's
     * {@code machine.id}) and {@code date}.
     */
    void emitFacts(RecordSink sink) {
        sink.fact("os.name", os);
        sink.fact("host", host);
        sink.fact("os.release", release);
        if (!version.isEmpty()) sink.fact("os.version", version);
        // AIX prints the machine's serial id where the others print the hardware class.
        if (!machine.isEmpty()) sink.fact(os.equals("AIX") ? "machine.id" : "os.arch", machine);
        sink.fact("date", date.toString());
    }
}
