package io.statlens.parse.text;

import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.time.DateOrder;
import io.statlens.parse.time.LocalizedDate;

import java.time.LocalDate;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The first line sysstat's tools (sar, iostat, mpstat, pidstat) print:
 * {@code Linux 5.15.0-91-generic (db01) 09/16/2019 _x86_64_ (32 CPU)}. The date is in the
 * locale of the machine ({@code 16.09.2019}, {@code 2019년 09월 16일}); sysstat before 8.1 prints
 * neither the architecture nor the CPU count. Copies on web pages sometimes lose the date (an edit, a cut
 * column: {@code Linux 2.6.33-fukai (fukai-laptop) _i686_ (2 CPU)}): such a banner still names the host, so it is
 * read without a date when its kernel is a release number and it ends in the architecture or CPU count (prose such
 * as {@code Linux is (mostly) free} is not).
 *
 * @param os     {@code Linux}
 * @param kernel kernel release
 * @param host   host name as printed
 * @param date   the date of the first report; empty if the banner lost it
 * @param arch   {@code x86_64}; empty if not printed
 * @param cpus   CPU count; 0 if not printed
 */
public record SysstatBanner(String os, String kernel, String host, Optional<LocalDate> date, String arch, int cpus) {
    private static final Pattern BANNER = Pattern.compile(
            "^\\s*(Linux|GNU/Linux)\\s+(\\S+)\\s+\\(([^)]*)\\)\\s+(.*?)\\s*(?:_([A-Za-z0-9_]+?)_)?\\s*(?:\\((\\d+)\\s+CPU\\))?\\s*$");

    /** The banner in this line, if it is one (a date readable or none at all), a slashed date read month first. */
    public static Optional<SysstatBanner> parse(String line) {
        return parse(line, DateOrder.MONTH_FIRST);
    }

    /** The banner in this line, a slashed date ({@code 02/12/2026}) read in the order the file's locale prints it. */
    public static Optional<SysstatBanner> parse(String line, DateOrder slashedOrder) {
        // asked of every line of a report: the banner names Linux, the rows do not
        if (!line.contains("Linux")) return Optional.empty();
        Matcher m = BANNER.matcher(line);
        if (!m.matches()) return Optional.empty();
        Optional<LocalDate> date = LocalizedDate.locate(m.group(4), slashedOrder).map(LocalizedDate.Found::date);
        boolean dateless = m.group(4).isBlank() && Character.isDigit(m.group(2).charAt(0))
                && (m.group(5) != null || m.group(6) != null);
        if (date.isEmpty() && !dateless) return Optional.empty();
        return Optional.of(new SysstatBanner(m.group(1), m.group(2), m.group(3), date,
                m.group(5) == null ? "" : m.group(5), m.group(6) == null ? 0 : Integer.parseInt(m.group(6))));
    }

    /** The date as the banner prints it ({@code 02/12/2026}), if the line is a banner. */
    public static Optional<String> dateText(String line) {
        Matcher m = BANNER.matcher(line);
        return m.matches() ? Optional.of(m.group(4).strip()) : Optional.empty();
    }

    /**
     * Records the banner as facts ({@code os.name}, {@code os.kernel}, {@code host}, {@code os.arch}, {@code cpus},
     * {@code date}); a banner without its date says so in a notice on its line, since the day then comes from elsewhere.
     */
    public void emitFacts(RecordSink sink, long line) {
        sink.fact("os.name", os);
        sink.fact("os.kernel", kernel);
        sink.fact("host", host);
        if (!arch.isEmpty()) sink.fact("os.arch", arch);
        if (cpus > 0) sink.fact("cpus", Integer.toString(cpus));
        date.ifPresentOrElse(d -> sink.fact("date", d.toString()),
                () -> sink.notice(line, "the banner has no date; its host, kernel and CPU facts are kept"));
    }
}
