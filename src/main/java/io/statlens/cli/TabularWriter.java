package io.statlens.cli;

import com.fasterxml.jackson.core.JsonFactory;
import io.statlens.analysis.ReadableNumbers;
import com.fasterxml.jackson.core.JsonGenerator;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Writes rows of a result as an aligned table, CSV (RFC 4180, via Commons CSV) or JSON (an array of
 * objects, via Jackson), streaming for CSV and JSON. The table shows numbers for people
 * ({@link ReadableNumbers}); CSV and JSON keep every digit.
 */
abstract class TabularWriter implements AutoCloseable {

    /**
     * A number with how a table shows it (by its unit, signed, as a p-value...): the table prints
     * {@code shown}, CSV and JSON the exact value.
     */
    record Figure(double value, String shown) {
    }

    static TabularWriter of(OutputFormat format, PrintWriter out, ReadableNumbers numbers) {
        return switch (format) {
            case table -> new Table(out, numbers);
            case csv -> new Csv(out);
            case json -> new Json(out);
        };
    }

    abstract void header(List<String> names, List<Boolean> numeric);

    abstract void row(List<Object> values);

    @Override
    public abstract void close();

    /**
     * The result will not be complete (the statement failed or was stopped): close without the footer that
     * would read as the whole answer. Streamed formats have already written their rows; the table drops its.
     */
    void abandon() {
    }

    /** A cell of CSV, or a JSON string: exact numbers, ISO times. */
    static String text(Object v) {
        if (v == null) return "";
        if (v instanceof Figure f) return ReadableNumbers.exact(f.value());
        if (v instanceof Double d) return ReadableNumbers.exact(d);
        if (v instanceof Float f) return ReadableNumbers.exact(Double.parseDouble(f.toString()));
        if (v instanceof Instant t) return Format.time(t);
        if (v instanceof BigDecimal b) return b.signum() == 0 ? "0" : b.stripTrailingZeros().toPlainString();
        return v.toString();
    }

    private static final class Table extends TabularWriter {
        private final PrintWriter out;
        private final ReadableNumbers numbers;
        private TextTable table;

        Table(PrintWriter out, ReadableNumbers numbers) {
            this.out = out;
            this.numbers = numbers;
        }

        @Override
        void header(List<String> names, List<Boolean> numeric) {
            table = new TextTable(numbers, names);
            for (int i = 0; i < numeric.size(); i++) if (numeric.get(i)) table.right(i);
        }

        @Override
        void row(List<Object> values) {
            table.addRow(values.stream().map(this::shown).toList());
        }

        private String shown(Object v) {
            if (v instanceof Figure f) return f.shown();
            if (v instanceof Double d) return numbers.number(d);
            if (v instanceof Float f) return numbers.number(f);
            if (v instanceof Long || v instanceof Integer) return numbers.integer(((Number) v).longValue());
            if (v instanceof BigDecimal b) return numbers.decimal(b);
            return text(v);
        }

        @Override
        void abandon() {
            table = null;
        }

        @Override
        public void close() {
            if (table != null) {
                table.print(out);
                out.println("(" + table.size() + " row" + (table.size() == 1 ? "" : "s") + ")");
                out.flush();
            }
        }
    }

    private static final class Csv extends TabularWriter {
        private final PrintWriter out;
        private CSVPrinter printer;

        Csv(PrintWriter out) {
            this.out = out;
        }

        @Override
        void header(List<String> names, List<Boolean> numeric) {
            try {
                printer = CSVFormat.RFC4180.builder().setRecordSeparator('\n').build().print(out);
                printer.printRecord(names);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        void row(List<Object> values) {
            try {
                printer.printRecord(values.stream().map(TabularWriter::text).toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                if (printer != null) printer.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out.flush();
        }
    }

    private static final class Json extends TabularWriter {
        private final PrintWriter out;
        private JsonGenerator json;
        private List<String> names;

        Json(PrintWriter out) {
            this.out = out;
        }

        @Override
        void header(List<String> names, List<Boolean> numeric) {
            this.names = names;
            try {
                json = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter();
                // Numbers as written by people: 16 and 0.0001, not 16.0 and 1.0E-4.
                json.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
                json.writeStartArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        void row(List<Object> values) {
            try {
                json.writeStartObject();
                for (int i = 0; i < names.size(); i++) {
                    json.writeFieldName(names.get(i));
                    Object v = values.get(i);
                    if (v instanceof Figure f) v = f.value();
                    if (v == null || (v instanceof Double d && Double.isNaN(d))) json.writeNull();
                    else if (v instanceof Double d && Double.isInfinite(d)) json.writeString(ReadableNumbers.exact(d));
                    else if (v instanceof Double d) json.writeNumber(new BigDecimal(ReadableNumbers.exact(d)));
                    else if (v instanceof Long l) json.writeNumber(l);
                    else if (v instanceof Integer n) json.writeNumber(n);
                    else if (v instanceof BigDecimal b) json.writeNumber(b);
                    else if (v instanceof Boolean b) json.writeBoolean(b);
                    else json.writeString(text(v));
                }
                json.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            try {
                if (json != null) {
                    json.writeEndArray();
                    json.flush();
                }
                out.println();
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
