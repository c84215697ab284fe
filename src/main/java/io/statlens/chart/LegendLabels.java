package io.statlens.chart;

import org.jfree.chart.labels.XYSeriesLabelGenerator;
import org.jfree.data.xy.XYDataset;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a legend shows of a long line name (a lockstat stack, a DTrace key, a command line): its start and its end
 * around an ellipsis, with the whole name as the entry's tooltip, in the window (the viewer shows an entity's tooltip)
 * and in SVG files (a {@code <title>}, {@link ChartWriter}). One recipe for both, so the window and a file agree.
 *
 * <p>A stack key (frames joined with {@code ;}, leaf first, as the DTrace and lockstat parsers store them) is cut
 * between frames, never inside one: its leaf frame, {@code …}, its last frame. Stacks of one lock usually share both
 * (the lock's entry point, the thread's start) and differ in their middle: where the labels of several lines come out
 * alike, each shows the first frame where their stacks part ({@link #distinct}).
 */
public final class LegendLabels {
    /** Longer names are shortened: about a third of a 1000-unit chart's width in the legend's font. */
    static final int LONGEST = 48;
    private static final int HEAD = 32;
    private static final int TAIL = LONGEST - HEAD - 1;
    /** How the parsers join a stack's frames into one key. */
    private static final String FRAME = ";";
    private static final String GAP = "\u2026";

    private LegendLabels() {
    }

    /**
     * The name as a legend shows it: whole up to {@value #LONGEST} characters; a stack its first and last frames
     * around {@code …} (as many whole frames from each end as fit in that width, at least one); any other name its
     * start, {@code …} and its end.
     */
    public static String shortened(String name) {
        if (length(name) <= LONGEST) return name;
        List<String> frames = frames(name);
        if (frames.size() < 3) return cut(name);
        int first = 1;
        int last = frames.size() - 1;
        int width = length(frames.get(0)) + length(frames.get(last)) + 2 * FRAME.length() + 1;
        while (first < last && width + length(frames.get(first)) + 1 <= LONGEST) width += length(frames.get(first++)) + 1;
        while (last > first && width + length(frames.get(last - 1)) + 1 <= LONGEST) width += length(frames.get(--last)) + 1;
        return joined(frames.subList(0, first)) + FRAME + GAP + FRAME + joined(frames.subList(last, frames.size()));
    }

    /**
     * The labels of lines named {@code names}, in their order: each {@link #shortened}; stacks whose labels come out
     * alike show, between their ends, each frame at the first depth where they differ (and the next such depth while
     * still alike); labels alike after that (the same name twice) get a number, {@code (2)}.
     */
    public static List<String> distinct(List<String> names) {
        List<String> labels = new ArrayList<>(names.stream().map(LegendLabels::shortened).toList());
        Map<String, List<Integer>> alike = new LinkedHashMap<>();
        for (int i = 0; i < labels.size(); i++) alike.computeIfAbsent(labels.get(i), k -> new ArrayList<>()).add(i);
        for (List<Integer> group : alike.values()) {
            if (group.size() > 1) partedStacks(names, group, labels);
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            int n = seen.merge(labels.get(i), 1, Integer::sum);
            if (n > 1) labels.set(i, labels.get(i) + " (" + n + ")");
        }
        return labels;
    }

    /** Gives stacks of one shortened label the frames where they part: depth by depth, until each group is one. */
    private static void partedStacks(List<String> names, List<Integer> group, List<String> labels) {
        Map<Integer, List<String>> frames = new HashMap<>();
        Map<Integer, List<Integer>> shown = new HashMap<>();
        for (int i : group) {
            List<String> f = frames(names.get(i));
            if (f.size() < 3) return;
            frames.put(i, f);
            shown.put(i, new ArrayList<>());
        }
        List<Alike> open = new ArrayList<>(List.of(new Alike(group, 0)));
        while (!open.isEmpty()) {
            List<Alike> next = new ArrayList<>();
            for (Alike alike : open) {
                int depth = partingDepth(alike.members(), frames, alike.from());
                if (depth < 0) continue;
                Map<String, List<Integer>> byFrame = new LinkedHashMap<>();
                for (int i : alike.members()) {
                    shown.get(i).add(depth);
                    byFrame.computeIfAbsent(frame(frames.get(i), depth), k -> new ArrayList<>()).add(i);
                }
                for (List<Integer> same : byFrame.values()) {
                    if (same.size() > 1) next.add(new Alike(same, depth + 1));
                }
            }
            open = next;
        }
        for (int i : group) {
            List<String> f = frames.get(i);
            StringBuilder label = new StringBuilder(cut(f.get(0)));
            int previous = 0;
            List<Integer> depths = new ArrayList<>(shown.get(i));
            depths.add(f.size() - 1);
            for (int depth : depths) {
                if (depth <= previous || depth >= f.size()) continue;
                // a gap only where frames were left out
                label.append(depth == previous + 1 ? FRAME : FRAME + GAP + FRAME).append(cut(f.get(depth)));
                previous = depth;
            }
            labels.set(i, label.toString());
        }
    }

    /** Stacks whose labels are still alike, and the depth from which to look for where they part. */
    private record Alike(List<Integer> members, int from) {
    }

    /** The first depth from {@code from} on where the stacks do not all have the same frame; -1 if none. */
    private static int partingDepth(List<Integer> members, Map<Integer, List<String>> frames, int from) {
        int deepest = members.stream().mapToInt(i -> frames.get(i).size()).max().orElse(0);
        for (int depth = from; depth < deepest; depth++) {
            String first = frame(frames.get(members.get(0)), depth);
            for (int i : members) {
                if (!frame(frames.get(i), depth).equals(first)) return depth;
            }
        }
        return -1;
    }

    private static String frame(List<String> frames, int depth) {
        return depth < frames.size() ? frames.get(depth) : "";
    }

    /** The legend labels of an XY chart's series: {@link #distinct} of their names. */
    static XYSeriesLabelGenerator labels() {
        return (dataset, series) -> distinct(names(dataset)).get(series);
    }

    /** The legend tooltips of an XY chart's series: the whole name of those shown otherwise, none for the others. */
    static XYSeriesLabelGenerator tooltips() {
        return (dataset, series) -> {
            String name = dataset.getSeriesKey(series).toString();
            return distinct(names(dataset)).get(series).equals(name) ? null : name;
        };
    }

    private static List<String> names(XYDataset dataset) {
        List<String> names = new ArrayList<>(dataset.getSeriesCount());
        for (int i = 0; i < dataset.getSeriesCount(); i++) names.add(dataset.getSeriesKey(i).toString());
        return names;
    }

    /**
     * A stack key's frames; a name that is no stack (a command line: {@code sh -c i=0; while ...}) as its one frame.
     * Frames are symbols and addresses, never blank: only a lockstat key's first part ({@code Adaptive mutex spin/...})
     * holds blanks.
     */
    private static List<String> frames(String name) {
        List<String> frames = List.of(name.split(FRAME, -1));
        for (int i = 1; i < frames.size(); i++) {
            String frame = frames.get(i);
            if (frame.isEmpty() || frame.chars().anyMatch(Character::isWhitespace)) return List.of(name);
        }
        return frames;
    }

    private static String joined(List<String> frames) {
        return String.join(FRAME, frames.stream().map(LegendLabels::cut).toList());
    }

    /** A text longer than {@value #LONGEST} characters as its start, {@code …} and its end, never halving a character. */
    private static String cut(String name) {
        if (length(name) <= LONGEST) return name;
        int headEnd = name.offsetByCodePoints(0, HEAD);
        int tailStart = name.offsetByCodePoints(name.length(), -TAIL);
        return name.substring(0, headEnd).stripTrailing() + GAP + name.substring(tailStart).stripLeading();
    }

    private static int length(String text) {
        return text.codePointCount(0, text.length());
    }
}
