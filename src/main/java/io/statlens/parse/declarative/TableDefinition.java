package io.statlens.parse.declarative;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A {@code [table]}: a header line recognised by a regex, whose whitespace-separated labels name the
 * columns of the data rows under it.
 *
 * @param dataset        data set name, lower-case; empty for the tool's main data set
 * @param variant        variant reported when this header is seen; may be empty
 * @param kind           series rows or facts
 * @param header         recognises the header line
 * @param leadingColumns labels of leading data columns the header does not name (nicstat -x's interface)
 * @param keyColumns     labels of the key column(s); empty for unkeyed rows
 * @param time           where the rows' time is printed
 * @param reportStart    what starts a new report
 * @param sinceBoot      whether the first report of the data set averages since boot
 * @param textColumns    labels kept out of the metrics
 * @param columns        units, descriptions and value reading of the metric columns
 */
public record TableDefinition(String dataset, String variant, TableKind kind, Pattern header, List<String> leadingColumns,
                              List<String> keyColumns, TimeSpec time, Set<ReportStart> reportStart, boolean sinceBoot,
                              Set<String> textColumns, ColumnRules columns) {
    public TableDefinition {
        leadingColumns = List.copyOf(leadingColumns);
        keyColumns = List.copyOf(keyColumns);
        reportStart = Set.copyOf(reportStart);
        textColumns = Set.copyOf(textColumns);
    }
}
