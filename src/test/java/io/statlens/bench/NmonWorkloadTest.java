package io.statlens.bench;

import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated nmon file is what nmon 16 writes, so that the benchmark measures a clean parse of every section. */
class NmonWorkloadTest {
    @TempDir
    Path dir;

    @Test
    void everySectionParsesWithoutWarningsAndTheRowsAreCounted() throws Exception {
        Workload w = Workload.nmon(dir, 8, 30, 60);
        List<String> lines = Files.readAllLines(w.file());
        assertEquals("AAA,progname,nmon", lines.get(0));
        assertTrue(lines.contains("ZZZZ,T0001,00:00:10,15-JAN-2024"), "nmon's upper-case month");

        Parser nmon = ParserCatalog.installed().byTool("nmon").orElseThrow();
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(w.file()); LineSource source = LineSource.of("bench.nmon", in)) {
            nmon.parse(source, ParseContext.simple("bench.nmon"), sink);
        }
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of(), sink.notices());
        long rows = sink.datasets().keySet().stream().mapToLong(d -> sink.rows(d).size()).sum();
        assertEquals(w.rows(), rows);
        // 6 snapshots: 8 CPUs, 30 disks in each of the five DISK sections, TOP from the second snapshot on
        assertEquals(6 * 8, sink.rows("nmon.cpu").size());
        assertEquals(6 * 30, sink.rows("nmon.diskbusy").size());
        assertEquals("sdad", sink.rows("nmon.diskxfer").get(29).row().key());
        assertEquals(5 * 10, sink.rows("nmon.top").size());
        assertEquals(Instant.parse("2024-01-15T00:01:00Z"), sink.rows("nmon.cpu_all").get(5).row().time());
    }
}
