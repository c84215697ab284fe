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

/** The generated iostat output is what sysstat 12.6 prints, so that the benchmark measures a clean parse. */
class IostatWorkloadTest {
    @TempDir
    Path dir;

    @Test
    void rowsLineUpUnderTheHeaderAndParseWithoutWarnings() throws Exception {
        Workload w = Workload.iostat(dir, 64, 3);
        assertEquals(3 * 65, w.rows());
        List<String> lines = Files.readAllLines(w.file());
        assertEquals("2024-01-15T23:30:00+0000", lines.get(2));
        String header = lines.get(6);
        assertEquals(IostatWorkload.HEADER, header);
        String device = lines.get(7);
        assertTrue(device.startsWith("nvme0n1 "), device);
        // the last value ends where %util does, as sysstat right-aligns it
        assertEquals(header.length(), device.length(), device);
        assertEquals(23, device.trim().split(" +").length, device);

        Parser iostat = ParserCatalog.installed().byTool("iostat").orElseThrow();
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(w.file()); LineSource source = LineSource.of("iostat-x-t.txt", in)) {
            iostat.parse(source, ParseContext.simple("iostat-x-t.txt"), sink);
        }
        assertEquals(List.of(), sink.warnings());
        assertEquals(3 * 64, sink.rows("iostat").size());
        assertEquals(3, sink.rows("iostat.cpu").size());
        assertEquals(22, sink.spec("iostat").metrics().size());
    }

    @Test
    void deviceNamesAreDistinctAsTheKernelGivesThem() {
        String[] names = IostatWorkload.deviceNames(64);
        assertEquals(64, List.of(names).stream().distinct().count());
        assertEquals("sda", names[8]);
        assertEquals("sdab", names[8 + 27]);
        assertEquals("dm-0", names[8 + 28]);
    }
}
