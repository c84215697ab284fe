package io.statlens.parse.declarative;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A {@code [table]}: a header line recognised by a regex, whose whitespace-separated labels name the
 * columns of the data rows under it.
 *
 * @param dataset        data set name, lower-case; empty for the tool's main data set;
 *                       {@link SectionDefinition#FROM_SECTION} for the one the last section title decides
 * @param variant        variant reported when this header is seen; may be empty
 * @param kind           series rows or facts
 * @param header         recognises the header line
 * @param leadingColumns labels of leading data columns the header does not name (nicstat -x's interface)
 * @param keyColumns     labels of the key column(s); empty for unkeyed rows
 * @param time           where the rows' time is printed
 * @param reportStart    what starts a new report
 * @param sinceBoot      whether the first report of the data set averages since boot
 * @param textColumns    labels kept out of the metrics
 * @param wide           the column that takes a row's surplus cells (a lock name with blanks); empty for the last
 *                       column when it is a text column
 * @param phrases        labels the header prints with blanks ({@code Hottest CPU+PIL}): their words make one label
 * @param columns        units, descriptions and value reading of the metric columns
 */
public record TableDefinition(String dataset, String variant, TableKind kind, Pattern header, List<String> leadingColumns,
                              List<String> keyColumns, TimeSpec time, Set<ReportStart> reportStart, boolean sinceBoot,
                              Set<String> textColumns, String wide, List<String> phrases, ColumnRules columns) {
    public TableDefinition {
        leadingColumns = List.copyOf(leadingColumns);
        keyColumns = List.copyOf(keyColumns);
        reportStart = Set.copyOf(reportStart);
        textColumns = Set.copyOf(textColumns);
        phrases = List.copyOf(phrases);
    }

    /** The header's words as labels: the words of a phrase joined into one. */
    public List<String> labels(String[] words) {
        if (phrases.isEmpty()) return Arrays.asList(words);
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String joined = null;
            for (String phrase : phrases) {
                String[] parts = phrase.split(" ");
                if (i + parts.length <= words.length
                        && Arrays.equals(parts, Arrays.copyOfRange(words, i, i + parts.length))) {
                    joined = phrase;
                    i += parts.length - 1;
                    break;
                }
            }
            labels.add(joined != null ? joined : words[i]);
        }
        return labels;
    }
}
