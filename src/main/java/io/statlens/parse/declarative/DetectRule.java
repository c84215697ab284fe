package io.statlens.parse.declarative;

import io.statlens.parse.spi.Head;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One {@code detect} line: when every pattern matches somewhere in the head, the file is the tool's
 * output with this confidence.
 */
public record DetectRule(double confidence, List<Pattern> patterns) {
    public DetectRule {
        patterns = List.copyOf(patterns);
    }

    public boolean matches(Head head) {
        for (Pattern p : patterns) {
            if (!head.anyMatch(p)) return false;
        }
        return true;
    }
}
