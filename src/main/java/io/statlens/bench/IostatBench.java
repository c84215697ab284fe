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
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code statlens bench --workload iostat} (and {@code nmon}, {@code mysqladmin}, {@code sar}): on generated {@code iostat -x -t}
 * output (or an nmon file, {@code mysqladmin ext -r -i 1} output, a day of {@code sar -A}), measures the tool's parser alone (every row of
 * every data set into a sink that counts them) and statlens' import of the file (parsing included), in turn
 * (A/B/A/B...). The peers (NMONVisualizer's parsers, pt-mext) are run as whole processes by {@link PeerBench};
 * docs/bench.md says how.
 */
public final class IostatBench {
    public static final String IMPORT = "statlens import (parse + store)";

    private IostatBench() {
    }

    /**
     * @param work        a folder for the repositories
     * @param input       the generated output of the tool
     * @param tool        the tool id whose parser reads it ({@code iostat}, {@code nmon}, {@code mysql-status})
     * @param repetitions runs of each step
     * @param progress    told after every run
     */
    public static List<Samples> run(Path work, Workload input, String tool, int repetitions, Consumer<String> progress) throws Exception {
        return Alternation.run(repetitions, steps(work, input, tool, IMPORT), progress);
    }

    /**
     * The same, and beside it (in turn with it) the same two steps on an anchor's input read by another tool's parser,
     * so that the rows per CPU second of both are measured in one run ({@code --workload sar} against mpstat).
     *
     * @param anchorImport the name of the anchor's import step
     */
    public static List<Samples> run(Path work, Workload input, String tool, Workload anchor, String anchorTool, String anchorImport,
                                    int repetitions, Consumer<String> progress) throws Exception {
        List<Alternation.Step> steps = new ArrayList<>(steps(work, input, tool, IMPORT));
        steps.addAll(steps(work, anchor, anchorTool, anchorImport));
        return Alternation.run(repetitions, steps, progress);
    }

    private static List<Alternation.Step> steps(Path work, Workload input, String tool, String importName) {
        Parser parser = ParserCatalog.installed().byTool(tool)
                .orElseThrow(() -> new IllegalStateException("the " + tool + " parser is not installed"));
        return List.of(
                new Alternation.Step("parse only (" + tool + " parser, all rows)", r -> Stopwatch.measure(() -> parse(parser, input.file()))),
                new Alternation.Step(importName, r -> {
                    // every run into a fresh repository, created before the clock starts
                    Path at = work.resolve("repo-" + tool + "-" + r);
                    try (Repository repo = Repository.open(RepositoryLocation.embedded(at))) {
                        return Stopwatch.measure(() -> new ImportService(repo, new ParserCatalog(List.of(parser)))
                                .run(ImportRequest.of("bench", ZoneOffset.UTC, input.file()), ImportProgress.NONE).rows());
                    } finally {
                        ImportBench.deleteTree(at);
                    }
                }));
    }

    private static long parse(Parser parser, Path input) throws Exception {
        CountingSink sink = new CountingSink();
        try (InputStream in = Files.newInputStream(input); LineSource lines = LineSource.of(input.getFileName().toString(), in)) {
            parser.parse(lines, ParseContext.simple(input.getFileName().toString()), sink);
        }
        if (sink.firstWarning != null) {
            throw new IllegalStateException("the " + parser.info().tool() + " parser warned about the generated input, so it would"
                    + " not measure a clean parse: " + sink.firstWarning);
        }
        return sink.rows;
    }

    /** Counts the rows of every data set (iostat's devices and {@code avg-cpu}, every nmon section), as the import does. */
    private static final class CountingSink extends RowCountingSink {
        @Override
        public void row(DatasetSpec spec, Row row) {
            rows++;
        }
    }
}
