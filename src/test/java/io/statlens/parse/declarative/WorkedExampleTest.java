package io.statlens.parse.declarative;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worked example of docs/parsers.md does what the page says. */
class WorkedExampleTest {
    private static final Path PAGE = Path.of("docs/parsers.md");

    /** The fenced block following {@code <!-- example: name -->} on the page. */
    private static String example(String name) throws IOException {
        List<String> lines = Files.readAllLines(PAGE);
        int marker = lines.indexOf("<!-- example: " + name + " -->");
        assertTrue(marker >= 0 && lines.get(marker + 1).startsWith("```"), "no example " + name + " in " + PAGE);
        int end = marker + 2;
        while (!lines.get(end).equals("```")) end++;
        return String.join("\n", lines.subList(marker + 2, end)) + "\n";
    }

    @Test
    void qmonBecomesWhatThePageSays() throws IOException {
        Parser qmon = new DeclarativeParser(DefinitionReader.read("qmon.parser", example("qmon.parser")));
        String input = example("qmon.txt");
        assertTrue(qmon.sniff(ShippedDefinitions.head(input)) >= 0.5);
        CollectingSink sink = ParserFixtures.parseText(qmon, input, ParseContext.simple("qmon.txt"));

        assertEquals("2.4", sink.fact("tool.version").orElseThrow());
        assertEquals("broker1", sink.fact("host").orElseThrow());
        assertEquals("date(1) or epoch lines before the reports (reports without one follow at 10 s steps)",
                sink.fact("time.source").orElseThrow());
        assertEquals("default", sink.variant());

        DatasetSpec spec = sink.spec("qmon");
        assertEquals("QUEUE", spec.keyLabel());
        assertEquals(List.of(Metric.of("DEPTH", "count"), Metric.of("IN/s", "1/s"), Metric.of("OUT/s", "1/s"),
                new Metric("OLDEST", "s", "age of the oldest message"), Metric.of("MEM", "B")), spec.metrics());
        List<SpecRow> rows = sink.rows("qmon");
        assertEquals(5, rows.size());
        Instant first = Instant.parse("2024-03-04T10:00:00Z");
        Instant second = Instant.parse("2024-03-04T10:00:10Z");
        assertRow(rows.get(0), 0, first, "orders", 120, 340.5, 338.0, 1.5, 12582912);
        assertRow(rows.get(1), 0, first, "billing", 0, 10.0, 10.0, Double.NaN, 524288);
        assertRow(rows.get(2), 1, second, "orders", 98, 352.0, 354.2, 0.8, 11534336);
        assertRow(rows.get(3), 1, second, "billing", 2, 12.0, 10.0, 3.0, 532480);
        assertRow(rows.get(4), 1, second, "dead-letter", 1, 0.0, 0.0, 750.0, 4096);

        DatasetSpec total = sink.spec("qmon.total");
        assertEquals("", total.keyLabel());
        assertEquals(List.of(Metric.of("queues", "count"), Metric.of("messages", "count")), total.metrics());
        List<SpecRow> totals = sink.rows("qmon.total");
        assertEquals(1, totals.size());
        assertEquals(0, totals.get(0).row().sample());
        assertEquals(second, totals.get(0).row().time());
        assertEquals(3.0, totals.get(0).get("queues"));
        assertEquals(221.0, totals.get(0).get("messages"));
        assertEquals(List.of(), sink.warnings());
    }

    private static void assertRow(SpecRow r, long sample, Instant time, String key, double... values) {
        assertEquals(sample, r.row().sample());
        assertEquals(time, r.row().time());
        assertEquals(key, r.row().key());
        assertEquals(false, r.row().sinceBoot());
        for (int i = 0; i < values.length; i++) assertEquals(values[i], r.row().values()[i], key + " " + i);
    }
}
