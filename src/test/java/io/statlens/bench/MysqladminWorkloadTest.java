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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated {@code mysqladmin ext -r -i 1} output is read as the real capture it replays: a relative capture of
 * MariaDB 10.11's 562 variables, every table whole, gauges within the levels the server held, no warnings.
 */
class MysqladminWorkloadTest {
    @TempDir
    Path dir;

    @Test
    void aRelativeCaptureOfTheRealVariablesParsesWithoutWarnings() throws Exception {
        Workload w = Workload.mysqladmin(dir, 140);
        assertEquals(562, MysqladminWorkload.variables());
        assertEquals(140L * 562, w.rows());

        Parser status = ParserCatalog.installed().byTool("mysql-status").orElseThrow();
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(w.file()); LineSource source = LineSource.of("ext.txt", in)) {
            status.parse(source, ParseContext.simple("ext.txt"), sink);
        }
        assertEquals(List.of(), sink.warnings());
        assertEquals(w.rows(), sink.rows("mysql.status").size());
        assertTrue(sink.facts().toString().contains("relative"), sink.facts().toString());
        // Uptime: 36 s at the first table (the capture's), then one more per second
        assertEquals(36 + 139, sink.rows("mysql.status", "Uptime").get(139).get("level"));
        // after two replays of the capture's 65 seconds the gauge is back at a level the server held
        List<CollectingSink.SpecRow> free = sink.rows("mysql.status", "Innodb_buffer_pool_pages_free");
        assertEquals(free.get(1).get("level"), free.get(66).get("level"));
        assertTrue(sink.rows("mysql.status", "Com_select").get(100).get("per_s") > 1000);
    }
}
