package io.statlens.parse.builtin.proc;

import io.statlens.parse.ParserFixtures;
import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.CollectingSink.SpecRow;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** pt-stalk's snapshot loops of /proc/stat, /proc/diskstats, /proc/meminfo and df, as captured by pt-stalk 3.2.1. */
class SnapshotLoopParsersTest {
    private static final String PROCSTAT = "procstat/pt-stalk-3.2.1-procstat-linux-6.txt";
    private static final String DISKSTATS = "diskstats/pt-stalk-3.2.1-diskstats-linux-6.txt";
    private static final String MEMINFO = "meminfo/pt-stalk-3.2.1-meminfo-linux-6.txt";
    private static final String DF = "df/pt-stalk-3.2.1-df-k.txt";
    /** The two TS lines: 1796192347.050812412 and 1796192350.181338649. */
    private static final Instant FIRST = Instant.ofEpochSecond(1796192347, 50812412);
    private static final Instant SECOND = Instant.ofEpochSecond(1796192350, 181338649);
    private static final double SECONDS = 3.130526237;

    @Test
    void procStatCpuSharesAndSystemRates() {
        CollectingSink sink = ParserFixtures.parse(new ProcStatParser(), PROCSTAT);
        List<SpecRow> cpu = sink.rows("procstat.cpu", "cpu");
        assertEquals(List.of(FIRST, SECOND), cpu.stream().map(r -> r.row().time()).toList());
        assertEquals(2847628, cpu.get(1).get("user"));
        assertTrue(Double.isNaN(cpu.get(0).get("user%")), "the first snapshot counts since boot");
        assertEquals(100.0 * 468 / (468 + 188), cpu.get(1).get("user%"), 1e-9);
        assertEquals(0, cpu.get(1).get("idle%"), 1e-9);
        assertEquals(3, sink.rows("procstat.cpu").stream().map(r -> r.row().key()).distinct().count(), "cpu, cpu0, cpu1");
        SpecRow system = sink.rows("procstat.system").get(1);
        assertEquals((52973845 - 52966507) / SECONDS, system.get("ctxt/s"), 1e-6);
        assertEquals((250668 - 250504) / SECONDS, system.get("forks/s"), 1e-6);
        assertEquals(23, system.get("procs_running"));
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void diskstatsRatesPerDevice() {
        CollectingSink sink = ParserFixtures.parse(new DiskstatsParser(), DISKSTATS);
        List<SpecRow> vda = sink.rows("diskstats", "vda");
        assertEquals(704275, vda.get(1).get("reads"));
        assertEquals(195934, vda.get(1).get("flush_ms"));
        assertEquals((704275 - 704216) / SECONDS, vda.get(1).get("r/s"), 1e-6);
        assertEquals((19928714 - 19927202) / 2.0 / SECONDS, vda.get(1).get("rkB/s"), 1e-6);
        assertEquals((533476 - 533432) / 10.0 / SECONDS, vda.get(1).get("%util"), 1e-6);
        assertEquals("linux-17", sink.variant());
        assertEquals(List.of(), sink.warnings());

        String partition = "   3    1 hda1 35486 38030 38030 38030\n   3    0 hda 446216 784926 9550688 4382310 424847 312726 5922052 19310380 0 3376340 23705160\n";
        sink = ParserFixtures.parseText(new DiskstatsParser(), partition, ParseContext.simple("old.txt"));
        assertEquals(38030, sink.rows("diskstats", "hda1").get(0).get("sectors_written"));
        assertEquals(5922052, sink.rows("diskstats", "hda").get(0).get("sectors_written"));
    }

    @Test
    void diskstatsPastedInAFenceAfterASentenceIsStillDiskstats() {
        java.util.List<String> file = ParserFixtures.head("diskstats/flamingbytes-centos79-cat-proc-diskstats.txt").lines();
        java.util.List<String> fenced = new java.util.ArrayList<>(java.util.List.of("Here is what I see:", "", "```"));
        fenced.addAll(file);
        fenced.add("```");
        // five device lines; the sentence, the fences and the prompt are no other format's evidence
        assertTrue(new DiskstatsParser().sniff(new io.statlens.parse.spi.Head("fenced.txt", fenced)) >= io.statlens.parse.spi.Detection.THRESHOLD);
    }

    @Test
    void meminfoFieldsAsRows() {
        CollectingSink sink = ParserFixtures.parse(new MeminfoParser(), MEMINFO);
        List<SpecRow> free = sink.rows("meminfo", "MemFree");
        assertEquals(List.of(FIRST, SECOND), free.stream().map(r -> r.row().time()).toList());
        assertEquals(20367136, free.get(1).get("value"));
        assertEquals(20367136.0 * 1024, free.get(1).get("bytes"));
        assertTrue(Double.isNaN(sink.rows("meminfo", "HugePages_Total").get(0).get("bytes")), "a count, not kB");
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void dfByMountPointAndWrappedOrHumanOutput() {
        CollectingSink sink = ParserFixtures.parse(new DfParser(), DF);
        List<SpecRow> root = sink.rows("df", "/");
        assertEquals(30553200, root.get(1).get("Used"));
        assertEquals(29, root.get(1).get("Use%"));
        assertEquals(4, sink.rows("df").size() / 2);
        assertEquals(List.of(), sink.warnings());

        String wrapped = String.join("\n",
                "Filesystem     Size  Used Avail Use% Mounted on",
                "/dev/mapper/vg_data-lv_mysql_long_name",
                "               1.8T  1.2T  512G  71% /var/lib/mysql",
                "tmpfs          7.8G     0  7.8G   0% /dev/shm");
        sink = ParserFixtures.parseText(new DfParser(), wrapped, ParseContext.simple("df-h.txt"));
        assertEquals(512.0 * 1024 * 1024, sink.rows("df", "/var/lib/mysql").get(0).get("Avail"));
        assertEquals(71, sink.rows("df", "/var/lib/mysql").get(0).get("Use%"));
        assertEquals(List.of(), sink.warnings());
    }

    /**
     * macOS (BSD) df: sizes in blocks of the header's size ({@code 512-blocks}), inodes as {@code iused ifree %iused},
     * {@code -h}'s powers of 1024 ({@code 466Gi}, {@code 0Bi}) and {@code -H}'s of 1000 ({@code 215k}, {@code 494G}),
     * file system names and mount points with blanks ({@code map -hosts}, {@code .../Macintosh HD}).
     */
    @Test
    void bsdDfInBlocksOfItsHeaderInodesAndHumanSizes() {
        CollectingSink blocks = ParserFixtures.parse(new DfParser(), "df/jc-osx10146-df.txt");
        SpecRow root = blocks.rows("df", "/").get(0);
        assertEquals(976490576 / 2.0, root.get("512-blocks"), "KiB, from blocks of 512 bytes");
        assertEquals(302197928 / 2.0, root.get("Used"));
        assertEquals(660310352 / 2.0, root.get("Available"));
        assertEquals(32, root.get("Capacity"));
        assertEquals(1507695, root.get("IUsed"), "BSD's iused is GNU's IUsed");
        assertEquals(9223372036853268112.0, root.get("IFree"));
        assertEquals(0, root.get("IUse%"));
        assertEquals(100, blocks.rows("df", "/net").get(0).get("Capacity"), "file system 'map -hosts'");
        assertEquals(976490576 / 2.0, blocks.rows("df",
                "/Volumes/com.apple.TimeMachine.localsnapshots/Backups.backupdb/kbrazil-mac/2019-11-29-075900/Macintosh HD")
                .get(0).get("512-blocks"));
        assertEquals(8, blocks.rows("df").size());
        assertEquals(List.of(), blocks.warnings());

        CollectingSink human = ParserFixtures.parse(new DfParser(), "df/jc-osx10146-df-h.txt");
        assertEquals(466.0 * 1024 * 1024, human.rows("df", "/").get(0).get("Size"));
        assertEquals(334, human.rows("df", "/dev").get(0).get("Size"));
        assertEquals(0, human.rows("df", "/dev").get(0).get("Avail"), "0Bi: no bytes");
        assertEquals(3.5 * 1024 * 1024 * 1024, human.rows("df", "/Volumes/brazil").get(0).get("Size"));
        assertEquals(List.of(), human.warnings());

        CollectingSink si = ParserFixtures.parse(new DfParser(), "df/jc-osx10146-df-H-si.txt");
        assertEquals(494e9 / 1024, si.rows("df", "/").get(0).get("Size"), "-H: powers of 1000, told by its 215k");
        assertEquals(215e3 / 1024, si.rows("df", "/dev").get(0).get("Size"));
        assertEquals(0, si.rows("df", "/dev").get(0).get("Avail"));
        assertEquals(List.of(), si.warnings());
    }

    /**
     * One df pasted after a sentence: the sentence is no snapshot of its own (which put df's one a second later), and
     * one snapshot has no interval to assume.
     */
    @Test
    void oneDfAfterASentenceIsOneSnapshotAtTheStart() {
        String pasted = String.join("\n",
                "Here is what I see:",
                "Filesystem     1K-blocks     Used Available Use% Mounted on",
                "/dev/vda       264212084 34081796  72309116  33% /");
        CollectingSink sink = ParserFixtures.parseText(new DfParser(), pasted, ParseContext.simple("df.txt"));
        SpecRow root = sink.rows("df", "/").get(0);
        assertEquals(0, root.row().sample());
        assertEquals(Instant.EPOCH, root.row().time());
        assertEquals(List.of(1L), sink.warnings().stream().map(w -> w.line()).toList(), "the sentence is not df's");
        assertTrue(sink.notices().stream().noneMatch(n -> n.message().contains("interval")), sink.notices().toString());
        assertEquals(Optional.of("derived: first sample at test default (1970-01-01T00:00:00Z)"), sink.fact("time.source"),
                "no interval was assumed, and the time.source fact says none");
    }

    /**
     * A loop of {@code cat /proc/meminfo; sleep 1} captured here: three snapshots, no time lines, no interval stated.
     * The first is placed when the second opens, so the interval is known to be needed: one time.source fact, naming
     * it, and one notice (not a fact without the interval and a second one with it).
     */
    @Test
    void snapshotsWithoutTimesOrIntervalHaveOneTimeSourceNamingTheAssumedInterval() {
        CollectingSink sink = ParserFixtures.parse(new MeminfoParser(), "meminfo/debian12-meminfo-loop-3-sleep1.txt");
        assertEquals(List.of("derived: first sample at test default (1970-01-01T00:00:00Z), assumed interval 1 s"),
                sink.facts().stream().filter(f -> f.name().equals("time.source")).map(f -> f.value()).toList());
        assertEquals(1, sink.notices().stream().filter(n -> n.message().contains("interval")).count(), sink.notices().toString());
        assertEquals(List.of(Instant.EPOCH, Instant.EPOCH.plusSeconds(1), Instant.EPOCH.plusSeconds(2)),
                sink.rows("meminfo").stream().map(r -> r.row().time()).distinct().toList());
    }

    /** The kernel prints two blanks after the total's {@code cpu}; a document may turn them into a tab. */
    @Test
    void aCpuLineWhoseBlanksBecameATabStillOpensASnapshot() {
        String stat = String.join("\n", "cpu\t259246 7001 60190 34250993 137517 772 0", "cpu0 259246 7001 60190 34250993 137517 772 0",
                "ctxt 12547729", "processes 130523", "", "cpu\t209841 1554 21720 118519346 72939 154 27168",
                "cpu0 42536 798 4841 14790880 14778 124 3117", "ctxt 4209609", "processes 21905");
        CollectingSink sink = ParserFixtures.parseText(new ProcStatParser(), stat, ParseContext.simple("tabbed"));
        assertEquals(List.of(Instant.EPOCH, Instant.EPOCH.plusSeconds(1)),
                sink.rows("procstat.cpu").stream().map(r -> r.row().time()).distinct().toList());
    }

    /** The same as an import places it, by the file's time: its one snapshot at that time, and no interval assumed. */
    @Test
    void oneDfPlacedAtTheFilesTimeAssumesNoInterval() {
        String df = String.join("\n",
                "Filesystem     1K-blocks     Used Available Use% Mounted on",
                "/dev/vda       264212084 34081796  72309116  33% /");
        Instant written = Instant.parse("2026-12-02T10:00:00Z");
        CollectingSink sink = ParserFixtures.parseText(new DfParser(), df, ParseContext.simple("df.txt")
                .set(io.statlens.parse.spi.FallbackStart.class, io.statlens.parse.spi.FallbackStart.endOfWriting(written, "the file's time")));
        assertEquals(written, sink.rows("df", "/").get(0).row().time());
        assertEquals(Optional.of("derived: last sample at the file's time (2026-12-02T10:00:00Z), first at 2026-12-02T10:00:00Z"),
                sink.fact("time.source"));
    }

    /** Real output of coreutils 9.1 in other languages: the same columns under their English names. */
    @Test
    void dfHeadersInEveryLanguageReadAsEnglish() {
        CollectingSink fr = ParserFixtures.parse(new DfParser(), "df/coreutils-9.1-fr_FR-df.txt");
        assertEquals(List.of("1K-blocks", "Used", "Available", "Use%"), metricNames(fr));
        assertEquals(Optional.of("fr"), fr.fact("header.language"));
        assertEquals(List.of("/dev", "/dev/shm", "/"), fr.rows("df").stream().map(r -> r.row().key()).toList());
        assertEquals(List.of(), fr.warnings());

        CollectingSink ru = ParserFixtures.parse(new DfParser(), "df/coreutils-9.1-ru_RU-df-h.txt");
        assertEquals(List.of("Size", "Used", "Avail", "Use%"), metricNames(ru), "Использовано and Использовано% apart");
        CollectingSink es = ParserFixtures.parse(new DfParser(), "df/coreutils-9.1-es_ES-df-P.txt");
        assertEquals(List.of("1024-blocks", "Used", "Available", "Capacity"), metricNames(es), "bloques de 1024");
        assertEquals(Optional.of("es"), es.fact("header.language"), "Galician shares Montado en, not S.ficheros");
        CollectingSink cs = ParserFixtures.parse(new DfParser(), "df/coreutils-9.1-cs_CZ-df-i-T.txt");
        assertEquals(List.of("Inodes", "IUsed", "IFree", "IUse%"), metricNames(cs));
        assertEquals(3083543, cs.rows("df", "/dev").get(0).get("Inodes"));

        String nbsp = "Sys.\u00a0de\u00a0fichiers blocs\u00a0de\u00a04.0K  Utilisé Dispo Uti% Monté\u2007sur\n"
                + "/dev/vda\u00a066053021 8516958\u300018080770  33% /srv/my data\n";
        CollectingSink spaced = ParserFixtures.parseText(new DfParser(), nbsp, ParseContext.simple("df.txt"));
        assertEquals(List.of("4.0K-blocks", "Used", "Avail", "Use%"), metricNames(spaced));
        assertEquals(8516958.0 * 4, spaced.rows("df", "/srv/my data").get(0).get("Used"), "blocks of 4.0K, in KiB");
    }

    /** Every catalog's own titles, as df 9.1 puts them together: df, -h, -P, -P -h and -i, each with and without -T. */
    @Test
    void everyCoreutilsCatalogsHeaderIsRead() throws Exception {
        Map<String, Map<String, String>> catalogs = new TreeMap<>();
        try (var in = DfHeader.class.getResourceAsStream("coreutils-df-header-translations.tsv")) {
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("#")).map(l -> l.split("\t"))
                    .forEach(f -> catalogs.computeIfAbsent(f[0], k -> new HashMap<>()).put(f[1], f[2]));
        }
        assertTrue(catalogs.size() >= 40, "coreutils 9.1 translates df's header in 41 languages");
        List<List<String>> layouts = List.of(List.of("%blocks", "Used", "Available", "Use%"),
                List.of("Size", "Used", "Avail", "Use%"), List.of("%blocks", "Used", "Available", "Capacity"),
                List.of("Size", "Used", "Avail", "Capacity"), List.of("Inodes", "IUsed", "IFree", "IUse%"));
        for (var entry : catalogs.entrySet()) {
            Map<String, String> c = entry.getValue();
            java.util.function.Function<String, String> t = english -> c.getOrDefault(english, english);
            String blocks = t.apply("%s-%s").replace("%1$s", "%s").replace("%2$s", "%b");
            String oneK = blocks.contains("%b") ? blocks.replace("%s", "1K").replace("%b", t.apply("blocks"))
                    : String.format(blocks, "1K", t.apply("blocks"));
            for (List<String> layout : layouts) {
                for (boolean typed : List.of(false, true)) {
                    List<String> titles = new ArrayList<>(List.of(t.apply("Filesystem")));
                    if (typed) titles.add(t.apply("Type"));
                    layout.forEach(title -> titles.add(title.equals("%blocks") ? oneK : t.apply(title)));
                    titles.add(t.apply("Mounted on"));
                    String header = String.join("  ", titles);
                    Optional<DfHeader.Header> read = DfHeader.read(header);
                    assertTrue(read.isPresent(), entry.getKey() + ": " + header);
                    assertEquals(layout.stream().map(title -> title.equals("%blocks") ? "1K-blocks" : title).toList(),
                            read.get().columns(), entry.getKey() + ": " + header);
                    assertEquals(typed, read.get().typed(), entry.getKey() + ": " + header);
                    assertTrue(read.get().language().contains(entry.getKey()), entry.getKey());
                }
            }
        }
    }

    private static List<String> metricNames(CollectingSink sink) {
        return sink.rows("df").get(0).spec().metrics().stream().map(io.statlens.model.Metric::label).toList();
    }

    @Test
    void withoutTimeLinesASnapshotStartsAtItsFirstLine() {
        String two = "MemTotal: 100 kB\nMemFree: 40 kB\nMemTotal: 100 kB\nMemFree: 30 kB\n";
        CollectingSink sink = ParserFixtures.parseText(new MeminfoParser(), two, ParseContext.simple("m.txt"));
        assertEquals(2, sink.rows("meminfo", "MemFree").size());
    }

    @Test
    void eachClaimsOnlyItsOwnSnapshots() {
        List<Parser> parsers = List.of(new ProcStatParser(), new DiskstatsParser(), new MeminfoParser(), new DfParser());
        List<String> files = List.of(PROCSTAT, DISKSTATS, MEMINFO, DF);
        for (int p = 0; p < parsers.size(); p++) {
            for (int f = 0; f < files.size(); f++) {
                double sure = parsers.get(p).sniff(ParserFixtures.head(files.get(f)));
                if (p == f) assertTrue(sure >= 0.9, files.get(f));
                else assertEquals(0, sure, parsers.get(p).info().tool() + " on " + files.get(f));
            }
        }
    }
}
