package io.statlens.parse.builtin.vmstat;

import io.statlens.model.DatasetSpec;
import io.statlens.model.Metric;
import io.statlens.parse.text.ColumnLayout;
import io.statlens.parse.text.Labels;
import io.statlens.parse.text.Numbers;
import io.statlens.parse.text.Tokens;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One vmstat header: the optional line of group titles and the line of column labels, read into the
 * columns' positions and the data set they fill.
 *
 * <p>Labels become metric names as printed, except where a label repeats: Solaris and the BSDs print
 * {@code sy} under faults (system calls) and under cpu, so the faults one is {@code faults sy} and the
 * cpu one stays {@code sy}, as on Linux; {@code vmstat -d} repeats all its labels, so every one of them
 * gets its group ({@code reads total}, {@code writes ms}, {@code IO cur}).
 *
 * @param flavour     which vmstat printed it
 * @param layout      the value columns, without the {@code -t} time stamp column
 * @param spec        the data set its rows fill
 * @param timestamped whether {@code -t} added a time stamp column
 * @param zoneLabel   the zone printed above that column ({@code PDT}), empty when none
 * @param line        the line number of the label line, for messages
 * @param languages   for a header procps-ng printed in another language, the languages whose translations it
 *                    matches ({@code de}); empty for an English header
 * @param clock       where a time of day ({@code 07:53:28}) stands on each row, not among the value columns: AIX's
 *                    {@code -t} adds it last, labelled {@code hr mi se}; a collector such as Oracle's ExaWatcher
 *                    puts it first, under a {@code --time--} group title
 */
