package io.statlens.parse;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.Row;
import io.statlens.model.SummaryValue;
import io.statlens.model.UserException;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserFailureException;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A parser for any tool of a {@link ParserCatalog}, after Tika's {@code AutoDetectParser}: it ranks the
 * catalog on the input's first lines and hands the input to the parser detected, or to the one a
 * {@link Detection} in the context already names ({@code --tool}, or the import's plan). Whatever the
 * delegate throws besides {@link IOException} comes out as a {@link ParserFailureException} naming the
 * parser, its version and the {@code file:line} it had reached; a parser that throws while sniffing is
 * left out of the ranking with a notice, and the others still decide.
 */
public final class AutoDetectParser implements Parser {
    /** This parser's own description; its variants are the tools it can delegate to. */
    private final ParserInfo info;
    private final ParserCatalog catalog;

    public AutoDetectParser(ParserCatalog catalog) {
        this.catalog = catalog;
        this.info = new ParserInfo("auto", "1", catalog.tools(), ParserInfo.BUILT_IN);
    }

    public ParserCatalog catalog() {
        return catalog;
    }

    @Override
    public ParserInfo info() {
        return info;
    }

    /**
     * Every parser's confidence for this head, highest first, and the parser detected: the first if it is
     * sure enough and not tied. A parser that throws counts as 0 and leaves a notice saying so.
     */
    public Detection detect(Head head) {
        List<Detection.Candidate> ranked = new ArrayList<>();
        List<String> notices = new ArrayList<>();
        for (Parser p : catalog.all()) {
            double confidence;
            try {
                confidence = p.sniff(head);
            } catch (RuntimeException e) {
                confidence = 0;
                notices.add("parser " + p.info().label() + " failed while detecting and was not considered: " + e);
            }
            ranked.add(new Detection.Candidate(p, Double.isNaN(confidence) ? 0 : Math.max(0, Math.min(1, confidence))));
        }
        ranked.sort(Comparator.comparingDouble(Detection.Candidate::confidence).reversed());
        return Detection.ranked(ranked, notices);
    }

    /** The confidence of the parser that would be detected; 0 when none would. */
    @Override
    public double sniff(Head head) {
        Detection d = detect(head);
        return d.parser().isPresent() ? d.candidates().get(0).confidence() : 0;
    }

    /**
     * Parses with the parser the context's {@link Detection} names, else with the one detected from the
     * input's first lines. An input no parser recognises is a file-level warning.
     */
    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        Detection detection = context.get(Detection.class).orElse(null);
        if (detection == null) detection = detect(lines.head());
        for (String notice : detection.notices()) sink.notice(0, notice);
        if (detection.parser().isEmpty()) {
            sink.warning(0, "no parser recognises this file (" + detection.closest() + ")");
            return;
        }
        delegate(detection.parser().get(), lines, context, sink);
    }

    /**
     * Runs one parser, turning what it throws (other than an {@link IOException}, checked or unchecked) into a
     * {@link ParserFailureException} that names it and the line it had reached. What the sink throws passes
     * unchanged: it is the caller's failure, not the parser's. Every record passes the {@link CheckedSink}
     * first, so that what no repository can hold (an overflowed value) is a warning whatever the parser.
     */
    public static void delegate(Parser parser, LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        GuardedSink guarded = new GuardedSink(sink, lines);
        try {
            parser.parse(lines, context, new CheckedSink(guarded, lines));
        } catch (SinkFailure e) {
            throw e.getCause();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (RuntimeException e) {
            throw new ParserFailureException(parser.info(), lines.name(), lines.lineNumber(), e);
        }
    }

    /** What a sink threw, carried through the parser so that it is not mistaken for the parser's failure. */
    private static final class SinkFailure extends RuntimeException {
        SinkFailure(RuntimeException cause) {
            super(cause);
        }

        @Override
        public synchronized RuntimeException getCause() {
            return (RuntimeException) super.getCause();
        }
    }

    /**
     * A sink that marks what the real sink throws. A data set the repository refuses (too many metrics for a table)
     * is refused at the header that announced it, {@code file:line}; so is a header past {@link DatasetSpec#MAX_METRICS}
     * labels, before the repository is asked.
     */
    private record GuardedSink(RecordSink sink, LineSource lines) implements RecordSink {
        @Override
        public void dataset(DatasetSpec spec) {
            if (spec.metrics().size() > DatasetSpec.MAX_METRICS) {
                throw new SinkFailure(new UserException(lines.name() + ":" + lines.lineNumber() + ": a header of "
                        + String.format(Locale.ROOT, "%,d", spec.metrics().size()) + " labels for " + spec.qualifiedName()
                        + "; a data set has at most " + String.format(Locale.ROOT, "%,d", DatasetSpec.MAX_METRICS)
                        + " metrics, so the file is not imported"));
            }
            try {
                sink.dataset(spec);
            } catch (UserException e) {
                throw new SinkFailure(new UserException(lines.name() + ":" + lines.lineNumber() + ": " + e.getMessage(), e));
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void row(DatasetSpec spec, Row row) {
            try {
                sink.row(spec, row);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void summary(SummaryValue value) {
            try {
                sink.summary(value);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void fact(Fact fact) {
            try {
                sink.fact(fact);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void warning(long line, String message) {
            try {
                sink.warning(line, message);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void notice(long line, String message) {
            try {
                sink.notice(line, message);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void variant(String variant) {
            try {
                sink.variant(variant);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }

        @Override
        public void derivedTimes(DerivedTimes times) {
            try {
                sink.derivedTimes(times);
            } catch (RuntimeException e) {
                throw new SinkFailure(e);
            }
        }
    }
}
