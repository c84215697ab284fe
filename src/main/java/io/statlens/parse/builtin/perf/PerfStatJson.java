package io.statlens.parse.builtin.perf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One line of {@code perf stat -j} ({@code --json-output}, perf 5.19 and later): a flat JSON object per counter, as
 * stat-display.c's json printers write it. {@code "interval"} is the seconds since the start (with {@code -I}),
 * {@code "cpu" : "0"} the CPU of {@code -A}, {@code "core" : "S0-D0-C0"} (or {@code socket}, {@code die},
 * {@code node}, {@code cluster}, {@code cache}) an aggregate with its {@code "aggregate-number"}; then
 * {@code "counter-value"} (a number in a string, or {@code <not counted>}, {@code <not supported>}), {@code "unit"},
 * {@code "event"}, {@code "variance"} of {@code -r}, {@code "event-runtime"}, {@code "pcnt-running"} and the derived
 * {@code "metric-value"} and {@code "metric-unit"}, which are computed from the counts and not kept. A line of a derived
 * metric alone (no {@code "event"}) is no counter.
 */
final class PerfStatJson {
    private static final JsonFactory JSON = new JsonFactory();
    private static final Pattern COUNT = Pattern.compile("\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");
    /** The names perf gives an aggregate's cell (aggr_mode's json keys). */
    private static final Set<String> AGGREGATES = Set.of("core", "die", "socket", "node", "cluster", "cache", "thread");

    /**
     * What a line says.
     *
     * @param counter the counter it holds, empty for a line of a derived metric alone
     */
    record Line(Optional<PerfStatLine> counter) {
    }

    private PerfStatJson() {
    }

    /** The line read, or empty when it is not a flat JSON object of perf stat. */
    static Optional<Line> read(String text) {
        double elapsed = Double.NaN;
        String key = "";
        String value = null;
        String unit = "";
        String event = null;
        double share = Double.NaN;
        try (JsonParser parser = JSON.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) return Optional.empty();
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
                if (token != JsonToken.FIELD_NAME) return Optional.empty();
                String name = parser.currentName();
                JsonToken field = parser.nextToken();
                if (field == null || field.isStructStart()) return Optional.empty();
                switch (name) {
                    case "interval" -> elapsed = number(parser, field);
                    case "cpu" -> key = "CPU" + parser.getValueAsString("").strip();
                    case "counter-value" -> value = parser.getValueAsString("").strip();
                    case "unit" -> unit = parser.getValueAsString("").strip();
                    case "event" -> event = parser.getValueAsString("").strip();
                    case "pcnt-running" -> share = number(parser, field);
                    default -> {
                        if (AGGREGATES.contains(name)) key = parser.getValueAsString("").strip();
                    }
                }
            }
            if (parser.nextToken() != null) return Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
        if (event == null) return value == null ? Optional.of(new Line(Optional.empty())) : Optional.empty();
        if (value == null) return Optional.empty();
        double count;
        String missing = "";
        if (value.equals("<not counted>") || value.equals("<not supported>")) {
            missing = value;
            count = Double.NaN;
        } else if (COUNT.matcher(value).matches()) {
            count = Double.parseDouble(value);
        } else {
            return Optional.empty();
        }
        return Optional.of(new Line(Optional.of(new PerfStatLine(elapsed, key, count, missing, unit, event, share))));
    }

    private static double number(JsonParser parser, JsonToken token) throws IOException {
        if (token.isNumeric()) return parser.getDoubleValue();
        return Double.parseDouble(parser.getValueAsString("").strip());
    }
}