record VmstatHeader(VmstatFlavour flavour, ColumnLayout layout, DatasetSpec spec, boolean timestamped, String zoneLabel,
                    long line, Set<String> languages, Clock clock) {
    /** Where a row's time of day stands, when it has one. */
    enum Clock { NONE, FIRST, LAST }

    /** AIX's labels of its {@code -t} time of day, the last three of the header. */
    private static final List<String> AIX_CLOCK = List.of("hr", "mi", "se");
    static final String TOOL = "vmstat";
    /** A collector's group title over a time of day before vmstat's own columns ({@code --time-- procs ---memory---}). */
    private static final Pattern TIME_TITLE = Pattern.compile("^\\s*-*time-*(?=\\s+-*procs)");
    private static final Pattern GROUP_LINE = Pattern.compile(
            "^\\s*(?:-*time-*\\s+)?(?:-*procs-*\\s+-*memory-*|kthr\\s+memory|disk-\\s+-*reads-*)(?:\\s|$)");
    private static final Pattern RULE = Pattern.compile("^[-\\s]*-{3,}[-\\s]*$");
    private static final Pattern ZONE = Pattern.compile("[A-Z]{2,5}|[+-]\\d{2}(?::?\\d{2})?");
    /** The title of a per-CPU group of FreeBSD's {@code vmstat -P}: {@code cpu0}, {@code cpu1}. */
    private static final Pattern CPU_TITLE = Pattern.compile("cpu\\d+");
    private static final String TIMESTAMP_GROUP = "timestamp";
    private static final List<String> DISK_GROUPS =
            List.of("reads", "reads", "reads", "reads", "writes", "writes", "writes", "writes", "IO", "IO");

    /**
     * The line of group titles: {@code procs ---memory---}, Solaris {@code kthr memory}, {@code disk- ---reads---},
     * or procps-ng's in another language ({@code procs ----------mémoire---------- -échange-}).
     */
    static boolean isGroupLine(String line) {
        return groupLine(line).isPresent();
    }

    private static Optional<ProcpsTranslations.GroupLine> groupLine(String line) {
        return ProcpsTranslations.get().groupLine(line, GROUP_LINE.matcher(line).find());
    }

    /** A rule of dashes under the group titles, as AIX prints it. */
    static boolean isRule(String line) {
        return RULE.matcher(line).matches();
    }

    /**
     * The line of labels: {@code r b swpd ...}, {@code r b w swap ...}, {@code total merged sectors ...}, or
     * procps-ng's in another language ({@code dz bl swap wolna bufor cache ...}).
     */
    static boolean isLabelLine(String line) {
        return isEnglishLabelLine(line) || ProcpsTranslations.get().labelLine(line).isPresent();
    }

    private static boolean isEnglishLabelLine(String line) {
        String[] t = Tokens.split(line);
        if (t.length < 6) return false;
        boolean main = t[0].equals("r") && (t[1].equals("b") || t[1].equals("s"));
        boolean disk = t[0].equals("total") && t[1].equals("merged");
        if (!main && !disk) return false;
        for (int i = 0; i < t.length; i++) {
            boolean zone = i == t.length - 1 && ZONE.matcher(t[i]).matches();
            if (!zone && Numbers.isNumber(t[i])) return false;
        }
        return true;
    }

    /**
     * @param groupLine  the group titles, or null when the label line came alone
     * @param labelLine  the labels
     * @param line       the label line's number
     */
    static VmstatHeader of(String groupLine, String labelLine, long line) {
        Matcher timeTitle = groupLine == null ? null : TIME_TITLE.matcher(groupLine);
        boolean clockFirst = timeTitle != null && timeTitle.find();
        // the time of day is not a vmstat column: its title is blanked so the groups stay over their labels
        if (clockFirst) groupLine = " ".repeat(timeTitle.end()) + groupLine.substring(timeTitle.end());
        Optional<ProcpsTranslations.GroupLine> groups = groupLine == null ? Optional.empty() : groupLine(groupLine);
        String titles = groups.map(ProcpsTranslations.GroupLine::english).orElse(groupLine);
        boolean timestamped = groups.map(ProcpsTranslations.GroupLine::timestamped).orElse(false);
        Optional<ProcpsTranslations.LabelLine> translated = ProcpsTranslations.get().labelLine(labelLine);
        if (translated.isPresent()) return translated(translated.get(), timestamped, line);
        ColumnLayout layout = ColumnLayout.of(titles, labelLine);
        List<ColumnLayout.Column> columns = layout.columns();
        String zone = "";
        ColumnLayout.Column last = columns.get(columns.size() - 1);
        boolean zoneLabel = ZONE.matcher(last.label()).matches();
        boolean zoneColumn = timestamped ? last.group().equals(TIMESTAMP_GROUP) || zoneLabel : zoneLabel;
        if (zoneColumn) {
            zone = last.label();
            timestamped = true;
            layout = layout.firstColumns(columns.size() - 1);
            columns = layout.columns();
        }
        boolean clockLast = columns.size() > AIX_CLOCK.size()
                && layout.labels().subList(columns.size() - AIX_CLOCK.size(), columns.size()).equals(AIX_CLOCK);
        if (clockLast) {
            layout = layout.firstColumns(columns.size() - AIX_CLOCK.size());
            columns = layout.columns();
        }
        boolean kthr = titles != null && titles.trim().startsWith("kthr");
        VmstatFlavour flavour = VmstatFlavour.of(layout.labels(), kthr);
        List<String> names = names(flavour, columns);
        List<Metric> metrics = new ArrayList<>(names.size());
        List<String> labels = layout.labels();
        int firstDisk = labels.indexOf("sr") + 1;
        int afterDisks = labels.indexOf("in");
        for (int i = 0; i < names.size(); i++) {
            // Solaris and BSD print one column per disk between sr and in, named by the driver (s0, ad0, and sd too)
            boolean diskSlot = firstDisk > 0 && i >= firstDisk && i < afterDisks;
            metrics.add(VmstatColumns.metric(flavour, names.get(i), diskSlot ? VmstatColumns.DISK_GROUP : columns.get(i).group()));
        }
        Clock clock = clockFirst ? Clock.FIRST : clockLast ? Clock.LAST : Clock.NONE;
        return new VmstatHeader(flavour, layout, spec(flavour, metrics), timestamped, zone, line, Set.of(), clock);
    }

    /**
     * A header procps-ng printed in another language: each column takes the English label (and group) of its
     * place in procps's sequence, and keeps the translation as the label printed.
     */
    private static VmstatHeader translated(ProcpsTranslations.LabelLine labels, boolean stampTitle, long line) {
        List<ColumnLayout.Column> columns = new ArrayList<>();
        for (ProcpsTranslations.Label l : labels.labels()) {
            columns.add(new ColumnLayout.Column(l.label(), l.group(), l.start(), l.end()));
        }
        ColumnLayout layout = ColumnLayout.of(columns);
        VmstatFlavour flavour = labels.disk() ? VmstatFlavour.LINUX_DISK : VmstatFlavour.LINUX;
        List<String> names = names(flavour, columns);
        List<Metric> metrics = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            ProcpsTranslations.Label l = labels.labels().get(i);
            Metric metric = VmstatColumns.metric(flavour, names.get(i), l.group());
            metrics.add(l.printed().equals(l.label()) ? metric : metric.printedAs(l.printed()));
        }
        boolean timestamped = stampTitle || !labels.zone().isEmpty();
        return new VmstatHeader(flavour, layout, spec(flavour, metrics), timestamped, labels.zone(), line, labels.languages(), Clock.NONE);
    }

    private static DatasetSpec spec(VmstatFlavour flavour, List<Metric> metrics) {
        return flavour == VmstatFlavour.LINUX_DISK
                ? new DatasetSpec(TOOL, "disk", "Disk", metrics)
                : new DatasetSpec(TOOL, "", "", metrics);
    }

    private static List<String> names(VmstatFlavour flavour, List<ColumnLayout.Column> columns) {
        List<String> names = new ArrayList<>(columns.size());
        if (flavour == VmstatFlavour.LINUX_DISK) {
            boolean standard = columns.size() == DISK_GROUPS.size();
            for (int i = 0; i < columns.size(); i++) {
                String group = columns.get(i).group();
                if (group.isEmpty() || group.equals("disk")) group = standard ? DISK_GROUPS.get(i) : "";
                names.add(group.isEmpty() ? columns.get(i).label() : group + " " + columns.get(i).label());
            }
            return Labels.distinct(names);
        }
        Map<String, Integer> lastIndex = new HashMap<>();
        for (int i = 0; i < columns.size(); i++) lastIndex.put(columns.get(i).label(), i);
        for (int i = 0; i < columns.size(); i++) {
            String label = columns.get(i).label();
            // FreeBSD's -P: one us sy id group per CPU, each under its cpuN title, and no machine-wide one
            if (flavour == VmstatFlavour.BSD && CPU_TITLE.matcher(columns.get(i).group()).matches()) {
                names.add(columns.get(i).group() + " " + label);
                continue;
            }
            boolean repeatedLater = lastIndex.get(label) != i;
            names.add(repeatedLater ? earlierName(flavour, columns.get(i), i) : label);
        }
        return Labels.distinct(names);
    }

    /**
     * The name of a label that is printed again further right. The faults group is known for the one
     * repeat every vmstat has ({@code sy}); word group titles are placed too freely to be trusted for it.
     */
    private static String earlierName(VmstatFlavour flavour, ColumnLayout.Column column, int index) {
        if (column.label().equals("sy") && flavour != VmstatFlavour.LINUX) return "faults sy";
        String group = column.group();
        return group.isEmpty() ? column.label() + " (" + (index + 1) + ")" : group + " " + column.label();
    }

    /** Same data set and same columns in the same order: a repeated header, not a new one. */
    boolean sameColumns(VmstatHeader other) {
        return other != null && spec.equals(other.spec) && timestamped == other.timestamped && clock == other.clock;
    }

    String variant() {
        return switch (flavour) {
            case LINUX -> layout.labels().contains("gu") ? "linux-procps-ng-gu"
                    : layout.labels().contains("st") ? "linux-procps-ng" : "linux-procps-3.2";
            case LINUX_DISK -> "linux-procps-disk";
            case SOLARIS -> "solaris";
            case BSD -> "bsd";
            case AIX -> "aix";
            case OTHER -> "other";
        };
    }
}
