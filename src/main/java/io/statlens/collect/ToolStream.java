package io.statlens.collect;

import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.CollectSideFile;
import io.statlens.model.Cancellation;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserFailureException;
import io.statlens.parse.spi.ReceiveTimes;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.store.load.LiveImport;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One tool on one host for the length of a collect: started, its output kept byte for byte in its raw file and read,
 * line by line as it arrives, by the same parser an import of that file uses, into its source of the run. Whatever
 * goes wrong (the tool cannot start, exits, its connection drops, the parser fails) becomes a warning on the run
 * naming the host and the tool; the other streams go on.
 */
final class ToolStream implements Runnable {
    /** Where a stream is. */
    enum State { STARTING, RUNNING, RECONNECTING, ENDED, FAILED, STOPPED }

    /** A raw file of the tool's output and the source of the run its rows go to. */
    record Output(Path rawFile, LiveImport.Source source) {
    }

    /** The first back-off after a lost connection; it doubles up to {@link #MAX_BACKOFF}. */
    static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);

    private final ToolProcess.Launcher launcher;
    private final CollectedTool tool;
    private final Parser parser;
    private final int intervalSeconds;
    private final ZoneId zone;
    private final Supplier<Output> nextOutput;
    private final List<Output> outputs = new CopyOnWriteArrayList<>();
    private final CountDownLatch stopSignal = new CountDownLatch(1);
    private volatile State state = State.STARTING;
    private volatile boolean stopping;
    private volatile ToolProcess process;
    private volatile String lastError = "";
    private volatile String problem = "";

    /**
     * @param nextOutput a new raw file and source: one when the stream starts, one more each time it reconnects, so
     *                   that every raw file is one run of the tool and imports as it was read
     */
    ToolStream(ToolProcess.Launcher launcher, CollectedTool tool, Parser parser, int intervalSeconds, ZoneId zone,
               Supplier<Output> nextOutput) {
        this.launcher = launcher;
        this.tool = tool;
        this.parser = parser;
        this.intervalSeconds = intervalSeconds;
        this.zone = zone;
        this.nextOutput = nextOutput;
        outputs.add(nextOutput.get());
    }

    String host() {
        return launcher.host();
    }

    CollectedTool tool() {
        return tool;
    }

    State state() {
        return state;
    }

    /** The raw files and sources so far, the first first. */
    List<Output> outputs() {
        return List.copyOf(outputs);
    }

    private Output current() {
        return outputs.get(outputs.size() - 1);
    }

    /**
     * Runs the tool until it is stopped or ends; a lost connection (a remote host's, the MySQL server's) is a warning,
     * then the tool is started again with a back-off (1 s, doubling up to a minute) into a new raw file, and a second
     * warning names the gap when it runs again. A tool that exits, or cannot be started at first, is not retried.
     */
    @Override
    public void run() {
        Instant started = Instant.now();
        try {
            process = launcher.start(tool, intervalSeconds);
        } catch (IOException | RuntimeException e) {
            warn("cannot start: " + e.getMessage());
            state = State.FAILED;
            return;
        }
        while (readUntilTheEnd(started)) {
            Instant lost = Instant.now();
            Duration backoff = FIRST_BACKOFF;
            state = State.RECONNECTING;
            String lastFailure = "";
            process = null;
            while (process == null) {
                try {
                    if (stopSignal.await(backoff.toMillis(), TimeUnit.MILLISECONDS)) {
                        state = State.STOPPED;
                        return;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    state = State.STOPPED;
                    return;
                }
                try {
                    process = launcher.start(tool, intervalSeconds);
                } catch (IOException | RuntimeException e) {
                    lastFailure = e.getMessage();
                    backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                }
            }
            started = Instant.now();
            outputs.add(nextOutput.get());
            warn("reconnected: nothing was collected from " + lost + " to " + started + " (a gap, not filled in)"
                    + (lastFailure.isEmpty() ? "" : "; the last failed attempt said: " + lastFailure));
        }
    }

    /**
     * Reads the running tool's output into the current raw file and source until it ends; whether it ended by a lost
     * connection (to be started again) rather than by being stopped, exiting or failing.
     */
    private boolean readUntilTheEnd(Instant started) {
        if (stopping) {
            // stopped while the tool was starting (connecting to its host): it ends at once
            process.stop();
            state = State.STOPPED;
            return false;
        }
        state = State.RUNNING;
        Output output = current();
        // a platform thread: its read lasts as long as the tool runs and holds a virtual thread's carrier (see Collector#stop)
        Thread errors = Thread.ofPlatform().daemon().name("collect-" + host() + "-" + tool.name() + "-errors")
                .start(() -> keepErrors(process, output.rawFile()));
        boolean failed = false;
        Path timesFile = ReceiveTimes.besides(output.rawFile());
        ReceiveTimes received = new ReceiveTimes(timesFile.getFileName().toString());
        try (OutputStream raw = Files.newOutputStream(output.rawFile());
             OutputStream times = Files.newOutputStream(timesFile);
             LineSource lines = LineSource.live(output.rawFile().getFileName().toString(),
                     new Kept(process.stdout(), raw, times, received, output.source(), () -> stopping, e -> warn("cannot write its raw file " + output.rawFile()
                             + " (" + e.getMessage() + "; a full disk?): the raw file ends here, the rows go on into the run")),
                     Cancellation.NONE).onOverlongLine((line, length) -> output.source().warning(line, LineSource.OverlongLines.warning(length)))) {
            received.follow(lines);
            AutoDetectParser.delegate(parser, lines, context(output.rawFile(), started).set(ReceiveTimes.class, received), output.source());
            while (lines.next() != null) {
                // the parser stopped early: the raw file still keeps everything the tool printed
            }
        } catch (ParserFailureException e) {
            failed = true;
            warn("the parser failed, so the rest of this tool's output is not read: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            failed = true;
            // A stop ends the output as its end (Kept): a failure now is no stop's doing, and may have lost held rows.
            warn("reading its output failed" + (stopping ? " as the collect stopped it" : "") + ": " + e.getMessage());
        }
        int code;
        try {
            code = process.waitFor();
            errors.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            code = -1;
        }
        if (stopping) {
            state = State.STOPPED;
            return false;
        }
        String said = lastError.isEmpty() ? "" : "; it said: " + lastError;
        if (code == -1 && !failed) {
            warn("the connection to the host was lost at " + Instant.now() + said + "; reconnecting");
            return true;
        }
        state = failed ? State.FAILED : State.ENDED;
        String why = code == -1 ? "the connection to the host was lost" : "the tool exited with code " + code;
        warn(why + " before the collect was stopped" + said);
        return false;
    }

    /** The context an import of the raw file would have, but for the start: the collector's clock when the tool started. */
    private ParseContext context(Path rawFile, Instant started) {
        return new ParseContext(rawFile.getFileName().toString())
                .set(TimeOptions.class, new TimeOptions(zone, Optional.empty(), Optional.of(Duration.ofSeconds((long) intervalSeconds * tool.every())), Optional.empty()))
                .set(FallbackStart.class, new FallbackStart(started, "the collector's receive time (when " + tool.name() + " started)"));
    }

    /** The tool's error output, kept beside its raw file; its last line names what went wrong when it ends. */
    private void keepErrors(ToolProcess process, Path rawFile) {
        Path file = rawFile.resolveSibling(rawFile.getFileName().toString().replaceFirst("\\.txt$", "") + CollectSideFile.ERRORS);
        try (InputStream in = process.stderr(); OutputStream out = Files.newOutputStream(file)) {
            byte[] buffer = new byte[4096];
            StringBuilder line = new StringBuilder();
            int n;
            while ((n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
                out.flush();
                for (String part : new String(buffer, 0, n, StandardCharsets.UTF_8).split("(?<=\n)")) {
                    line.append(part);
                    if (part.endsWith("\n")) {
                        if (!line.toString().isBlank()) lastError = line.toString().strip();
                        line.setLength(0);
                    }
                }
            }
            if (!line.toString().isBlank()) lastError = line.toString().strip();
        } catch (IOException e) {
            // the tool's end is reported by run()
        }
    }

    /** The last warning about this tool; empty when there was none. */
    String problem() {
        return problem;
    }

    /** A commit of the run failed: a warning on this tool's output, written by the next commit, which holds its rows. */
    void commitFailed(String message) {
        warn("a commit failed (" + message + "); its rows were committed with the next one");
    }

    private void warn(String message) {
        problem = message;
        current().source().warning(0, "host " + host() + ", tool " + tool.name() + ": " + message);
    }

    /** Ends the tool; its stream then ends, with everything it printed read. */
    void stop() {
        stopping = true;
        stopSignal.countDown();
        ToolProcess p = process;
        if (p != null) p.stop();
    }

    /**
     * The tool's output as its parser reads it, every byte also written to the raw file and counted by the source. A raw
     * file that cannot be written (a full disk) is reported once and left as it is; the output is still read.
     */
    private static final class Kept extends FilterInputStream {
        private final LiveImport.Source source;
        private final Consumer<IOException> rawFailed;
        private final BooleanSupplier stopping;
        private final ReceiveTimes received;
        private OutputStream raw;
        private OutputStream times;
        private long linesComplete;

        /** @param stopping whether the collect is stopping the tool: a read that fails then is the end of its output */
        Kept(InputStream in, OutputStream raw, OutputStream times, ReceiveTimes received, LiveImport.Source source,
             BooleanSupplier stopping, Consumer<IOException> rawFailed) {
            super(in);
            this.stopping = stopping;
            this.raw = raw;
            this.times = times;
            this.received = received;
            this.source = source;
            this.rawFailed = rawFailed;
        }

        /** The lines this read completed were received now: the first of them is noted, here and in the side file. */
        private void receivedNow(byte[] b, int off, int n) {
            long completed = 0;
            for (int i = off; i < off + n; i++) if (b[i] == '\n') completed++;
            if (completed == 0) return;
            long first = linesComplete + 1;
            linesComplete += completed;
            Instant now = Instant.now();
            received.received(first, now);
            if (raw == null || times == null) return;
            try {
                times.write((first + "\t" + now + "\n").getBytes(StandardCharsets.US_ASCII));
                times.flush();
            } catch (IOException e) {
                // the raw file and its receive times end together, said once
                raw = null;
                times = null;
                rawFailed.accept(e);
            }
        }

        /**
         * What can be read without waiting; none once the output is closed under the reader while the tool is stopped.
         * The JDK closes a destroyed process's pipes, so a parser looking at what had arrived (a sysstat parser reads
         * its head for the order of the dates) met "Stream closed" here, never reached the end of its input and lost
         * every row it held (iostat's last report, mpstat's first): the next read ends the output instead.
         */
        @Override
        public int available() throws IOException {
            try {
                return super.available();
            } catch (IOException e) {
                if (stopping.getAsBoolean()) return 0;
                throw e;
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(b, off, len);
            } catch (IOException e) {
                // A stopped tool's output may end in an error rather than at its end (an SSH channel closed under its
                // reader): what was read is all there is, the raw file holds just that, and the parser must be given
                // the end of its input, as an import of the raw file is, to store the report it holds and to say
                // what was cut off.
                if (stopping.getAsBoolean()) return -1;
                throw e;
            }
            if (n > 0) {
                if (raw != null) {
                    try {
                        raw.write(b, off, n);
                        raw.flush();
                    } catch (IOException e) {
                        raw = null;
                        times = null;
                        rawFailed.accept(e);
                    }
                }
                receivedNow(b, off, n);
                source.bytes(b, off, n);
            }
            return n;
        }
    }
}
