package io.statlens.parse.spi;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * When each line of a tool's output reached the collector, a {@link ParseContext} value: output that prints no time
 * stamp of its own has its samples at these times rather than at a start plus whole intervals. A collect records
 * them as the lines arrive and keeps them in a side file beside the raw file ({@code vmstat.txt} and
 * {@code vmstat.times}), so that the raw file stays the tool's own output and an import of it reads the same times
 * back.
 *
 * <p>The side file has a line {@code N<TAB>INSTANT} for each read that completed lines: line {@code N} and the
 * lines after it up to the next entry were complete at that instant.
 *
 * <p>A sample is at the receive time of the first line after the one read when the sample before it was timed:
 * parsers that see a report's end only at the next report's first line (iostat) are not put an interval late.
 */
public final class ReceiveTimes {
    /** How a side file's name ends. */
    public static final String SUFFIX = ".times";

    private final String name;
    private final NavigableMap<Long, Instant> byLine = new ConcurrentSkipListMap<>();
    private LineSource lines;
    private long timedThrough;
    private long lastSample = -1;
    private Instant lastTime;

    /** @param name the side file's name, for the {@code time.source} fact */
    public ReceiveTimes(String name) {
        this.name = name;
    }

    /** The side file of a raw file: {@code vmstat.txt} has {@code vmstat.times}. */
    public static Path besides(Path rawFile) {
        return rawFile.resolveSibling(rawFile.getFileName().toString().replaceFirst("\\.txt$", "") + SUFFIX);
    }

    /**
     * The receive times kept beside a raw file, if it has a side file; a line of it that is not {@code N<TAB>INSTANT}
     * is {@code file:line: what was expected}.
     */
    public static java.util.Optional<ReceiveTimes> beside(Path rawFile) throws IOException {
        Path file = besides(rawFile);
        if (rawFile.equals(file) || !Files.isRegularFile(file)) return java.util.Optional.empty();
        ReceiveTimes times = new ReceiveTimes(file.getFileName().toString());
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String text;
            long n = 0;
            while ((text = in.readLine()) != null) {
                n++;
                String[] parts = text.split("\t");
                try {
                    if (parts.length != 2) throw new NumberFormatException();
                    times.received(Long.parseLong(parts[0]), Instant.parse(parts[1]));
                } catch (NumberFormatException | DateTimeParseException e) {
                    throw new io.statlens.model.UserException(file + ":" + n + ": expected a line number, a tab and an instant"
                            + " (2026-12-02T04:10:11.123Z), the collector's receive time of that line");
                }
            }
        }
        return java.util.Optional.of(times);
    }

    /** The side file's name. */
    public String name() {
        return name;
    }

    /** Line {@code line} and the ones after it (to the next entry) were complete at {@code at}. */
    public void received(long line, Instant at) {
        byLine.put(line, at);
    }

    /** The lines the parser reads, whose position decides which line a sample is on. */
    public void follow(LineSource lines) {
        this.lines = lines;
    }

    /**
     * The time of the 0-based sample number: the receive time of the first line after the one read when the sample
     * before was timed (asking again for the same sample gives the same time).
     */
    public synchronized Instant ofSample(long sample) {
        if (sample == lastSample && lastTime != null) return lastTime;
        Map.Entry<Long, Instant> at = byLine.floorEntry(timedThrough + 1);
        if (at == null) at = byLine.firstEntry();
        lastTime = at == null ? Instant.EPOCH : at.getValue();
        lastSample = sample;
        if (lines != null) timedThrough = Math.max(timedThrough, lines.lineNumber());
        return lastTime;
    }

    /** The receive time of the first line: where elapsed times printed by the tool count from. */
    public Instant first() {
        Map.Entry<Long, Instant> first = byLine.firstEntry();
        return first == null ? Instant.EPOCH : first.getValue();
    }
}
