package io.statlens.parse.spi;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnnouncedDatasetsTest {
    private final List<DatasetSpec> told = new ArrayList<>();
    /** A sink that records the data sets it is told of, and nothing else. */
    private final RecordSink sink = (RecordSink) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[]{RecordSink.class},
            (proxy, method, args) -> {
                if (method.getName().equals("dataset")) told.add((DatasetSpec) args[0]);
                return null;
            });

    private static DatasetSpec cpu(String... labels) {
        return new DatasetSpec("mpstat", "", "CPU", List.of(labels).stream().map(l -> Metric.of(l, "%")).toList());
    }

    @Test
    void aSpecIsToldOnceAndAgainOnlyWhenItsShapeChanges() {
        AnnouncedDatasets announced = new AnnouncedDatasets();
        assertTrue(announced.isEmpty());
        DatasetSpec first = cpu("%usr", "%sys");
        announced.announce(first, sink);
        announced.announce(first, sink);
        // the header printed again before the next report: an equal spec, not told
        announced.announce(cpu("%usr", "%sys"), sink);
        // a header of other columns under the same name is told
        DatasetSpec wider = cpu("%usr", "%sys", "%idle");
        announced.announce(wider, sink);
        // another data set of the tool is told on its own
        DatasetSpec intr = new DatasetSpec("mpstat", "intr", "CPU", List.of(Metric.of("intr/s", "1/s")));
        announced.announce(intr, sink);
        assertEquals(3, told.size());
        assertSame(first, told.get(0));
        assertSame(wider, told.get(1));
        assertSame(intr, told.get(2));
        assertFalse(announced.isEmpty());
    }
}
