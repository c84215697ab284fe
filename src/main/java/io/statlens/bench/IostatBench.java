package io.statlens.bench;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Row;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code statlens bench --workload iostat}: on generated {@code iostat -x -t} output, measures the iostat parser
 * alone (every row of every data set into a sink that counts them) and statlens' import of the file (parsing
 * included), in turn (A/B/A/B...). Issue 13's peer for this workload, NMONVisualizer's {@code IOStatParser}, is not
 * ours to ship: docs/bench.md says how it was measured on the same file.
 */
public final class IostatBench {
    public static final String PARSE = "parse only (iostat parser, all rows)";
    public static final String IMPORT = "statlens import (parse + store)";

    private IostatBench() {
    }

    /**
     * @param work        a folder for the repositories
     * @param input       the generated iostat output
     * @param repetitions runs of each step
     * @param progress    told after every run
     */
    public static List<Samples> run(Path work, Workload input, int repetitions, Consumer<String> progress) throws Exception {
        Parser iostat = ParserCatalog.installed().byTool("iostat")
                .orElseThrow(() -> new IllegalStateException("the iostat parser is not installed"));
        return Alternation.run(repetitions, List.of(
                new Alternation.Step(PARSE, r -> Stopwatch.measure(() -> parse(iostat, input.file()))),
                new Alternation.Step(IMPORT, r -> {
                    // every run into a fresh repository, created before the clock starts
                    Path at = work.resolve("repo-iostat-" + r);
                    try (Repository repo = Repository.open(RepositoryLocation.embedded(at))) {
                        return Stopwatch.measure(() -> new ImportService(repo, new ParserCatalog(List.of(iostat)))
                                .run(ImportRequest.of("bench", ZoneOffset.UTC, input.file()), ImportProgress.NONE).rows());
                    } finally {
                        ImportBench.deleteTree(at);
                    }
                })), progress);
    }

    private static long parse(Parser parser, Path input) throws Exception {
        CountingSink sink = new CountingSink();
        try (InputStream in = Files.newInputStream(input); LineSource lines = LineSource.of(input.getFileName().toString(), in)) {
            parser.parse(lines, ParseContext.simple(input.getFileName().toString()), sink);
        }
        if (sink.firstWarning != null) {
            throw new IllegalStateException("the iostat parser warned about the generated input, so it would not measure a clean parse: "
                    + sink.firstWarning);
        }
        return sink.rows;
    }

    /** Counts the rows of every data set (devices and {@code avg-cpu}), as the import does. */
    private static final class CountingSink extends RowCountingSink {
        @Override
        public void row(DatasetSpec spec, Row row) {
            rows++;
        }
    }
}
