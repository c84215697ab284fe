package io.statlens.chart;

import java.util.Comparator;

/**
 * Keys as people count them: {@code all} first, then numbers by value ({@code 2} before {@code 10}),
 * then names with numbers inside compared by value ({@code sdb} &lt; {@code sdb2} &lt; {@code sdb10}).
 */
public final class KeyOrder {
    /** The aggregate line sysstat prints before the per-CPU lines. */
    public static final String ALL = "all";

    public static final Comparator<String> NATURAL = KeyOrder::compare;

    private KeyOrder() {
    }

    static int compare(String a, String b) {
        if (a.equals(b)) return 0;
        if (a.equals(ALL)) return -1;
        if (b.equals(ALL)) return 1;
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                int byValue = compareDigits(a.substring(i, ei), b.substring(j, ej));
                if (byValue != 0) return byValue;
                i = ei;
                j = ej;
            } else {
                if (ca != cb) return Character.compare(ca, cb);
                i++;
                j++;
            }
        }
        int byRest = Integer.compare(a.length() - i, b.length() - j);
        return byRest != 0 ? byRest : a.compareTo(b);
    }

    private static int digitsEnd(String s, int from) {
        int e = from;
        while (e < s.length() && Character.isDigit(s.charAt(e))) e++;
        return e;
    }

    private static int compareDigits(String a, String b) {
        String x = a.replaceFirst("^0+(?=.)", "");
        String y = b.replaceFirst("^0+(?=.)", "");
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }
}
