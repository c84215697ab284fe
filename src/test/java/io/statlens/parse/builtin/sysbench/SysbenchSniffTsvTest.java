package io.statlens.parse.builtin.sysbench;

import io.statlens.parse.ParserFixtures;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A catalogue of captures that quotes sysbench banners in its columns is not sysbench output. */
class SysbenchSniffTsvTest {
    @Test
    void aTabSeparatedCatalogueOfSysbenchFilesIsNotClaimed() {
        double confidence = new SysbenchParser().sniff(ParserFixtures.head("sysbench/SOURCES.tsv"));
        assertTrue(confidence < 0.5, "confidence " + confidence);
        assertTrue(new SysbenchParser().sniff(ParserFixtures.head("sysbench/pkb-1.0.11-memory-per-cpu-prefixed.txt")) >= 0.5);
    }
}
