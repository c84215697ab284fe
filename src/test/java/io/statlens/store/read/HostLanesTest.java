package io.statlens.store.read;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which of a run's files of one tool are one host's series, for the layouts users produce. */
class HostLanesTest {
    private static final Instant T0 = Instant.parse("2026-12-02T10:00:00Z");

    private static RunCatalog.DatasetInfo set(long id, String file, int fromMinute, int toMinute, String host) {
        return new RunCatalog.DatasetInfo(id, "vmstat", "VMSTAT", "", 10, T0.plusSeconds(60L * fromMinute), T0.plusSeconds(60L * toMinute),
                file, List.of(), List.of(), Map.of(), host);
    }

    private static List<HostLanes.Lane> lanes(RunCatalog.DatasetInfo... sets) {
        return HostLanes.of(List.of(sets));
    }

    @Test
    void aCollectOfTwoHostsIsTwoLanesNamedByTheirFolders() {
        assertEquals(List.of(new HostLanes.Lane("db01", List.of(1L, 3L)), new HostLanes.Lane("app01", List.of(2L, 4L))),
                lanes(set(1, "/c/bench/db01/vmstat.txt", 0, 10, ""), set(2, "/c/bench/app01/vmstat.txt", 0, 10, ""),
                        // restarted: each host's second file goes on its own line
                        set(3, "/c/bench/db01/vmstat-2.txt", 20, 30, ""), set(4, "/c/bench/app01/vmstat-2.txt", 20, 30, "")));
    }

    @Test
    void filesOfOneHostOneAfterAnotherAreOneSeries() {
        assertEquals(List.of(new HostLanes.Lane("", List.of(1L, 2L))),
                lanes(set(1, "/c/bench/localhost/vmstat.txt", 0, 10, ""), set(2, "/c/bench/localhost/vmstat-2.txt", 20, 30, "")));
        assertEquals(List.of(new HostLanes.Lane("", List.of(1L, 2L))),
                lanes(set(1, "/data/day1.txt", 0, 10, "db01"), set(2, "/data/day2.txt", 20, 30, "db01")));
    }

    @Test
    void filesOfOneFolderAtTheSameTimesAreToldByTheirNames() {
        assertEquals(List.of(new HostLanes.Lane("db01-vmstat.txt", List.of(1L)), new HostLanes.Lane("app01-vmstat.txt", List.of(2L))),
                lanes(set(1, "/data/db01-vmstat.txt", 0, 10, ""), set(2, "/data/app01-vmstat.txt", 5, 15, "")));
    }

    @Test
    void hostsTheFilesNameAreApartEvenOneAfterAnother() {
        assertEquals(List.of(new HostLanes.Lane("db01", List.of(1L)), new HostLanes.Lane("app01", List.of(2L))),
                lanes(set(1, "/data/sar1.txt", 0, 10, "db01"), set(2, "/data/sar2.txt", 20, 30, "app01")));
    }

    @Test
    void twoMachinesOfOneNameAtTheSameTimesAreToldByTheirFolders() {
        assertEquals(List.of(new HostLanes.Lane("db01", List.of(1L)), new HostLanes.Lane("app01", List.of(2L))),
                lanes(set(1, "/c/bench/db01/mpstat.txt", 0, 10, "vm"), set(2, "/c/bench/app01/mpstat.txt", 0, 10, "vm")));
    }

    @Test
    void aMachineDrawnApartByFoldersIsOneHostWhenItsFilesNameIt() {
        List<RunCatalog.DatasetInfo> sameName = List.of(set(1, "/c/run/vmstat.txt", 0, 10, "vm"), set(2, "/c/stalk/x-vmstat", 0, 10, "vm"));
        assertEquals(2, HostLanes.of(sameName).size(), "still two series");
        assertEquals(List.of(), HostLanes.hosts(sameName), "but one host, vm");
        assertEquals(List.of("db01", "app01"),
                HostLanes.hosts(List.of(set(1, "/c/bench/db01/vmstat.txt", 0, 10, ""), set(2, "/c/bench/app01/vmstat.txt", 0, 10, ""))));
    }
}
