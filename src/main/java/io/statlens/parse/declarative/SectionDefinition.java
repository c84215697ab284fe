package io.statlens.parse.declarative;

import java.util.regex.Pattern;

/**
 * A {@code [section]}: a title line, such as lockstat's {@code Adaptive mutex spin: 7314 events in 5.018 seconds
 * (1458 events/sec)} or plockstat's {@code Mutex block}, that decides the data set of the tables after it (those
 * whose {@code dataset = {section}}), until the next title.
 *
 * @param match    recognises the title line; its group {@code title}, if it has one, is the title, else the whole line
 * @param dataset  the data set of the tables under such a title, lower-case
 * @param keyTitle whether the title is the first part of the rows' keys (a section for titles not listed one by one)
 */
public record SectionDefinition(Pattern match, String dataset, boolean keyTitle) {
    /** The {@code dataset} value of a table whose data set its section's title decides. */
    public static final String FROM_SECTION = "{section}";
}
