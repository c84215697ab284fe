package io.statlens.parse.builtin.proc;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.transcript.TranscriptLine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Snapshots of {@code df} (pt-stalk's {@code -df}, {@code df -k}; also {@code -P}, {@code -h}, {@code -i},
 * {@code -T}; see {@link SnapshotLoopParser}): data set {@code df}, one row per mounted file system keyed by where it
 * is mounted, the columns by the header's names, in English or any language coreutils ships ({@link DfHeader}: a
 * translated header's columns get their English names, and the language becomes the fact {@code header.language}). Sizes of
 * {@code -h} ({@code 12G}) are read in KiB, like {@code -k}'s; {@code Use%} as a number. A file system whose name is
 * too long for its column (df without {@code -P} puts its numbers on the next line) is read across the two lines.
 * See docs/tools/df.md.
 */
public final class DfParser extends SnapshotLoopParser {
    static final String TOOL = "df";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "df");
    private static final Pattern SIZE = Pattern.compile("^(\\d+(?:[.,]\\d+)?)([KMGTPE]?)i?%?$");
    private static final String UNITS = "KMGTPE";

    public DfParser() {
        super(Set.of("df"));
    }

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public List<String> datasets() {
        return List.of(TOOL);
    }

    @Override
    public double sniff(Head head) {
        for (String line : head.lines()) {
            if (DfHeader.read(line).isPresent()) return startsWithTs(head.lines()) ? 0.95 : 0.9;
        }
        return 0;
    }

    @Override
    boolean opens(String line) {
        return DfHeader.read(line).isPresent();
    }

    @Override
    Snapshots reader(RecordSink sink) {
        return new Snapshots() {
            private DatasetSpec spec;
            private List<String> columns;
            private boolean typed;
            private final Set<String> languagesSaid = new HashSet<>();
            private long rows;

            @Override
            public void snapshot(long sample, Instant time, double seconds, List<TranscriptLine> lines) {
                String wrapped = null;
                for (TranscriptLine line : lines) {
                    String text = line.text().strip();
                    Optional<DfHeader.Header> header = DfHeader.read(text);
                    if (header.isPresent()) {
                        header(header.get());
                        continue;
                    }
                    if (spec == null) {
                        sink.warning(line.number(), "expected df's header (Filesystem ... Mounted on) before the file systems");
                        continue;
                    }
                    String[] words = Tokens.split(text);
                    if (words.length == 1 && wrapped == null) {
                        wrapped = words[0];
                        continue;
                    }
                    List<String> cells = new ArrayList<>(Arrays.asList(words));
                    if (wrapped != null) cells.add(0, wrapped);
                    wrapped = null;
                    row(sample, time, cells, line.number());
                }
            }

            private void header(DfHeader.Header header) {
                if (!header.language().equals("en") && languagesSaid.add(header.language())) {
                    sink.fact("header.language", header.language());
                }
                List<String> names = header.columns();
                if (spec != null && names.equals(columns) && header.typed() == typed) return;
                columns = names;
                typed = header.typed();
                List<Metric> metrics = new ArrayList<>();
                for (String name : names) {
                    String unit = name.endsWith("%") || name.equals("Capacity") ? "%"
                            : name.toLowerCase(Locale.ROOT).startsWith("i") ? "count" : "KiB";
                    metrics.add(new Metric(name, unit, unit.equals("KiB") ? "KiB, whatever the block size df printed in" : ""));
                }
                spec = new DatasetSpec(TOOL, "", "Mounted on", metrics);
                sink.dataset(spec);
            }

            private void row(long sample, Instant time, List<String> cells, long number) {
                int first = typed ? 2 : 1;
                if (cells.size() < first + columns.size() + 1) {
                    sink.warning(number, "expected a file system, " + columns.size() + " values and where it is mounted");
                    return;
                }
                double[] values = new double[columns.size()];
                for (int i = 0; i < columns.size(); i++) {
                    values[i] = value(cells.get(first + i), spec.metrics().get(i).unit());
                }
                String mount = String.join(" ", cells.subList(first + columns.size(), cells.size()));
                sink.row(spec, new Row(sample, time, mount, false, values));
                rows++;
            }

            /** A number as df prints it: plain (in blocks of the header's size), with a unit (-h) or a percentage. */
            private double value(String cell, String unit) {
                Matcher m = SIZE.matcher(cell);
                if (!m.matches()) return Double.NaN;
                double v = Double.parseDouble(m.group(1).replace(',', '.'));
                if (!m.group(2).isEmpty() && unit.equals("KiB")) v *= Math.pow(1024, UNITS.indexOf(m.group(2)));
                return v;
            }

            @Override
            public void finish(long snapshots) {
                if (rows == 0) sink.warning(0, "no df output found (expected a header Filesystem ... Mounted on, then file systems)");
                else sink.variant("df");
            }
        };
    }
}
