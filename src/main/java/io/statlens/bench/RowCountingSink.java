package io.statlens.bench;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Fact;
import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.DerivedTimes;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;

/**
 * A parser's sink for the benchmarks: each workload counts the rows it measures its own way and ignores the
 * rest, keeping the first warning so that a benchmark can refuse input its parser does not read cleanly.
 */
abstract class RowCountingSink implements RecordSink {
    long rows;
    String firstWarning;

    long rows() {
        return rows;
    }

    void close() throws IOException {
    }

    @Override
    public void dataset(DatasetSpec spec) {
    }

    @Override
    public void summary(SummaryValue value) {
    }

    @Override
    public void fact(Fact fact) {
    }

    @Override
    public void warning(long line, String message) {
        if (firstWarning == null) firstWarning = "line " + line + ": " + message;
    }

    @Override
    public void notice(long line, String message) {
    }

    @Override
    public void derivedTimes(DerivedTimes times) {
        // the benchmarks' context starts undated output at a fixed time: nothing is placed later
    }

    @Override
    public void variant(String variant) {
    }
}
