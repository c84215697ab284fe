package io.statlens.parse.text;

import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.time.LocalizedDate;

import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;

/**
 * The host part of a sysstat JSON document, what the text forms print in their banner line: {@code nodename},
 * {@code sysname}, {@code release}, {@code machine}, {@code number-of-cpus} and the date (iostat's and mpstat's
 * {@code date} in the machine's locale, {@code 25.11.2026}; sadf's {@code file-date}, ISO).
 *
 * @param date the date, when it could be read
 * @param cpus the CPU count, 0 when not given
 */
public record SysstatJsonHost(String os, String kernel, String host, Optional<LocalDate> date, String arch, int cpus) {

    /** @param dateField the field holding the date ({@code date}, {@code file-date}) */
    public static SysstatJsonHost of(Map<String, Object> fields, String dateField) {
        Object date = fields.get(dateField);
        Object cpus = fields.get("number-of-cpus");
        return new SysstatJsonHost(text(fields.get("sysname")), text(fields.get("release")), text(fields.get("nodename")),
                date instanceof String s ? LocalizedDate.find(s) : Optional.empty(), text(fields.get("machine")),
                cpus instanceof Double d ? d.intValue() : 0);
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }

    /** The same facts as {@link SysstatBanner#emitFacts}, so a JSON run and a text run describe their host alike. */
    public void emitFacts(RecordSink sink) {
        if (!os.isEmpty()) sink.fact("os.name", os);
        if (!kernel.isEmpty()) sink.fact("os.kernel", kernel);
        if (!host.isEmpty()) sink.fact("host", host);
        if (!arch.isEmpty()) sink.fact("os.arch", arch);
        if (cpus > 0) sink.fact("cpus", Integer.toString(cpus));
        date.ifPresent(d -> sink.fact("date", d.toString()));
    }
}
