package io.statlens.parse.builtin.nmon;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Labels;
import io.statlens.parse.text.Numbers;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One nmon section as its header line names it ({@code DISKBUSY,Disk %Busy host,sda,sdb}), and how its snapshot
 * lines ({@code DISKBUSY,T0001,6.8,0.0}) become rows: the value in a line's cell i belongs to the header's cell i.
 * Header cells left blank are not columns: nmon 15 writes {@code NETPACKET}'s header with a blank after every name,
 * and its lines hold one value per name.
 */
final class Section {
    static final String TOOL = "nmon";
    /** TOP's columns that hold text, not numbers: the command's name, and AIX's workload manager class. */
    private static final Set<String> TOP_TEXT = Set.of("Command", "WLMclass");
    /** Suffixes of the columns of a section that has a column per key and metric ({@code eth0-read-KB/s}). */
    private static final List<String> METRIC_SUFFIXES = List.of("read-KB/s", "write-KB/s", "read/s", "write/s",
            "reads/s", "writes/s", "readsize", "writesize", "ierrs", "oerrs", "collisions", "xfer-tps");

    /**
     * The metric of the known sections with one value per key, by data set: short names that stay the same whatever
     * the version of nmon describes the section with ({@code Disk %Busy}, {@code Disk Group Busy}). Others are named
     * by their description.
     */
    private static final Map<String, Metric> ONE_METRIC = oneMetric(
            "diskbusy", "%busy", "%", "dgbusy", "%busy", "%", "vgbusy", "%busy", "%",
            "diskread", "read KB/s", "KB/s", "dgread", "read KB/s", "KB/s", "vgread", "read KB/s", "KB/s",
            "diskwrite", "write KB/s", "KB/s", "dgwrite", "write KB/s", "KB/s", "vgwrite", "write KB/s", "KB/s",
            "diskxfer", "xfers/s", "1/s", "dgxfer", "xfers/s", "1/s", "vgxfer", "xfers/s", "1/s",
            "diskrxfer", "read xfers/s", "1/s", "diskbsize", "block KB", "KB", "dgsize", "block KB", "KB",
            "vgsize", "size KB", "KB", "diskrio", "reads/s", "1/s", "diskwio", "writes/s", "1/s",
            "diskavgrio", "average reads/s", "1/s", "diskavgwio", "average writes/s", "1/s",
            "diskserv", "service ms", "ms", "diskreadserv", "read service ms", "ms",
            "diskwriteserv", "write service ms", "ms", "diskwait", "wait queue ms", "ms",
            "jfsfile", "%used", "%", "jfsinode", "%inodes used", "%", "paging", "free MB", "MB");

    private static Map<String, Metric> oneMetric(String... datasetLabelUnit) {
        Map<String, Metric> m = new java.util.HashMap<>();
        for (int i = 0; i < datasetLabelUnit.length; i += 3) {
            m.put(datasetLabelUnit[i], Metric.of(datasetLabelUnit[i + 1], datasetLabelUnit[i + 2]));
        }
        return Map.copyOf(m);
    }

    private final String name;
    private final SectionFamily family;
    private final long headerLine;
    private final DatasetSpec spec;
    /** Per data cell (from cell 0): the column's number in the spec's terms; -1 for no column. */
    private final int[] columnOfCell;
    /**
     * For a section of known layout whose header names a cell none of its documented columns: per data cell, the
     * column of the name documented at that place, used for lines holding the documented number of values; else null.
     */
    private final int[] documentedColumnOfCell;
    /** COLUMNS: per column, the key's number and the metric's number. */
    private final int[] keyOfColumn;
    private final int[] metricOfColumn;
    private final List<String> keys;
    private final int commandCell;
    private final int firstValueCell;
    /** The key of every row of a CPU section ({@code CPU007} → {@code 7}); empty for the others. */
    private final String sectionKey;
    /** Keys the header names more than once, each with the key its second column got; empty for most sections. */
    private final Map<String, String> repeatedKeys;
    private boolean used;
    private boolean shortSaid;
    /** A line of this section held a value for every column: a shorter one after it has lost values, nobody knows where. */
    private boolean fullSeen;
    private boolean longSaid;
    private boolean unnamedSaid;

