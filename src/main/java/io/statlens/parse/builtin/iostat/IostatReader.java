package io.statlens.parse.builtin.iostat;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Reads one iostat output line by line. Each line is noise, a row of the current block, or one of
 * the lines that structure the output: banner, pasted command, time stamp, header. A report ends
 * when a time stamp, banner or command line comes, or a header whose columns the report already has.
 */
final class IostatReader {
    private final Transcript lines;
    private final ParseContext context;
    private final TimeOptions timeOptions;
    private final RecordSink sink;
    private final ReportClock clock;
    private final ReportWriter out;
    private Block block;
    private String variant;
    private boolean bannerSeen;
    private boolean commandSeen;
    private boolean omitsSinceBoot;

    IostatReader(LineSource lines, ParseContext context, RecordSink sink) {
        this.lines = new Transcript(lines, IostatCommand.SYNTAX);
        this.context = context;
        this.timeOptions = TimeOptions.in(context);
        this.sink = sink;
        this.clock = new ReportClock(context, sink);
        this.out = new ReportWriter(sink, clock);
    }

    void run() throws IOException {
        TranscriptLine line;
        while ((line = lines.next()) != null) {
            handle(line);
        }
        endBlock();
        out.finish();
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
            case COMMAND -> command(IostatCommand.of(line.command()));
            case TEXT -> text(line);
        }
    }

    private void text(TranscriptLine transcriptLine) throws IOException {
        String line = transcriptLine.text();
        long number = transcriptLine.number();
        String[] tokens = Tokens.split(line);
        if (block != null) {
            if (!block.fitsWidth(tokens.length) && block.startsRow(tokens)) {
                // a row a terminal wrapped, or with text appended to it
                Block current = block;
                String mended = lines.repair(transcriptLine, t -> current.fits(Tokens.split(t)));
                if (!mended.equals(line)) tokens = Tokens.split(mended);
            }
            if (block.offer(tokens, number)) return;
        }
        if (LineNoise.isNoise(line)) return;
        if (banner(line) || timestamp(line)) return;
        if (tokens[0].equals("avg-cpu:")) {
            cpuHeader(List.of(tokens).subList(1, tokens.length), number);
            return;
        }
        if (LineNoise.isSolarisTitle(line)) {
            endBlock();
            return;
        }
        Optional<ColumnHeader> header = ColumnHeader.parse(tokens);
        if (header.isPresent()) {
            deviceHeader(header.get(), number);
            return;
        }
        if (groupedHeader(tokens, number)) return;
        if (block instanceof DeviceBlock devices && devices.offerName(tokens, number)) return;
        sink.warning(number, "unrecognised line: expected an iostat header, a row of values, the banner or a time stamp");
    }

    private boolean banner(String line) {
        Optional<SysstatBanner> banner = SysstatBanner.parse(line);
        if (banner.isEmpty()) return false;
        newInvocation();
        if (!bannerSeen) {
            banner.get().emitFacts(sink);
            bannerSeen = true;
        }
        return true;
    }

    private void command(IostatCommand command) {
        omitsSinceBoot = command.omitsSinceBoot();
        newInvocation();
        command.interval().ifPresent(clock::printedInterval);
        if (!commandSeen) {
            sink.fact("command", command.command());
            if (!command.options().isEmpty()) sink.fact("options", command.options());
            commandSeen = true;
        }
    }

    private boolean timestamp(String line) {
        Optional<ReportTimestamp> stamp = ReportTimestamp.parse(line, timeOptions.zone());
        if (stamp.isEmpty()) return false;
        if (stamp.get().newInvocation()) {
            newInvocation();
        } else {
            // One-line-per-report formats print their header once; the stamp only starts a new report.
            if (!(block instanceof GroupedBlock)) endBlock();
            if (out.current().hasContent()) out.finish();
        }
        out.current().timestamp(stamp.get());
        return true;
    }

    private void newInvocation() {
        endBlock();
        out.finish();
        out.newInvocation(omitsSinceBoot);
    }

    private void cpuHeader(List<String> labels, long number) {
        endBlock();
        if (out.current().overlaps("cpu", labels)) out.finish();
        block = new CpuBlock(labels, number, out, sink);
        if (variant == null) variant("linux-sysstat-cpu");
    }

    private void deviceHeader(ColumnHeader header, long number) {
        endBlock();
        if (out.current().overlaps(header.dataset(), header.labels())) out.finish();
        block = new DeviceBlock(header, number, out, sink);
        variant(header.variant());
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
