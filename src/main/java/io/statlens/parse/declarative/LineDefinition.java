package io.statlens.parse.declarative;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A {@code [line]}: a line that carries a whole record by itself, such as prstat's
 * {@code Total: 87 processes, 402 lwps, load averages: 0.02, 0.03, 0.04}. Each named group of the
 * regex is a metric; each matching line is one unkeyed row of the data set.
 *
 * @param dataset data set name, lower-case
 * @param variant variant reported when such a line is seen; may be empty
 * @param match   the regex with named groups
 * @param groups  the group names in the order they appear in the regex
 * @param columns units, descriptions and value reading of the groups
 */
public record LineDefinition(String dataset, String variant, Pattern match, List<String> groups, ColumnRules columns) {
    public LineDefinition {
        groups = List.copyOf(groups);
    }
}
