package io.statlens.parse.builtin.vmstat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.util.List;

/**
 * vmstat from Linux procps (3.2.x, procps-ng 3.3 and 4.x with {@code gu}; {@code -w}, {@code -a},
 * {@code -t}, {@code -S}, {@code -d}), Solaris/illumos, the BSDs and AIX. The main report becomes the data
 * set {@code vmstat}; {@code vmstat -d} becomes {@code vmstat.disk}, keyed by disk. See docs/tools/vmstat.md.
 */
public final class VmstatParser implements Parser {

    private static final ParserInfo INFO = ParserInfo.builtIn(VmstatHeader.TOOL, "linux-procps-3.2", "linux-procps-ng",
            "linux-procps-ng-gu", "linux-procps-disk", "solaris", "bsd", "aix");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return VmstatCommand.SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return List.of("vmstat", "vmstat.disk");
    }

    /** Certain with a group line and a label line; the label line alone ({@code r b swpd free}) is specific enough. */
    @Override
    public double sniff(Head head) {
        boolean labels = false;
        boolean groups = false;
        for (String line : head.lines()) {
            labels |= VmstatHeader.isLabelLine(line);
            groups |= VmstatHeader.isGroupLine(line);
        }
        if (labels) return groups ? 1.0 : 0.8;
        return groups ? 0.3 : 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new VmstatReader(context, sink).read(lines);
    }
}
