package io.statlens.parse.builtin.arcstat;

import io.statlens.model.Metric;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an arcstat column holds, from the {@code cols} table of arcstat.pl and OpenZFS arcstat
 * ({@code "HDR": [width, scale, description]}). The scale is also the base of the K/M/G suffix the
 * tool prints: 1000 for rates, 1024 for sizes, none for percentages.
 *
 * @param name        the header as printed
 * @param base        1000 or 1024, the base of the value's unit suffix
 * @param unit        unit after parsing: {@code 1/s}, {@code B}, {@code B/s}, {@code %}, or empty
 * @param description the tool's own description; empty for columns statlens does not know
 */
record ArcstatField(String name, int base, String unit, String description) {
    private static final Map<String, ArcstatField> KNOWN = new HashMap<>();

    static {
        rates("hits ARC hits per second", "iohs ARC I/O hits per second", "miss ARC misses per second",
                "read Total ARC accesses per second", "dhit Demand hits per second",
                "dioh Demand I/O hits per second", "dmis Demand misses per second",
                "ddhit Demand data hits per second", "ddioh Demand data I/O hits per second",
                "ddmis Demand data misses per second", "dmhit Demand metadata hits per second",
                "dmioh Demand metadata I/O hits per second", "dmmis Demand metadata misses per second",
                "phit Prefetch hits per second", "pioh Prefetch I/O hits per second",
                "pmis Prefetch misses per second", "pdhit Prefetch data hits per second",
                "pdioh Prefetch data I/O hits per second", "pdmis Prefetch data misses per second",
                "pmhit Prefetch metadata hits per second", "pmioh Prefetch metadata I/O hits per second",
                "pmmis Prefetch metadata misses per second", "mhit Metadata hits per second",
                "mioh Metadata I/O hits per second", "mmis Metadata misses per second",
                "mread Metadata accesses per second", "mfu MFU list hits per second",
                "mru MRU list hits per second", "mfug MFU ghost list hits per second",
                "mrug MRU ghost list hits per second", "unc Uncached list hits per second",
                "eskip evict_skip per second", "el2skip evict skip, due to l2 writes, per second",
                "mtxmis mutex_miss per second", "rmis recycle_miss per second",
                "dread Demand accesses per second", "ddread Demand data accesses per second",
                "dmread Demand metadata accesses per second", "pread Prefetch accesses per second",
                "pdread Prefetch data accesses per second", "pmread Prefetch metadata accesses per second",
                "l2hits L2ARC hits per second", "l2miss L2ARC misses per second",
                "l2read Total L2ARC accesses per second", "ztotal zfetch total prefetcher calls per second",
                "zhits zfetch stream hits per second", "zahead zfetch hits ahead of streams per second",
                "zpast zfetch hits behind streams per second", "zmisses zfetch stream misses per second",
                "zmax zfetch limit reached per second", "zfuture zfetch stream future per second",
                "zstride zfetch stream strides per second", "zissued zfetch prefetches issued per second",
                "zactive zfetch prefetches active per second");
        percents("hit% ARC hit percentage", "ioh% ARC I/O hit percentage", "miss% ARC miss percentage",
                "dh% Demand hit percentage", "di% Demand I/O hit percentage", "dm% Demand miss percentage",
                "ddh% Demand data hit percentage", "ddi% Demand data I/O hit percentage",
                "ddm% Demand data miss percentage", "dmh% Demand metadata hit percentage",
                "dmi% Demand metadata I/O hit percentage", "dmm% Demand metadata miss percentage",
                "ph% Prefetch hits percentage", "pi% Prefetch I/O hits percentage",
                "pm% Prefetch miss percentage", "pdh% Prefetch data hits percentage",
                "pdi% Prefetch data I/O hits percentage", "pdm% Prefetch data miss percentage",
                "pmh% Prefetch metadata hits percentage", "pmi% Prefetch metadata I/O hits percentage",
                "pmm% Prefetch metadata miss percentage", "mh% Metadata hit percentage",
                "mi% Metadata I/O hit percentage", "mm% Metadata miss percentage",
                "l2hit% L2ARC access hit percentage", "l2miss% L2ARC access miss percentage",
                "l2pref% L2ARC prefetch percentage", "l2mfu% L2ARC MFU percentage",
                "l2mru% L2ARC MRU percentage", "l2data% L2ARC data percentage",
                "l2meta% L2ARC metadata percentage");
        sizes("B", "arcsz ARC size", "size ARC size", "c ARC target size", "l2pref L2ARC prefetch allocated size",
                "l2mfu L2ARC MFU allocated size", "l2mru L2ARC MRU allocated size",
                "l2data L2ARC data allocated size", "l2meta L2ARC metadata allocated size",
                "l2asize Actual (compressed) size of the L2ARC", "l2size Size of the L2ARC",
                "need ARC reclaim need", "free ARC free memory", "avail ARC available memory",
                "waste Wasted memory due to round up to pagesize");
        sizes("B/s", "l2bytes Bytes read per second from the L2ARC",
                "l2wbytes Bytes written per second to the L2ARC",
                "el2cach Size of L2 cached evictions per second", "el2el Size of L2 eligible evictions per second",
                "el2mfu Size of L2 eligible MFU evictions per second",
                "el2mru Size of L2 eligible MRU evictions per second",
                "el2inel Size of L2 ineligible evictions per second");
        put(new ArcstatField("grow", 1000, "", "ARC grow disabled"));
        breakdowns();
    }

