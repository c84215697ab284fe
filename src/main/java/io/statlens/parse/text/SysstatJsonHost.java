package io.statlens.parse.text;

import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.time.DateOrder;
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

    /**
     * The host, a slashed date read month first (sadf's {@code file-date} is ISO).
     *
     * @param dateField the field holding the date ({@code date}, {@code file-date})
     */
    public static SysstatJsonHost of(Map<String, Object> fields, String dateField) {
        return of(fields, dateField, DateOrder.MONTH_FIRST);
    }

    /** The host, a slashed date ({@code 02/12/26}) read in the order the file's locale prints it ({@link SysstatLocale}). */
    public static SysstatJsonHost of(Map<String, Object> fields, String dateField, DateOrder slashedOrder) {
        Object date = fields.get(dateField);
        Object cpus = fields.get("number-of-cpus");
        return new SysstatJsonHost(text(fields.get("sysname")), text(fields.get("release")), text(fields.get("nodename")),
                date instanceof String s ? LocalizedDate.locate(s, slashedOrder).map(LocalizedDate.Found::date) : Optional.empty(),
                text(fields.get("machine")), cpus instanceof Double d ? d.intValue() : 0);
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }

    /**
     * The host of an iostat, mpstat or pidstat JSON document ({@code date} read in the order the file's locale prints
     * it), with its facts, the locale's notice and the JSON variant given to the sink: how each of those readers
     * begins.
     */
    public static SysstatJsonHost announced(Map<String, Object> fields, SysstatLocale locale, RecordSink sink) {
        SysstatJsonHost host = of(fields, "date", locale.order());
        host.emitFacts(sink);
        locale.tell(sink);
        sink.variant("linux-sysstat-json");
        return host;
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
