package io.statlens.store.load;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A parser driven by its input, to test the import pipeline without real formats. First line
 * {@code #scripted}; then one command per line:
 * <pre>
 * dataset NAME [KEY]   later "columns" announce data set "scripted.NAME", keyed by KEY (unkeyed without)
 * columns a b c        announce data set "scripted" with these metrics (again = header change), in %;
 *                      a[KiB] gives one its own unit
 * 1700000000 k 1 2 3   a row: epoch seconds, key ("-" = none), values
 * summary tps 123.4    a summary value
 * fact name value      a fact (the value runs to the end of the line)
 * throw message        the parser fails
 * anything else        a warning "unexpected line"
 * </pre>
 */
public final class ScriptedParser implements Parser {
    private static final ParserInfo INFO = ParserInfo.builtIn("scripted", "test");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public double sniff(Head head) {
        return !head.lines().isEmpty() && head.lines().get(0).equals("#scripted") ? 1 : 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        DatasetSpec spec = null;
        String datasetName = "";
        String keyLabel = "Key";
        long sample = 0;
        sink.variant("test");
        String line;
        while ((line = lines.next()) != null) {
            String[] t = line.trim().split("\\s+");
            if (line.startsWith("#") || line.isBlank()) continue;
            switch (t[0]) {
                case "dataset" -> {
                    datasetName = t[1];
                    keyLabel = t.length > 2 ? t[2] : "";
                }
                case "columns" -> {
                    List<Metric> metrics = new ArrayList<>();
                    for (int i = 1; i < t.length; i++) metrics.add(metric(t[i]));
                    spec = new DatasetSpec("scripted", datasetName, keyLabel, metrics);
                    sink.dataset(spec);
                }
                case "summary" -> sink.summary(SummaryValue.of("scripted", t[1], Double.parseDouble(t[2]), "1/s"));
                case "fact" -> sink.fact(t[1], line.trim().split("\\s+", 3)[2]);
                case "throw" -> throw new IllegalStateException(t.length > 1 ? t[1] : "boom");
                default -> {
                    if (!t[0].matches("\\d+") || spec == null || t.length != spec.metrics().size() + 2) {
                        sink.warning(lines.lineNumber(), "unexpected line");
                        continue;
                    }
                    double[] v = new double[t.length - 2];
                    for (int i = 2; i < t.length; i++) v[i - 2] = Double.parseDouble(t[i]);
                    sink.row(spec, new Row(sample++, Instant.ofEpochSecond(Long.parseLong(t[0])), t[1].equals("-") ? "" : t[1], false, v));
                }
            }
        }
    }

    /** {@code label} in %, or {@code label[unit]}. */
    private static Metric metric(String column) {
        int open = column.indexOf('[');
        if (open < 1 || !column.endsWith("]")) return Metric.of(column, "%");
        return Metric.of(column.substring(0, open), column.substring(open + 1, column.length() - 1));
    }
}
