package io.statlens.parse.builtin.iostat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.EpochSeconds;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatLocale;
import io.statlens.parse.text.SysstatVersion;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.timeline.DayClock;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads one iostat output line by line. Each line is noise, a row of the current block, or one of
 * the lines that structure the output: banner, pasted command, time stamp, header. A report ends
 * when a time stamp, banner or command line comes, or a header whose columns the report already has.
 */
final class IostatReader {
    private final Transcript lines;
    private final TimeOptions timeOptions;
    private final RecordSink sink;
    private final Timeline timeline;
    private final ReportWriter out;
    private Block block;
    private String variant;
    private boolean bannerSeen;
    private boolean commandSeen;
    private boolean configurationSeen;
    /** After AIX's {@code System: host} line ({@code -s}): the next line is the system's throughput header. */
    private boolean systemNext;
    private boolean systemSeen;
    private boolean omitsSinceBoot;
    /** The instant and printed time of day of the last OSWatcher {@code zzz} line; null before one. */
    private Instant snapshot;
    private LocalTime snapshotClock;
    /** The times of day of {@code Time:} lines on the last banner's date; null before a banner with a date. */
    private DayClock bannerDay;
    /** The clock of -t stamps printed on a 12-hour clock without AM or PM; null until the first. */
    private DayClock stampDial;
    private boolean undatedTimeSaid;
    /**
     * The words of the last device header and what they were read as: iostat prints the same header with every
     * report (20,000 times in a 20,000 s file), so it is read once, with the units of its columns.
     */
    private String[] headerWords;
    private ColumnHeader header;
    private List<String> headerUnits;
    /** Likewise the words of the last {@code avg-cpu:} header, its labels and their units. */
    private String[] cpuWords;
    private List<String> cpuLabels;
    private List<String> cpuUnits;
    private final DeviceNames deviceNames = new DeviceNames();
    /** What the file shows of its locale: the order of slashed dates, the zone an ambiguous abbreviation means. */
    private final SysstatLocale locale;
    /** Whether the output's headers are BSD's, whose -c and -n take values: see {@link IostatCommand}. */
    private final boolean bsd;
    /** A pasted command with -V whose output has not yet shown whether it printed sysstat's version or a report. */
    private IostatCommand versionOrReport;

    IostatReader(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        this.lines = new Transcript(lines, IostatCommand.SYNTAX);
        this.timeOptions = TimeOptions.in(context);
        this.locale = SysstatLocale.of(lines.head(), context, firstEpochStamp(lines.head()));
        this.bsd = BsdOutput.shownIn(lines.head());
        this.sink = sink;
        this.timeline = new Timeline(context, sink, Duration.ofSeconds(1));
        locale.clockOn(timeline, sink);
        this.out = new ReportWriter(sink, timeline);
    }

    /**
     * The seconds of the first stamp line that is epoch seconds alone (sysstat 12.7.8's {@code -U}, Solaris {@code -T u}):
     * the instant that settles an ambiguous banner date, as pidstat -H's and mpstat -U's do; null if none.
     */
    private static Instant firstEpochStamp(Head head) {
        for (String line : head.lines()) {
            Optional<Instant> epoch = EpochSeconds.whole(line.strip());
            if (epoch.isPresent()) return epoch.get();
        }
        return null;
    }

