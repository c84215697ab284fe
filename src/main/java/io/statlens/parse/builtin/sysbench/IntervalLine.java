package io.statlens.parse.builtin.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One intermediate report ({@code --report-interval}): a {@code [Ns]} stamp followed by {@code label: value} pairs.
 * The pairs are read generically, so every variant yields the labels it prints:
 * <ul>
 *   <li>0.5 early: {@code [3460s] threads: 64, tps: 1950.79, reads/s: ..., writes/s: ... response time: 223.86ms (99%)}</li>
 *   <li>0.5 late: {@code [   2s] threads: 1, tps: 0.00, reads: 0.00, writes: 589.65, response time: 4.16ms (95%),
 *       errors: 0.00, reconnects:  0.00}</li>
 *   <li>1.0/1.1: {@code [ 2s ] thds: 128 tps: 4903.39 qps: 98717.09 (r/w/o: 69198.36/19648.52/9870.21)
 *       lat (ms,95%): 35.59 err/s: 0.00 reconn/s: 0.00}; the Lua {@code sysbench.report_default} hook of 1.0.x
 *       prints {@code err/s 0.00} without the colon</li>
 *   <li>fileio: {@code [ 1s ] reads: 28.78 MiB/s writes: 0.00 MiB/s fsyncs: 0.00/s latency (ms,95%): 1.319}</li>
 *   <li>cpu, threads, mutex (1.0 and 1.1): {@code [ 1s ] thds: 1 eps: 3.2 lat (ms,95%): 0.3}; with {@code --rate}:
 *       {@code [ 1s ] queue length: 0 concurrency: 3}</li>
 *   <li>memory (1.0 and 1.1): {@code [ 1s ] 1142.88 MiB/sec}, a value without a label, read as {@value #THROUGHPUT}
 *       in MiB/s</li>
 * </ul>
 *
 * @param elapsed seconds since the start of the run, as printed
 * @param fields  the values in printed order; empty when {@code error} is set
 * @param error   why the line could not be read, or null
 */
record IntervalLine(double elapsed, List<Field> fields, String error) {
    private static final Pattern STAMP = Pattern.compile("^\\[\\s*(\\d+(?:\\.\\d+)?)s\\s*\\]\\s*(.*)$");
    /** A unit printed as its own word after the value: {@code 28.78 MiB/s}. */
    private static final Pattern UNIT_WORD = Pattern.compile("(?:[KMGT]i?B|B|[kKMGT]b)/s(?:ec)?");
    /** The label of the memory test's unlabelled rate. */
    static final String THROUGHPUT = "throughput";
    /** The memory test's report: a rate alone, {@code 1142.88 MiB/sec}. */
    private static final Pattern RATE_ALONE = Pattern.compile("^(\\d+(?:\\.\\d+)?)\\s+([KMGT])iB/sec$");
    /** The percentile 0.5 prints after its response time: {@code 149.09ms (99%)}. */
    private static final Pattern PERCENTILE_NOTE = Pattern.compile("\\((\\d+(?:\\.\\d+)?)%\\)");

    /**
     * @param label      as printed ({@code tps}, {@code lat (ms,95%)}, {@code r} of the {@code (r/w/o: ...)} group)
     * @param value      in {@code unit}; NaN for a cram placeholder
     * @param unit       from the printed suffix or unit word; empty when nothing was printed
     * @param percentile the percentile printed after the value ({@code 99} of {@code (99%)}), else empty
     */
    record Field(String label, double value, String unit, String percentile) {
    }

    /** The report on this trimmed line, or null if the line is not an intermediate report. */
    static IntervalLine parse(String text) {
        Matcher m = STAMP.matcher(text);
        if (!m.matches()) return null;
        double elapsed = Double.parseDouble(m.group(1));
        Matcher rate = RATE_ALONE.matcher(m.group(2).strip());
        if (rate.matches()) {
            // sysbench prints MiB/sec; any other binary unit is converted so that the column keeps one unit
            double mib = Double.parseDouble(rate.group(1)) * Math.pow(1024, "KMGT".indexOf(rate.group(2)) - 1);
            return new IntervalLine(elapsed, List.of(new Field(THROUGHPUT, mib, "MiB/s", "")), null);
        }
        try {
            List<Field> fields = new PairReader(m.group(2)).read();
            if (fields.isEmpty()) return new IntervalLine(elapsed, List.of(), "no 'label: value' pairs after the time stamp");
            return new IntervalLine(elapsed, fields, null);
        } catch (IllegalArgumentException e) {
            return new IntervalLine(elapsed, List.of(), e.getMessage());
        }
    }

    /** Walks the text after the stamp; one instance per line. */
    private static final class PairReader {
        private final String body;
        private final int n;
        private int i;
        private final List<Field> fields = new ArrayList<>();

        PairReader(String body) {
            this.body = body;
            this.n = body.length();
        }

        List<Field> read() {
            while (true) {
                skipSeparators();
                if (i >= n) return fields;
                if (body.charAt(i) == '(') {
                    group();
                } else {
                    pair();
                }
            }
        }

        /** {@code (r/w/o: 1.00/2.00/3.00)}: one field per name. */
        private void group() {
            int close = body.indexOf(')', i);
            if (close < 0) throw new IllegalArgumentException("unclosed '(' at column " + (i + 1));
            String inner = body.substring(i + 1, close);
            int colon = inner.indexOf(':');
            if (colon < 0) throw new IllegalArgumentException("expected '(names: values)', found '(" + inner + ")'");
            String[] names = inner.substring(0, colon).strip().split("/");
            String[] values = inner.substring(colon + 1).strip().split("/");
            if (names.length != values.length) {
                throw new IllegalArgumentException(
                        "'(" + inner + ")' has " + names.length + " names but " + values.length + " values");
            }
            for (int k = 0; k < names.length; k++) {
                fields.add(new Field(names[k].strip(), number(names[k], values[k].strip()), "", ""));
            }
            i = close + 1;
        }

        private void pair() {
            int start = i;
            int depth = 0;
            while (i < n) {
                char c = body.charAt(i);
                if (c == '(') {
                    depth++;
                } else if (c == ')') {
                    depth--;
                } else if (depth == 0 && c == ':') {
                    break;
                } else if (depth == 0 && c == ' ' && i + 1 < n && startsValue(body.charAt(i + 1))) {
                    break; // 'err/s 0.00': the colon is missing in 1.0's Lua report hook
                }
                i++;
            }
            String label = body.substring(start, i).strip();
            if (i < n && body.charAt(i) == ':') i++;
            skipSpaces();
            String token = token();
            if (label.isEmpty() || token.isEmpty()) {
                throw new IllegalArgumentException("expected 'label: value' at column " + (start + 1));
            }
            String unitWord = "";
            int save = i;
            skipSpaces();
            String next = token();
            if (UNIT_WORD.matcher(next).matches()) {
                unitWord = next;
            } else {
                i = save;
            }
            String percentile = "";
            save = i;
            skipSpaces();
            Matcher note = PERCENTILE_NOTE.matcher(token());
            if (note.matches()) {
                percentile = note.group(1);
            } else {
                i = save;
            }
            fields.add(field(label, token, unitWord, percentile));
        }

        private Field field(String label, String token, String unitWord, String percentile) {
            if (SysbenchValues.isPlaceholder(token)) return new Field(label, Double.NaN, unitWord, percentile);
            int split = SysbenchValues.numberEnd(token);
            if (split == 0) throw new IllegalArgumentException("expected a number for '" + label + "', found '" + token + "'");
            String suffix = token.substring(split);
            double value = number(label, token.substring(0, split));
            return switch (suffix) {
                case "" -> new Field(label, value, unitWord, percentile);
                case "/s" -> new Field(label, value, "1/s", percentile);
                case "%" -> new Field(label, value, "%", percentile);
                case "ms", "s", "us" -> new Field(label, SysbenchValues.millis(token, 1), "ms", percentile);
                default -> throw new IllegalArgumentException("unknown unit '" + suffix + "' after " + label);
            };
        }

        private static double number(String label, String token) {
            if (SysbenchValues.isPlaceholder(token)) return Double.NaN;
            try {
                return SysbenchValues.plain(token);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected a number for '" + label.strip() + "', found '" + token + "'");
            }
        }

        private String token() {
            int start = i;
            while (i < n && body.charAt(i) != ' ' && body.charAt(i) != '\t' && body.charAt(i) != ',') i++;
            return body.substring(start, i);
        }

        private void skipSpaces() {
            while (i < n && (body.charAt(i) == ' ' || body.charAt(i) == '\t')) i++;
        }

        private void skipSeparators() {
            while (i < n && (body.charAt(i) == ' ' || body.charAt(i) == '\t' || body.charAt(i) == ',')) i++;
        }

        private static boolean startsValue(char c) {
            return (c >= '0' && c <= '9') || c == '*';
        }
    }
}
