package io.statlens.store.read;

import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One read of a data set's rows for several readers that want them, planned before any of them reads: a report's
 * findings (busy time of the {@code all} CPU), its stacked area of CPU time and its busiest CPUs each read every row of
 * a long run, and at ten million rows each such read cost about two seconds of CPU. Readers of the same rows (the same
 * data sets of one host, window and since-boot choice) are read together once: the union of their metric columns, of
 * their keys (all keys when one of them wants all), and each row handed to every reader whose keys hold it, with its
 * own columns in its own order. Each reader so sees the rows it would have read alone, in the same order.
 *
 * <p>Readers are planned with {@link #add}; a reader that comes later ({@link #read}) joins the pass of planned readers of
 * its rows if that pass is still to be read, and it is read then, else it reads alone; {@link #finish} reads the passes
 * nobody joined. A row handed over is valid during the call only: its values array is reused.
 */
public final class RowPass implements RowSource {
    private final RowSource reader;
    private final Map<Rows, Pass> passes = new LinkedHashMap<>();

    public RowPass(Repository repo) {
        this(new SeriesReader(repo)::read);
    }

    /** @param reader where a pass's rows are read from */
    RowPass(RowSource reader) {
        this.reader = reader;
    }

    /** The rows readers share: the same data sets of one host, since-boot choice and window. */
    private record Rows(String table, List<Long> datasetIds, String host, String keyLabel, boolean sinceBoot, TimeWindow window) {
        static Rows of(SeriesReader.Selection s, boolean sinceBoot, TimeWindow window) {
            return new Rows(s.table(), s.datasetIds(), s.host(), s.keyLabel(), sinceBoot, window);
        }
    }

    /** A reader of a pass: its columns, its keys (null: all) and its handler. */
    private record Reader(SeriesReader.Selection selection, Set<String> keys, SeriesReader.RowHandler handler) {
    }

    /** The readers of one set of rows, and whether their read is done. */
    private static final class Pass {
        final List<Reader> readers = new ArrayList<>();
        boolean read;
    }

    /** Plans a reader: its rows are handed to it when a reader joins its pass ({@link #read}), or at {@link #finish}. */
    public void add(SeriesReader.Selection s, boolean includeSinceBoot, TimeWindow window, Collection<String> keys,
                    SeriesReader.RowHandler handler) {
        Pass pass = passes.computeIfAbsent(Rows.of(s, includeSinceBoot, window), r -> new Pass());
        if (pass.read) throw new IllegalStateException("the rows of " + s.dataset() + " of run " + s.run() + " were read already");
        pass.readers.add(new Reader(s, keys.isEmpty() ? null : Set.copyOf(keys), handler));
    }

    /** Reads now: with the planned readers of these rows if their pass is still to be read, else alone. */
    @Override
    public void read(SeriesReader.Selection s, boolean includeSinceBoot, TimeWindow window, Collection<String> keys,
                     SeriesReader.RowHandler handler) {
        Pass pass = passes.get(Rows.of(s, includeSinceBoot, window));
        if (pass == null || pass.read) {
            reader.read(s, includeSinceBoot, window, keys, handler);
            return;
        }
        pass.readers.add(new Reader(s, keys.isEmpty() ? null : Set.copyOf(keys), handler));
        read(Rows.of(s, includeSinceBoot, window), pass);
    }

    /** Reads every pass not read yet. */
    public void finish() {
        passes.forEach((rows, pass) -> {
            if (!pass.read) read(rows, pass);
        });
    }

    private void read(Rows rows, Pass pass) {
        pass.read = true;
        List<Reader> readers = pass.readers;
        if (readers.size() == 1) {
            Reader only = readers.get(0);
            reader.read(only.selection(), rows.sinceBoot(), rows.window(), only.keys() == null ? List.of() : only.keys(), only.handler());
            return;
        }
        Map<String, DataTable.MetricColumn> columns = new LinkedHashMap<>();
        Set<String> keys = new LinkedHashSet<>();
        boolean allKeys = false;
        for (Reader r : readers) {
            r.selection().metrics().forEach(m -> columns.putIfAbsent(m.column(), m));
            if (r.keys() == null) allKeys = true;
            else keys.addAll(r.keys());
        }
        List<String> read = List.copyOf(columns.keySet());
        SeriesReader.Selection union = readers.get(0).selection().withMetrics(List.copyOf(columns.values()));
        Share[] shares = readers.stream().map(r -> new Share(r, read)).toArray(Share[]::new);
        reader.read(union, rows.sinceBoot(), rows.window(), allKeys ? List.of() : keys, row -> {
            for (Share share : shares) share.row(row);
        });
    }

    /** One reader's part of the rows read: those of its keys, with its columns. */
    private static final class Share {
        private final Set<String> keys;
        private final SeriesReader.RowHandler handler;
        /** Where each of the reader's columns is among the columns read. */
        private final int[] at;
        private final double[] values;
        private final boolean identity;
        /** The last key asked about, and whether the reader wants it: rows of one key (a long run) need no set look-up. */
        private String lastKey;
        private boolean lastWanted;

        Share(Reader r, List<String> read) {
            this.keys = r.keys() == null ? null : new HashSet<>(r.keys());
            this.handler = r.handler();
            List<DataTable.MetricColumn> own = r.selection().metrics();
            this.at = own.stream().mapToInt(m -> read.indexOf(m.column())).toArray();
            this.values = new double[at.length];
            boolean same = at.length == read.size();
            for (int i = 0; same && i < at.length; i++) same = at[i] == i;
            this.identity = same;
        }

        void row(SeriesReader.SeriesRow row) {
            if (keys != null) {
                if (!row.key().equals(lastKey)) {
                    lastKey = row.key();
                    lastWanted = keys.contains(lastKey);
                }
                if (!lastWanted) return;
            }
            if (identity) {
                handler.row(row);
                return;
            }
            double[] all = row.values();
            for (int i = 0; i < at.length; i++) values[i] = all[at[i]];
            handler.row(new SeriesReader.SeriesRow(row.epochSecond(), row.nano(), row.elapsed(), row.key(), row.sinceBoot(), values));
        }
    }
}
