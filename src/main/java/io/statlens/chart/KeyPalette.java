package io.statlens.chart;

import java.awt.Color;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One colour per key (a CPU, a device, a metric of a stacked area) or run, the same in every chart
 * it appears in: a key keeps the colour it was first given. Give one palette to all charts of a
 * report. Colours are handed out chart by chart ({@link #assign}): a new key gets the first colour no
 * other key of the same chart has, so the lines of one chart always differ, and the result depends
 * only on the order of the charts. Runs registered up front ({@link #register}) take the first colours.
 *
 * <p>The colours are Tableau 10 (distinct, and readable for most colour-blind readers) without its
 * grey, then four of Kelly's colours of maximum contrast (charcoal, maroon, lime, violet): thirteen
 * for a chart's lines; a chart with more keys than that gets hues spread by the golden angle. The parts of CPU time
 * have fixed colours whatever tool printed them ({@code us}, {@code %usr}, {@code usr} are all blue),
 * so a report reads the same from vmstat to sar; idle time is light grey, so the busy layers stand out.
 */
public final class KeyPalette {
    private static final Color[] BASE = {
            new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x59A14F), new Color(0x76B7B2),
            new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7), new Color(0x9C755F),
            // Kelly's colours of maximum contrast that differ from the nine above in hue or lightness: a chart of the
            // ten busiest CPUs and their average draws eleven lines, each of its own colour.
            new Color(0x3B3B3B), new Color(0x882D17), new Color(0x8DB600), new Color(0x604E97)};
    static final Color IDLE_GREY = new Color(0xD9D9D9);
    private static final List<Map.Entry<Pattern, Color>> CPU_TIME = List.of(
            role("%?(us|usr|user)", BASE[0]),
            role("%?(sy|sys|system)", BASE[1]),
            role("%?(wa|wt|iowait|wio)", BASE[2]),
            role("%?(ni|nice)", BASE[4]),
            role("%?irq", BASE[6]),
            role("%?soft", BASE[7]),
            role("%?(st|steal)", BASE[8]),
            role("%?(gu|guest|gnice)", BASE[5]),
            role("%?(id|idl|idle)", IDLE_GREY));

    private final Map<String, Color> assigned = new LinkedHashMap<>();
    private int extra;

    /** Gives keys not yet known the next colours, in order: for runs, before any chart is drawn. */
    public KeyPalette register(Collection<String> keys) {
        Set<Color> taken = new HashSet<>(assigned.values());
        for (String key : keys) {
            if (!assigned.containsKey(key)) taken.add(give(key, taken));
        }
        return this;
    }

    /** Colours for the keys of one chart: known keys keep theirs, new ones get colours the chart does not use yet. */
    public void assign(Collection<String> keysOfChart) {
        Set<Color> inChart = new HashSet<>();
        for (String key : keysOfChart) {
            Color known = assigned.get(key);
            if (known == null) known = fixed(key);
            if (known != null) inChart.add(known);
        }
        for (String key : keysOfChart) {
            if (!assigned.containsKey(key)) inChart.add(give(key, inChart));
        }
    }

    /** The key's colour; a key no chart has assigned yet gets one as if it were alone. */
    public Color colour(String key) {
        Color c = assigned.get(key);
        return c != null ? c : give(key, new HashSet<>(assigned.values()));
    }

    private Color give(String key, Set<Color> avoid) {
        Color c = fixed(key);
        if (c == null) {
            for (Color candidate : BASE) {
                if (!avoid.contains(candidate)) {
                    c = candidate;
                    break;
                }
            }
        }
        if (c == null) c = golden(extra++);
        assigned.put(key, c);
        return c;
    }

    private static Color fixed(String key) {
        return CPU_TIME.stream().filter(r -> r.getKey().matcher(key).matches()).findFirst().map(Map.Entry::getValue).orElse(null);
    }

    private static Map.Entry<Pattern, Color> role(String labels, Color colour) {
        return Map.entry(Pattern.compile(labels, Pattern.CASE_INSENSITIVE), colour);
    }

    private static Color golden(int i) {
        float hue = (float) ((i * 0.618033988749895 + 0.07) % 1.0);
        float brightness = i % 2 == 0 ? 0.72f : 0.55f;
        return Color.getHSBColor(hue, 0.6f, brightness);
    }
}
