package io.statlens.store.read;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which of a run's data sets of one name are one host's series. A run may hold a tool's output of several hosts (a
 * collect of {@code --host db01 --host app01}, an import of both hosts' folders): their samples fall on the same
 * seconds and must be drawn apart, never zigzagged through or stacked on each other, and their statistics and findings
 * kept apart ({@link SeriesReader#byHost}), never merged. A data set's host is the one its
 * file names (a sysstat banner); a file that names none (vmstat) is told by its folder (a collect keeps a folder per
 * host), else by its name. Files of no named host that follow one another in time (a collect restarted, a day per
 * file) are one host's pieces and stay one series, as are files of one named host that do not overlap.
 */
public final class HostLanes {
    private HostLanes() {
    }

    /**
     * One host's data sets.
     *
     * @param host what names the host in a chart; empty when the run holds this data of one host only
     */
    public record Lane(String host, List<Long> datasetIds) {
    }

    /** The lanes of data sets of one name, in the order of their first data set; one lane without a host when all are one's. */
    public static List<Lane> of(List<RunCatalog.DatasetInfo> sets) {
        List<Lane> one = List.of(new Lane("", sets.stream().map(RunCatalog.DatasetInfo::id).toList()));
        if (sets.size() < 2) return one;
        boolean severalFolders = sets.stream().map(d -> folder(d.file())).distinct().count() > 1;
        Map<String, List<RunCatalog.DatasetInfo>> byHost = new LinkedHashMap<>();
        for (RunCatalog.DatasetInfo d : sets) byHost.computeIfAbsent(label(d, severalFolders), k -> new ArrayList<>()).add(d);
        Map<String, List<RunCatalog.DatasetInfo>> lanes = new LinkedHashMap<>();
        byHost.forEach((host, group) -> {
            if (!overlap(group)) {
                lanes.computeIfAbsent(host, k -> new ArrayList<>()).addAll(group);
                return;
            }
            // One host name, samples at the same times: two machines that call themselves the same (a copied VM, localhost
            // over SSH), told apart by their files.
            for (RunCatalog.DatasetInfo d : group) lanes.computeIfAbsent(pathLabel(d, severalFolders), k -> new ArrayList<>()).add(d);
        });
        long namedHosts = sets.stream().map(RunCatalog.DatasetInfo::host).filter(h -> !h.isEmpty()).distinct().count();
        if (lanes.size() < 2 || namedHosts < 2 && !spansOverlap(lanes.values().stream().map(HostLanes::span).toList())) return one;
        List<Lane> out = new ArrayList<>();
        lanes.forEach((host, group) -> out.add(new Lane(host, group.stream().map(RunCatalog.DatasetInfo::id).toList())));
        return out;
    }

    /**
     * The hosts the lanes of data sets of one name stand for, when there are several: a lane's host when a file or its
     * folder names it, never a file's own name (two files of one host at the same instant, as pt-stalk's two InnoDB
     * snapshots of one second, are drawn apart but are not two machines), and a host its files name rather than the
     * folder that drew them apart (pt-stalk's vmstat beside one's own, both of host {@code vm}).
     */
    public static List<String> hosts(List<RunCatalog.DatasetInfo> sets) {
        List<Lane> lanes = of(sets);
        if (lanes.size() < 2) return List.of();
        java.util.LinkedHashSet<String> hosts = new java.util.LinkedHashSet<>();
        for (Lane lane : lanes) {
            List<RunCatalog.DatasetInfo> of = sets.stream().filter(d -> lane.datasetIds().contains(d.id())).toList();
            boolean fileName = of.stream().allMatch(d -> d.host().isEmpty() && lane.host().equals(name(d.file())));
            // a lane told apart by its folder whose files all name one host is that host's (two sources of one machine)
            List<String> named = of.stream().map(RunCatalog.DatasetInfo::host).distinct().toList();
            if (named.size() == 1 && !named.get(0).isEmpty()) hosts.add(named.get(0));
            else if (!fileName) hosts.add(lane.host());
        }
        return hosts.size() > 1 ? List.copyOf(hosts) : List.of();
    }

    private static String label(RunCatalog.DatasetInfo d, boolean severalFolders) {
        return d.host().isEmpty() ? pathLabel(d, severalFolders) : d.host();
    }

    private static String pathLabel(RunCatalog.DatasetInfo d, boolean severalFolders) {
        return severalFolders ? folder(d.file()) : name(d.file());
    }

    private static boolean overlap(List<RunCatalog.DatasetInfo> group) {
        return spansOverlap(group.stream().map(d -> new long[]{millis(d.first()), millis(d.last())}).toList());
    }

    /** The first and last sample of a lane's data sets. */
    private static long[] span(List<RunCatalog.DatasetInfo> group) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (RunCatalog.DatasetInfo d : group) {
            if (d.first() == null || d.last() == null) continue;
            lo = Math.min(lo, d.first().toEpochMilli());
            hi = Math.max(hi, d.last().toEpochMilli());
        }
        return lo > hi ? new long[]{Long.MIN_VALUE, Long.MIN_VALUE} : new long[]{lo, hi};
    }

    private static long millis(java.time.Instant t) {
        return t == null ? Long.MIN_VALUE : t.toEpochMilli();
    }

    /** Whether two spans share a stretch of time; a span without times ({@link Long#MIN_VALUE}) shares none. */
    private static boolean spansOverlap(List<long[]> spans) {
        for (int i = 0; i < spans.size(); i++) {
            for (int j = i + 1; j < spans.size(); j++) {
                long[] a = spans.get(i);
                long[] b = spans.get(j);
                if (a[0] == Long.MIN_VALUE || b[0] == Long.MIN_VALUE) continue;
                if (a[0] <= b[1] && b[0] <= a[1]) return true;
            }
        }
        return false;
    }

    /** The folder a file is in ({@code db01} of {@code .../bench-1/db01/vmstat.txt}); empty for none. */
    private static String folder(String path) {
        String parent = path.substring(0, Math.max(0, lastSeparator(path)));
        return name(parent);
    }

    private static String name(String path) {
        return path.substring(lastSeparator(path) + 1);
    }

    private static int lastSeparator(String path) {
        return Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    }
}
