package io.statlens.store;

import java.sql.PreparedStatement;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * Ids (of data sets) as the parameters of an {@code IN} list whose length is a power of two, the last id repeated to
 * fill it: the statement's text is then the same for every run with as many data sets, so that Derby finds it compiled
 * in its statement cache. With the ids written into the text, every run's statistics read was compiled afresh (37 % of
 * the import fuzz target's loop, issue 31); a repeated id matches nothing more.
 */
public final class IdParameters {
    private final List<Long> ids;
    private final int size;

    /** @param ids at least one */
    public IdParameters(Collection<Long> ids) {
        if (ids.isEmpty()) throw new IllegalArgumentException("no ids");
        this.ids = List.copyOf(ids);
        this.size = this.ids.size() == 1 ? 1 : Integer.highestOneBit(this.ids.size() - 1) << 1;
    }

    /** The list's marks, {@code ?, ?, ?, ?}, to go between the parentheses of {@code IN (...)}. */
    public String marks() {
        return String.join(", ", Collections.nCopies(size, "?"));
    }

    /**
     * Binds the ids from parameter {@code first} on.
     *
     * @return the next parameter's index
     */
    public int bind(PreparedStatement ps, int first) {
        Jdbc.run(() -> {
            for (int i = 0; i < size; i++) ps.setLong(first + i, ids.get(Math.min(i, ids.size() - 1)));
        });
        return first + size;
    }

    /** The ids as a person reads them, for messages. */
    @Override
    public String toString() {
        String all = ids.toString();
        return all.substring(1, all.length() - 1);
    }
}
