package io.statlens.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * A sentence with its numbers kept as numbers until it is shown, so that the same finding reads
 * {@code 1,913 KiB/s} in one report and {@code 1.913 KiB/s} in another ({@link ReadableNumbers} of the
 * reader's locale), and a CSV can still carry the exact value beside the sentence. Built left to right:
 * {@code Phrase.of("sdb was ").value(99.8, "%").text(" busy")}.
 */
public final class Phrase {
    private final List<Part> parts;

    private Phrase(List<Part> parts) {
        this.parts = parts;
    }

    public static Phrase of(String text) {
        return new Phrase(List.of()).text(text);
    }

    /** What a phrase is made of. */
    private sealed interface Part permits Text, Value, Change, Duration, Count, PValue {
    }

    private record Text(String text) implements Part {
    }

    /** A measured value and its unit, shown with the unit ({@code 99.8 %}, {@code 5.28 ms}, {@code 3,482/s}). */
    private record Value(double value, String unit, boolean withUnit) implements Part {
    }

    /** A relative change in per cent, signed: {@code +12.3 %}. */
    private record Change(double pct) implements Part {
    }

    private record Duration(double seconds) implements Part {
    }

    private record Count(long n) implements Part {
    }

    private record PValue(double p) implements Part {
    }

    private Phrase with(Part part) {
        List<Part> next = new ArrayList<>(parts);
        next.add(part);
        return new Phrase(List.copyOf(next));
    }

    public Phrase text(String text) {
        return text.isEmpty() ? this : with(new Text(text));
    }

    /** A value followed by its unit as people write it ({@link #unitText}). */
    public Phrase value(double value, String unit) {
        return with(new Value(value, unit == null ? "" : unit, true));
    }

    /** A value in the style of its unit, without the unit (the sentence names what it counts: {@code 3,482 tps}). */
    public Phrase number(double value, String unit) {
        return with(new Value(value, unit == null ? "" : unit, false));
    }

    public Phrase change(double pct) {
        return with(new Change(pct));
    }

    public Phrase duration(double seconds) {
        return with(new Duration(seconds));
    }

    public Phrase count(long n) {
        return with(new Count(n));
    }

    public Phrase pValue(double p) {
        return with(new PValue(p));
    }

    /** Another phrase appended to this one. */
    public Phrase then(Phrase more) {
        List<Part> next = new ArrayList<>(parts);
        next.addAll(more.parts);
        return new Phrase(List.copyOf(next));
    }

    /** The sentence with the numbers of {@code numbers}. */
    public String render(ReadableNumbers numbers) {
        StringBuilder b = new StringBuilder();
        for (Part p : parts) {
            switch (p) {
                case Text t -> b.append(t.text());
                case Value v -> {
                    b.append(numbers.number(v.value(), v.unit()));
                    if (v.withUnit()) b.append(unitText(v.unit()));
                }
                case Change c -> b.append(numbers.percentChange(c.pct()).replace("%", " %"));
                case Duration d -> b.append(duration(d.seconds(), numbers));
                case Count c -> b.append(numbers.integer(c.n()));
                case PValue p1 -> {
                    String text = numbers.pValue(p1.p());
                    b.append(text.startsWith("<") ? "p < " + text.substring(1) : "p = " + text);
                }
            }
        }
        return b.toString();
    }

    /** In the default locale, for logs and tests. */
    @Override
    public String toString() {
        return render(ReadableNumbers.ROOT);
    }

    /**
     * A unit as it follows a number in a sentence: {@code  %}, {@code  ms}, {@code /s} for a rate ({@code 3,482/s}),
     * nothing for a count or no unit.
     */
    static String unitText(String unit) {
        if (unit.isEmpty() || unit.equals("count")) return "";
        if (unit.equals("1/s")) return "/s";
        if (unit.equals("1/min")) return "/min";
        return " " + unit;
    }

    /**
     * A span of time as people say it, to the second: {@code 45 s}, {@code 14 min 20 s}, {@code 5 h 50 min}
     * (hours drop the seconds), {@code 0.5 s} below ten seconds when there is a fraction.
     */
    static String duration(double seconds, ReadableNumbers numbers) {
        if (Double.isNaN(seconds)) return "";
        if (seconds < 10 && seconds != Math.rint(seconds)) return numbers.number(seconds, "s") + " s";
        long s = Math.round(seconds);
        if (s < 60) return s + " s";
        if (s < 3600) return (s / 60) + " min" + (s % 60 == 0 ? "" : " " + (s % 60) + " s");
        long minutes = Math.round(s / 60.0);
        return (minutes / 60) + " h" + (minutes % 60 == 0 ? "" : " " + (minutes % 60) + " min");
    }
}
