package io.statlens.store.read;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.DataTable;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Readers of the same rows planned in one {@link RowPass} are read once, and each gets exactly the rows, in the order and
 * with the values of its own columns, it gets reading alone: over {@code mpstat -P ALL} of 4 CPUs for 1,100 s (three
 * blocks a key) and a run of two vmstat files whose samples interleave.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RowPassTest {
    private Repository repo;
    private SeriesReader reader;

    @BeforeAll
    void importRuns(@TempDir Path dir) throws IOException {
        repo = Repository.open(RepositoryLocation.memory("rp" + UUID.randomUUID()));
        ImportService service = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
        StringBuilder cpus = new StringBuilder("Linux 5.15.0-91-generic (host) \t01/15/2024 \t_x86_64_\t(4 CPU)\n\n");
        for (int t = 0; t < 1100; t++) {
            String time = java.time.LocalTime.of(10, 0).plusSeconds(t).toString();
            if (time.length() == 5) time += ":00";
            cpus.append(time).append("     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
            for (int cpu = -1; cpu < 4; cpu++) {
                double usr = (t * 7 + cpu * 13 + 50) % 9000 / 100.0;
                double iowait = (t + cpu + 1) % 5;
                cpus.append(time).append(String.format(Locale.ROOT, "  %6s%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%8.2f%n",
                        cpu < 0 ? "all" : Integer.toString(cpu), usr, 0.0, 1.5, iowait, 0.0, 0.25, 0.0, 0.0, 0.0, 100 - usr - 1.75 - iowait));
            }
            cpus.append('\n');
        }
        service.run(ImportRequest.of("cpus", ZoneOffset.UTC, Files.writeString(dir.resolve("mpstat-P-ALL.txt"), cpus)),
                ImportProgress.NONE);
        Path early = Files.writeString(dir.resolve("vmstat-a.txt"), vmstat("00", "10", "20"));
        Path late = Files.writeString(dir.resolve("vmstat-b.txt"), vmstat("05", "15"));
        service.run(ImportRequest.of("two", ZoneOffset.UTC, early, late), ImportProgress.NONE);
        reader = new SeriesReader(repo);
    }

    @AfterAll
    void close() {
        repo.close();
    }

    @Test
    void theFindingsBusyTimeTheCpuAreaAndTheBusiestCpusAreOneReadEachGettingTheRowsItReadsAlone() {
        SeriesReader.Selection mpstat = reader.select("cpus", "mpstat");
        SeriesReader.Selection busy = columns(mpstat, "%idle", "%iowait");
        SeriesReader.Selection area = columns(mpstat, "%usr", "%nice", "%sys", "%iowait", "%irq", "%soft", "%steal", "%idle");
        SeriesReader.Selection iowaitFirst = columns(mpstat, "%iowait", "%idle");
        Counting counting = new Counting();
        RowPass pass = new RowPass(counting);
        List<String> areaRows = new ArrayList<>();
        List<String> busiestRows = new ArrayList<>();
        List<String> busyRows = new ArrayList<>();
        pass.add(area, false, TimeWindow.ALL, List.of("all"), row -> areaRows.add(line(row)));
        pass.add(iowaitFirst, false, TimeWindow.ALL, Set.of("1", "3"), row -> busiestRows.add(line(row)));
        assertEquals(0, counting.reads, "planning reads nothing");
        pass.read(busy, false, TimeWindow.ALL, List.of("all"), row -> busyRows.add(line(row)));
        assertEquals(1, counting.reads, "one read of the rows for three readers");
        assertEquals(alone(area, List.of("all")), areaRows);
        assertEquals(alone(iowaitFirst, List.of("1", "3")), busiestRows);
        assertEquals(alone(busy, List.of("all")), busyRows);
        assertEquals(1100, busyRows.size());
        assertEquals(2200, busiestRows.size());
        // Read: a later reader of the same rows reads alone, as does a reader of other rows (a window); finish reads nothing more.
        List<String> again = new ArrayList<>();
        pass.read(busy, false, TimeWindow.ALL, List.of("all"), row -> again.add(line(row)));
        assertEquals(busyRows, again);
        TimeWindow tenMinutes = new TimeWindow(Instant.parse("2024-01-15T10:05:00Z"), Instant.parse("2024-01-15T10:14:59Z"));
        List<String> windowed = new ArrayList<>();
        pass.read(busy, false, tenMinutes, List.of(), row -> windowed.add(line(row)));
        assertEquals(alone(busy, tenMinutes, List.of()), windowed);
        assertEquals(3000, windowed.size());
        pass.finish();
        assertEquals(3, counting.reads);
        assertThrows(IllegalStateException.class, () -> pass.add(area, false, TimeWindow.ALL, List.of(), row -> { }),
                "a reader planned after its rows were read would get none");
    }

    @Test
    void finishReadsEachPassNobodyJoinedOnceAndAReaderOfAllKeysGetsThemAll() {
        SeriesReader.Selection mpstat = reader.select("cpus", "mpstat");
        SeriesReader.Selection idle = columns(mpstat, "%idle");
        SeriesReader.Selection usr = columns(mpstat, "%usr", "%sys");
        SeriesReader.Selection vmstat = reader.select("two", "vmstat");
        SeriesReader.Selection cpu = columns(vmstat, "us", "id");
        Counting counting = new Counting();
        RowPass pass = new RowPass(counting);
        List<String> idleRows = new ArrayList<>();
        List<String> usrRows = new ArrayList<>();
        List<String> vmstatRows = new ArrayList<>();
        pass.add(idle, false, TimeWindow.ALL, List.of(), row -> idleRows.add(line(row)));
        pass.add(usr, false, TimeWindow.ALL, List.of("0"), row -> usrRows.add(line(row)));
        pass.add(cpu, false, TimeWindow.ALL, List.of(), row -> vmstatRows.add(line(row)));
        pass.finish();
        assertEquals(2, counting.reads, "one read per data set");
        assertEquals(alone(idle, List.of()), idleRows);
        assertEquals(5500, idleRows.size());
        assertEquals(alone(usr, List.of("0")), usrRows);
        // The two files' rows merged by time, as a read alone merges them (each file's first line is since boot: left out).
        assertEquals(alone(cpu, List.of()), vmstatRows);
        assertEquals(3, vmstatRows.size());
        pass.finish();
        assertEquals(2, counting.reads, "a pass is read once");
    }

    private List<String> alone(SeriesReader.Selection s, Collection<String> keys) {
        return alone(s, TimeWindow.ALL, keys);
    }

    private List<String> alone(SeriesReader.Selection s, TimeWindow window, Collection<String> keys) {
        List<String> out = new ArrayList<>();
        reader.read(s, false, window, keys, row -> out.add(line(row)));
        return out;
    }

    /** The data set with these metrics, in this order. */
    private static SeriesReader.Selection columns(SeriesReader.Selection s, String... labels) {
        List<DataTable.MetricColumn> chosen = Arrays.stream(labels)
                .map(l -> s.metrics().stream().filter(m -> m.label().equals(l)).findFirst().orElseThrow()).toList();
        return s.withMetrics(chosen);
    }

    private static String line(SeriesReader.SeriesRow row) {
        return row.key() + " " + row.time() + " " + row.elapsed() + " " + row.sinceBoot() + " " + Arrays.toString(row.values());
    }

    /** The store's reads, counted. */
    private final class Counting implements RowSource {
        int reads;

        @Override
        public void read(SeriesReader.Selection s, boolean includeSinceBoot, TimeWindow window, Collection<String> keys,
                         SeriesReader.RowHandler handler) {
            reads++;
            reader.read(s, includeSinceBoot, window, keys, handler);
        }
    }

    private static String vmstat(String... seconds) {
        StringBuilder b = new StringBuilder("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----"
                + " -----timestamp-----\n r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st"
                + "                 UTC\n");
        for (String s : seconds) {
            b.append(" 1  0      0 2794716 295968 312724    0    0     1     3   29   57 ").append(Integer.parseInt(s))
                    .append("  0 90  0  0 2021-09-16 20:33:").append(s).append('\n');
        }
        return b.toString();
    }
}
