package io.statlens.parse.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The columns of a table that a tool prints with a header line above right-aligned numbers
 * (vmstat, iostat, mpstat, sar, prstat...), and the splitting of its data lines into one cell per column.
 *
 * <p>Built from the header line, the layout knows each column's label and the character span of that
 * label. Numbers are printed right-aligned under their label, so a value ends where its label ends,
 * or further right once an earlier value was too wide for its field (the <em>drift</em>).
 *
 * <p>{@link #split} first tries the cheap way: when a data line has exactly as many whitespace tokens as
 * there are columns, the tokens are the cells, however far they drifted (procps prints
 * {@code 17241 44736 1 1 98} under {@code in cs us sy id} once {@code in} overflowed). Only when
 * the counts differ does it use the header's positions:
 * <ul>
 *   <li>fewer tokens than columns: each token is matched to the column whose right edge it ends at
 *       (allowing for drift). A token of digits may be matched to several neighbouring columns: it
 *       holds their values run together ({@code 0100} under {@code sy id}) and is cut where the
 *       header's columns end, shifted by the drift ({@link Fit#POSITIONS}). A cut is certain when
 *       nothing drifted inside the token; when something did ({@code 1628317680348232712} under
 *       {@code sectors ms} after a wide value), several cuts fit the header equally, so those cells
 *       are left {@code null} and the result says {@link Fit#AMBIGUOUS}. A piece never starts with
 *       {@code 0} unless it is {@code 0}, as printf prints no leading zeros. Columns without any
 *       value under them (a line cut short) give {@link Fit#MISSING}.</li>
 *   <li>more tokens than columns: {@link Fit#EXCESS}, no cell is filled; {@link #splitWide} then reads such a
 *       row by the header's positions instead ({@link Fit#WIDER}).</li>
 * </ul>
 *
 * <p>Matching tokens to columns is a small dynamic programme over (token, column) that minimises how
 * much each token's end jumps away from the drift of the token before it, with fixed costs for a column
 * left empty and for each extra value inside one token. It runs only for lines whose token count is
 * off, so the common case costs one tokenisation.
 *
 * <p>Two-line headers: {@link #of(String, String)} also takes the line of group titles above the labels
 * ({@code procs -----------memory---------- ---swap--}) and gives every column the title spanning its
 * label ({@code memory}). Titles drawn with dashes span their columns exactly; for titles printed as
 * bare words (Solaris {@code kthr      memory   page}, BSD) the group is the word over the label, else
 * the nearest word starting left of it, which is only a guess because such headers centre or
 * left-align their words freely.
 */
public final class ColumnLayout {
    /** Cost of a column that gets no value. */
    private static final int EMPTY_COLUMN = 4;
    /** Cost of each value beyond the first inside one token. */
    private static final int RUN_TOGETHER = 1;
    /** Extra cost of a token that can be cut in more than one way. */
    private static final int UNSURE_CUT = 2;
    /** A value ending left of its label's end is far less likely than one drifted right. */
    private static final int LEFT_OF_LABEL = 2;

    /**
     * One column.
     *
     * @param label the label as printed
     * @param group the group title above it ({@code memory}), empty when there is none
     * @param start index of the label's first character in the header line
     * @param end   index after the label's last character: where right-aligned values end
     */
    public record Column(String label, String group, int start, int end) {
    }

    /** How a data line's cells were found. */
    public enum Fit {
        /** As many tokens as columns: the tokens are the cells. */
        TOKENS,
        /** Fewer tokens than columns; values run together were cut where the header's columns end. */
        POSITIONS,
        /** Some tokens hold values run together that cannot be cut with certainty; their cells are null. */
        AMBIGUOUS,
        /** Some columns have no value under them; their cells are null. */
        MISSING,
        /** More tokens than columns; every cell is null. */
        EXCESS,
        /**
         * More tokens than columns, read by {@link #splitWide}: each column took the token that ends where its
         * values end (allowing for drift), and the tokens under no column were left out.
         */
        WIDER
    }

    /**
     * The cells of one data line.
     *
     * @param values  one per column, in column order; null where the value could not be determined
     * @param fit     how they were found
     * @param problem for {@link Fit#AMBIGUOUS}, {@link Fit#MISSING} and {@link Fit#EXCESS}, what is wrong,
     *                phrased for a warning; for {@link Fit#POSITIONS} which tokens were cut; else empty
     */
    public record Cells(String[] values, Fit fit, String problem) {
        /** True when every cell holds a value. */
        public boolean complete() {
            return fit == Fit.TOKENS || fit == Fit.POSITIONS || fit == Fit.WIDER;
        }
    }

    private final List<Column> columns;
    private final int[] rightEdges;
    /**
     * Whether the header shows its alignment: two labels at least two blanks apart. A header whose every gap is one
     * blank may be a document's collapsed copy, whose positions a short row cannot be read by (unless the row's own
     * blanks show they were kept).
     */
    private final boolean aligned;

    private ColumnLayout(List<Column> columns) {
        this.columns = List.copyOf(columns);
        this.rightEdges = columns.stream().mapToInt(Column::end).toArray();
        boolean gap = false;
        for (int i = 1; i < columns.size() && !gap; i++) gap = columns.get(i).start() - columns.get(i - 1).end() >= 2;
        this.aligned = gap;
    }

    /** The layout of a header line: every whitespace-separated word is one column's label. */
    public static ColumnLayout of(String labelLine) {
        return of(null, labelLine);
    }

    /**
     * The layout of a two-line header.
     *
     * @param groupLine the titles above the labels, or null
     * @param labelLine the labels
     */
    public static ColumnLayout of(String groupLine, String labelLine) {
        Spans labels = Spans.of(labelLine, 0);
        Spans groups = groupLine == null ? Spans.of("", 0) : Spans.of(groupLine, 0);
        List<Column> out = new ArrayList<>(labels.count);
        for (int i = 0; i < labels.count; i++) {
            int start = labels.starts[i];
            int end = labels.ends[i];
            out.add(new Column(labelLine.substring(start, end), groupOf(groupLine, groups, start, end), start, end));
        }
        return new ColumnLayout(out);
    }

    /**
     * A layout of columns the caller found itself, such as a translated header whose labels hold blanks
     * ({@code hoạt động}): each column's span is where its values end.
     */
    public static ColumnLayout of(List<Column> columns) {
        return new ColumnLayout(columns);
    }

    private static String groupOf(String groupLine, Spans groups, int start, int end) {
        int best = -1;
        int bestOverlap = 0;
        int leftNeighbour = -1;
        for (int g = 0; g < groups.count; g++) {
            int overlap = Math.min(end, groups.ends[g]) - Math.max(start, groups.starts[g]);
            if (overlap > bestOverlap) {
                best = g;
                bestOverlap = overlap;
            }
            if (groups.starts[g] < end) leftNeighbour = g;
        }
        if (best < 0) best = leftNeighbour;
        if (best < 0) return "";
        return stripDashes(groupLine.substring(groups.starts[best], groups.ends[best]));
    }

    private static String stripDashes(String title) {
        int from = 0;
        int to = title.length();
        while (from < to && title.charAt(from) == '-') from++;
        while (to > from && title.charAt(to - 1) == '-') to--;
        return title.substring(from, to);
    }

    /** The same layout limited to its first {@code count} columns (to drop a trailing time stamp column). */
    public ColumnLayout firstColumns(int count) {
        return new ColumnLayout(columns.subList(0, count));
    }

    public List<Column> columns() {
        return columns;
    }

    public int size() {
        return columns.size();
    }

    public List<String> labels() {
        return columns.stream().map(Column::label).toList();
    }

    /** Splits a whole data line. */
    public Cells split(String line) {
        return split(line, 0);
    }

    /**
     * Splits a data line from {@code from} on, ignoring what comes before (a left-aligned key such as a
     * disk name, which the caller has read itself). Positions stay those of the whole line, so they
     * compare with the header's.
     */
    public Cells split(String line, int from) {
        Spans tokens = Spans.of(line, from);
        int n = tokens.count;
        int m = columns.size();
        if (n == m) {
            String[] values = new String[m];
            for (int i = 0; i < n; i++) values[i] = line.substring(tokens.starts[i], tokens.ends[i]);
            return new Cells(values, Fit.TOKENS, "");
        }
        if (n > m) {
            return new Cells(new String[m], Fit.EXCESS, "found " + n + " values for " + m + " columns");
        }
        if (!aligned && m > 1 && !widelySpaced(tokens)) {
            // header and row both collapsed: values placed by positions neither has would stand under the wrong labels
            return new Cells(new String[m], Fit.MISSING, "found " + n + " values for " + m + " columns, under a header"
                    + " whose blanks were collapsed: nothing tells which are missing");
        }
        if ((long) n * (m - n + 1) > MAX_ALIGNMENT_STATES) {
            return new Cells(new String[m], Fit.MISSING, "found " + n + " values for " + m + " columns: too few to place"
                    + " under the header's columns by position");
        }
        return new Alignment(line, tokens).solve();
    }

    /**
     * Most states a row's alignment may weigh: tokens times the columns each may be placed at (the columns left empty
     * or the tokens left out, plus one). A real row misses or adds a few values (a 1,000-CPU row missing nine weighs
     * 10,000); a row of 17 values under a header of 4,700 labels (a damaged file) took a second of CPU per line, each
     * transcript repair of it weighing 120 joined candidates.
     */
    static final int MAX_ALIGNMENT_STATES = 10_000;

    /** Whether two of the row's values are at least two blanks apart: the row still shows its alignment. */
    private static boolean widelySpaced(Spans tokens) {
        for (int i = 1; i < tokens.count; i++) {
            if (tokens.starts[i] - tokens.ends[i - 1] >= 2) return true;
        }
        return false;
    }

    /** Cost of a token left out of a row wider than its header. */
    private static final int LEFT_OUT = 6;
    /** Most drift changes (in characters, summed over the row) a row wider than its header may show and be kept. */
    private static final int MAX_DRIFT_CHANGE = 2;

    /**
     * Reads a row with more tokens than the header has columns by the header's column positions: a small dynamic
     * programme gives each column, in order, one token whose end is nearest where the column's values end, allowing
     * for drift, and leaves the surplus tokens out; {@link Cells#problem()} names them. The reading is kept only when
     * the positions leave no doubt (every kept value within {@link #MAX_DRIFT_CHANGE} characters of where the one
     * before it puts it); otherwise the row stays {@link Fit#EXCESS}.
     *
     * @return {@link Fit#WIDER} cells; {@link Fit#EXCESS} when the positions do not tell which tokens are extra; the
     *         {@link #split} result when the row is not wider than the header
     */
    public Cells splitWide(String line) {
        Spans tokens = Spans.of(line, 0);
        int n = tokens.count;
        int m = columns.size();
        if (n <= m) return split(line);
        if ((long) m * (n - m + 1) > MAX_ALIGNMENT_STATES) {
            return new Cells(new String[m], Fit.EXCESS, "found " + n + " values for " + m + " columns, too many to tell"
                    + " by position which of them are extra");
        }
        // cost[i][i - j]: best cost with i tokens seen and j columns filled (i - j tokens left out, at most n - m);
        // drift of the last token placed
        int w = n - m + 1;
        int[][] cost = new int[n + 1][w];
        int[][] drift = new int[n + 1][w];
        boolean[][] took = new boolean[n + 1][w];
        for (int[] row : cost) Arrays.fill(row, -1);
        cost[0][0] = 0;
        for (int i = 0; i < n; i++) {
            for (int j = Math.max(0, i - (n - m)); j <= Math.min(i, m); j++) {
                int here = cost[i][i - j];
                if (here < 0) continue;
                // leave token i out, if enough tokens remain for the columns left
                if (n - i - 1 >= m - j) relaxWide(cost, drift, took, i + 1, i + 1 - j, here + LEFT_OUT, drift[i][i - j], false);
                if (j < m) {
                    int d = tokens.ends[i] - rightEdges[j];
                    int c = here + Math.abs(d - drift[i][i - j]) + (d < 0 ? -d * LEFT_OF_LABEL : 0);
                    relaxWide(cost, drift, took, i + 1, i - j, c, d, true);
                }
            }
        }
        // Only a reading the positions leave no doubt about is kept: every value where its column's values end,
        // give or take the drift before it. Values pushed out of line by an overflow fit several readings.
        if (cost[n][n - m] - LEFT_OUT * (n - m) > MAX_DRIFT_CHANGE) {
            return new Cells(new String[m], Fit.EXCESS, "found " + n + " values for " + m + " columns, and the header's"
                    + " positions do not tell which of them are extra");
        }
        String[] values = new String[m];
        List<String> leftOut = new ArrayList<>();
        int j = m;
        for (int i = n; i > 0; i--) {
            String token = line.substring(tokens.starts[i - 1], tokens.ends[i - 1]);
            if (took[i][i - j]) {
                values[--j] = token;
            } else {
                leftOut.add(0, "'" + token + "'");
            }
        }
        return new Cells(values, Fit.WIDER, "found " + n + " values for " + m + " columns; by the header's positions "
                + String.join(", ", leftOut) + (leftOut.size() == 1 ? " is" : " are") + " under no column and left out");
    }

    /** {@code out} is the state's tokens left out ({@code i - j}), its index in the band. */
    private static void relaxWide(int[][] cost, int[][] drift, boolean[][] took, int i, int out, int c, int d, boolean take) {
        if (cost[i][out] < 0 || c < cost[i][out]) {
            cost[i][out] = c;
            drift[i][out] = d;
            took[i][out] = take;
        }
    }

    /** Start and end indexes of the whitespace-separated words of a line. */
    private record Spans(int[] starts, int[] ends, int count) {
        static Spans of(String line, int from) {
            int[] starts = new int[16];
            int[] ends = new int[16];
            int count = 0;
            int i = from;
            int n = line.length();
            while (i < n) {
                while (i < n && Tokens.isSpace(line.charAt(i))) i++;
                if (i >= n) break;
                int start = i;
                while (i < n && !Tokens.isSpace(line.charAt(i))) i++;
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                    ends = Arrays.copyOf(ends, count * 2);
                }
                starts[count] = start;
                ends[count] = i;
                count++;
            }
            return new Spans(starts, ends, count);
        }
    }

    /** Cut points for one token holding several values, and whether another cut was as plausible. */
    private record Cut(int[] points, boolean unsure) {
    }

    /** The dynamic programme matching fewer tokens than columns. */
    private final class Alignment {
        private final String line;
        private final Spans tokens;
        private final int n;
        private final int m;
        /**
         * cost[i][j - i]: best cost with i tokens placed in the first j columns; -1 = unreachable. Every token takes a
         * column and the tokens left need as many, so only j from i to i + m - n can be on a whole row's path: the
         * arrays hold that band.
         */
        private final int[][] cost;
        /** Drift (token end minus label end) of the last token placed in that state. */
        private final int[][] drift;
        /** Columns the last step took: 0 = column j-1 left empty, k = token i-1 spans k columns. */
        private final int[][] step;

        Alignment(String line, Spans tokens) {
            this.line = line;
            this.tokens = tokens;
            this.n = tokens.count;
            this.m = columns.size();
            this.cost = new int[n + 1][m - n + 1];
            this.drift = new int[n + 1][m - n + 1];
            this.step = new int[n + 1][m - n + 1];
            for (int[] row : cost) Arrays.fill(row, -1);
        }

        Cells solve() {
            cost[0][0] = 0;
            for (int i = 0; i <= n; i++) {
                for (int j = i; j <= i + m - n; j++) {
                    if (cost[i][j - i] < 0) continue;
                    if (j < i + m - n) relax(i, j + 1, cost[i][j - i] + EMPTY_COLUMN, drift[i][j - i], 0);
                    if (i < n) placeToken(i, j);
                }
            }
            return backtrack();
        }

        private void placeToken(int i, int j) {
            int start = tokens.starts[i];
            int end = tokens.ends[i];
            // beyond i + 1 + m - n columns, the tokens after this one would lack columns
            int maxColumns = isDigits(start, end) ? Math.min(end - start, i + 1 + m - n - j) : Math.min(1, i + 1 + m - n - j);
            for (int k = 1; k <= maxColumns; k++) {
                int d = end - rightEdges[j + k - 1];
                int c = cost[i][j - i] + driftCost(d, drift[i][j - i]) + RUN_TOGETHER * (k - 1);
                if (k > 1) {
                    Cut cut = cut(start, end, j, k, drift[i][j - i], d);
                    if (cut == null) continue;
                    if (cut.unsure()) c += UNSURE_CUT;
                }
                relax(i + 1, j + k, c, d, k);
            }
        }

        private void relax(int i, int j, int c, int d, int k) {
            if (cost[i][j - i] < 0 || c < cost[i][j - i]) {
                cost[i][j - i] = c;
                drift[i][j - i] = d;
                step[i][j - i] = k;
            }
        }

        private static int driftCost(int d, int previous) {
            return Math.abs(d - previous) + (d < 0 ? -d * LEFT_OF_LABEL : 0);
        }

        /**
         * Where to cut a token spanning columns {@code first..first+k-1}: at the label ends of all but the
         * last column, shifted by the drift before the token or by the drift at its end. Both agree when
         * nothing overflowed inside the token; if they give two valid cuts, the cut is unsure.
         */
        private Cut cut(int start, int end, int first, int k, int before, int after) {
            int[] a = cutAt(start, end, first, k, before);
            int[] b = after == before ? null : cutAt(start, end, first, k, after);
            int[] z = before == 0 || after == 0 ? null : cutAt(start, end, first, k, 0);
            int[] chosen = a != null ? a : b != null ? b : z;
            if (chosen == null) return null;
            boolean unsure = (a != null && b != null && !Arrays.equals(a, b))
                    || (z != null && !Arrays.equals(z, chosen));
            return new Cut(chosen, unsure);
        }

        /** Cut points at the label ends shifted by {@code shift}, or null if they do not make valid numbers. */
        private int[] cutAt(int start, int end, int first, int k, int shift) {
            int[] points = new int[k - 1];
            int previous = start;
            for (int t = 0; t < k - 1; t++) {
                int p = rightEdges[first + t] + shift;
                if (p <= previous || p >= end || !validNumber(previous, p)) return null;
                points[t] = p;
                previous = p;
            }
            return validNumber(previous, end) ? points : null;
        }

        /** printf never pads a number with leading zeros, so a piece "07" cannot be a value. */
        private boolean validNumber(int from, int to) {
            return to - from == 1 || line.charAt(from) != '0';
        }

        private boolean isDigits(int from, int to) {
            for (int i = from; i < to; i++) {
                char c = line.charAt(i);
                if (c < '0' || c > '9') return false;
            }
            return true;
        }

        private Cells backtrack() {
            String[] values = new String[m];
            List<String> empty = new ArrayList<>();
            List<String> unsure = new ArrayList<>();
            List<String> cutNotes = new ArrayList<>();
            int i = n;
            int j = m;
            while (j > 0) {
                int k = step[i][j - i];
                if (k == 0) {
                    empty.add(0, columns.get(j - 1).label());
                    j--;
                    continue;
                }
                int first = j - k;
                int start = tokens.starts[i - 1];
                int end = tokens.ends[i - 1];
                String token = line.substring(start, end);
                if (k == 1) {
                    values[first] = token;
                } else {
                    Cut cut = cut(start, end, first, k, drift[i - 1][first - (i - 1)], drift[i][j - i]);
                    String spanned = labelsOf(first, k);
                    if (cut.unsure()) {
                        unsure.add(0, "'" + token + "' holds the values of " + spanned + " run together");
                    } else {
                        int previous = start;
                        for (int t = 0; t < k; t++) {
                            int to = t < k - 1 ? cut.points()[t] : end;
                            values[first + t] = line.substring(previous, to);
                            previous = to;
                        }
                        cutNotes.add(0, "'" + token + "' cut into " + spanned);
                    }
                }
                i--;
                j = first;
            }
            if (!empty.isEmpty()) {
                String what = empty.size() == 1 ? "column " : "columns ";
                return new Cells(values, Fit.MISSING, "no value under " + what + quoted(empty)
                        + " (found " + n + " values for " + m + " columns)");
            }
            if (!unsure.isEmpty()) {
                String problem = String.join("; ", unsure) + ", which cannot be told apart with certainty";
                return new Cells(values, Fit.AMBIGUOUS, problem);
            }
            return new Cells(values, Fit.POSITIONS, String.join("; ", cutNotes));
        }

        private String labelsOf(int first, int k) {
            List<String> labels = new ArrayList<>(k);
            for (int t = 0; t < k; t++) labels.add(columns.get(first + t).label());
            return quoted(labels);
        }
    }

    private static String quoted(List<String> labels) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < labels.size(); i++) {
            if (i > 0) sb.append(i == labels.size() - 1 ? " and " : ", ");
            sb.append('\'').append(labels.get(i)).append('\'');
        }
        return sb.toString();
    }
}
