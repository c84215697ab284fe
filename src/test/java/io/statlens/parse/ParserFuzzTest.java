package io.statlens.parse;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.RecordSink;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Coverage-guided fuzzing of every parser, built-in and declarative, and of detection: whatever the
 * bytes, a parser returns (with warnings) and never throws, every row fits the spec it was announced
 * with, and every value a repository would store is finite. In the normal test run each method replays
 * its saved inputs ({@code ParserFuzzTestInputs/<method>/}: every crash found, minimised); with
 * {@code JAZZER_FUZZ=1} it fuzzes, seeded with the corpus (docs/fuzzing.md, {@code .ci/fuzz}).
 */
class ParserFuzzTest {
    /** The shipped parsers: built-in ones and the declarative definitions in the jar; no user folder. */
    private static final ParserCatalog REGISTRY = ParserCatalog.load(Path.of("no-user-parsers"));
    private static final AutoDetectParser DETECTION = new AutoDetectParser(REGISTRY);

    @FuzzTest(maxDuration = "30m")
    void arcstat(byte[] input) {
        parse("arcstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void dbt2(byte[] input) {
        parse("dbt2", input);
    }

    @FuzzTest(maxDuration = "30m")
    void df(byte[] input) {
        parse("df", input);
    }

    @FuzzTest(maxDuration = "30m")
    void diskstats(byte[] input) {
        parse("diskstats", input);
    }

    @FuzzTest(maxDuration = "30m")
    void dstat(byte[] input) {
        parse("dstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void faban(byte[] input) {
        parse("faban", input);
    }

    @FuzzTest(maxDuration = "30m")
    void iostat(byte[] input) {
        parse("iostat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void mpstat(byte[] input) {
        parse("mpstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void innodbMutex(byte[] input) {
        parse("innodb-mutex", input);
    }

    @FuzzTest(maxDuration = "30m")
    void innodbStatus(byte[] input) {
        parse("innodb-status", input);
    }

    @FuzzTest(maxDuration = "30m")
    void meminfo(byte[] input) {
        parse("meminfo", input);
    }

    @FuzzTest(maxDuration = "30m")
    void mysqlStatus(byte[] input) {
        parse("mysql-status", input);
    }

    @FuzzTest(maxDuration = "30m")
    void mysqlVariables(byte[] input) {
        parse("mysql-variables", input);
    }

    @FuzzTest(maxDuration = "30m")
    void perfschemaWaits(byte[] input) {
        parse("perfschema-waits", input);
    }

    @FuzzTest(maxDuration = "30m")
    void ptMext(byte[] input) {
        parse("pt-mext", input);
    }

    @FuzzTest(maxDuration = "30m")
    void nicstat(byte[] input) {
        parse("nicstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void pidstat(byte[] input) {
        parse("pidstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void nmon(byte[] input) {
        parse("nmon", input);
    }

    @FuzzTest(maxDuration = "30m")
    void perfStat(byte[] input) {
        parse("perf-stat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void dtrace(byte[] input) {
        parse("dtrace", input);
    }

    @FuzzTest(maxDuration = "30m")
    void lockstat(byte[] input) {
        parse("lockstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void plockstat(byte[] input) {
        parse("plockstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void procstat(byte[] input) {
        parse("procstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void procvmstat(byte[] input) {
        parse("procvmstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void prstat(byte[] input) {
        parse("prstat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void sar(byte[] input) {
        parse("sar", input);
    }

    @FuzzTest(maxDuration = "30m")
    void sysbench(byte[] input) {
        parse("sysbench", input);
    }

    @FuzzTest(maxDuration = "30m")
    void tpcc(byte[] input) {
        parse("tpcc", input);
    }

    @FuzzTest(maxDuration = "30m")
    void top(byte[] input) {
        parse("top", input);
    }

    @FuzzTest(maxDuration = "30m")
    void vm_stat(byte[] input) {
        parse("vm_stat", input);
    }

    @FuzzTest(maxDuration = "30m")
    void vmstat(byte[] input) {
        parse("vmstat", input);
    }

    /** Detection reads the first lines of anything and ranks every parser; no sniff may throw. */
    @FuzzTest(maxDuration = "30m")
    void detection(byte[] input) {
        List<String> lines = new ArrayList<>();
        try (LineSource source = LineSource.of("fuzz.txt", new ByteArrayInputStream(input))) {
            String line;
            while (lines.size() < Head.MAX_LINES && (line = source.next()) != null) lines.add(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Head head = Head.of("fuzz.txt", lines);
        for (Parser p : REGISTRY.all()) {
            double confidence = p.sniff(head);
            if (!(confidence >= 0 && confidence <= 1)) throw new AssertionError(p.info().tool() + " sniffed " + confidence);
        }
        DETECTION.detect(head);
    }

    /**
     * Parses the bytes as the import does: through {@link AutoDetectParser#delegate}, which turns what a parser
     * throws into a failure and passes every record through the {@link CheckedSink}, into a sink that checks them.
     */
    static void parse(String tool, byte[] input) {
        Parser parser = REGISTRY.byTool(tool).orElseThrow();
        try (LineSource lines = LineSource.of("fuzz.txt", new ByteArrayInputStream(input))) {
            AutoDetectParser.delegate(parser, lines, ParseContext.simple("fuzz.txt"), new CheckingSink());
        } catch (UserException refused) {
            // a header past DatasetSpec.MAX_METRICS labels: refused with file:line, exit code 1
            if (!refused.getMessage().startsWith("fuzz.txt:")) throw new AssertionError("a refusal without file:line", refused);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Keeps nothing; throws {@link AssertionError} on a record no repository could take. */
    private static final class CheckingSink implements RecordSink {
        private final Map<String, DatasetSpec> announced = new HashMap<>();

        @Override
        public void dataset(DatasetSpec spec) {
            announced.put(spec.qualifiedName(), spec);
        }

        @Override
        public void row(DatasetSpec spec, Row row) {
            if (!spec.equals(announced.get(spec.qualifiedName()))) throw new AssertionError("row of an unannounced spec " + spec);
            if (row.values().length != spec.metrics().size()) {
                throw new AssertionError(row.values().length + " values for " + spec.metrics().size() + " metrics of " + spec);
            }
            for (double v : row.values()) {
                if (Double.isInfinite(v)) throw new AssertionError("infinite value passed the checked sink");
            }
            if (row.sample() < 0) throw new AssertionError("negative sample " + row.sample());
        }

        @Override
        public void summary(SummaryValue value) {
            if (!Double.isFinite(value.value())) throw new AssertionError("summary " + value + " passed the checked sink");
        }

        @Override
        public void fact(Fact fact) {
            if (fact.name() == null || fact.value() == null) throw new AssertionError("fact without name or value: " + fact);
        }

        @Override
        public void warning(long line, String message) {
            if (line < 0 || message == null || message.isBlank()) throw new AssertionError("warning without a reason at " + line);
        }

        @Override
        public void notice(long line, String message) {
            warning(line, message);
        }

        @Override
        public void variant(String variant) {
        }

        @Override
        public void derivedTimes(io.statlens.parse.spi.DerivedTimes times) {
        }
    }
}
