package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.read.ReadOnlyQuery;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one chart shows, independent of the runs it is drawn for (as Fenxi's views and dim_STAT's
 * bookmarks): a kind, and either a selection of a tool's metrics or an SQL query, plus options.
 * Written and read as text by {@link ChartDefinitionFormat}; saved by name as a preset.
 *
 * @param name        the preset name; null for a chart made up on the command line
 * @param title       chart title; null for one made from the data set and metrics
 * @param description one line for preset listings; may be empty
 * @param tool        data set: {@code iostat} or {@code iostat.cpu}; null with SQL
 * @param metrics     the metrics, each as alternative labels, the first one the data set has is used
 *                    ({@code %usr | %user | usr}: the same column as different tool versions print it); a label
 *                    written {@code 100 - %idle} draws 100 minus the metric ({@link #COMPLEMENT})
 * @param keys        the keys to draw; empty for all (or the top N)
 * @param top         draw only the N busiest keys (by mean, at the {@code hot} end); 0 for no limit
 * @param hot         which end of the values is busy
 * @param sinceBoot   whether to draw the since-boot sample some tools print first
 * @param sql         a read-only query giving the data (its shape is in docs/charts.md); null for a selection
 * @param unit        the value unit of an SQL chart (a selection takes units from the metric catalog)
 */
public record ChartDefinition(String name, String title, String description, ChartKind kind, String tool,
                              List<List<String>> metrics, List<String> keys, int top, HotEnd hot, boolean sinceBoot,
                              String sql, String unit) {

    public ChartDefinition {
        description = description == null ? "" : description;
        metrics = metrics.stream().map(List::copyOf).toList();
        keys = List.copyOf(keys);
        if (kind == null) kind = ChartKind.LINE;
        if (hot == null) hot = HotEnd.HIGH;
        unit = unit == null ? "" : unit;
        if (top < 0) throw new UserException("top must be 0 (all keys) or more, not " + top);
        if (sql != null && sql.isBlank()) sql = null;
        if (sql != null && (tool != null || !metrics.isEmpty())) {
            throw new UserException("a chart takes its data either from sql or from tool and metric, not both");
        }
        if (sql == null && metrics.isEmpty()) {
            throw new UserException("a chart needs at least one metric (or an sql query)");
        }
        if (kind == ChartKind.HEATMAP && metrics.size() > 1) {
            throw new UserException("a heat map shows one metric (key by time), not " + metrics.size());
        }
    }

    /**
     * How a metric alternative asks for the complement of a percentage: {@code 100 - %idle} draws busy time from idle
     * time, so that the busiest keys are the highest lines and the hot end of a heat map.
     */
    public static final String COMPLEMENT = "100 - ";

    /** Whether a metric alternative is a complement ({@code 100 - %idle}). */
    public static boolean isComplement(String alternative) {
        return alternative.startsWith(COMPLEMENT);
    }

    /** The label an alternative reads from the data set first: {@code %idle} of {@code 100 - %idle - %iowait}. */
    public static String drawnLabel(String alternative) {
        return readLabels(alternative).get(0);
    }

    /**
     * Every label an alternative reads: {@code %idle, %iowait} of {@code 100 - %idle - %iowait} (busy time: time waiting
     * for I/O is idle time too), {@code %usr} of {@code %usr}. A complement draws 100 minus their sum.
     */
    public static List<String> readLabels(String alternative) {
        if (!isComplement(alternative)) return List.of(alternative);
        return Arrays.stream(alternative.substring(COMPLEMENT.length()).split(" - ")).map(String::strip).toList();
    }

    public boolean isSql() {
        return sql != null;
    }

    /** Whether the chart is drawn for runs: a selection always, a query when it uses {@code :run}. */
    public boolean drawsRuns() {
        return !isSql() || ReadOnlyQuery.parameterNames(sql).contains("run");
    }

    public ChartDefinition withKind(ChartKind newKind) {
        return new ChartDefinition(name, title, description, newKind, tool, metrics, keys, top, hot, sinceBoot, sql, unit);
    }

    public ChartDefinition withName(String newName) {
        return new ChartDefinition(newName, title, description, kind, tool, metrics, keys, top, hot, sinceBoot, sql, unit);
    }

    /**
     * The same chart (kind, keys, top N, hot end, title) with its data from a query instead of a tool's metrics.
     *
     * @param valueUnit the unit of the query's values; may be empty
     */
    public ChartDefinition withSql(String query, String valueUnit) {
        return new ChartDefinition(name, title, description, kind, null, List.of(), keys, top, hot, sinceBoot, query, valueUnit);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects a definition's parts (the text format and the command line fill it in any order). */
    public static final class Builder {
        private String name;
        private String title;
        private String description;
        private ChartKind kind;
        private String tool;
        private final List<List<String>> metrics = new ArrayList<>();
        private final List<String> keys = new ArrayList<>();
        private int top;
        private HotEnd hot;
        private boolean sinceBoot;
        private String sql;
        private String unit;

        public Builder name(String v) {
            name = v;
            return this;
        }

        public Builder title(String v) {
            title = v;
            return this;
        }

        public Builder description(String v) {
            description = v;
            return this;
        }

        public Builder kind(ChartKind v) {
            kind = v;
            return this;
        }

        public Builder tool(String v) {
            tool = v;
            return this;
        }

        /** One metric, as alternative labels. */
        public Builder metric(List<String> alternatives) {
            metrics.add(alternatives);
            return this;
        }

        public Builder key(String v) {
            keys.add(v);
            return this;
        }

        public Builder top(int v) {
            top = v;
            return this;
        }

        public Builder hot(HotEnd v) {
            hot = v;
            return this;
        }

        public Builder sinceBoot(boolean v) {
            sinceBoot = v;
            return this;
        }

        public Builder sql(String v) {
            sql = v;
            return this;
        }

        public Builder unit(String v) {
            unit = v;
            return this;
        }

        public ChartDefinition build() {
            return new ChartDefinition(name, title, description, kind, tool, metrics, keys, top, hot, sinceBoot, sql, unit);
        }
    }
}
