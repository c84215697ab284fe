package io.statlens.parse;

import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserProvider;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * All parsers statlens knows, and content-based detection among them.
 *
 * <p>Order, documented in docs/parsers.md: built-in Java parsers ({@code META-INF/services}), then
 * providers (the declarative definitions shipped in the jar, then the user's folder). A later parser
 * with the same tool id replaces an earlier one, so a user's definition overrides a built-in one.
 */
public final class ParserRegistry {
    private final Map<String, Parser> byTool;

    public ParserRegistry(List<Parser> parsers) {
        Map<String, Parser> map = new LinkedHashMap<>();
        for (Parser p : parsers) {
            map.remove(p.tool());
            map.put(p.tool(), p);
        }
        this.byTool = map;
    }

    /** Built-in and declarative parsers, the user's folder last. */
    public static ParserRegistry load(Path userParserDir) {
        List<Parser> all = new ArrayList<>();
        ServiceLoader.load(Parser.class).forEach(all::add);
        all.sort(Comparator.comparing(Parser::tool));
        for (ParserProvider provider : ServiceLoader.load(ParserProvider.class)) {
            all.addAll(provider.parsers(userParserDir));
        }
        return new ParserRegistry(all);
    }

    public List<Parser> all() {
        return List.copyOf(byTool.values());
    }

    public Optional<Parser> byTool(String tool) {
        return Optional.ofNullable(byTool.get(tool.toLowerCase()));
    }

    /** A parser's confidence for a file. */
    public record Candidate(Parser parser, double confidence) {
    }

    /**
     * Every parser's confidence, highest first. A parser that throws while sniffing is reported as
     * unsure (0), so one broken plug-in cannot stop detection for the others.
     */
    public List<Candidate> rank(Head head) {
        List<Candidate> out = new ArrayList<>();
        for (Parser p : byTool.values()) {
            double c;
            try {
                c = p.sniff(head);
            } catch (RuntimeException e) {
                c = 0;
            }
            out.add(new Candidate(p, Math.max(0, Math.min(1, c))));
        }
        out.sort(Comparator.comparingDouble(Candidate::confidence).reversed());
        return out;
    }

    /**
     * The parser for this content, or empty when none is sure enough ({@link Detection#THRESHOLD}) or
     * two are equally sure (the user must choose with {@code --tool}).
     */
    public Optional<Parser> detect(Head head) {
        return best(rank(head));
    }

    /**
     * The detected parser of a ranking from {@link #rank}: the first if it is sure enough and not tied. For
     * callers that show the ranking too, so that every parser sniffs the file only once.
     */
    public static Optional<Parser> best(List<Candidate> ranked) {
        if (ranked.isEmpty() || ranked.get(0).confidence() < Detection.THRESHOLD) return Optional.empty();
        if (ranked.size() > 1 && ranked.get(1).confidence() == ranked.get(0).confidence()) return Optional.empty();
        return Optional.of(ranked.get(0).parser());
    }
}
