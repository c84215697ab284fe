package io.statlens.parse.transcript;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Output glued to the command line that printed it, as a careless copy leaves it when the line break between
 * them is lost: {@code root@db01:~# arcstat 1time  read  ddread  ddh%}, {@code $ nicstat -x12:25:57   RdKB  WrKB},
 * {@code example% prstat 1 1PID   USERNAME  SWAP}. A typed command has single blanks between its words; a tool's
 * column-aligned output has runs of blanks. So a command line whose text goes on, after the tool's name, with at
 * least {@link #ALIGNED_RUNS} runs of two or more blanks holds output, which starts in the first word, up to the one
 * before the first run, that ends with it: at a time of day that ends the word ({@code -x12:25:57}, or a two-digit hour's
 * after a count or a word's colon: {@code 211:30:49}, {@code shows:06:50:01}), else at the word that ends it ({@link #WORD_AT_END}:
 * {@code 1time}, {@code 1PID}, {@code -xLinux}, {@code rssPID}), else at the word before the first run
 * itself when a blank comes before it and it is no option or number ({@code arcstat 1 time  read}).
 */
final class GluedOutput {
    /** Runs of two or more blanks in the rest of the line that make it column-aligned output, not a typed command. */
    private static final int ALIGNED_RUNS = 2;
    private static final Pattern WORD = Pattern.compile("\\S+");
    private static final Pattern RUN = Pattern.compile("\\S(\\s{2,})");
    private static final Pattern TIME_AT_END = Pattern.compile("(?<![0-9:])(?:[01]?\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d)?$");
    /**
     * A time of day glued to a number ({@code mpstat -P ALL 211:30:49}) or to a word that ends in a colon
     * ({@code sar -u ALL shows:06:50:01}): sysstat prints its hours with two digits ({@code %H}, {@code %I}), so the
     * time is the last eight characters, the digits before them the command's count, the word prose.
     */
    private static final Pattern GLUED_CLOCK = Pattern.compile("(?<=\\d|\\p{L}:)(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$");
    /**
     * Output's first word at the end of a word of the command: letters (or {@code %}) after a digit or a closing bracket
     * ({@code 1time}, {@code 5avg-cpu:}), a capitalised word after an option's letters ({@code -xLinux},
     * {@code -UTime}, {@code -vcPID}), capitals or a capitalised word after lower case ({@code rssPID}, {@code johnPID}).
     */
    private static final Pattern WORD_AT_END = Pattern.compile(
            "(?<=[0-9)\\]}])[A-Za-z%][A-Za-z%_/:-]*$"
                    + "|(?<=^-{1,2}[A-Za-z]{1,4}?)(?:[A-Z][a-z]|[A-Z]{2})[A-Za-z%_/:-]*$"
                    + "|(?<=[a-z])(?:[A-Z]{2,}|[A-Z][a-z]+)[A-Za-z%_/:-]*$");

    private GluedOutput() {
    }

    /**
     * Where the output starts in a command line that holds some, an index into {@code line}; empty when the line
     * is the command alone.
     *
     * @param commandStart where the tool's command starts in the line (after the prompt), so that output is looked
     *                     for after its first word (the tool's name)
     */
    static OptionalInt start(String line, int commandStart) {
        int afterName = commandStart;
        while (afterName < line.length() && Character.isWhitespace(line.charAt(afterName))) afterName++;
        while (afterName < line.length() && !Character.isWhitespace(line.charAt(afterName))) afterName++;
        Matcher run = RUN.matcher(line);
        if (!run.find(afterName)) return OptionalInt.empty();
        int firstRun = run.start(1);
        int runs = 1;
        while (run.find()) runs++;
        if (runs < ALIGNED_RUNS) return OptionalInt.empty();
        // the first word, up to the one before the first run, that ends with the start of output
        Matcher word = WORD.matcher(line).region(afterName, firstRun);
        int lastWord = -1;
        while (word.find()) {
            lastWord = word.start();
            String w = word.group();
            Matcher time = TIME_AT_END.matcher(w);
            if (time.find() && time.start() > 0) return OptionalInt.of(word.start() + time.start());
            Matcher clock = GLUED_CLOCK.matcher(w);
            if (clock.find()) return OptionalInt.of(word.start() + clock.start());
            Matcher letters = WORD_AT_END.matcher(w);
            if (letters.find()) return OptionalInt.of(word.start() + letters.start());
        }
        if (lastWord < 0) return OptionalInt.empty();
        String last = line.substring(lastWord, firstRun);
        // a whole word after a blank: output, unless it is an argument (an option, a number) of a command typed loosely
        return last.startsWith("-") || CommandSyntax.optionOrNumber(last) ? OptionalInt.empty() : OptionalInt.of(lastWord);
    }
}
