package io.statlens.parse.builtin.sar;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateOrder;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * sar output: Linux sysstat's text (every version, any locale) and its machine formats {@code sadf -d} and
 * {@code sadf -j}, Solaris, AIX and HP-UX. Every section (CPU, memory, disks, interfaces...) becomes its own data
 * set, named from its header columns, the same for text and sadf.
 */
public final class SarParser implements Parser {

    private static final ParserInfo INFO = ParserInfo.builtIn(SectionHeader.TOOL, "linux-sysstat", "linux-sysstat-sadf", "solaris", "aix", "hp-ux");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        // sadf prints sar's reports too
        java.util.Set<String> names = new java.util.HashSet<>(SarCommand.SYNTAX.names());
        names.addAll(SarCommand.SADF_SYNTAX.names());
        return java.util.Set.copyOf(names);
    }

    @Override
    public List<String> datasets() {
        return SectionCatalog.names();
    }

    /**
     * Sure when a sar banner (sysstat's {@code Linux ... (host) date}, or {@code SunOS}/{@code AIX}/
     * {@code HP-UX} with a date) comes with a header of a known sar section; fairly sure with such a
     * header alone. iostat, mpstat and pidstat share the banner, but not the section headers: mpstat's
     * CPU header is told apart by its column order.
     */
    @Override
    public double sniff(Head head) {
        if (SysstatJson.writer(head).orElse(null) == SysstatJson.Writer.SADF) return 0.95;
        if (SadfTextReader.opens(head)) return 0.95;
        boolean banner = false;
        boolean restart = false;
        int sarHeaders = 0;
        for (String line : head.lines()) {
            if (SysstatBanner.parse(line).isPresent() || UnixSarBanner.parse(line, DateOrder.MONTH_FIRST).isPresent()) {
                banner = true;
                continue;
            }
            Optional<ClockTime.Found> time = ClockTime.leading(line);
            if (time.isEmpty()) continue;
            // as the reader does: a zone may follow the time of day (kl. 18.00 +0000 in the Norwegian locales)
            int end = ClockTime.zoneAfter(line, time.get().end()).map(ClockTime.Zone::end).orElse(time.get().end());
            String rest = line.substring(end);
            if (SarLines.restart(rest).isPresent()) {
                restart = true;
                continue;
            }
            String[] tokens = Tokens.split(rest);
            if (SectionHeader.looksLikeHeader(tokens) && isSarHeader(tokens)) sarHeaders++;
        }
        if (sarHeaders > 0 && banner) return 0.95;
        if (restart && banner) return 0.9;
        if (sarHeaders > 0) return 0.75;
        return 0;
    }

    private static boolean isSarHeader(String[] tokens) {
        SectionHeader header = SectionHeader.of(List.of(tokens));
        if (!header.known()) return false;
        if (!header.spec().keyLabel().equals("CPU") || !header.spec().name().equals("cpu")) return true;
        // sar: %iowait %steal ... ; mpstat: %iowait %irq ... (and old mpstat ends with intr/s).
        List<String> labels = List.of(tokens);
        int iowait = labels.indexOf("%iowait");
        boolean mpstatOrder = iowait >= 0 && iowait + 1 < labels.size() && labels.get(iowait + 1).equals("%irq");
        return !mpstatOrder && !labels.contains("intr/s");
    }

    /** A head of {@code sadf -d -h} output of several activities, which cannot be read ({@link SadfOneLine}). */
    @Override
    public Optional<String> unreadable(Head head) {
        return SadfTextReader.unreadable(head);
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        Head head = lines.head();
        if (SysstatJson.writer(head).isPresent()) {
            new SadfJsonReader(context, sink).read(lines);
        } else if (SadfTextReader.opens(head)) {
            new SadfTextReader(context, sink).read(lines);
        } else {
            new SarReader(context, sink).read(lines);
        }
    }
}
