package io.statlens.parse.declarative;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A {@code [line]}: a line that carries a whole record by itself, such as prstat's
 * {@code Total: 87 processes, 402 lwps, load averages: 0.02, 0.03, 0.04}. Each named group of the
 * regex is a metric, except the groups named in {@code key}; each matching line is one row of the data set.
 *
 * <p>A keyed line (DTrace's printa rows: {@code read     1234}) belongs to a report like a table's row: a key
 * already in the report, or a time line, starts the next one. The key part {@link #LINES} is the lines just before
 * the record that no rule matched (a stack printed one frame per line), joined with {@code ;}.
 *
 * @param dataset   data set name, lower-case
 * @param variant   variant reported when such a line is seen; may be empty
 * @param match     the regex with named groups
 * @param groups    the metric group names in the order they appear in the regex
 * @param keyGroups the groups (and {@link #LINES}) that make the row's key, joined with {@code /}; empty for none
 * @param columns   units, descriptions and value reading of the groups
 * @param split     the group read by shape ({@code split = <group>}): its numbers are the values {@code value},
 *                  {@code value2}, ... in order, its other words the key (a DTrace printa() with a format of the script's
 *                  own); empty for none
 * @param heading   a heading line a script prints above such records ({@code PID CMD TIME FILE}), whose labels name the
 *                  split cells when there are as many: a number under a label of {@code headingKeys} is a key column,
 *                  under another label a value of that name
 * @param headingKeys labels of a heading's columns that are keys even when they hold numbers ({@code PID})
 */
public record LineDefinition(String dataset, String variant, Pattern match, List<String> groups, List<String> keyGroups,
                             ColumnRules columns, String split, Optional<Pattern> heading, Set<String> headingKeys,
                             Optional<Pattern> commandLacks) {
    /** The metric of the first number of a split group; the next are {@code value2}, {@code value3}, ... */
    public static final String SPLIT_VALUE = "value";

    /** The key part made of the unmatched lines before the record. */
    public static final String LINES = "lines";

    public LineDefinition {
        groups = List.copyOf(groups);
        keyGroups = List.copyOf(keyGroups);
        headingKeys = Set.copyOf(headingKeys);
    }

    /**
     * Whether the record may read a line after this pasted command of the tool (its arguments, or null when none was
     * pasted): a record with {@code command.lacks} reads only after a command whose arguments do not match it.
     */
    public boolean appliesAfter(String commandArguments) {
        return commandLacks.isEmpty() || commandArguments != null && !commandLacks.get().matcher(commandArguments).find();
    }

    public boolean keyed() {
        return !keyGroups.isEmpty() || splits();
    }

    public boolean splits() {
        return !split.isEmpty();
    }

    public boolean keyedByLines() {
        return keyGroups.contains(LINES);
    }
}
