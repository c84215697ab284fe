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

/** The generated day of sar -A is what sysstat 12.6 prints from a data file, so that the benchmark measures a clean parse. */
class SarWorkloadTest {
    @TempDir
    Path dir;

    @Test
    void everySectionParsesWithoutWarningsAndTheRowsAreCounted() throws Exception {
        Workload w = Workload.sar(dir, 4, 3, 10, 60);
        List<String> lines = Files.readAllLines(w.file());
        assertEquals("00:00:00        CPU      %usr     %nice      %sys   %iowait    %steal      %irq     %soft    %guest    %gnice     %idle",
                lines.get(2));

        Parser sar = ParserCatalog.installed().byTool("sar").orElseThrow();
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(w.file()); LineSource source = LineSource.of("sar-A.txt", in)) {
            sar.parse(source, ParseContext.simple("sar-A.txt"), sink);
        }
        assertEquals(List.of(), sink.warnings());
        assertEquals(12, sink.datasets().size(), sink.datasets().keySet().toString());
        long rows = sink.datasets().keySet().stream().mapToLong(d -> sink.rows(d).size()).sum();
        // 6 samples of (all + 4 CPUs) + 8 one-row sections + 3 disks + 8 interfaces twice
        assertEquals(6 * (5 + 8 + 3 + 8 + 8), rows);
        assertEquals(w.rows(), rows);
        assertEquals("nvme1n1", sink.rows("sar.disk").get(1).row().key());
        assertEquals(Instant.parse("2024-01-15T00:00:55Z"), sink.rows("sar.net_edev").get(6 * 8 - 1).row().time());
    }
}
