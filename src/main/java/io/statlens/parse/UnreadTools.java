package io.statlens.parse;

import io.statlens.parse.spi.Head;
import io.statlens.parse.text.Tokens;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Output of a tool that statlens does not read, told from a file's first lines so that its refusal can name it
 * instead of saying that nothing in it looks like a known tool's output. Only what cannot be another tool's output:
 * free(1)'s header of labels ({@code total used free ...}) right above its {@code Mem:} line of amounts.
 */
final class UnreadTools {
    /** An amount as free prints it: bytes, KiB..., or scaled with a unit ({@code 2.0G}, {@code 566M}, {@code 0B}). */
    private static final Pattern AMOUNT = Pattern.compile("\\d+(?:[.,]\\d+)?[BKMGTPE]?i?");

    private UnreadTools() {
    }

    /** The tool's name ({@code free(1)}) when the first lines are its output. */
    static Optional<String> name(Head head) {
        List<String> lines = head.lines();
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (isFreeHeader(Tokens.split(lines.get(i))) && isFreeMemory(Tokens.split(lines.get(i + 1)))) {
                return Optional.of("free(1)");
            }
        }
        return Optional.empty();
    }

    private static boolean isFreeHeader(String[] words) {
        return words.length >= 3 && words[0].equals("total") && words[1].equals("used") && words[2].equals("free");
    }

    private static boolean isFreeMemory(String[] words) {
        if (words.length < 4 || !words[0].equals("Mem:")) return false;
        for (int i = 1; i < words.length; i++) {
            if (!AMOUNT.matcher(words[i]).matches()) return false;
        }
        return true;
    }
}
