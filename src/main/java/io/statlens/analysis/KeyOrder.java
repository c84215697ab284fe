package io.statlens.analysis;

import java.util.Comparator;

/**
 * Orders keys as people read them: the aggregate {@code all} first, then numbers by value
 * ({@code 2} before {@code 10}, {@code sd2} before {@code sd10}), then text.
 */
public final class KeyOrder implements Comparator<String> {
    public static final KeyOrder INSTANCE = new KeyOrder();
    /** The aggregate line sysstat prints before the per-CPU lines. */
    public static final String ALL = "all";

    private KeyOrder() {
    }

    @Override
    public int compare(String a, String b) {
        if (a.equals(b)) return 0;
        boolean allA = a.equalsIgnoreCase(ALL);
        boolean allB = b.equalsIgnoreCase(ALL);
        if (allA != allB) return allA ? -1 : 1;
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char ca = a.charAt(i);
            char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                int c = compareNumbers(a, i, ei, b, j, ej);
                if (c != 0) return c;
                i = ei;
                j = ej;
            } else {
                if (ca != cb) return Character.compare(ca, cb);
                i++;
                j++;
            }
        }
        int byRest = Integer.compare(a.length() - i, b.length() - j);
        // Equal by value ("1" and "01") is not the same key: sorted sets must keep both.
        return byRest != 0 ? byRest : a.compareTo(b);
    }

    private static int digitsEnd(String s, int from) {
        int e = from;
        while (e < s.length() && Character.isDigit(s.charAt(e))) e++;
        return e;
    }

    /** Compares two runs of digits by value, without parsing (they may be longer than a long). */
    private static int compareNumbers(String a, int i, int ei, String b, int j, int ej) {
        while (i < ei - 1 && a.charAt(i) == '0') i++;
        while (j < ej - 1 && b.charAt(j) == '0') j++;
        if (ei - i != ej - j) return Integer.compare(ei - i, ej - j);
        for (; i < ei; i++, j++) {
            if (a.charAt(i) != b.charAt(j)) return Character.compare(a.charAt(i), b.charAt(j));
        }
        return 0;
    }
}
