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
    /** A time of day as sysstat prints it ({@code %H:%M:%S}, {@code %I:%M:%S}). */
    private static final Pattern CLOCK = Pattern.compile("(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d");
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
        int afterName = afterName(line, commandStart);
        OptionalInt afterArguments = clockAfterArguments(line, afterName);
        if (afterArguments.isPresent()) return afterArguments;
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

    /** {@link #clockAfterArguments} of a command that starts at {@code commandStart}: the one rule for a line without prompt. */
    static OptionalInt clockStart(String line, int commandStart) {
        return clockAfterArguments(line, afterName(line, commandStart));
    }

    private static int afterName(String line, int commandStart) {
        int afterName = commandStart;
        while (afterName < line.length() && Character.isWhitespace(line.charAt(afterName))) afterName++;
        while (afterName < line.length() && !Character.isWhitespace(line.charAt(afterName))) afterName++;
        return afterName;
    }

    /**
     * Where sysstat's output starts after the command's arguments, whatever the blanks (a page may have collapsed them
     * to one): at a time of day ({@code %H:%M:%S}, two-digit hours) that comes after a count or interval
     * ({@code mpstat -P ALL 2 19:43:58 CPU}), or glued to one or to a word's colon ({@code mpstat 219:45:12 CPU},
     * {@code shows:06:50:01 PM}), with a word of output after it. The arguments before it are options, their values
     * and numbers; a time after an option is its value ({@code sar -s 10:00:00}), and a line's last word is typed.
     */
    private static OptionalInt clockAfterArguments(String line, int afterName) {
        Matcher word = WORD.matcher(line).region(afterName, line.length());
        String previous = null;
        boolean previousIsOption = false;
        while (word.find()) {
            String w = word.group();
            int end = word.end();
            Matcher glued = GLUED_CLOCK.matcher(w);
            boolean clockWord = CLOCK.matcher(w).matches() && previous != null && isNumber(previous);
            if ((clockWord || glued.find()) && hasOutputAfter(line, end)) {
                return OptionalInt.of(clockWord ? word.start() : word.start() + glued.start());
            }
            // a word of prose ends the arguments; an option's value may be any word (-P ALL, -p sda)
            if (!w.startsWith("-") && !isNumber(w) && !previousIsOption) return OptionalInt.empty();
            previousIsOption = w.startsWith("-") && w.length() > 1 && Character.isLetter(w.charAt(w.length() - 1));
            previous = w;
        }
        return OptionalInt.empty();
    }

    private static boolean isNumber(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (!Character.isDigit(word.charAt(i))) return false;
        }
        return !word.isEmpty();
    }

    /** A word after the time that is no number: a header's label, AM/PM, a row's CPU or device. */
    private static boolean hasOutputAfter(String line, int end) {
        Matcher next = WORD.matcher(line).region(end, line.length());
        return next.find() && !isNumber(next.group());
    }
}
