package io.statlens.store.read;

import java.util.Collection;

/**
 * Where a reader's rows come from: {@link SeriesReader#read(SeriesReader.Selection, boolean, TimeWindow, Collection,
 * SeriesReader.RowHandler)} alone, or a {@link RowPass} that hands one read of a data set's rows to several readers.
 */
@FunctionalInterface
public interface RowSource {
    /**
     * Hands the selection's rows of these keys (all when empty) within the window to the handler, in time order, before
     * it returns.
     */
    void read(SeriesReader.Selection s, boolean includeSinceBoot, TimeWindow window, Collection<String> keys,
              SeriesReader.RowHandler handler);
}
