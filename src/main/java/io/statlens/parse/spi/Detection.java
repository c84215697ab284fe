package io.statlens.parse.spi;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which parser reads an input, and why: either chosen by the user ({@code --tool}, a tool per file), or
 * detected from the input's first lines, with every parser's confidence. Set in a {@link ParseContext},
 * it tells the auto-detecting parser that the choice is already made, so no parser sniffs twice.
 *
 * @param parser     the parser to use; empty when none is sure enough or two are equally sure
 * @param candidates every parser's confidence, highest first; empty when the parser was chosen
 * @param notices    what went wrong while detecting (a parser that threw in {@code sniff}), kept with the file
 * @param unread     the tool whose output the input is when statlens does not read that tool ({@code free(1)}),
 *                   else empty: said when no parser is picked
 */
public record Detection(Optional<Parser> parser, List<Candidate> candidates, List<String> notices, String unread) {
    /** A parser must be at least this sure to be picked without {@code --tool}. */
    public static final double THRESHOLD = 0.5;

    /** A parser's confidence for an input, 0 to 1. */
    public record Candidate(Parser parser, double confidence) {
    }

    public Detection {
        Objects.requireNonNull(parser);
        candidates = List.copyOf(candidates);
        notices = List.copyOf(notices);
        Objects.requireNonNull(unread);
    }

    /** A parser the user chose: no detection. */
    public static Detection chosen(Parser parser) {
        return new Detection(Optional.of(parser), List.of(), List.of(), "");
    }

    /**
     * The detection of a ranking (highest first): its first parser if it is sure enough
     * ({@link #THRESHOLD}) and no other is equally sure; {@code unread} names the tool statlens does not read whose
     * output the input is, empty when it is none.
     */
    public static Detection ranked(List<Candidate> ranked, List<String> notices, String unread) {
        Optional<Parser> best = Optional.empty();
        if (!ranked.isEmpty() && ranked.get(0).confidence() >= THRESHOLD
                && (ranked.size() == 1 || ranked.get(1).confidence() != ranked.get(0).confidence())) {
            best = Optional.of(ranked.get(0).parser());
        }
        return new Detection(best, ranked, notices, unread);
    }

    /**
     * The three most confident parsers ("closest: iostat 30%, sar 10%"), or a sentence when none sees anything; first,
     * the tool statlens does not read that the input is the output of.
     */
    public String closest() {
        if (!unread.isEmpty()) return "it is the output of " + unread + ", which statlens does not read";
        String known = candidates.stream().filter(c -> c.confidence() > 0).limit(3)
                .map(c -> c.parser().info().tool() + String.format(Locale.ROOT, " %.0f%%", c.confidence() * 100))
                .collect(Collectors.joining(", "));
        return known.isEmpty() ? "nothing in it looks like any known tool's output" : "closest: " + known;
    }
}
