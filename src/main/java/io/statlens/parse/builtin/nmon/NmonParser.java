package io.statlens.parse.builtin.nmon;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * nmon files ({@code nmon -f}/{@code -F} on Linux, {@code topas_nmon -f} and {@code nmon -f} on AIX), as
 * NMONVisualizer and IBM's nmon analyser read them: AAA lines as facts, each ZZZZ line the time of a snapshot, every
 * section a data set named after it ({@code nmon.cpu_all}, {@code nmon.diskbusy}) with the columns its header names,
 * keyed where its columns or sections are per CPU, disk, interface or process. See docs/tools/nmon.md.
 */
public final class NmonParser implements Parser {
    /** The lines that begin every nmon file; {@code progname} and {@code version} name nmon itself. */
    private static final Pattern PROGNAME = Pattern.compile("^AAA,(?:progname,(?:topas_)?nmon|version,)");
    private static final Pattern AAA = Pattern.compile("^AAA,[A-Za-z_0-9]+,");
    private static final Pattern SECTION = Pattern.compile("^(?:ZZZZ,T\\d+,|CPU_ALL,|CPU\\d+,|MEM,|DISKBUSY,)");

    private static final ParserInfo INFO = ParserInfo.builtIn(Section.TOOL, "linux", "aix");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    /**
     * The sections of nmon for Linux and AIX that have a preset; a section not listed (nmon grows new ones, {@code -y}
     * options add others) is still read, into a data set named after it.
     */
    private static final List<String> DATASETS = List.of("cpu", "cpu_all", "cpuutil", "cpuutil_all", "scpu", "scpu_all", "pcpu", "pcpu_all",
            "lpar", "pools", "mem", "memnew", "memuse", "mempages4kb", "mempages64kb", "mempages16mb", "mempages16gb",
            "vm", "page", "paging", "proc", "procaio", "file", "largepage", "nfscliv2", "nfscliv3", "nfssvrv2", "nfssvrv3",
            "net", "netpacket", "netsize", "neterror", "ioadapt",
            "diskbusy", "diskread", "diskwrite", "diskxfer", "diskrxfer", "diskbsize", "diskrio", "diskwio", "diskavgrio",
            "diskavgwio", "diskserv", "diskreadserv", "diskwriteserv", "diskwait", "dgbusy", "dgread", "dgwrite", "dgxfer",
            "dgsize", "vgbusy", "vgread", "vgwrite", "vgxfer", "vgsize", "jfsfile", "jfsinode", "top",
            // nmon_gpu (nmon 16j with NVIDIA GPU sections, -a): one column per GPU
            "gpu_util", "gpu_umem", "gpu_temp", "gpu_watts", "gpu_mem")
            .stream().map(d -> Section.TOOL + "." + d).toList();

    @Override
    public List<String> datasets() {
        return DATASETS;
    }

    @Override
    public double sniff(Head head) {
        if (head.anyMatch(PROGNAME)) return 1.0;
        int aaa = head.count(AAA);
        if (aaa >= 3 && head.anyMatch(SECTION)) return 0.9;
        return aaa >= 3 ? 0.6 : 0;
    }

    /** A file that opens with nmon's AAA lines is the one nmon wrote: nothing else is written into it. */
    @Override
    public boolean ownFile(Head head) {
        for (String line : head.lines()) {
            if (!line.isBlank()) return AAA.matcher(line).lookingAt();
        }
        return false;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new NmonReader(context, sink).read(lines);
    }
}
