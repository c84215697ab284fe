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
 * translated header's columns get their English names, and the language becomes the fact {@code header.language}); BSD's
 * and macOS's df alike ({@code 512-blocks}, {@code iused ifree %iused}). Sizes are read in KiB ({@link DfSizes}: blocks
 * of the header's size, {@code -h}'s {@code 12G} or {@code 466Gi}, {@code -H}'s {@code 494G}); {@code Use%} as a
 * number. A file system whose name is too long for its column (df without {@code -P} puts its numbers on the next line)
 * is read across the two lines; names and mount points may hold blanks ({@code map -hosts}). See docs/tools/df.md.
 */
public final class DfParser extends SnapshotLoopParser {
    static final String TOOL = "df";
    private static final ParserInfo INFO = ParserInfo.builtIn(TOOL, "df");
    /** A percentage or a count. */
    private static final Pattern NUMBER = Pattern.compile("^(\\d+(?:[.,]\\d+)?)[KMGTPE]?i?%?$");
    /** A column with no value, as GNU's {@code -P -T} prints for proc and sysfs. */
    private static final String NONE = "-";
    private static final String KIB = "KiB";

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
            /** The KiB a plain number of a size column stands for: the header's block size, a byte under -h's Size. */
            private double plainKib;
            private boolean typed;
            /** The snapshot's lines, and whether they are -H's (powers of 1000), told once a size with a suffix is read. */
            private List<TranscriptLine> lines;
            private Boolean si;
            private final Set<String> languagesSaid = new HashSet<>();
            private long rows;

            @Override
            public void snapshot(long sample, Instant time, double seconds, List<TranscriptLine> lines) {
                this.lines = lines;
                si = null;
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
                plainKib = names.contains("Size") ? 1.0 / 1024 : 1;
                for (String name : names) {
                    if (DfSizes.blockKib(name) > 0) plainKib = DfSizes.blockKib(name);
                }
                List<Metric> metrics = new ArrayList<>();
                for (String name : names) {
                    String unit = name.endsWith("%") || name.equals("Capacity") ? "%"
                            : name.toLowerCase(Locale.ROOT).startsWith("i") ? "count" : KIB;
                    metrics.add(new Metric(name, unit, unit.equals(KIB) ? "KiB, whatever the block size df printed in" : ""));
                }
                spec = new DatasetSpec(TOOL, "", "Mounted on", metrics);
                sink.dataset(spec);
            }

            private void row(long sample, Instant time, List<String> cells, long number) {
                int first = valuesFrom(cells);
                if (first < 0) {
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

            /**
             * Where the values start: after the file system (and -T's type), at the first of as many cells as there are
             * columns that are all values, with the mount point after them; -1 if there is none. A file system's name
             * may hold blanks (macOS's automounter's {@code map -hosts}), as may the mount point after the values.
             */
            private int valuesFrom(List<String> cells) {
                for (int from = typed ? 2 : 1; from + columns.size() < cells.size(); from++) {
                    boolean all = true;
                    for (int i = 0; i < columns.size() && all; i++) all = isValue(cells.get(from + i));
                    if (all) return from;
                }
                return -1;
            }

            private boolean isValue(String cell) {
                return cell.equals(NONE) || DfSizes.isValue(cell);
            }

            /** A number as df prints it: a size ({@link DfSizes}), a percentage or a count; NaN for {@code -}. */
            private double value(String cell, String unit) {
                if (unit.equals(KIB)) {
                    boolean suffixed = !cell.isEmpty() && Character.isLetter(cell.charAt(cell.length() - 1));
                    if (suffixed && si == null) si = lines.stream().anyMatch(l -> DfSizes.si(l.text()));
                    return DfSizes.kib(cell, plainKib, suffixed && si);
                }
                Matcher m = NUMBER.matcher(cell);
                return m.matches() ? Double.parseDouble(m.group(1).replace(',', '.')) : Double.NaN;
            }

            @Override
            public void finish(long snapshots) {
                if (rows == 0) sink.warning(0, "no df output found (expected a header Filesystem ... Mounted on, then file systems)");
                else sink.variant("df");
            }
        };
    }
}
