package io.statlens.parse.builtin.mysql;

import io.statlens.parse.text.Numbers;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a typed {@code mysqladmin} command says about its output: the interval ({@code -i 10}, {@code -i10},
 * {@code --sleep=10}, {@code -ri10}) and whether it prints differences ({@code -r}, {@code --relative}, {@code -ri10}).
 * A cluster of short options counts only when it starts with a letter that takes no value: {@code -uroot} is the
 * user {@code root}, not {@code -r}.
 *
 * @param interval the seconds between snapshots, if typed
 * @param relative whether {@code -r} was given
 */
record MysqladminOptions(Optional<Duration> interval, boolean relative) {
    /** mysqladmin's short options that take a value (the word after them, or the rest of the cluster). */
    private static final String WITH_VALUE = "cSuphPiOwD";
    private static final Pattern CLUSTER = Pattern.compile("^-([A-Za-z]+)(\\d+(?:\\.\\d+)?)?$");

    static MysqladminOptions of(List<String> arguments) {
        Optional<Duration> interval = Optional.empty();
        boolean relative = false;
        for (int i = 0; i < arguments.size(); i++) {
            String a = arguments.get(i);
            String next = i + 1 < arguments.size() ? arguments.get(i + 1) : "";
            if (a.equals("--relative")) relative = true;
            else if (a.startsWith("--sleep=")) interval = seconds(a.substring("--sleep=".length()));
            else if (a.equals("--sleep")) interval = seconds(next);
            else if (!a.startsWith("--")) {
                Matcher m = CLUSTER.matcher(a);
                if (!m.matches()) continue;
                String letters = m.group(1);
                // letters up to the first one that takes a value are flags; that one takes the rest or the next word
                for (int k = 0; k < letters.length(); k++) {
                    char c = letters.charAt(k);
                    if (WITH_VALUE.indexOf(c) < 0) {
                        if (c == 'r') relative = true;
                        continue;
                    }
                    if (c == 'i') {
                        String rest = letters.substring(k + 1) + (m.group(2) == null ? "" : m.group(2));
                        interval = seconds(rest.isEmpty() ? next : rest);
                    }
                    break;
                }
            }
        }
        return new MysqladminOptions(interval, relative);
    }

    private static Optional<Duration> seconds(String text) {
        if (!Numbers.isNumber(text)) return Optional.empty();
        double s = Numbers.parse(text);
        if (!(s > 0 && s < 86_400)) return Optional.empty();
        return Optional.of(Duration.ofMillis(Math.round(s * 1000)));
    }
}