    /** The field named so, or a guess from the name for columns of newer versions. */
    static ArcstatField of(String name) {
        ArcstatField known = KNOWN.get(name);
        if (known != null) return known;
        if (name.endsWith("%")) return new ArcstatField(name, 100, "%", "");
        return new ArcstatField(name, 1000, "1/s", "");
    }

    static boolean isKnown(String name) {
        return KNOWN.containsKey(name);
    }

    Metric metric() {
        return new Metric(name, unit, description);
    }

    /**
     * The ARC structure, type and state size columns OpenZFS arcstat builds from arc_summary's names
     * ({@code cmpsz}, {@code datatg%}, {@code mfugsz}...); all are sizes, each but the ghost ones with a
     * percentage beside it.
     */
    private static void breakdowns() {
        List<String> structures = List.of("cmp", "ovh", "bon", "dno", "dbu", "hdr", "l2h", "abd");
        for (String f : structures) sizeWithPercent(f + "sz", "ARC structure size");
        for (String f : List.of("data", "meta")) {
            for (String s : List.of("tg", "sz")) sizeWithPercent(f + s, "ARC type size");
        }
        for (String f : List.of("ano", "mfu", "mru", "unc")) {
            boolean listed = f.equals("mfu") || f.equals("mru");
            if (listed) {
                for (String s : List.of("tg", "dt", "mt")) sizeWithPercent(f + s, "ARC state target");
            }
            for (String s : List.of("sz", "da", "me", "ed", "em")) sizeWithPercent(f + s, "ARC state size");
            if (listed) {
                for (String s : List.of("gsz", "gd", "gm")) put(new ArcstatField(f + s, 1024, "B", "ARC ghost size"));
            }
        }
    }

    private static void sizeWithPercent(String name, String description) {
        put(new ArcstatField(name, 1024, "B", description));
        put(new ArcstatField(name + "%", 100, "%", description + " percentage"));
    }

    private static void rates(String... entries) {
        for (String e : entries) put(split(e, 1000, "1/s"));
    }

    private static void percents(String... entries) {
        for (String e : entries) put(split(e, 100, "%"));
    }

    private static void sizes(String unit, String... entries) {
        for (String e : entries) put(split(e, 1024, unit));
    }

    private static ArcstatField split(String entry, int base, String unit) {
        int space = entry.indexOf(' ');
        return new ArcstatField(entry.substring(0, space), base, unit, entry.substring(space + 1));
    }

    private static void put(ArcstatField field) {
        KNOWN.put(field.name(), field);
    }
}
