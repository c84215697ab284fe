package io.statlens.parse.builtin.tpcc;

import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The end-of-run sections of {@code tpcc_start}: {@code <Raw Results>}, {@code <Raw Results2(sum ver.)>},
 * {@code <Constraint Check>} and {@code <TpmC>}. Each line it recognises becomes summary values or facts.
 */
final class TpccResults {
    private static final Pattern RAW = Pattern.compile(
            "^\\s*\\[(\\d)]\\s+sc:(\\d+)\\s+lt:(\\d+)\\s+rt:(\\d+)\\s+fl:(\\d+)(?:\\s+avg_rt:\\s*(\\S+)\\s*\\((\\d+)\\))?\\s*$");
    private static final Pattern RAW_SECONDS = Pattern.compile("^\\s*in\\s+(\\d+)\\s+sec\\.\\s*$");
    private static final Pattern CHECK_GROUP = Pattern.compile("^\\s*\\[(transaction percentage|response time[^\\]]*)]\\s*$");
    private static final Pattern CHECK = Pattern.compile(
            "^\\s*([A-Za-z-]+):\\s*(\\S+)%\\s*(?:\\((>=\\s*\\S+%)\\))?\\s*\\[(OK|NG)](?:\\s*\\*)?\\s*$");
    private static final Pattern TPMC = Pattern.compile("^\\s*(\\S+)\\s+TpmC\\s*$");

    private enum Section { NONE, RAW, RAW_SUM, CHECK, TPMC }

    private enum CheckGroup { MIX, RESPONSE_TIME }

    private final RecordSink sink;
    private Section section = Section.NONE;
    private CheckGroup group = CheckGroup.MIX;

    TpccResults(RecordSink sink) {
        this.sink = sink;
    }

    /** Whether the line opens one of the result sections (then it has been taken). */
    boolean opensSection(String line) {
        String t = line.strip();
        if (t.startsWith("<Raw Results2")) {
            section = Section.RAW_SUM;
        } else if (t.startsWith("<Raw Results>")) {
            section = Section.RAW;
        } else if (t.startsWith("<Constraint Check>")) {
            section = Section.CHECK;
            group = CheckGroup.MIX;
        } else if (t.startsWith("<TpmC>")) {
            section = Section.TPMC;
        } else {
            return false;
        }
        return true;
    }

    boolean inSection() {
        return section != Section.NONE;
    }

    /** Whether a line reads as a line of the current section, without taking it. */
    boolean understands(String line) {
        return switch (section) {
            case RAW, RAW_SUM -> RAW.matcher(line).matches() || RAW_SECONDS.matcher(line).matches();
            case CHECK -> CHECK_GROUP.matcher(line).matches() || CHECK.matcher(line).matches();
            case TPMC -> TPMC.matcher(line).matches();
            case NONE -> false;
        };
    }

    /**
     * Takes a line of the current section.
     *
     * @return empty if the line was used, else what was expected
     */
    Optional<String> accept(String line, long lineNumber) {
        return switch (section) {
            case RAW, RAW_SUM -> raw(line);
            case CHECK -> check(line, lineNumber);
            case TPMC -> tpmc(line);
            case NONE -> Optional.of("expected a result section");
        };
    }

    private Optional<String> raw(String line) {
        Matcher m = RAW.matcher(line);
        if (m.matches()) {
            Optional<TpccTransaction> t = TpccTransaction.byIndex(Integer.parseInt(m.group(1)));
            if (t.isEmpty()) return Optional.of("expected a transaction index 0..4");
            String suffix = section == Section.RAW_SUM ? "_sum" : "";
            String p = t.get().label() + "_";
            summary(p + "sc" + suffix, Numbers.parse(m.group(2)), "count");
            summary(p + "lt" + suffix, Numbers.parse(m.group(3)), "count");
            summary(p + "rt" + suffix, Numbers.parse(m.group(4)), "count");
            summary(p + "fl" + suffix, Numbers.parse(m.group(5)), "count");
            if (m.group(6) != null) {
                if (!Numbers.isNumber(m.group(6))) return Optional.of("expected a number after avg_rt:");
                summary(p + "avg_rt", Numbers.parse(m.group(6)), "ms");
                summary(p + "rt_limit", Numbers.parse(m.group(7)), "");
            }
            return Optional.empty();
        }
        Matcher seconds = RAW_SECONDS.matcher(line);
        if (seconds.matches()) {
            summary("measured_s", Numbers.parse(seconds.group(1)), "s");
            return Optional.empty();
        }
        return Optional.of("expected '[i] sc:N lt:N rt:N fl:N' or ' in N sec.'");
    }

    private Optional<String> check(String line, long lineNumber) {
        Matcher g = CHECK_GROUP.matcher(line);
        if (g.matches()) {
            group = g.group(1).startsWith("transaction") ? CheckGroup.MIX : CheckGroup.RESPONSE_TIME;
            return Optional.empty();
        }
        Matcher m = CHECK.matcher(line);
        if (!m.matches() || !Numbers.isNumber(m.group(2))) {
            return Optional.of("expected '<Transaction>: NN.NN% ... [OK]' or '[NG]'");
        }
        Optional<TpccTransaction> t = TpccTransaction.byPrintedName(m.group(1));
        if (t.isEmpty()) return Optional.of("expected New-Order, Payment, Order-Status, Delivery or Stock-Level");
        boolean mix = group == CheckGroup.MIX;
        String verdict = m.group(4);
        String check = (mix ? "transaction_percentage." : "response_time.") + t.get().label();
        sink.fact("tpcc.check." + check, verdict);
        summary(t.get().label() + (mix ? "_mix_pct" : "_on_time_pct"), Numbers.parse(m.group(2)), "%");
        if (verdict.equals("NG")) {
            String needed = mix ? (m.group(3) == null ? "" : " (needs " + m.group(3).replace(" ", "") + ")")
                    : " of transactions within the response-time limit (needs at least 90%)";
            sink.notice(lineNumber, "TPC-C constraint check failed: " + m.group(1) + " "
                    + (mix ? "share of all transactions " : "") + m.group(2) + "%" + needed);
        }
        return Optional.empty();
    }

    private Optional<String> tpmc(String line) {
        Matcher m = TPMC.matcher(line);
        if (!m.matches() || !Numbers.isNumber(m.group(1))) return Optional.of("expected 'N.NNN TpmC'");
        summary("tpmC", Numbers.parse(m.group(1)), "1/min");
        section = Section.NONE;
        return Optional.empty();
    }

    private void summary(String name, double value, String unit) {
        sink.summary(new SummaryValue(TpccIntervalSpec.TOOL, "", name, value, unit));
    }
}
