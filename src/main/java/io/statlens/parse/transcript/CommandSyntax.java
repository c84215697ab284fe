package io.statlens.parse.transcript;

import java.util.Set;
import java.util.function.Predicate;

/**
 * How a tool is typed on a command line, so that {@link PastedCommand} can find and read it.
 *
 * @param names             the program names ({@code arcstat}, {@code arcstat.pl}, {@code arcstat.py}); a path
 *                          before them ({@code /usr/bin/}, {@code ~/}) is allowed
 * @param optionsWithValue  options whose value is the next word ({@code -p}, {@code -o}); {@code --name=value}
 *                          and clusters ending in such a letter are understood without listing them
 * @param valueIf           for options whose value is optional: whether the next word is their value
 *                          (Linux {@code iostat -p} takes a device list but not an interval)
 * @param bareArgument      for a line that is the command without a prompt: whether its first argument
 *                          makes it a command rather than tool output that starts with the tool's name
 *                          ({@code sysbench 1.0.20 (using LuaJIT)} is a banner, {@code sysbench --threads=4 run}
 *                          a command)
 */
public record CommandSyntax(Set<String> names, Set<String> optionsWithValue, ValueRule valueIf,
                            Predicate<String> bareArgument) {

    /** Whether the word after an option is that option's value. */
    @FunctionalInterface
    public interface ValueRule {
        boolean takesValue(String option, String next);
    }

    public CommandSyntax {
        names = Set.copyOf(names);
        optionsWithValue = Set.copyOf(optionsWithValue);
    }

    /** A tool whose listed options take the next word as their value; a bare command line needs an option or a number. */
    public static CommandSyntax of(Set<String> names, Set<String> optionsWithValue) {
        return new CommandSyntax(names, optionsWithValue, (option, next) -> true, CommandSyntax::optionOrNumber);
    }

    public CommandSyntax withValueRule(ValueRule rule) {
        return new CommandSyntax(names, optionsWithValue, rule, bareArgument);
    }

    public CommandSyntax withBareArgument(Predicate<String> rule) {
        return new CommandSyntax(names, optionsWithValue, valueIf, rule);
    }

    /** {@code -x}, {@code --x}, {@code 5}: what follows the tool's name when a line is its command. */
    public static boolean optionOrNumber(String word) {
        if (word.startsWith("-") && word.length() > 1) return true;
        return !word.isEmpty() && Character.isDigit(word.charAt(0)) && word.chars().allMatch(c -> Character.isDigit(c) || c == '.');
    }

    /** Whether a word names the tool, with or without a path. */
    boolean isName(String word) {
        String base = word.substring(word.lastIndexOf('/') + 1);
        return names.contains(base);
    }
}