    private Section(String name, SectionFamily family, long headerLine, DatasetSpec spec, int[] columnOfCell,
                    int[] documentedColumnOfCell, int[] keyOfColumn, int[] metricOfColumn, List<String> keys,
                    int commandCell, int firstValueCell, Map<String, String> repeatedKeys) {
        this.name = name;
        this.family = family;
        this.headerLine = headerLine;
        this.spec = spec;
        this.columnOfCell = columnOfCell;
        this.documentedColumnOfCell = documentedColumnOfCell;
        this.keyOfColumn = keyOfColumn;
        this.metricOfColumn = metricOfColumn;
        this.keys = keys;
        this.commandCell = commandCell;
        this.firstValueCell = firstValueCell;
        this.sectionKey = family.shape() == SectionFamily.Shape.CPU ? SectionFamily.cpuKey(name) : "";
        this.repeatedKeys = repeatedKeys;
    }

    /**
     * The section a header line declares, or null when it names no column.
     *
     * @param cells     the header line's cells: name, description, column names (TOP: name, {@code +PID}, {@code Time},
     *                  column names)
     * @param hostWords the host and run names nmon appends to descriptions ({@code Disk %Busy db01})
     */
    static Section of(Cells cells, long line, Set<String> hostWords) {
        String name = cells.text(0);
        SectionFamily family = SectionFamily.of(name);
        boolean top = family.shape() == SectionFamily.Shape.TOP;
        int first = top ? 3 : 2;
        int[] columnOfCell = new int[cells.count()];
        Arrays.fill(columnOfCell, -1);
        List<String> names = new ArrayList<>();
        int commandCell = -1;
        int cell = first;
        for (int i = first; i < cells.count(); i++) {
            String label = cells.text(i).strip();
            if (top && TOP_TEXT.contains(label)) {
                if (label.equals("Command")) commandCell = i;
                continue;
            }
            // a blank header cell is no column, and takes no value of the lines
            if (label.isEmpty()) continue;
            columnOfCell[top ? i : cell++] = names.size();
            names.add(label);
        }
        if (names.isEmpty()) return null;
        if (top && commandCell < 0) return null;
        int[] documentedColumnOfCell = null;
        if (family.shape() == SectionFamily.Shape.WIDE) {
            Optional<List<String>> expanded = DocumentedNames.expanded(name, names);
            if (expanded.isPresent()) {
                names = expanded.get();
                columnOfCell = new int[Math.max(cells.count(), first + names.size())];
                Arrays.fill(columnOfCell, -1);
                for (int i = 0; i < names.size(); i++) columnOfCell[first + i] = i;
            } else {
                documentedColumnOfCell = documentedColumns(name, names, first);
            }
        }
        return switch (family.shape()) {
            case WIDE, CPU, TOP -> new Section(name, family, line, spec(family, Labels.distinct(names), name),
                    columnOfCell, documentedColumnOfCell, null, null, List.of(), commandCell, first, Map.of());
            case COLUMNS -> columns(name, family, line, cells.text(1), names, columnOfCell, hostWords);
        };
    }

    /**
     * For a section of known layout whose header names a cell none of its documented columns: per data cell, the
     * column of the header name documented at that place, for lines that hold the documented number of values; null
     * when every name is documented or none is, or the section's layout is not known.
     */
    private static int[] documentedColumns(String section, List<String> names, int first) {
        List<String> documented = DocumentedNames.of(section);
        if (documented.isEmpty()) return null;
        int[] columnOfCell = new int[first + documented.size()];
        Arrays.fill(columnOfCell, -1);
        boolean unknown = false;
        boolean known = false;
        for (int i = 0; i < names.size(); i++) {
            int at = DocumentedNames.position(section, names.get(i));
            if (at < 0) {
                unknown = true;
            } else {
                known = true;
                columnOfCell[first + at] = i;
            }
        }
        // a header without one documented name is another layout (Linux MEM: memtotal, ...), read as it names itself
        return unknown && known ? columnOfCell : null;
    }

    private static DatasetSpec spec(SectionFamily family, List<String> labels, String section) {
        return new DatasetSpec(TOOL, family.dataset(), family.keyLabel(),
                labels.stream().map(l -> NmonUnits.metric(l, section)).toList());
    }

