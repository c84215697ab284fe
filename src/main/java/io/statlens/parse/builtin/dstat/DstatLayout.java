package io.statlens.parse.builtin.dstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.model.Row;
import io.statlens.parse.spi.RecordSink;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The two header rows dstat and dool print, on screen and in their CSV alike: a row of group titles (each over the
 * columns of one plugin) and a row of column labels. The layout says which data set, key and metric every column
 * feeds, and which columns hold the time ({@code system}/{@code time}) and the epoch ({@code epoch}/{@code epoch}),
 * then turns one line's values into one row per data set and key.
 */
final class DstatLayout {
    static final String TOOL = "dstat";

    /** One data set and key the columns feed: a row of it per sample. */
    private record Slot(DatasetSpec spec, String key) {
    }

    /** A {@code --top-*} plugin's text column: a row of its data set per sample, keyed by the process it names. */
    private record TopColumn(int column, DstatTop plugin) {
    }

    private final List<String> labels;
    private final List<Slot> slots = new ArrayList<>();
    private final int[] slotOf;
    private final int[] metricOf;
    private final DstatColumn[] kinds;
    private final List<DatasetSpec> specs;
    private final List<String> duplicates = new ArrayList<>();
    private final List<TopColumn> tops = new ArrayList<>();
    private int timeColumn = -1;
    private int epochColumn = -1;

