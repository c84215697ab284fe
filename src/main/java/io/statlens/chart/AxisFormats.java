package io.statlens.chart;

import org.jfree.chart.axis.DateTickUnit;
import org.jfree.chart.axis.DateTickUnitType;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickUnitSource;
import org.jfree.chart.axis.TickUnits;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DateFormat;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.text.SimpleDateFormat;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;

/** Tick units and labels of statlens axes: compact numbers, elapsed time, key names. */
final class AxisFormats {
    private static final long[] ELAPSED_STEPS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600,
            43200, 86400, 172800, 432000, 864000, 1728000, 2592000, 7776000, 15552000, 31536000, 63072000, 157680000};

    private AxisFormats() {
    }

    /** Steps of 1, 2 and 5 times a power of ten, labelled {@code 0.25}, {@code 750}, {@code 12k}, {@code 1.5M}. */
    static TickUnitSource compactTicks() {
        TickUnits units = new TickUnits();
        for (int exp = -4; exp <= 15; exp++) {
            for (int m : new int[]{1, 2, 5}) {
                double size = BigDecimal.valueOf(m).scaleByPowerOfTen(exp).doubleValue();
                units.add(new NumberTickUnit(size, new CompactFormat(size)));
            }
        }
        return units;
    }

    /** Steps of whole seconds, minutes and hours, labelled {@code m:ss}, or {@code h:mm:ss} when {@code hours}. */
    static TickUnitSource elapsedTicks(boolean hours) {
        TickUnits units = new TickUnits();
        NumberFormat format = new ElapsedFormat(hours);
        for (long s : ELAPSED_STEPS) units.add(new NumberTickUnit(s, format));
        return units;
    }

    /**
     * Clock ticks from one second to years, labelled the ISO way ({@code 09:15}, {@code 03-28 12:00},
     * {@code 2024-03}); no sub-second steps, which only clutter charts of tools that sample every second.
     */
    static TickUnitSource timeTicks(ZoneId zone) {
        TickUnits units = new TickUnits();
        TimeZone tz = TimeZone.getTimeZone(zone);
        for (int n : new int[]{1, 2, 5, 10, 15, 30}) {
            units.add(new DateTickUnit(DateTickUnitType.SECOND, n, format("HH:mm:ss", tz)));
        }
        for (int n : new int[]{1, 2, 5, 10, 15, 20, 30}) {
            units.add(new DateTickUnit(DateTickUnitType.MINUTE, n, format("HH:mm", tz)));
        }
        for (int n : new int[]{1, 2, 3}) units.add(new DateTickUnit(DateTickUnitType.HOUR, n, format("HH:mm", tz)));
        for (int n : new int[]{6, 12}) units.add(new DateTickUnit(DateTickUnitType.HOUR, n, format("MM-dd HH:mm", tz)));
        for (int n : new int[]{1, 2, 7, 14}) units.add(new DateTickUnit(DateTickUnitType.DAY, n, format("MM-dd", tz)));
        for (int n : new int[]{1, 3, 6}) units.add(new DateTickUnit(DateTickUnitType.MONTH, n, format("yyyy-MM", tz)));
        for (int n : new int[]{1, 2, 5, 10}) units.add(new DateTickUnit(DateTickUnitType.YEAR, n, format("yyyy", tz)));
        return units;
    }

    private static DateFormat format(String pattern, TimeZone zone) {
        SimpleDateFormat f = new SimpleDateFormat(pattern, Locale.ROOT);
        f.setTimeZone(zone);
        return f;
    }

    /** Labels the integer positions of a heat map's rows with the row names. */
    static NumberFormat keyNames(List<String> names) {
        List<String> labels = LegendLabels.distinct(names);
        return new LabelFormat() {
            @Override
            String label(double v) {
                long i = Math.round(v);
                return Math.abs(v - i) < 1e-6 && i >= 0 && i < labels.size() ? labels.get((int) i) : "";
            }
        };
    }

    /** A NumberFormat that only formats. */
    private abstract static class LabelFormat extends NumberFormat {
        abstract String label(double v);

        @Override
        public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
            return toAppendTo.append(label(number));
        }

        @Override
        public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
            return toAppendTo.append(label(number));
        }

        @Override
        public Number parse(String source, ParsePosition parsePosition) {
            throw new UnsupportedOperationException("axis labels are not parsed");
        }
    }

    /** Numbers with k/M/G/T suffixes from 10,000 up, and as many decimals as the tick step needs. */
    static final class CompactFormat extends LabelFormat {
        private static final String[] SUFFIX = {"", "k", "M", "G", "T", "P"};
        private final double step;

        CompactFormat(double step) {
            this.step = step;
        }

        @Override
        String label(double v) {
            if (v == 0) return "0";
            int group = Math.abs(v) < 10_000 ? 0 : Math.min(SUFFIX.length - 1, (int) Math.floor(Math.log10(Math.abs(v)) / 3));
            double divisor = Math.pow(1000, group);
            int decimals = Math.max(0, (int) -Math.floor(Math.log10(step / divisor) + 1e-9));
            return BigDecimal.valueOf(v / divisor).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString()
                    + SUFFIX[group];
        }
    }

    /** Seconds as {@code m:ss} or {@code h:mm:ss}. */
    /** A length of time as the elapsed axis labels it: {@code 0:30}, {@code 1:06:00}. */
    static String elapsed(double seconds) {
        return new ElapsedFormat(seconds >= 3600).label(seconds);
    }

    static final class ElapsedFormat extends LabelFormat {
        private final boolean hours;

        ElapsedFormat(boolean hours) {
            this.hours = hours;
        }

        @Override
        String label(double v) {
            long s = Math.round(v);
            String sign = s < 0 ? "-" : "";
            s = Math.abs(s);
            return hours ? String.format("%s%d:%02d:%02d", sign, s / 3600, s / 60 % 60, s % 60)
                    : String.format("%s%d:%02d", sign, s / 60, s % 60);
        }
    }
}
