package io.statlens.analysis;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The dominant-process finding of dstat's {@code --top-*} plugins, read through the real parser: Debian's dstat 0.7.4
 * captured here with seven top plugins while a build ran (CSV and screen, two runs of the same command), the quiet
 * machine of a public page's {@code --top-cpu --top-mem --top-io} CSV, and leaders that take turns (written for the
 * test in dstat's CSV form).
 */
class ProcessFindingsTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();

    /** Three processes lead two intervals each with the same CPU: a third each, no one dominates. */
    private static final String TURNS = """
            "Dstat 0.8.0 CSV output"
            "Author:","Dag Wieers <dag@wieers.com>",,,,"URL:","http://dag.wieers.com/home-made/dstat/"
            "Host:","vm",,,,"User:","root"
            "Cmdline:","dstat -t --top-cpu --output top.csv 1 7",,,,"Date:","03 Dec 2026 04:32:23 UTC"
            "system","most expensive"
            "time","cpu process"
            03-12 04:32:23,kdamond.0 / 0%
            03-12 04:32:24,gcc / 40%
            03-12 04:32:25,ld / 40%
            03-12 04:32:26,as / 40%
            03-12 04:32:27,gcc / 40%
            03-12 04:32:28,ld / 40%
            03-12 04:32:29,as / 40%
            """;

    @BeforeAll
    static void importRuns(@TempDir Path dir) throws Exception {
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        service.run(ImportRequest.of("csv", ZoneOffset.UTC, Path.of("src/test/resources/corpus/dstat/debian-dstat-0.7.4-tc-top-1-5.csv")),
                ImportProgress.NONE);
        service.run(ImportRequest.of("screen", ZoneOffset.UTC, Path.of("src/test/resources/corpus/dstat/debian-dstat-0.7.4-tc-top-1-5.txt")),
                ImportProgress.NONE);
        service.run(ImportRequest.of("quiet", ZoneOffset.UTC, Path.of("src/test/resources/corpus/dstat/cn-notes-dstat-0.7.2-top-cpu-mem-io.csv")),
                ImportProgress.NONE);
        service.run(ImportRequest.of("turns", ZoneOffset.UTC, Files.writeString(dir.resolve("turns.csv"), TURNS)), ImportProgress.NONE);
        service.run(ImportRequest.of("dool", ZoneOffset.UTC, Path.of("src/test/resources/corpus/dstat/dool-1.3.4-tc-top-adv-1-20.csv")),
                ImportProgress.NONE);
    }

    private List<Finding> processes(String run) {
        return new FindingsAnalyzer(repo).analyze(List.of(run)).runs().get(0).findings().stream()
                .filter(f -> f.dataset().startsWith("dstat.top")).toList();
    }

    private static List<String> texts(List<Finding> findings) {
        return findings.stream().map(f -> f.dataset() + ": " + f.text()).toList();
    }

    /**
     * The CSV: java led every interval after the since-boot first row (kdamond.0's, bash's), so it has all of what
     * each plugin reported. By hand from the file: CPU (53 + 49 + 51 + 49) / 4 = 50.5 %; memory (453677056 + 556699648
     * + 557879296 + 558403584) / 4 B = 507.04 MiB; I/O the eight read and write cells of top-io, 55,384,907 B / 4 s =
     * 13.2 MiB/s; block I/O 26,947,584 B / 4 s = 6.42 MiB/s. Latency, interrupts and OOM score are no use of a resource
     * a process could take from the others: no finding.
     */
    @Test
    void aProcessThatLedEveryIntervalHasAllOfWhatEachPluginReported() {
        List<Finding> csv = processes("csv");
        assertEquals(List.of(
                "dstat.top_cpu: Process java dominates the CPU the leading processes used (dstat --top-cpu): 100 % of it, mean cpu"
                        + " 50.5 % in the 4 of 4 intervals it led.",
                "dstat.top_mem: Process java dominates the memory the leading processes held (dstat --top-mem): 100 % of it, mean"
                        + " mem 507 MiB in the 4 of 4 intervals it led.",
                "dstat.top_io: Process java dominates the I/O the leading processes did (dstat --top-io): 100 % of it, mean"
                        + " read+writ 13.2 MiB/s in the 4 of 4 intervals it led.",
                "dstat.top_bio: Process java dominates the block I/O the leading processes did (dstat --top-bio): 100 % of it,"
                        + " mean read+writ 6.42 MiB/s in the 4 of 4 intervals it led."), texts(csv));
        Finding io = csv.get(2);
        assertEquals(List.of("read+writ", "java", "MiB/s", "read"), List.of(io.metric(), io.key(), io.unit(), io.shownBy()),
                "the I/O is read and written together; the chart of the plugin shows it from its first metric");
        assertEquals(55_384_907 / 4.0 / (1024 * 1024), io.value(), 1e-9);
        assertEquals(Finding.Kind.HOTTEST, io.kind());
    }

    /**
     * The screen of the same command a few seconds earlier: javac led the first measured interval (36 % CPU, 649M), java
     * the other three (24 + 39 + 29 = 92 of 128 % CPU: 71.88 %; 374 + 405 + 424 = 1,203 of 1,852 MiB: 64.96 %).
     */
    @Test
    void aProcessThatLedMostIntervalsHasItsShareOfWhatTheLeadersUsed() {
        assertEquals(List.of(
                "dstat.top_cpu: Process java dominates the CPU the leading processes used (dstat --top-cpu): 71.88 % of it, mean"
                        + " cpu 30.67 % in the 3 of 4 intervals it led.",
                "dstat.top_mem: Process java dominates the memory the leading processes held (dstat --top-mem): 64.96 % of it,"
                        + " mean mem 401 MiB in the 3 of 4 intervals it led.",
                "dstat.top_io: Process java dominates the I/O the leading processes did (dstat --top-io): 100 % of it, mean"
                        + " read+writ 41.9 MiB/s in the 4 of 4 intervals it led.",
                "dstat.top_bio: Process java dominates the block I/O the leading processes did (dstat --top-bio): 100 % of it,"
                        + " mean read+writ 10.7 MiB/s in the 4 of 4 intervals it led."), texts(processes("screen")));
    }

    /**
     * dool's CSV of top-cpu, top-mem, top-bio, top-cpu-adv and top-io-adv (captured here): top-cpu-adv tells what
     * top-cpu tells, so only top-cpu speaks; top-io-adv speaks for the I/O, as no top-io ran. By hand from the file,
     * the since-boot first row left out: java 204 of 400 % CPU (51 %) in 10 of 19 intervals; load.sh 84 % of the
     * bytes read and written, 6,000 MiB in 9 intervals.
     */
    @Test
    void anAdvancedPluginSpeaksOnlyWhenItsPlainTwinDidNotRun() {
        List<Finding> dool = processes("dool");
        assertEquals(List.of("dstat.top_cpu", "dstat.top_mem", "dstat.top_io_adv", "dstat.top_bio"),
                dool.stream().map(Finding::dataset).toList());
        assertEquals("dstat.top_io_adv: Process load.sh dominates the I/O the leading processes did (dstat --top-io-adv): 84 % of it,"
                + " mean read+writ 667 MiB/s in the 9 of 19 intervals it led.", texts(dool).get(2));
    }

    @Test
    void leadersOfAQuietMachineOrLeadersThatTakeTurnsDominateNothing() {
        assertEquals(List.of(), processes("quiet"), "barad_agent led the I/O at 25 KB/s, the CPU at 0 or 1 %, 49 MiB resident");
        assertEquals(List.of(), processes("turns"), "gcc, ld and as a third each");
    }
}
