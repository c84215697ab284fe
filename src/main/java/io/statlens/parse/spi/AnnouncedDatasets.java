package io.statlens.parse.spi;

import io.statlens.model.DatasetSpec;

import java.util.HashMap;
import java.util.Map;

/**
 * The data sets a parser has announced to its sink, by qualified name: a spec is announced when it is new or its shape
 * changed (a header with other columns), not again for every row. A tool that prints its header before every report
 * makes an equal spec per report; the one seen last is kept, so that the rows after it are known by identity rather
 * than compared metric by metric (which cost a tenth of the mpstat parse).
 */
public final class AnnouncedDatasets {
    private final Map<String, DatasetSpec> byName = new HashMap<>();

    /** Tells the sink about {@code spec} unless the spec last announced under its name is equal to it. */
    public void announce(DatasetSpec spec, RecordSink sink) {
        DatasetSpec known = byName.get(spec.qualifiedName());
        if (known == spec) return;
        byName.put(spec.qualifiedName(), spec);
        if (!spec.equals(known)) sink.dataset(spec);
    }

    /** Whether no data set was announced yet. */
    public boolean isEmpty() {
        return byName.isEmpty();
    }
}
