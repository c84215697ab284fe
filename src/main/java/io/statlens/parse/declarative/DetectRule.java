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

    /** Whether every pattern matches a line of the head; a pattern that exceeds a line's budget does not match it. */
    public boolean matches(Head head) {
        for (Pattern p : patterns) {
            if (!anyMatch(p, head)) return false;
        }
        return true;
    }

    private static boolean anyMatch(Pattern p, Head head) {
        for (String line : head.lines()) {
            try {
                if (new BudgetedLine(line).matcher(p).find()) return true;
            } catch (BudgetedLine.TooSlow e) {
                // a runaway pattern does not decide detection
            }
        }
        return false;
    }
}
