package io.statlens.parse.builtin.dstat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.PastedCommand;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * dstat (Dag Wieers, 0.6 to 0.8, and Red Hat's pcp-dstat) and its Python 3 fork dool (Scott Baker): the CSV of
 * {@code --output} and the screen output, both read through one {@link DstatLayout} of their two header rows. Every
 * plugin group becomes a data set ({@code dstat.cpu}, {@code dstat.dsk} keyed by disk, {@code dstat.memory}...), an
 * unknown plugin's group one named after its title; a {@code --top-*} plugin's column a data set keyed by the process
 * it names ({@link DstatTop}). See docs/tools/dstat.md.
 */
public final class DstatParser implements Parser {
    /** dstat -t's and dool's time column, dstat -T's epoch column; -o/--output, -C, -D, -I, -N, -S take a value. */
    static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("dstat", "dool", "pcp-dstat", "dstat.py", "dool.py"),
            Set.of("--output", "-o", "-C", "-D", "-I", "-N", "-S", "-p", "--diskset"));
    private static final Pattern CSV_TITLE = Pattern.compile("^\"?(?i:dstat|dool|pcp-dstat) [0-9][\\w.]*+ CSV output\"?,*$");
    private static final Pattern CSV_GROUPS = Pattern.compile(
            "^\"(?:system|epoch|total cpu usage|cpu\\d+ usage|dsk/[^\"]+|net/[^\"]+|memory usage|load avg|procs|paging"
                    + "|most expensive|highest total|highest average|most frequent|most waiting for|out of memory)\",");
    private static final Pattern SCREEN_GROUPS = Pattern.compile(
            "^\\s*[-┄]+(?:system|epoch|total[-┄]cpu[-┄]usage|cpu\\d+[-┄]usage|dsk/\\S+?|net/\\S+?|memory[-┄]usage"
                    + "|load[-┄]avg|procs|paging|most[-┄]expensive|highest[-┄]total|highest[-┄]average|most[-┄]frequent"
                    + "|most[-┄]waiting[-┄]for|out[-┄]of[-┄]memory)[-┄]+[\\s┬-]");
    private static final Pattern SCREEN_LABELS = Pattern.compile(
            "(?:^|\\s)(?:usr|time|read|recv|used|run|int|1m|epoch|process|interrupt)(?:\\s|[|│:]|$)");
    /** A line of plugin titles as dstat draws them without colour: words padded with dashes, one blank between titles (indented in a paste). */
    private static final Pattern TITLES = Pattern.compile("^ *[-\\w/.%#]+(?: [-\\w/.%#]+)+$");
    /** The title of one plugin shown alone, padded with dashes on both sides: {@code -pkt/total-}, {@code ---advanced-virtual-memory---}. */
    static final Pattern ONE_TITLE = Pattern.compile("-[-\\w/.%#]*\\p{L}[-\\w/.%#]*-");
    /** A line of column labels under one plugin's title: nicks of letters, digits and dstat's '#', a blank or two apart. */
    private static final Pattern ONE_PLUGIN_LABELS = Pattern.compile("^ *[#\\w/%.]*\\p{L}[#\\w/%.]*(?: {1,3}[#\\w/%.]*\\p{L}[#\\w/%.]*)* *$");

    private static final ParserInfo INFO = ParserInfo.builtIn(DstatLayout.TOOL, "dstat-csv", "dool-csv", "dstat-screen",
            "dool-screen");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return List.of("dstat.cpu", "dstat.dsk", "dstat.net", "dstat.memory", "dstat.swap", "dstat.paging",
                "dstat.system", "dstat.load", "dstat.procs", "dstat.io", "dstat.vm", "dstat.sockets", "dstat.filesystem",
                "dstat.interrupts", "dstat.tcp", "dstat.udp", "dstat.raw", "dstat.unix", "dstat.ipc", "dstat.locks",
                "dstat.async", "dstat.advanced_virtual_memory", "dstat.zones_memory", "dstat.freespace",
                "dstat.disk_util", "dstat.disk_wait", "dstat.disk_svctm", "dstat.disk_avgqu", "dstat.disk_avgrq",
                "dstat.disk_inflight",
                "dstat.top_cpu", "dstat.top_mem", "dstat.top_io", "dstat.top_bio", "dstat.top_latency",
                "dstat.top_latency_avg", "dstat.top_cputime", "dstat.top_cputime_avg", "dstat.top_int", "dstat.top_oom",
                "dstat.top_childwait", "dstat.top_cpu_adv", "dstat.top_io_adv", "dstat.top_bio_adv");
    }

    @Override
    public double sniff(Head head) {
        List<String> lines = Transcript.read(head, SYNTAX).stream().map(TranscriptLine::text).toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (CSV_TITLE.matcher(line).matches()) return 1.0;
            boolean next = i + 1 < lines.size();
            if (next && CSV_GROUPS.matcher(line).find() && lines.get(i + 1).strip().startsWith("\"")) return 0.9;
            if (next && SCREEN_GROUPS.matcher(lines.get(i)).find() && SCREEN_LABELS.matcher(lines.get(i + 1)).find()
                    && isLabelLine(lines.get(i), lines.get(i + 1))) {
                return 0.9;
            }
            if (next && titlesOverLabels(lines.get(i), lines.get(i + 1))) return 0.9;
            if (i + 2 < lines.size() && onePluginAlone(lines.get(i), lines.get(i + 1), lines.get(i + 2))) return 0.6;
        }
        return 0;
    }

    /**
     * Whether two lines are dstat's plugin titles over their column labels by their layout alone, whatever the plugins
     * (those of {@link #SCREEN_GROUPS} are known by name; {@code --aio --fs --ipc --lock --raw} are not): dstat centres
     * each title over its plugin's columns, padding it with dashes (a title as wide as its columns has none:
     * {@code async}), and puts one blank between two plugins' titles where the label line has the {@code |} between their
     * columns, or the {@code :} between the parts of one plugin (dstat's title() and subtitle(), without colour;
     * {@code -----/----- --/unified-} of {@code --freespace} over {@code  used  free: used  free}).
     */
    /** Whether a line has the shape of dstat's titles: words and dashes, one blank between titles, a dash among them. */
    static boolean looksLikeTitles(String line) {
        String titles = line.stripTrailing();
        return titles.indexOf('-') >= 0 && TITLES.matcher(titles).matches();
    }

    static boolean titlesOverLabels(String groupLine, String labelLine) {
        String titles = groupLine.stripTrailing();
        String labels = labelLine.stripTrailing();
        if (!looksLikeTitles(titles) || labels.length() > titles.length()) return false;
        int indent = 0;
        while (titles.charAt(indent) == ' ') indent++;
        // a paste's indentation stands before both lines alike
        for (int i = titles.indexOf(' ', indent); i >= 0; i = titles.indexOf(' ', i + 1)) {
            char under = i < labels.length() ? labels.charAt(i) : ' ';
            if (under != '|' && under != ':') return false;
        }
        return true;
    }

    /**
     * Whether three lines are one plugin's title, labels and first values as dstat prints a plugin shown alone
     * ({@code dstat --vm-adv}, {@code dstat --disk-tps}): the title padded with dashes over labels and values no wider,
     * the labels centred under it.
     */
    static boolean onePluginAlone(String titleLine, String labelLine, String valueLine) {
        String title = titleLine.strip();
        if (!ONE_TITLE.matcher(title).matches()) return false;
        int width = titleLine.indexOf(title) + title.length();
        String labels = labelLine.stripTrailing();
        String values = valueLine.stripTrailing();
        return ONE_PLUGIN_LABELS.matcher(labels).matches() && labels.length() >= width - 2 && labels.length() <= width
                && values.length() <= width && values.chars().anyMatch(Character::isDigit);
    }

    /**
     * Whether a line under a group line is dstat's label line: it has the {@code |} that dstat draws between plugins,
     * or, a screen of one plugin having none ({@code dstat -c}), the group line's width, as dstat centres each title
     * over its columns (dstat.title() and subtitle()).
     */
    static boolean isLabelLine(String groupLine, String labelLine) {
        return labelLine.indexOf('|') >= 0 || labelLine.indexOf('│') >= 0
                || !groupLine.isBlank() && groupLine.stripTrailing().length() == labelLine.stripTrailing().length();
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        DstatRun run = new DstatRun(context, sink);
        Transcript transcript = new Transcript(lines, SYNTAX);
        TranscriptLine line;
        while ((line = transcript.next()) != null) {
            // the CSV's quoted "Cmdline:" line names the tool too, but is the CSV's own
            if (line.is(TranscriptLine.Kind.COMMAND) && !line.text().strip().startsWith("\"")) {
                run.command(line.command());
            } else if (line.is(TranscriptLine.Kind.TEXT) || line.is(TranscriptLine.Kind.COMMAND)) {
                run.line(line.text(), line.number());
            } else if (line.is(TranscriptLine.Kind.SHELL)) {
                run.shell(line.text(), line.number());
            }
        }
        transcript.finish(sink);
        run.finish();
    }

    /** The command a CSV's {@code Cmdline:} line names, read as a pasted one. */
    static Optional<PastedCommand> command(String text) {
        String words = text.strip();
        int slash = words.indexOf(' ');
        String first = slash < 0 ? words : words.substring(0, slash);
        String name = first.substring(first.lastIndexOf('/') + 1);
        return PastedCommand.bare(name + (slash < 0 ? "" : words.substring(slash)), SYNTAX);
    }
}