    /**
     * @param groups the group title of each column, as printed (screen dashes already blanks)
     * @param labels the column labels
     */
    DstatLayout(List<String> groups, List<String> labels) {
        this.labels = List.copyOf(labels);
        int n = labels.size();
        slotOf = new int[n];
        metricOf = new int[n];
        kinds = new DstatColumn[n];
        Arrays.fill(slotOf, -1);
        Map<String, List<Metric>> metrics = new LinkedHashMap<>();
        Map<String, String> keyLabels = new LinkedHashMap<>();
        Map<String, Integer> slotIndex = new LinkedHashMap<>();
        List<String[]> slotNames = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            String label = labels.get(i).strip();
            String title = groups.get(i).strip();
            // dstat before 0.7.2 printed the time plugin's nick, date/time (removed in dstat commit 10eb372, 2010)
            if ((label.equals("time") || label.equals("date/time")) && (title.equals("system") || title.isEmpty()) && timeColumn < 0) {
                timeColumn = i;
                continue;
            }
            if (label.equals("epoch") && (title.equals("epoch") || title.isEmpty()) && epochColumn < 0) {
                epochColumn = i;
                continue;
            }
            if (label.isEmpty()) continue;
            Optional<DstatTop> top = DstatTop.of(title, label);
            if (top.isPresent()) {
                tops.add(new TopColumn(i, top.get()));
                continue;
            }
            DstatGroup group = DstatGroup.of(title.isEmpty() ? "other" : title, label);
            label = group.metricLabel(label);
            if (group.dataset().equals(DstatGroup.INTERRUPTS)) {
                // dstat -i prints one column per interrupt, labelled by its number or name: a key, not a metric
                group = new DstatGroup(DstatGroup.INTERRUPTS, label, "interrupt");
                label = DstatGroup.INTERRUPT_RATE;
            }
            if (!seen.add(group.dataset() + "\u0000" + group.key() + "\u0000" + label)) {
                duplicates.add((title.isEmpty() ? "" : title + " ") + label);
                continue;
            }
            keyLabels.putIfAbsent(group.dataset(), group.keyLabel());
            List<Metric> list = metrics.computeIfAbsent(group.dataset(), d -> new ArrayList<>());
            int metric = indexOf(list, label);
            kinds[i] = DstatColumn.of(group.dataset(), label);
            if (metric < 0) {
                list.add(kinds[i].metric(label));
                metric = list.size() - 1;
            }
            metricOf[i] = metric;
            String slotName = group.dataset() + "\u0000" + group.key();
            Integer s = slotIndex.get(slotName);
            if (s == null) {
                s = slotNames.size();
                slotIndex.put(slotName, s);
                slotNames.add(new String[] {group.dataset(), group.key()});
            }
            slotOf[i] = s;
        }
        Map<String, DatasetSpec> byName = new LinkedHashMap<>();
        metrics.forEach((name, list) -> byName.put(name, new DatasetSpec(TOOL, name, keyLabels.get(name), list)));
        for (String[] s : slotNames) slots.add(new Slot(byName.get(s[0]), s[1]));
        for (TopColumn top : tops) byName.putIfAbsent(top.plugin().dataset(), top.plugin().spec());
        specs = List.copyOf(byName.values());
    }

    private static int indexOf(List<Metric> metrics, String label) {
        for (int i = 0; i < metrics.size(); i++) {
            if (metrics.get(i).label().equals(label)) return i;
        }
        return -1;
    }

    List<String> labels() {
        return labels;
    }

    int size() {
        return labels.size();
    }

    List<DatasetSpec> specs() {
        return specs;
    }

    /** Columns left out because their group already has a column of that label. */
    List<String> duplicates() {
        return duplicates;
    }

    /** Index of the {@code time} column (dstat -t), -1 when none. */
    int timeColumn() {
        return timeColumn;
    }

    /** Index of the {@code epoch} column (dstat -T), -1 when none. */
    int epochColumn() {
        return epochColumn;
    }

    /** What column {@code i} holds; null for the time columns and the top plugins' text columns. */
    DstatColumn kind(int i) {
        return slotOf[i] < 0 ? null : kinds[i];
    }

    /**
     * The leaders the top plugins' cells name (CSV or screen), in the order of their columns; a cell that is not what
     * its plugin prints yields a warning and no row.
     */
    List<TopRow> leaders(List<String> cells, boolean screen, long number, RecordSink sink) {
        List<TopRow> out = new ArrayList<>(tops.size());
        for (TopColumn top : tops) {
            String cell = top.column() < cells.size() ? cells.get(top.column()) : "";
            DstatTop plugin = top.plugin();
            try {
                (screen ? plugin.screenCell(cell) : plugin.csvCell(cell)).ifPresent(l -> out.add(new TopRow(plugin.spec(), l)));
            } catch (NumberFormatException e) {
                sink.warning(number, "expected " + (screen ? "a name and " + plugin.metrics().size() + " value(s)" : "'name / value'")
                        + " for " + labels.get(top.column()).strip() + " (dstat's --" + plugin.dataset().replace('_', '-')
                        + "), found '" + cell.strip() + "': " + e.getMessage());
            }
        }
        return out;
    }

    /** The top plugins whose screen values cannot be read ({@link DstatTop#base()} 0), by data set. */
    List<String> unreadableOnScreen() {
        return tops.stream().map(TopColumn::plugin).filter(p -> p.base() == 0).map(DstatTop::dataset).distinct().toList();
    }

    /** A top plugin's row of one sample: its data set and the process with its values. */
    record TopRow(DatasetSpec spec, DstatTop.Leader leader) {
    }

    /** Writes one line's values (one per column, NaN for none; the time columns ignored) and leaders as rows. */
    void write(RecordSink sink, long sample, Instant time, boolean sinceBoot, double[] values, List<TopRow> leaders) {
        double[][] rows = new double[slots.size()][];
        for (int s = 0; s < slots.size(); s++) {
            rows[s] = new double[slots.get(s).spec().metrics().size()];
            Arrays.fill(rows[s], Double.NaN);
        }
        for (int i = 0; i < values.length && i < slotOf.length; i++) {
            if (slotOf[i] >= 0) rows[slotOf[i]][metricOf[i]] = values[i];
        }
        for (int s = 0; s < slots.size(); s++) {
            Slot slot = slots.get(s);
            sink.row(slot.spec(), new Row(sample, time, slot.key(), sinceBoot, rows[s]));
        }
        for (TopRow top : leaders) {
            sink.row(top.spec(), new Row(sample, time, top.leader().name(), sinceBoot, top.leader().values()));
        }
    }
}
