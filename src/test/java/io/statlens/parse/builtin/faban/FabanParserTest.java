package io.statlens.parse.builtin.faban;

import io.statlens.model.ParseWarning;
import io.statlens.model.SummaryValue;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FabanParserTest {
    private static final String WEBSEARCH = "faban/cloudsuite-websearch-summary.xml.txt";
    private final FabanParser parser = new FabanParser();

    private static Optional<SummaryValue> value(CollectingSink sink, String key, String name) {
        return sink.summaries().stream().filter(s -> s.key().equals(key) && s.name().equals(name)).findFirst();
    }

    @Test
    void cloudSuiteSummary() {
        CollectingSink sink = ParserFixtures.parse(parser, WEBSEARCH);
        assertEquals(24.333, sink.summary("metric").orElseThrow());
        assertEquals(new SummaryValue("faban", "", "metric", 24.333, "ops/sec"), value(sink, "", "metric").orElseThrow());
        assertEquals("Sample Search Workload", sink.fact("faban.benchmark").orElseThrow());
        assertEquals("0.3", sink.fact("faban.benchmark.version").orElseThrow());
        assertEquals("1", sink.fact("faban.run_id").orElseThrow());
        assertEquals("Thu Aug 03 09:42:43 UTC 2017", sink.fact("faban.start_time").orElseThrow());
        assertEquals("true", sink.fact("faban.passed").orElseThrow());

        assertEquals(new SummaryValue("faban", "SearchDriver", "metric", 24.333, "ops/sec"),
                value(sink, "SearchDriver", "metric").orElseThrow());
        assertEquals(new SummaryValue("faban", "SearchDriver", "total_ops", 1460, "count"),
                value(sink, "SearchDriver", "total_ops").orElseThrow());
        assertEquals(50, value(sink, "SearchDriver", "users").orElseThrow().value());
        assertEquals(46.8968, value(sink, "SearchDriver", "rt_xtps").orElseThrow().value());
        assertEquals("true", sink.fact("faban.driver.SearchDriver.passed").orElseThrow());

        assertEquals(new SummaryValue("faban", "SearchDriver/GET", "successes", 1460, "count"),
                value(sink, "SearchDriver/GET", "successes").orElseThrow());
        assertEquals(0, value(sink, "SearchDriver/GET", "failures").orElseThrow().value());
        assertEquals(1.0, value(sink, "SearchDriver/GET", "required_mix").orElseThrow().value());
        assertEquals(new SummaryValue("faban", "SearchDriver/GET", "rt_avg_s", 0.029, "s"),
                value(sink, "SearchDriver/GET", "rt_avg_s").orElseThrow());
        assertEquals(0.156, value(sink, "SearchDriver/GET", "rt_max_s").orElseThrow().value());
        assertEquals(0.023, value(sink, "SearchDriver/GET", "rt_sd_s").orElseThrow().value());
        assertEquals(0.060, value(sink, "SearchDriver/GET", "rt_p90th_s").orElseThrow().value());
        assertEquals(0.110, value(sink, "SearchDriver/GET", "rt_p99th_s").orElseThrow().value());
        assertEquals(0.5, value(sink, "SearchDriver/GET", "rt_required_p90th_s").orElseThrow().value());
        assertEquals(1.995, value(sink, "SearchDriver/GET", "delay_targeted_avg_s").orElseThrow().value());
        assertEquals(10.0, value(sink, "SearchDriver/GET", "delay_max_s").orElseThrow().value());
        assertEquals("true", sink.fact("faban.driver.SearchDriver.response_times.GET.passed").orElseThrow());
        assertEquals("cycleTime", sink.fact("faban.driver.SearchDriver.delay_times.GET.type").orElseThrow());
        assertEquals("summary-xml", sink.variant());
        assertTrue(sink.datasets().isEmpty());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void failedCriteriaTextBeforeAndGarbageAfterTheXml() {
        String text = """
                Run finished, summary follows
                <?xml version="1.0" encoding="UTF-8"?>
                <benchResults>
                  <benchSummary name="B" version="1"><metric unit="ops/sec">3.5</metric><passed>false</passed></benchSummary>
                  <driverSummary name="D">
                    <responseTimes unit="milliseconds">
                      <operation name="Op" r90th="500"><avg>12.5</avg><passed>false</passed></operation>
                    </responseTimes>
                  </driverSummary>
                </benchResults>`
                trailing log line
                """;
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
        assertEquals(3.5, sink.summary("metric").orElseThrow());
        assertEquals(new SummaryValue("faban", "D/Op", "rt_avg_ms", 12.5, "ms"), value(sink, "D/Op", "rt_avg_ms").orElseThrow());
        assertEquals(500, value(sink, "D/Op", "rt_required_p90th_ms").orElseThrow().value());
        assertEquals(List.of(new ParseWarning(1, "skipped 1 line(s) of text before the XML")), sink.warnings());
        assertEquals(List.of(
                new ParseWarning(4, "Faban reports a failed criterion: faban.passed = false"),
                new ParseWarning(7, "Faban reports a failed criterion: faban.driver.D.response_times.Op.passed = false")),
                sink.notices(), "failed criteria are the benchmark's verdict, not bad lines");
    }

    @Test
    void brokenXmlIsAWarning() {
        String text = "<benchResults>\n<benchSummary name=\"B\">\n<metric>1</metric>\n<oops>\n</benchResults>\n";
        CollectingSink sink = ParserFixtures.parseText(parser, text, ParseContext.simple("t"));
        assertEquals(1, sink.summary("metric").orElseThrow());
        assertEquals(1, sink.warnings().size());
        assertEquals(5, sink.warnings().get(0).line());
        assertTrue(sink.warnings().get(0).message().startsWith("malformed XML, reading stopped"));
    }

    @Test
    void otherTextIsRefusedWithAReason() {
        CollectingSink sink = ParserFixtures.parseText(parser, "hello\n", ParseContext.simple("t"));
        assertEquals(List.of(new ParseWarning(0, "no XML found: expected Faban's summary.xml (<benchResults>)")),
                sink.warnings());
    }

    @Test
    void sniffTakesFabanSummariesOnly() {
        assertTrue(parser.sniff(ParserFixtures.head(WEBSEARCH)) >= 0.5);
        assertTrue(parser.sniff(new Head("x", List.of("<?xml version=\"1.0\"?>", "<sysstat>", "<host nodename=\"a\">")))
                < 0.5);
        assertTrue(parser.sniff(new Head("x", List.of("<TpmC>", "   3634.300 TpmC"))) < 0.5);
    }
}