    void run() throws IOException {
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            handle(line);
        }
        endBlock();
        out.finish();
        out.endOfFile();
        lines.finish(sink);
        if (out.rowsWritten() == 0) {
            sink.warning(0, "no iostat report found: expected a header such as 'avg-cpu:', 'Device ...', "
                    + "'extended device statistics' or 'disk0 cpu' followed by rows of values");
        }
    }

    private void handle(TranscriptLine line) throws IOException {
        switch (line.kind()) {
            case BLANK, SHELL -> endBlock();
            case DECORATION -> {
                // markup around the output: the block goes on
            }
            case COMMAND -> {
                // sysstat's iostat prints only its version for -V (common.c, print_version), AIX's reports nonzero
                // values: the line after the command tells which
                versionOrReport = SysstatVersion.onlyVersion(line.command()) ? IostatCommand.of(line.command(), bsd) : null;
                if (versionOrReport == null) command(IostatCommand.of(line.command(), bsd));
            }
            case TEXT -> {
                boolean version = SysstatVersion.read(line.text(), sink::fact);
                if (versionOrReport != null && !version) command(versionOrReport);
                versionOrReport = null;
                if (!version) text(line);
            }
        }
    }

    private void text(TranscriptLine transcriptLine) throws IOException {
        String line = transcriptLine.text();
        long number = transcriptLine.number();
        if (block instanceof DeviceBlock devices && devices.offerPlainRow(line, number)) return;
        String[] tokens = Tokens.split(line);
        if (AixLabels.isHeader(tokens)) tokens = AixLabels.joined(tokens);
        if (block != null) {
            if (!block.fitsWidth(tokens.length) && block.startsRow(tokens)) {
                // a row a terminal wrapped, or with text appended to it
                Block current = block;
                String mended = lines.repair(transcriptLine, t -> current.fits(Tokens.split(t)));
                if (!mended.equals(line)) tokens = Tokens.split(mended);
            }
            if (block.offer(tokens, number)) return;
        }
        // Headers first: they come with every report, and are told by their first or last word alone, where a
        // banner or time stamp takes patterns to rule out.
        if (AixLongTable.isGroupLine(line) && longTable(line, number)) return;
        if (systemNext) {
            systemNext = false;
            if (systemHeader(tokens, number)) return;
        }
        AixDriveBlock drive = AixDriveBlock.start(tokens, number, out, sink);
        if (drive != null) {
            endBlock();
            block = drive;
            variant("aix-D");
            return;
        }
        if (tokens[0].equals("tty:") && aixSummaryHeader(tokens, number)) return;
        if (tokens[0].equals("avg-cpu:")) {
            if (!Arrays.equals(tokens, cpuWords)) {
                cpuWords = tokens;
                cpuLabels = Arrays.stream(tokens, 1, tokens.length).map(IostatMetrics::uncased).toList();
                cpuUnits = CpuBlock.unitsOf(cpuLabels);
            }
            cpuHeader(cpuLabels, cpuUnits, number);
            return;
        }
        Optional<ColumnHeader> header = Arrays.equals(tokens, headerWords) ? Optional.of(this.header) : ColumnHeader.parse(tokens);
        String[] headerTokens = tokens;
        if (header.isPresent() && header.get().cutShort()) {
            headerTokens = null;
            // the rest of the header went onto the next lines: rejoined, or refused rather than read as a narrower table.
            // A terminal cuts inside a label, a mail client or a page at a blank that it leaves out: the rejoin whose
            // labels are all sysstat's is the one meant ('wrqm/s' + '%rrqm', not 'wrqm/s%rrqm'), else any whole one
            String mended = lines.repair(transcriptLine, t -> ColumnHeader.parse(Tokens.split(t))
                    .filter(h -> !h.cutShort() && h.labels().stream().allMatch(IostatMetrics::isKnown)).isPresent());
            if (mended.equals(line)) {
                mended = lines.repair(transcriptLine, t -> ColumnHeader.parse(Tokens.split(t)).filter(h -> !h.cutShort()).isPresent());
            }
            Optional<ColumnHeader> whole = ColumnHeader.parse(Tokens.split(mended)).filter(h -> !h.cutShort());
            if (whole.isEmpty()) {
                endBlock();
                sink.warning(number, "expected an iostat header ending with its last column (%util, kB_wrtn, kB_dscd or kB_w+d), found one"
                        + " that ends with '" + header.get().lastLabel() + "' (cut short by a terminal or a page?); its rows are"
                        + " skipped up to the next header");
                return;
            }
            header = whole;
        }
        if (header.isPresent()) {
            deviceHeader(header.get(), number, headerTokens);
            return;
        }
        if (LineNoise.isNoise(line)) return;
        String system = AixLabels.system(line);
        if (system != null) {
            endBlock();
            if (!bannerSeen && !systemSeen) sink.fact("host", system);
            systemSeen = true;
            systemNext = true;
            return;
        }
        String configuration = AixLabels.configuration(line);
        if (configuration != null) {
            endBlock();
            if (!configurationSeen) sink.fact("system.configuration", configuration);
            configurationSeen = true;
            return;
        }
        if (banner(line, number) || timestamp(line, number)) return;
        if (LineNoise.isSolarisTitle(line)) {
            endBlock();
            return;
        }
        if (groupedHeader(tokens, number)) return;
        if (block instanceof DeviceBlock devices && devices.offerName(tokens, number)) return;
        sink.warning(number, "unrecognised line: expected an iostat header, a row of values, the banner or a time stamp");
    }

    private boolean banner(String line, long number) {
        Optional<SysstatBanner> banner = SysstatBanner.parse(line, locale.order());
        if (banner.isEmpty()) return false;
        locale.tell(sink);
        newInvocation();
        bannerDay = banner.get().date().map(timeline::clock).orElse(null);
        if (!bannerSeen) {
            banner.get().emitFacts(sink, number);
            bannerSeen = true;
        }
        return true;
    }

    private void command(IostatCommand command) {
        omitsSinceBoot = command.omitsSinceBoot();
        newInvocation();
        command.interval().ifPresent(timeline::printedInterval);
        if (!commandSeen) {
            sink.fact("command", command.command());
            if (!command.options().isEmpty()) sink.fact("options", command.options());
            commandSeen = true;
        }
    }

    private boolean timestamp(String line, long number) {
        Optional<ReportTimestamp> stamp = ReportTimestamp.parse(line, timeOptions.zone(), locale.order(),
                abbreviation -> locale.zone(abbreviation, number, sink), locale.halfDayDial() ? this::stampDial : null);
        if (stamp.isPresent()) locale.tell(sink);
        if (stamp.isEmpty()) {
            Optional<LocalTime> timeOfDay = ReportTimestamp.timeOfDayLine(line);
            if (timeOfDay.isEmpty()) return false;
            stamp = placed(timeOfDay.get());
            if (stamp.isEmpty()) return true;
        }
        if (stamp.get().newInvocation()) {
            newInvocation();
            snapshot = stamp.get().time();
            snapshotClock = ReportTimestamp.clockOf(line).orElse(null);
        } else {
            // One-line-per-report formats print their header once; the stamp only starts a new report.
            if (!(block instanceof GroupedBlock)) endBlock();
            if (out.current().hasContent()) out.finish();
        }
        out.current().timestamp(stamp.get());
        return true;
    }

    /**
     * The time of day of a {@code Time: 11:01:52} line (sysstat before 8, {@code -t}), placed on the day and in the
     * zone of OSWatcher's {@code zzz} line of the snapshot, else on the banner's date (a two-digit year is this
     * century's) in {@code --tz}, rolling over midnight. Without either it cannot be placed (said once); the
     * reports then get derived times.
     */
    private Optional<ReportTimestamp> placed(LocalTime time) {
        if (snapshot != null && snapshotClock != null) {
            Duration after = Duration.between(snapshotClock, time);
            if (after.compareTo(Duration.ofHours(-1)) < 0) after = after.plusDays(1);
            return Optional.of(new ReportTimestamp(snapshot.plus(after),
                    "Time: line before each report (old sysstat's iostat -t), on the date and in the zone of OSWatcher's zzz line", false));
        }
        if (bannerDay != null) {
            return Optional.of(new ReportTimestamp(bannerDay.at(time, timeOptions.zone()),
                    "Time: line before each report (old sysstat's iostat -t), on the banner's date, zone " + timeOptions.zone().getId(), false));
        }
        if (!undatedTimeSaid) {
            sink.warning(0, "'Time:' lines give times of day, but no banner or OSWatcher zzz line says the date; "
                    + "the reports' times are derived");
            undatedTimeSaid = true;
        }
        return Optional.empty();
    }

    /** The half-day dial of the -t stamps, made on the first stamp's date: each stamp the next time on it after the one before. */
    private DayClock stampDial(LocalDate firstDate) {
        if (stampDial == null) stampDial = timeline.clock(firstDate);
        return stampDial;
    }

    private void newInvocation() {
        endBlock();
        out.finish();
        out.newInvocation(omitsSinceBoot);
    }

    /** AIX's {@code tty: tin tout avg-cpu: %user %sys %idle %iowait [physc %entc]}: tty then CPU columns on one line. */
    private boolean aixSummaryHeader(String[] tokens, long number) {
        List<String> all = List.of(tokens);
        int cpu = all.indexOf("avg-cpu:");
        if (cpu < 0) return false;
        List<String> tty = all.subList(1, cpu);
        List<String> labels = all.subList(cpu + 1, all.size());
        endBlock();
        if (out.current().overlaps("cpu", labels)) out.finish();
        List<String> units = CpuBlock.unitsOf(java.util.stream.Stream.concat(tty.stream(), labels.stream()).toList());
        block = new CpuBlock(List.copyOf(tty), List.copyOf(labels), units, number, out, sink);
        variant("aix");
        return true;
    }

    private void cpuHeader(List<String> labels, List<String> units, long number) {
        endBlock();
        if (out.current().overlaps("cpu", labels)) out.finish();
        block = new CpuBlock(labels, units, number, out, sink);
        if (variant == null) variant("linux-sysstat-cpu");
    }

    private void deviceHeader(ColumnHeader header, long number, String[] words) {
        if (header != this.header) {
            this.header = header;
            headerUnits = DeviceBlock.unitsOf(header);
        }
        // only a header read from the line's own words is reused for the same words (not one a repair rejoined)
        headerWords = words;
        endBlock();
        if (out.current().overlaps(header.dataset(), header.labels())) out.finish();
        block = new DeviceBlock(header, headerUnits, deviceNames, number, out, sink);
        variant(header.variant());
    }

    /**
     * AIX {@code -Dl}: the group line, then its rule and two lines of labels ({@link AixLongTable}), each of them
     * taken here; false (nothing taken) when the next line is not a rule.
     */
    private boolean longTable(String groupLine, long number) throws IOException {
        TranscriptLine rule = lines.peek();
        if (rule == null || !rule.is(TranscriptLine.Kind.TEXT) || !rule.text().strip().startsWith("-")) return false;
        endBlock();
        lines.next();
        TranscriptLine top = lines.next();
        TranscriptLine bottom = top == null ? null : lines.next();
        if (bottom == null || !top.is(TranscriptLine.Kind.TEXT) || !bottom.is(TranscriptLine.Kind.TEXT)) {
            sink.warning(number, "expected two lines of labels under '" + groupLine.strip() + "' and its rule");
            return true;
        }
        Optional<AixLongTable> table = AixLongTable.of(groupLine, rule.text(), top.text(), bottom.text(), number, out, sink);
        if (table.isPresent()) {
            block = table.get();
            variant("aix-Dl");
        }
        return true;
    }

    /** AIX {@code -s}: the system's throughput header ({@code Kbps tps Kb_read Kb_wrtn}) under {@code System: host}. */
    private boolean systemHeader(String[] tokens, long number) {
        for (String t : tokens) {
            if (CellValue.isNumber(t)) return false;
        }
        if (!IostatMetrics.isKnown(tokens[0])) return false;
        deviceHeader(new ColumnHeader("system", "System", true, List.of(tokens), List.of(), List.of(), "aix"), number, null);
        return true;
    }

    /** A group line (disk0 cpu load average) whose next line holds the column labels. */
    private boolean groupedHeader(String[] tokens, long number) throws IOException {
        TranscriptLine next = lines.peek();
        if (next == null || !next.is(TranscriptLine.Kind.TEXT)) return false;
        Optional<GroupedHeader> header = GroupedHeader.parse(tokens, Tokens.split(next.text()));
        if (header.isEmpty()) return false;
        endBlock();
        lines.next();
        block = new GroupedBlock(header.get(), number, out, sink);
        // The Solaris -c block alone does not tell the variant; the device header after it does.
        boolean hasDisks = header.get().groups().stream().anyMatch(g -> g.dataset().isEmpty());
        if (variant == null || hasDisks) variant(header.get().variant());
        return true;
    }

    private void endBlock() {
        if (block != null) {
            block.end();
            block = null;
        }
    }

    private void variant(String name) {
        if (!name.equals(variant)) {
            variant = name;
            sink.variant(name);
        }
    }
}
