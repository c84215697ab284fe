package io.statlens.chart;

import io.statlens.model.UserException;
import io.statlens.store.read.ReadOnlyQuery;
import io.statlens.store.schema.Repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads a chart's data from its SQL query, through the store's read-only query. The result's shape
 * says what is what:
 * <ul>
 *   <li>the first column is x: a time stamp (drawn on the clock), a number ({@code ELAPSED_S} is drawn
 *       as elapsed time), or, for bars, text naming the bar group;</li>
 *   <li>further text columns are the key (a CPU, a device), joined with a blank if there are several;</li>
 *   <li>every numeric column is a metric, named by its column label.</li>
 * </ul>
 * A query that uses {@code :run} is run once per run, with the run's name bound to it; one that does
 * not is run once.
 */
final class SqlSource {
    private final ReadOnlyQuery query;

    SqlSource(Repository repo) {
        this.query = new ReadOnlyQuery(repo);
    }

    LoadedData load(ChartDefinition def, List<String> runs) {
        boolean perRun = def.drawsRuns();
        if (perRun && runs.isEmpty()) throw new UserException("the chart's query uses :run; name at least one run");
        List<Trace> traces = new ArrayList<>();
        Shape shape = null;
        for (String run : perRun ? runs : List.of("")) {
            shape = new Shape(def.kind() == ChartKind.BARS);
            query.run(def.sql(), perRun ? Map.of("run", run) : Map.of(), shape);
            traces.addAll(shape.traces(run, def.unit()));
        }
        return new LoadedData(def.name() != null ? def.name() : "query", shape.keyLabel(), shape.names.get(0), traces);
    }

    /** Collects a result by key and metric column. */
    private static final class Shape implements ReadOnlyQuery.Handler {
        private final boolean categories;
        private List<String> names = List.of();
        private final List<Integer> keyColumns = new ArrayList<>();
        private final List<Integer> valueColumns = new ArrayList<>();
        private final Map<String, Columns> byKey = new LinkedHashMap<>();
        private boolean timeAxis;

        Shape(boolean categories) {
            this.categories = categories;
        }

        @Override
        public void columns(List<String> columnNames, List<Boolean> numeric) {
            names = columnNames;
            if (names.size() < 2) {
                throw new UserException("a chart query needs at least two columns: x (or a bar group) and a value");
            }
            for (int i = 1; i < names.size(); i++) (numeric.get(i) ? valueColumns : keyColumns).add(i);
            if (valueColumns.isEmpty()) throw new UserException("the chart query has no numeric column to draw");
            if (categories) keyColumns.add(0, 0);
        }

        @Override
        public void row(List<Object> values) {
            Object x = values.get(0);
            double position;
            if (categories) {
                position = byKey.values().stream().mapToInt(c -> c.size).sum();
            } else if (x instanceof Instant t) {
                timeAxis = true;
                position = t.toEpochMilli();
            } else if (x instanceof Number n) {
                position = n.doubleValue();
            } else {
                throw new UserException("the first column of a chart query is x and must be a time stamp or a number; column '"
                        + names.get(0) + "' holds " + (x == null ? "NULL" : "'" + x + "'") + " (bar charts take text there)");
            }
            StringBuilder key = new StringBuilder();
            for (int c : keyColumns) {
                if (!key.isEmpty()) key.append(' ');
                key.append(values.get(c) == null ? "" : values.get(c).toString().trim());
            }
            Columns columns = byKey.computeIfAbsent(key.toString(), k -> new Columns(valueColumns.size()));
            double[] v = new double[valueColumns.size()];
            for (int i = 0; i < v.length; i++) {
                Object o = values.get(valueColumns.get(i));
                v[i] = o instanceof Number n ? n.doubleValue() : Double.NaN;
            }
            columns.add(position, v);
        }

        String keyLabel() {
            return String.join(" ", keyColumns.stream().map(names::get).toList());
        }

        List<Trace> traces(String run, String unit) {
            List<Trace> out = new ArrayList<>();
            byKey.forEach((key, c) -> {
                int[] order = c.ascending();
                double[] x = PeakPreservingDecimator.pick(c.x, order);
                for (int m = 0; m < valueColumns.size(); m++) {
                    double[] y = PeakPreservingDecimator.pick(c.values[m], order);
                    String metric = names.get(valueColumns.get(m));
                    out.add(new Trace(run, metric, unit, key, timeAxis ? x : null, timeAxis ? null : x, y));
                }
            });
            return out;
        }
    }

    /** The x positions and value columns of one key. */
    private static final class Columns {
        double[] x = new double[64];
        final double[][] values;
        int size;

        Columns(int metrics) {
            values = new double[metrics][64];
        }

        void add(double position, double[] v) {
            if (size == x.length) {
                x = java.util.Arrays.copyOf(x, size * 2);
                for (int m = 0; m < values.length; m++) values[m] = java.util.Arrays.copyOf(values[m], size * 2);
            }
            x[size] = position;
            for (int m = 0; m < values.length; m++) values[m][size] = v[m];
            size++;
        }

        /** Row indices in ascending x: a query without ORDER BY still draws left to right. */
        int[] ascending() {
            return java.util.stream.IntStream.range(0, size).boxed().sorted(java.util.Comparator.comparingDouble(i -> x[i]))
                    .mapToInt(Integer::intValue).toArray();
        }
    }
}