    /** A section with a column per key ({@code sda}), or per key and metric ({@code eth0-read-KB/s}). */
    private static Section columns(String name, SectionFamily family, long line, String description, List<String> names,
                                   int[] columnOfCell, Set<String> hostWords) {
        int[] keyOfColumn = new int[names.size()];
        int[] metricOfColumn = new int[names.size()];
        Map<String, Integer> keyIndex = new LinkedHashMap<>();
        Map<String, Integer> metricIndex = new LinkedHashMap<>();
        Map<String, Integer> timesNamed = new java.util.HashMap<>();
        Map<String, String> repeatedKeys = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String key = names.get(i);
            String metric = label(description, name, hostWords);
            if (family.perMetric()) {
                int split = metricSplit(key);
                // a damaged name ending in its separator ("virbr1-...- ----") names no metric: the whole name is the key
                if (split > 0 && !key.substring(split + 1).isBlank()) {
                    metric = key.substring(split + 1);
                    key = key.substring(0, split);
                }
            }
            // two devices of one name (AIX volume groups renamed alike): the n-th column of a key and metric is key "name (n)",
            // where a map by key would keep only the last one's values
            int n = timesNamed.merge(key + '\n' + metric, 1, Integer::sum);
            if (n > 1) {
                String own = key + " (" + n + ")";
                repeatedKeys.putIfAbsent(key, own);
                key = own;
            }
            keyOfColumn[i] = keyIndex.computeIfAbsent(key, k -> keyIndex.size());
            metricOfColumn[i] = metricIndex.computeIfAbsent(metric, k -> metricIndex.size());
        }
        List<Metric> metrics = metricIndex.keySet().stream().map(m -> {
            Metric known = ONE_METRIC.get(family.dataset());
            return known != null && known.label().equals(m) ? known : NmonUnits.metric(m, name);
        }).toList();
        DatasetSpec spec = new DatasetSpec(TOOL, family.dataset(), family.keyLabel(), metrics);
        return new Section(name, family, line, spec, columnOfCell, null, keyOfColumn, metricOfColumn,
                List.copyOf(keyIndex.keySet()), -1, 2, repeatedKeys);
    }

    /**
     * Where a column's name splits into key and metric: before the first known metric suffix ({@code br-lan-read-KB/s}
     * → {@code br-lan}, {@code read-KB/s}), else at the last {@code -} or {@code _}; -1 when it has neither.
     */
    private static int metricSplit(String column) {
        for (int i = 0; i < column.length(); i++) {
            char c = column.charAt(i);
            if ((c == '-' || c == '_') && i > 0 && METRIC_SUFFIXES.contains(column.substring(i + 1))) return i;
        }
        return Math.max(column.lastIndexOf('-'), column.lastIndexOf('_'));
    }

    /** The metric of a section with one value per key: its description without the host nmon appends. */
    private static String label(String description, String section, Set<String> hostWords) {
        Metric known = ONE_METRIC.get(SectionFamily.of(section).dataset());
        if (known != null) return known.label();
        String d = description.strip();
        int space = d.lastIndexOf(' ');
        if (space > 0 && hostWords.contains(d.substring(space + 1))) d = d.substring(0, space).strip();
        return d.isEmpty() ? section : d;
    }

    String name() {
        return name;
    }

    /** What a notice says of the keys the header names more than once; empty when it names each once. */
    List<String> repeatedKeys() {
        return repeatedKeys.entrySet().stream().map(e -> name + "'s header names " + e.getKey()
                + " more than once: the second is key '" + e.getValue() + "'").toList();
    }

    /** True the first time only: the section's data set is to be announced before its first row. */
    boolean firstUse() {
        boolean first = !used;
        used = true;
        return first;
    }

    /** nmon's PIDs without their leading zeros ({@code 0027984} → {@code 27984}). */
    static String withoutLeadingZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') i++;
        return digits.substring(i);
    }

    DatasetSpec spec() {
        return spec;
    }

    /**
     * Writes the rows of one snapshot line. A cell that is not a number makes the line a warning, and so does a line
     * shorter than one before it (its values would shift under the wrong names); else a missing cell is an empty value, and values beyond the header's columns are not kept (nmon's VM lines hold more values than their
     * header names), each said once per section.
     *
     * @return the rows written
     */
    int write(Cells cells, DatasetSpec announced, long sample, Instant time, long line, RecordSink sink) {
        int columns = family.shape() == SectionFamily.Shape.COLUMNS ? keyOfColumn.length : spec.metrics().size();
        double[] values = new double[columns];
        Arrays.fill(values, Double.NaN);
        int mapped = 0;
        // a header that cannot name the values where nmon documents them: each documented name at its place, no value
        // shifted under another name
        boolean documented = documentedColumnOfCell != null && cells.count() == documentedColumnOfCell.length;
        int[] columnOf = documented ? documentedColumnOfCell : columnOfCell;
        if (documented && !unnamedSaid) {
            unnamedSaid = true;
            sink.warning(line, name + " lines hold the " + (columnOf.length - firstValueCell) + " values nmon documents ("
                    + String.join(", ", DocumentedNames.of(name)) + ") but the header at line " + headerLine
                    + " does not name them so; the values of " + String.join(", ", unnamed()) + " are not kept");
        }
        int lastCell = Math.min(cells.count(), columnOf.length);
        for (int i = firstValueCell; i < lastCell; i++) {
            int column = columnOf[i];
            if (column < 0) continue;
            mapped++;
            if (cells.isEmpty(i)) continue;
            double v = Numbers.parseSimple(cells.line(), cells.start(i), cells.end(i));
            if (Double.isNaN(v)) {
                String text = cells.text(i).strip();
                v = notANumber(text) ? Double.NaN : Numbers.parseOrNaN(text);
                if (Double.isNaN(v) && !notANumber(text)) {
                    sink.warning(line, "expected a number for " + name + " " + columnLabel(column) + ", found '" + text + "'");
                    return 0;
                }
            }
            // a number beyond a double's range (1e999) is no value a repository can hold
            values[column] = Double.isInfinite(v) ? Double.NaN : v;
        }
        if (mapped < columns && fullSeen && !documented) {
            // nmon writes every column of a section in each snapshot (topas_nmon's LPAR lines too): a line short in
            // the middle of the file was damaged, and which of its values went missing is not known
            sink.warning(line, "expected " + (columnOf.length - firstValueCell) + " values, as the header at line "
                    + headerLine + " names and " + name + "'s lines before hold, found " + (cells.count() - firstValueCell)
                    + ": which one is missing is not known, so the line is not used");
            return 0;
        }
        if (mapped == columns) fullSeen = true;
        if (mapped < columns && !shortSaid && !documented) {
            shortSaid = true;
            sink.notice(line, name + " lines hold fewer values than the header at line " + headerLine
                    + " names; the missing ones are empty");
        }
        if (cells.count() > columnOf.length && !longSaid) {
            longSaid = true;
            sink.notice(line, name + " lines hold more values than the header at line " + headerLine
                    + " names (" + (cells.count() - firstValueCell) + " against " + (columnOf.length - firstValueCell)
                    + "); the values without a name are not kept");
        }
        return switch (family.shape()) {
            case WIDE, CPU -> emit(sink, announced, sample, time, sectionKey, values);
            case TOP -> emit(sink, announced, sample, time, processKey(cells), values);
            case COLUMNS -> byKey(sink, announced, sample, time, values);
        };
    }

    /** The documented columns no header name stands for. */
    private List<String> unnamed() {
        List<String> documented = DocumentedNames.of(name);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < documented.size(); i++) {
            if (documentedColumnOfCell[firstValueCell + i] < 0) out.add(documented.get(i));
        }
        return out;
    }

    private static boolean notANumber(String text) {
        String t = text.startsWith("-") || text.startsWith("+") ? text.substring(1) : text;
        return t.equalsIgnoreCase("nan") || t.equalsIgnoreCase("inf");
    }

    private String columnLabel(int column) {
        if (family.shape() != SectionFamily.Shape.COLUMNS) return spec.metrics().get(column).label();
        return keys.get(keyOfColumn[column]);
    }

    /** TOP's key: the PID without nmon's leading zeros, and the command's name. */
    private String processKey(Cells cells) {
        String pid = withoutLeadingZeros(cells.text(1).strip());
        String command = commandCell < cells.count() ? cells.text(commandCell).strip() : "";
        return command.isEmpty() ? pid : pid + " " + command;
    }

    private static int emit(RecordSink sink, DatasetSpec spec, long sample, Instant time, String key, double[] values) {
        sink.row(spec, new Row(sample, time, key, false, values));
        return 1;
    }

    private int byKey(RecordSink sink, DatasetSpec announced, long sample, Instant time, double[] values) {
        int metrics = spec.metrics().size();
        double[][] rows = new double[keys.size()][];
        for (int c = 0; c < values.length; c++) {
            int k = keyOfColumn[c];
            if (rows[k] == null) {
                rows[k] = new double[metrics];
                Arrays.fill(rows[k], Double.NaN);
            }
            rows[k][metricOfColumn[c]] = values[c];
        }
        for (int k = 0; k < rows.length; k++) sink.row(announced, new Row(sample, time, keys.get(k), false, rows[k]));
        return rows.length;
    }
}
