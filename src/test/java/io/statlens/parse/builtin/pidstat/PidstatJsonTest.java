package io.statlens.parse.builtin.pidstat;

import io.statlens.model.DatasetSpec;
import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.Head;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code pidstat -o JSON} (sysstat 12.7: pidstat.c's write_json_pid_* functions): each report an array of tasks under
 * the sample's {@code "timestamp"} ({@code task-cpu-load}, {@code child-cpu-load}, {@code task-memory},
 * {@code child-memory}, {@code stack}, {@code io}, {@code context-switch}, {@code kernel}, {@code realtime}), each task
 * {@code UID} (or {@code USER} with -U), {@code PID} (or {@code TGID} and {@code TID} with -t), the report's fields,
 * the thread's {@code leader} (with -t) and its {@code cmd}; no averages. It lands in the data sets, keys, labels and
 * units of pidstat's text of the same options: sysstat's tests run both on one /proc tree.
 */
class PidstatJsonTest {
    private final PidstatParser parser = new PidstatParser();

    private CollectingSink parse(String file) {
        return ParserFixtures.parse(parser, "pidstat/" + file);
    }

    /** Each data set's rows as text: sample, time, key, since boot, then each label and unit with its value. */
    private static Map<String, List<String>> export(CollectingSink sink) {
        Map<String, List<String>> out = new TreeMap<>();
        for (String dataset : sink.datasets().keySet()) {
            DatasetSpec spec = sink.spec(dataset);
            List<String> rows = new ArrayList<>();
            rows.add(spec.keyLabel() + " | " + spec.metrics());
            for (SpecRow r : sink.rows(dataset)) {
                rows.add(r.row().sample() + " " + r.row().time() + " " + r.row().key() + " " + r.row().sinceBoot() + " "
                        + Arrays.toString(r.row().values()));
            }
            out.put(dataset, rows);
        }
        return out;
    }

    private void sameExport(String text, String json) {
        CollectingSink fromText = parse(text);
        CollectingSink fromJson = parse(json);
        assertEquals(List.of(), fromJson.warnings(), json);
        assertEquals(List.of(), fromText.warnings(), text);
        assertTrue(fromJson.rows("pidstat.cpu").size() > 0 || !fromJson.datasets().containsKey("pidstat.cpu"));
        assertEquals(export(fromText), export(fromJson), text + " and " + json);
        assertEquals(fromText.fact("host"), fromJson.fact("host"));
        assertEquals(fromText.fact("cpus"), fromJson.fact("cpus"));
    }

    @Test
    void sinceBootWithThreadsGivesWhatTheTextGives() {
        // tests/05040 and 05042: LC_ALL=C TZ=GMT ./pidstat [-o JSON] -t -dRrsuvw -p ALL
        sameExport("sysstat-fixture-pidstat-t-dRrsuvw-p-ALL.txt", "sysstat-fixture-pidstat-o-JSON-t-dRrsuvw-p-ALL.json");
    }

    @Test
    void intervalReportsWithThreadsGiveWhatTheTextGives() {
        // tests/05070 and 05072: LC_ALL=C TZ=GMT ./pidstat [-o JSON] -T TASK -t -dRrsuvw 2 6
        sameExport("sysstat-fixture-pidstat-T-TASK-t-dRrsuvw-2-6.txt", "sysstat-fixture-pidstat-o-JSON-T-TASK-t-dRrsuvw-2-6.json");
    }

    @Test
    void epochTimestampsGiveTheTimesOfTheTextsClock() {
        // tests/05250 and 05252: LC_ALL=C TZ=GMT ./pidstat -C fox 2 6, and the same with -o JSON -H
        sameExport("sysstat-fixture-pidstat-C-fox-2-6.txt", "sysstat-fixture-pidstat-o-JSON-H-C-fox-2-6.json");
        CollectingSink json = parse("sysstat-fixture-pidstat-o-JSON-H-C-fox-2-6.json");
        assertEquals(Instant.ofEpochSecond(1591016004), json.rows("pidstat.cpu", "8741 firefox").get(0).row().time());
    }

    @Test
    void threadsOfATaskWhoseLeaderIsNotShownAreKeyedAsTheOthers() {
        // pidstat.c's print_comm: "(firefox)__firefox" when the thread group's leader was not printed before it
        CollectingSink text = parse("sysstat-fixture-pidstat-T-TASK-t-dRrsuvw-2-6.txt");
        assertEquals(0.03, text.rows("pidstat.thread_cpu", "8741/8741 firefox").get(0).get("%CPU"));
    }

