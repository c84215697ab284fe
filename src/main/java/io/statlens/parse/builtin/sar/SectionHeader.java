package io.statlens.parse.builtin.sar;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.text.Labels;
import io.statlens.parse.text.SysstatHuman;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The column layout of one sar section, read from its header line: which column is the key (CPU,
 * device, interface; first, or last as sysstat's {@code --pretty} and {@code -F} print it), which columns
 * are text (a sensor's {@code DEVICE}), and which are metrics. It names the data set and splits data
 * lines into key, values and texts.
 */
final class SectionHeader {
    static final String TOOL = "sar";

    /** Lower-case key columns of Solaris, AIX and HP-UX sar. */
    private static final Set<String> UNIX_KEYS = Set.of("cpu", "device", "ctlr", "lunpath");
    /** Cells that mean "no value" rather than a malformed line (AIX prints {@code -} and {@code U}). */
    private static final Set<String> PLACEHOLDERS = Set.of("-", "--", "U", "N/A", "n/a");
    /** sysstat's USB report: vendor and product ids complete the bus number to a key; names follow as free text. */
    private static final Set<String> USB_KEY_PARTS = Set.of("idvendor", "idprod");
    private static final String USB_TEXT_START = "manufact";
    /**
     * Text columns named in lower case, by the key column of their section: a battery's state ({@code -m BAT}), which
     * sar prints for an interval but not in its averages (pr_stats.c, stub_print_pwr_bat_stats).
     */
    private static final Map<String, String> INTERVAL_TEXT = Map.of("BAT", "status");
    private static final java.util.regex.Pattern PER_CPU = java.util.regex.Pattern.compile("CPU\\d+");

    /**
     * A metric column: where its cell is, whether the cell is a {@code used/size} pair (two metrics), and its unit, which
     * says how a {@code --human} cell reads.
     */
    private record Column(int index, boolean usedOfSize, String unit) {
    }

    /** A text cell of a data line, to be recorded as a fact. */
    record Text(String label, String value) {
    }

    /**
     * A data line split by this layout.
     *
     * @param key        the key ({@code ""} for unkeyed sections)
     * @param values     one per metric of {@link #spec()}
     * @param texts      text cells
     * @param nonNumeric cells that should have been numbers (they became NaN)
     */
    record Cells(String key, double[] values, List<Text> texts, List<String> nonNumeric) {
    }

    private final List<String> tokens;
    private final int keyIndex;
    // arrays, not lists: every data row walks them (a list's iterator and boxed indexes cost a tenth of the sar parse)
    private final int[] keyParts;
    private final int[] textColumns;
    private final int freeTextFrom;
    private final Column[] columns;
    private final DatasetSpec spec;
    private final boolean known;
    private final boolean keyOnceAReport;

    private SectionHeader(List<String> tokens) {
        this.tokens = List.copyOf(tokens);
        int n = tokens.size();
        int key = -1;
        if (n >= 2 && isKeyLabel(tokens.get(0))) key = 0;
        else if (n >= 2 && isKeyLabel(tokens.get(n - 1))) key = n - 1;
        this.keyIndex = key;
        String keyLabel = key < 0 ? "" : tokens.get(key);

        List<Integer> parts = new ArrayList<>();
        List<Integer> texts = new ArrayList<>();
        int freeText = -1;
        List<Integer> metricIndexes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String t = tokens.get(i);
            if (i == key) continue;
            if (freeText >= 0) continue;
            if (keyLabel.equals("BUS") && USB_KEY_PARTS.contains(t)) parts.add(i);
            else if (keyLabel.equals("BUS") && t.equals(USB_TEXT_START)) freeText = i;
            else if (isUpperWord(t) || t.equals(INTERVAL_TEXT.get(keyLabel))) texts.add(i);
            else metricIndexes.add(i);
        }
        this.keyParts = parts.stream().mapToInt(Integer::intValue).toArray();
        this.textColumns = texts.stream().mapToInt(Integer::intValue).toArray();
        this.freeTextFrom = freeText;

        List<String> plainLabels = metricIndexes.stream().map(tokens::get).toList();
        var entry = SectionCatalog.known(keyLabel, plainLabels);
        this.known = entry.isPresent();
        String name = entry.map(SectionCatalog.Entry::name).orElseGet(() -> SectionCatalog.derivedName(plainLabels));
        boolean usedOfSize = entry.map(SectionCatalog.Entry::usedOfSize).orElse(false);
        this.keyOnceAReport = entry.map(SectionCatalog.Entry::keyOnceAReport).orElse(false);

        List<String> labels = distinctLabels(plainLabels);
        List<Column> cols = new ArrayList<>();
        List<Metric> metrics = new ArrayList<>();
        for (int m = 0; m < metricIndexes.size(); m++) {
            String label = labels.get(m);
            boolean pair = usedOfSize && label.endsWith("-sz");
            Metric metric = SarMetrics.metric(label);
            cols.add(new Column(metricIndexes.get(m), pair, metric.unit()));
            metrics.add(metric);
            // Unix sar -v prints "84/30000": entries in use, then the table's size.
            if (pair) metrics.add(SarMetrics.metric(label + ":size"));
        }
        this.columns = cols.toArray(Column[]::new);
        this.spec = new DatasetSpec(TOOL, name, keyLabel, Labels.distinctMetrics(metrics));
    }

    /** The layout a header line's tokens (after the time of day) describe. */
    static SectionHeader of(List<String> tokens) {
        return new SectionHeader(tokens);
    }

    /** Whether these tokens are a header rather than data: no token is a number. */
    static boolean looksLikeHeader(String[] tokens) {
        if (tokens.length == 0) return false;
        for (String t : tokens) {
            if (startsNumeric(t)) return false;
        }
        return true;
    }

    private static boolean startsNumeric(String t) {
        char c = t.charAt(0);
        if (c >= '0' && c <= '9') return true;
        return t.length() > 1 && (c == '-' || c == '+' || c == '.') && Character.isDigit(t.charAt(1));
    }

    private static boolean isKeyLabel(String t) {
        return UNIX_KEYS.contains(t) || isUpperWord(t);
    }

    /**
     * CPU, DEV, IFACE, FILESYSTEM, DEVICE...: sysstat writes identifier columns as capital words. Its
     * per-CPU interrupt columns ({@code CPU0}, {@code CPU1}) are capitals too, but numbered: metrics.
     */
    private static boolean isUpperWord(String t) {
        if (t.length() < 2) return false;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (!(c >= 'A' && c <= 'Z') && c != '_') return false;
        }
        return true;
    }

    /**
     * Labels made unique: Solaris and HP-UX repeat labels ({@code proc-sz ov inod-sz ov},
     * {@code sml_mem alloc fail lg_mem alloc fail}); a repeated label is prefixed with the nearest
     * preceding label that is not repeated ({@code proc-sz:ov}).
     */
    private static List<String> distinctLabels(List<String> labels) {
        Map<String, Integer> count = new HashMap<>();
        for (String l : labels) count.merge(l, 1, Integer::sum);
        List<String> out = new ArrayList<>();
        String owner = null;
        Map<String, Integer> seen = new HashMap<>();
        for (String l : labels) {
            if (count.get(l) == 1) {
                owner = l;
                out.add(l);
                continue;
            }
            int occurrence = seen.merge(l, 1, Integer::sum);
            String candidate = owner != null ? owner + ":" + l : l + "#" + occurrence;
            out.add(out.contains(candidate) ? candidate + "#" + occurrence : candidate);
        }
        return out;
    }

    DatasetSpec spec() {
        return spec;
    }

    /** Whether the section is in the catalog (rather than named after its first label). */
    boolean known() {
        return known;
    }

    /**
     * Whether a key is printed once a report, so that a row repeating one at the same time is the same thing again:
     * sysstat before 12.3.3 listed a filesystem once per line of {@code /etc/mtab}, so a device mounted at several
     * points (btrfs subvolumes) gave identical lines; rd_stats.c's read_filesystem has kept the first since (#256).
     */
    boolean keyOnceAReport() {
        return keyOnceAReport;
    }

    /** The notice for a key a report printed again ({@link #keyOnceAReport}), given once per file. */
    static String mountedAgain(String key) {
        return "'" + key + "' is printed again at the same time: sysstat before 12.3.3 lists a filesystem once per mount"
                + " (one device mounted at several points, such as btrfs subvolumes), so the lines repeated in a report are"
                + " the same filesystem again and are skipped";
    }

    /**
     * The layout of an average row, if sar leaves columns out of its averages that it prints for an interval (a
     * battery's state); else this one.
     */
    SectionHeader averaged() {
        String intervalOnly = keyIndex < 0 ? null : INTERVAL_TEXT.get(tokens.get(keyIndex));
        if (intervalOnly == null || !tokens.contains(intervalOnly)) return this;
        return new SectionHeader(tokens.stream().filter(t -> !t.equals(intervalOnly)).toList());
    }

    /** The per-CPU columns of sar -I's interrupt report ({@code CPU0 CPU1 ...}) this layout names. */
    List<String> perCpuColumns() {
        return tokens.stream().filter(t -> PER_CPU.matcher(t).matches()).toList();
    }

    /** This layout without the per-CPU columns that are not in {@code kept}; this one if it names no other. */
    SectionHeader withPerCpuColumns(java.util.Collection<String> kept) {
        List<String> fewer = tokens.stream().filter(t -> !PER_CPU.matcher(t).matches() || kept.contains(t)).toList();
        return fewer.size() == tokens.size() ? this : new SectionHeader(fewer);
    }

    boolean sameColumns(SectionHeader other) {
        return tokens.equals(other.tokens);
    }

    /** Whether the key (CPU, device) is the first column after the time, as Solaris, AIX and HP-UX print it. */
    boolean keyedByFirstColumn() {
        return keyIndex == 0;
    }

    int columnCount() {
        return tokens.size();
    }

    /** Whether a data line with this many tokens (after the time or the average label) has the header's width. */
    boolean fitsWidth(int count) {
        return freeTextFrom >= 0 ? count >= freeTextFrom : count == tokens.size();
    }

    /** Splits a data line's tokens (after the time, or after {@code Average:}); null if the count does not fit. */
    Cells cells(String[] t) {
        if (freeTextFrom >= 0 ? t.length < freeTextFrom : t.length != tokens.size()) return null;
        String key = keyIndex < 0 ? "" : normalizeKey(t[keyIndex]);
        if (keyParts.length > 0) {
            StringBuilder b = new StringBuilder(key);
            for (int p : keyParts) b.append(':').append(t[p]);
            key = b.toString();
        }
        double[] values = new double[spec.metrics().size()];
        List<String> bad = new ArrayList<>(0);
        int v = 0;
        for (Column c : columns) {
            String cell = t[c.index()];
            if (c.usedOfSize()) {
                int slash = cell.indexOf('/');
                values[v++] = number(slash < 0 ? cell : cell.substring(0, slash), c.unit(), bad);
                values[v++] = slash < 0 ? Double.NaN : number(cell.substring(slash + 1), c.unit(), bad);
            } else {
                values[v++] = number(cell, c.unit(), bad);
            }
        }
        List<Text> texts = new ArrayList<>(0);
        for (int i : textColumns) texts.add(new Text(tokens.get(i), text(tokens.get(i), t[i])));
        if (freeTextFrom >= 0 && t.length > freeTextFrom) {
            // sadf -d gives each name its own cell, empty where the device names no maker
            String free = String.join(" ", List.of(t).subList(freeTextFrom, t.length).stream().filter(c -> !c.isBlank()).toList());
            texts.add(new Text("device", free));
        }
        return new Cells(key, values, texts, bad);
    }

    /** AIX prints {@code -} and HP-UX {@code system} for the all-processors line; Linux calls it {@code all}. */
    private String normalizeKey(String key) {
        if (tokens.get(keyIndex).equals("cpu") && (key.equals("-") || key.equals("system"))) return "all";
        return key;
    }

    /** A text cell as stored: a battery's state as sadf's word for it, whichever form printed it. */
    private String text(String label, String cell) {
        return keyIndex >= 0 && label.equals(INTERVAL_TEXT.get(tokens.get(keyIndex))) ? BatteryStatus.word(cell) : cell;
    }

    /** A cell in its column's unit, read as sysstat prints it with or without {@code --human}. */
    private static double number(String cell, String unit, List<String> bad) {
        double value = SysstatHuman.value(cell, unit);
        if (Double.isNaN(value) && !PLACEHOLDERS.contains(cell)) bad.add(cell);
        return value;
    }
}
