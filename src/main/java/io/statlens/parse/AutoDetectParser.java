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
import io.statlens.parse.transcript.PastedHead;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

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
     * sure enough and not tied. A parser that throws counts as 0 and leaves a notice saying so. A head that was
     * pasted into a reply or a document ({@code > } quotes, a code block's indentation) is ranked as well without
     * what pasting added ({@link PastedHead}), and each parser keeps its better confidence of the two.
     */
    public Detection detect(Head head) {
        Optional<Head> pasted = PastedHead.of(head).map(PastedHead::head);
        List<Detection.Candidate> ranked = new ArrayList<>();
        List<String> notices = new ArrayList<>();
        for (Parser p : catalog.all()) {
            double confidence = confidence(p, head, notices);
            if (pasted.isPresent()) confidence = Math.max(confidence, confidence(p, pasted.get(), notices));
            ranked.add(new Detection.Candidate(p, confidence));
        }
        ranked.sort(Comparator.comparingDouble(Detection.Candidate::confidence).reversed());
        List<String> distinct = notices.stream().distinct().toList();
        Detection detection = Detection.ranked(ranked, distinct, Optional.empty());
        // only a file no parser takes is looked at for a tool statlens does not read, to name it in the refusal
        return detection.parser().isPresent() ? detection : Detection.ranked(ranked, distinct, unread(head, pasted));
    }

    /** What a head no parser takes is: a tool's output statlens does not read, or its tool's but unreadable, and why. */
    private Optional<String> unread(Head head, Optional<Head> pasted) {
        Optional<String> tool = UnreadOutputs.of(head).map(name -> "it is " + name + " output, which statlens does not read");
        if (tool.isPresent()) return tool;
        for (Parser p : catalog.all()) {
            for (Head h : pasted.isPresent() ? List.of(head, pasted.get()) : List.of(head)) {
                Optional<String> why = unreadable(p, h);
                if (why.isPresent()) return why;
            }
        }
        return Optional.empty();
    }

    /** A parser's account of a head it cannot read; a parser that throws gives none, and the refusal stands without it. */
    private static Optional<String> unreadable(Parser p, Head head) {
        try {
            return p.unreadable(head);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A parser's confidence, 0 to 1; 0 and a notice when it throws. */
    private static double confidence(Parser p, Head head, List<String> notices) {
        double confidence;
        try {
            confidence = p.sniff(head);
        } catch (RuntimeException e) {
            confidence = 0;
            notices.add("parser " + p.info().label() + " failed while detecting and was not considered: " + e);
        }
        return Double.isNaN(confidence) ? 0 : Math.max(0, Math.min(1, confidence));
    }

    /**
     * Why this head is detected as it is: the detection, whether the lines were read without what pasting added,
     * and the fewest of its lines that give the detected parser the same confidence (the evidence it used: a
     * banner, a column header, the shape of sample or summary lines). For {@code statlens import --dry-run};
     * it sniffs the detected parser once per line of the head, so it is not run on every import.
     */
    public DetectionEvidence explain(Head head) {
        Detection detection = detect(head);
        if (detection.parser().isEmpty()) return new DetectionEvidence(detection, List.of(), List.of());
        Parser parser = detection.parser().get();
        double confidence = detection.candidates().get(0).confidence();
        Optional<PastedHead> pasted = PastedHead.of(head);
        List<String> changes = List.of();
        Head read = head;
        // read without what pasting added whenever that gives the rating: a parser that takes a reply's quote markers
        // off by itself rates both alike, and the person is told what was taken off all the same
        if (pasted.isPresent() && confidence(parser, pasted.get().head(), new ArrayList<>()) >= confidence) {
            read = pasted.get().head();
            changes = pasted.get().changes();
        }
        boolean[] needed = new boolean[read.lines().size()];
        Arrays.fill(needed, true);
        // Drop every line the confidence does not need, from the last up: what is left, the earliest such lines,
        // is what it was decided on.
        for (int i = needed.length - 1; i >= 0; i--) {
            needed[i] = false;
            if (confidence(parser, select(read, needed), new ArrayList<>()) < confidence) needed[i] = true;
        }
        List<DetectionEvidence.Line> evidence = new ArrayList<>();
        for (int i = 0; i < needed.length; i++) {
            if (needed[i]) evidence.add(new DetectionEvidence.Line(i + 1, read.lines().get(i)));
        }
        return new DetectionEvidence(detection, changes, evidence);
    }

    private static Head select(Head head, boolean[] lines) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            if (lines[i]) kept.add(head.lines().get(i));
        }
        return new Head(head.fileName(), kept);
    }

    /** The confidence of the parser that would be detected; 0 when none would. */
    @Override
    public double sniff(Head head) {
        Detection d = detect(head);
        return d.parser().isPresent() ? d.candidates().get(0).confidence() : 0;
    }

    /**
     * Parses with the parser the context's {@link Detection} names, else with the one detected from the
     * input's first lines. An input no parser recognises is a file-level warning. What a document added at its page
     * breaks is left out before any parser sees it ({@link LineSource}): a footer with a notice, the line after a form
     * feed taken for the running header with a warning, since it could have been a line of the output.
     */
    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        lines.onPageBreak((line, text, footer) -> {
            if (footer) sink.notice(line, "page footer of a document left out: '" + text + "'");
            else sink.warning(line, "line after a page break (form feed) left out as the page's running header: '"
                    + (text.length() > 80 ? text.substring(0, 80) + "…" : text)
                    + "'; if it is a line of the output, remove the form feed before it");
        });
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
        public void wholeKey(DatasetSpec spec, String stored, String whole) {
            try {
                sink.wholeKey(spec, stored, whole);
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
