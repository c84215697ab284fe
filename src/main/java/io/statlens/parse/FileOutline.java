package io.statlens.parse;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.HostPrefix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What the import plan shows of a file, or of one part of a file that holds several tools' or hosts' output, before it
 * is read: how many of the file's lines its parser reads, their bytes (a part's as the import counts them: the bytes of
 * its own lines), and the host those lines name, if they name one.
 *
 * <p>The host is the part's own (pdsh's or clush's {@code node1: } prefix), else what the detected parser records as
 * the {@code host} fact from the first lines ({@link Head}) it would read (a sysstat banner's {@code (db01)}), else the
 * prefix of a file of one host's lines, else the host folder a collect kept the file in. Output that names no host
 * (vmstat prints none) has none: the import gives it the run's.
 *
 * @param lines the lines read: all of a file's, or those of the part ({@link FilePart#keeps})
 * @param bytes their bytes, each line with its line end
 * @param host  the host the lines name, if any
 */
public record FileOutline(long lines, long bytes, Optional<String> host) {
    /** A whole file, read by the parser detection chose for it, if any. */
    public static FileOutline of(Path file, Optional<Parser> parser) {
        long lines;
        try (LineSource source = LineSource.of(file.getFileName().toString(), Files.newInputStream(file))) {
            while (source.next() != null) {
                // counted by the source
            }
            lines = source.lineNumber();
            long bytes = Files.size(file);
            Head head = ImportPlanner.head(file);
            Optional<String> host = parser.flatMap(p -> hostFact(p, head))
                    .or(() -> HostPrefix.of(head.lines()).map(HostPrefix::host))
                    .or(() -> CollectSideFile.collectedHost(file));
            return new FileOutline(lines, bytes, host);
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    /** A part of a file, as {@link FileParts} found and detected it. */
    public static FileOutline of(Path file, FileParts.Detected part) {
        PartLines counted = new PartLines(part.part());
        try (LineSource source = LineSource.of(file.getFileName().toString(), Files.newInputStream(file)).select(counted)) {
            while (source.next() != null) {
                // counted by the selection
            }
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
        Optional<String> host = part.part().host()
                .or(() -> part.detection().parser().flatMap(p -> hostFact(p, FileParts.head(file, part.part()))));
        return new FileOutline(counted.lines(), counted.bytes(), host);
    }

    /**
     * The {@code host} fact the parser records from these first lines, if it records one: only the lines detection saw
     * are read, so that a file of millions of lines costs the plan no more than its head.
     */
    private static Optional<String> hostFact(Parser parser, Head head) {
        HostFact sink = new HostFact();
        try (LineSource lines = LineSource.ofString(head.fileName(), String.join("\n", head.lines()))) {
            parser.parse(lines, ParseContext.simple(head.fileName()), sink);
        } catch (IOException | RuntimeException e) {
            // a head cut mid-report may not parse to its end: what was read before is enough for a banner's host
        }
        return Optional.ofNullable(sink.host).filter(h -> !h.isBlank());
    }

    /** Keeps the first {@code host} fact a parser records; everything else it records is dropped. */
    private static final class HostFact implements RecordSink {
        private String host;

        @Override
        public void fact(Fact fact) {
            if (host == null && fact.name().equals("host")) host = fact.value();
        }

        @Override
        public void dataset(DatasetSpec spec) {
        }

        @Override
        public void row(DatasetSpec spec, Row row) {
        }

        @Override
        public void summary(SummaryValue value) {
        }

        @Override
        public void warning(long line, String message) {
        }

        @Override
        public void notice(long line, String message) {
        }

        @Override
        public void variant(String variant) {
        }

        @Override
        public void derivedTimes(DerivedTimes times) {
        }
    }
}
