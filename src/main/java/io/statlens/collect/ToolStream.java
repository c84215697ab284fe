package io.statlens.collect;

import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.spi.Cancellation;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserFailureException;
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
import java.util.Optional;

/**
 * One tool on one host for the length of a collect: started, its output kept byte for byte in its raw file and read,
 * line by line as it arrives, by the same parser an import of that file uses, into its source of the run. Whatever
 * goes wrong (the tool cannot start, exits, its connection drops, the parser fails) becomes a warning on the run
 * naming the host and the tool; the other streams go on.
 */
final class ToolStream implements Runnable {
    /** Where a stream is. */
    enum State { STARTING, RUNNING, ENDED, FAILED, STOPPED }

    private final ToolProcess.Launcher launcher;
    private final CollectedTool tool;
    private final Parser parser;
    private final int intervalSeconds;
    private final ZoneId zone;
    private final Path rawFile;
    private final LiveImport.Source source;
    private volatile State state = State.STARTING;
    private volatile boolean stopping;
    private volatile ToolProcess process;
    private volatile String lastError = "";
    private volatile String problem = "";

    ToolStream(ToolProcess.Launcher launcher, CollectedTool tool, Parser parser, int intervalSeconds, ZoneId zone, Path rawFile,
               LiveImport.Source source) {
        this.launcher = launcher;
        this.tool = tool;
        this.parser = parser;
        this.intervalSeconds = intervalSeconds;
        this.zone = zone;
        this.rawFile = rawFile;
        this.source = source;
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

    LiveImport.Source source() {
        return source;
    }

    Path rawFile() {
        return rawFile;
    }

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
        if (stopping) {
            // stopped while the tool was starting (connecting to its host): it ends at once
            process.stop();
            state = State.STOPPED;
            return;
        }
        state = State.RUNNING;
        Thread errors = Thread.ofVirtual().start(this::keepErrors);
        boolean failed = false;
        try (OutputStream raw = Files.newOutputStream(rawFile);
             LineSource lines = LineSource.live(rawFile.getFileName().toString(), new Kept(process.stdout(), raw, source),
                     Cancellation.NONE)) {
            AutoDetectParser.delegate(parser, lines, context(started), source);
            while (lines.next() != null) {
                // the parser stopped early: the raw file still keeps everything the tool printed
            }
        } catch (ParserFailureException e) {
            failed = true;
            warn("the parser failed, so the rest of this tool's output is not read: " + e.getMessage());
        } catch (IOException | RuntimeException e) {
            failed = true;
            if (!stopping) warn("reading its output failed: " + e.getMessage());
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
            return;
        }
        state = failed ? State.FAILED : State.ENDED;
        String why = code == -1 ? "the connection to the host was lost" : "the tool exited with code " + code;
        warn(why + " before the collect was stopped" + (lastError.isEmpty() ? "" : "; it said: " + lastError));
    }

    /** The context an import of the raw file would have, but for the start: the collector's clock when the tool started. */
    private ParseContext context(Instant started) {
        return new ParseContext(rawFile.getFileName().toString())
                .set(TimeOptions.class, new TimeOptions(zone, Optional.empty(), Optional.of(Duration.ofSeconds(intervalSeconds)), Optional.empty()))
                .set(FallbackStart.class, new FallbackStart(started, "the collector's receive time (when " + tool.name() + " started)"));
    }

    /** The tool's error output, kept beside its raw file; its last line names what went wrong when it ends. */
    private void keepErrors() {
        Path file = rawFile.resolveSibling(rawFile.getFileName().toString().replaceFirst("\\.txt$", "") + ".err");
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

    private void warn(String message) {
        problem = message;
        source.warning(0, "host " + host() + ", tool " + tool.name() + ": " + message);
    }

    /** Ends the tool; its stream then ends, with everything it printed read. */
    void stop() {
        stopping = true;
        ToolProcess p = process;
        if (p != null) p.stop();
    }

    /** The tool's output as its parser reads it, every byte also written to the raw file and counted by the source. */
    private static final class Kept extends FilterInputStream {
        private final OutputStream raw;
        private final LiveImport.Source source;

        Kept(InputStream in, OutputStream raw, LiveImport.Source source) {
            super(in);
            this.raw = raw;
            this.source = source;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                raw.write(b, off, n);
                raw.flush();
                source.bytes(b, off, n);
            }
            return n;
        }
    }
}