    @Test
    void userNamesChildTimesAndTheRealtimeReportAreRead() {
        // tests/05152: LC_ALL=C TZ=GMT ./pidstat -U -o JSON -T ALL -t -dRrsuvw -p ALL 2 2
        CollectingSink sink = parse("sysstat-fixture-pidstat-U-o-JSON-T-ALL-t-dRrsuvw-p-ALL-2-2.json");
        assertEquals(List.of(), sink.warnings());
        assertEquals("linux-sysstat-json", sink.variant());
        assertEquals(112090, sink.rows("pidstat.child_cpu", "7900 gnome-shell").get(0).get("usr-ms"));
        assertEquals(410, sink.rows("pidstat.thread_child_cpu", "7900/10334 dconf worker").get(0).get("usr-ms"));
        assertEquals(412.96, sink.rows("pidstat.cpu", "7900 gnome-shell").get(0).get("%CPU"));
        assertEquals(Instant.parse("2020-06-01T12:53:22Z"), sink.rows("pidstat.cpu").get(0).row().time());
        assertTrue(sink.datasets().containsKey("pidstat.rt"));
        assertEquals("SYSSTAT.TEST", sink.fact("host").orElseThrow());
    }

    @Test
    void isDetectedByItsReportsNames() {
        ParserCatalog registry = ParserCatalog.load(Path.of("no-user-parsers"));
        for (String file : List.of("sysstat-fixture-pidstat-o-JSON-H-C-fox-2-6.json",
                "sysstat-fixture-pidstat-o-JSON-t-dRrsuvw-p-ALL.json")) {
            Head head = ParserFixtures.head("pidstat/" + file);
            assertEquals(PidstatParser.class, new AutoDetectParser(registry).detect(head).parser().orElseThrow().getClass(), file);
        }
    }

    @Test
    void childCpuAndChildMemoryAreTheirOwnDataSetsAsInTheText() {
        // LC_ALL=C pidstat -o JSON -T ALL -u -r -p 1330 1 3 (sysstat 12.7.9): child-cpu-load and child-memory
        CollectingSink sink = parse("sysstat12.7.9-pidstat-o-JSON-T-ALL-u-r-1-3.json");
        assertEquals(List.of(), sink.warnings());
        // {"UID": "0", "PID": "1330", "usr-ms": 560, "system-ms": 30, "guest-ms": 0, "cmd": "forker"}
        assertEquals(560, sink.rows("pidstat.child_cpu", "1330 forker").get(1).get("usr-ms"));
        // {"UID": "0", "PID": "1330", "minflt-nr": 164, "majflt-nr": 0, "cmd": "forker"}
        assertEquals(164, sink.rows("pidstat.child_memory", "1330 forker").get(1).get("minflt-nr"));
        assertEquals(List.of("minflt-nr", "majflt-nr"),
                sink.spec("pidstat.child_memory").metrics().stream().map(m -> m.label()).toList());
        assertEquals(1636, sink.rows("pidstat.memory", "1330 forker").get(1).get("RSS"));
        assertTrue(!sink.datasets().containsKey("pidstat.child"));
    }

    @Test
    void aPastedCommandWithAnIntervalMakesTheOneSampleAnInterval() {
        // $ pidstat -o JSON -u -r -p 1330 1 1: the one sample is the second after the command started
        CollectingSink interval = parse("sysstat12.7.9-pidstat-o-JSON-u-r-1-1-after-prompt.txt");
        assertEquals(List.of(), interval.warnings());
        assertEquals(1, interval.rows("pidstat.cpu").size());
        assertTrue(interval.rows("pidstat.cpu").stream().noneMatch(r -> r.row().sinceBoot()));
        assertTrue(interval.rows("pidstat.memory").stream().noneMatch(r -> r.row().sinceBoot()));
        assertEquals("-o JSON -u -r -p 1330 1 1", interval.fact("options").orElseThrow());
        // $ pidstat -o JSON -u -r -p 1330: no interval, the sample averages over each task's life
        CollectingSink since = parse("sysstat12.7.9-pidstat-o-JSON-u-r-no-interval-after-prompt.txt");
        assertEquals(List.of(), since.warnings());
        assertTrue(since.rows("pidstat.cpu").stream().allMatch(r -> r.row().sinceBoot()));
    }

    @Test
    void thePastedCommandIsReadNotSkipped() {
        // its options become a fact: a notice that the line was skipped would tell the user the opposite
        CollectingSink sink = parse("sysstat12.7.9-pidstat-o-JSON-u-r-1-1-after-prompt.txt");
        assertTrue(sink.notices().stream().noneMatch(n -> n.message().contains("before the JSON document skipped")),
                sink.notices().toString());
    }
}
