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
 * @param unread     when no parser takes the input, what it is as far as statlens can tell, to say so: a tool's output
 *                   it does not read ({@code it is zpool iostat output, which statlens does not read}), or why its
 *                   tool's parser cannot read it ({@link Parser#unreadable})
 */
public record Detection(Optional<Parser> parser, List<Candidate> candidates, List<String> notices, Optional<String> unread) {
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
        return new Detection(Optional.of(parser), List.of(), List.of(), Optional.empty());
    }

    /**
     * The detection of a ranking (highest first): its first parser if it is sure enough
     * ({@link #THRESHOLD}) and no other is equally sure; {@code unread} names the tool of an input no parser takes.
     */
    public static Detection ranked(List<Candidate> ranked, List<String> notices, Optional<String> unread) {
        Optional<Parser> best = Optional.empty();
        if (!ranked.isEmpty() && ranked.get(0).confidence() >= THRESHOLD
                && (ranked.size() == 1 || ranked.get(1).confidence() != ranked.get(0).confidence())) {
            best = Optional.of(ranked.get(0).parser());
        }
        return new Detection(best, ranked, notices, best.isPresent() ? Optional.empty() : unread);
    }

    /**
     * The three most confident parsers ("closest: iostat 30%, sar 10%"), or a sentence when none sees anything; first
     * what the input is, when it is a tool's output statlens does not read.
     */
    public String closest() {
        String known = candidates.stream().filter(c -> c.confidence() > 0).limit(3)
                .map(c -> c.parser().info().tool() + String.format(Locale.ROOT, " %.0f%%", c.confidence() * 100))
                .collect(Collectors.joining(", "));
        if (unread.isPresent()) {
            return unread.get() + (known.isEmpty() ? "" : "; closest: " + known);
        }
        return known.isEmpty() ? "nothing in it looks like any known tool's output" : "closest: " + known;
    }
}
