package io.statlens.parse.text;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.RecordSink;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sysstat's JSON documents ({@code iostat -o JSON}, {@code mpstat -o JSON}, {@code pidstat -o JSON}, {@code sadf -j}):
 * <pre>{"sysstat": {"hosts": [{"nodename": ..., "date": ..., "statistics": [{sample}, {sample}, ...]}]}}</pre>
 * read as a stream with Jackson: the host's fields, then one sample (one element of {@code statistics}) at a
 * time, so that memory holds one sample, never the file. Lines before the document (a pasted command line) are
 * skipped; a document cut short or malformed ends the reading with a warning at its line, and what was read
 * before stays.
 */
public final class SysstatJson {
    private static final Pattern START = Pattern.compile("^\\s*\\{\\s*\"sysstat\"\\s*:");
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private SysstatJson() {
    }

    /** What a reader does with the parts of the document. */
    public interface Handler {
        /** The scalar fields of a host that come before its samples ({@code nodename}, {@code date}...). */
        void host(Map<String, Object> fields);

        /**
         * One element of {@code statistics}: objects are {@link Map}s, arrays {@link List}s, numbers {@link Double}s.
         *
         * @param line the line the sample starts at
         */
        void sample(Map<String, Object> sample, long line);

        /** A host's field after its samples ({@code sadf -j}'s {@code restarts}, {@code comments}). */
        default void after(String name, Object value, long line) {
        }
    }

    /** The tools that write sysstat JSON. */
    public enum Writer {
        IOSTAT, MPSTAT, PIDSTAT, SADF
    }

    private static final Pattern SADF = Pattern.compile("\"file-date\"\\s*:");
    private static final Pattern MPSTAT = Pattern.compile(
            "\"(?:cpu-load|node-load|sum-interrupts|individual-interrupts|soft-interrupts)\"\\s*:");
    private static final Pattern IOSTAT = Pattern.compile("\"(?:avg-cpu|disk_device)\"\\s*:");
    /** pidstat.c's reports, each an array of tasks (sadf's {@code "io"} and {@code "kernel"} are objects). */
    private static final Pattern PIDSTAT = Pattern.compile(
            "\"(?:task-cpu-load|child-cpu-load|task-memory|child-memory|stack|io|context-switch|kernel|realtime)\"\\s*:\\s*\\[");
    private static final Pattern HOST_DATE = Pattern.compile("\"date\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern TIMESTAMP = Pattern.compile("\"timestamp\"\\s*:\\s*\"([^\"]*)\"");

    /**
     * Which tool wrote the JSON document the input's first lines open: sadf ({@code file-date} among the host's
     * fields), else mpstat ({@code cpu-load}, {@code sum-interrupts}...), else iostat ({@code avg-cpu},
     * {@code disk_device}), else pidstat ({@code task-cpu-load}, {@code io}... arrays of tasks); empty when it is no
     * sysstat JSON or its first lines do not tell.
     */
    public static Optional<Writer> writer(Head head) {
        if (!opens(head)) return Optional.empty();
        if (head.anyMatch(SADF)) return Optional.of(Writer.SADF);
        if (head.anyMatch(MPSTAT)) return Optional.of(Writer.MPSTAT);
        if (head.anyMatch(IOSTAT)) return Optional.of(Writer.IOSTAT);
        if (head.anyMatch(PIDSTAT)) return Optional.of(Writer.PIDSTAT);
        return Optional.empty();
    }

    /**
     * The dates of a document's first lines as {@link SysstatLocale} reads a text file's: the host's {@code "date"}
     * stands as {@code "date": "02/12/2026"} (the banner's date, {@link #hostDate}), a {@code "timestamp"} as its value
     * alone ({@code 02/12/2026 14:05:01}, as {@code iostat -t} prints it), every other line as a blank one, so that
     * line numbers stay. JSON's numbers have a decimal point in every locale: they are no evidence, and are left out.
     */
    public static Head dateEvidence(Head head) {
        List<String> lines = new ArrayList<>(head.lines().size());
        for (String line : head.lines()) {
            Optional<String> date = hostDate(line);
            Matcher stamp = TIMESTAMP.matcher(line);
            lines.add(date.map(d -> "\"date\": \"" + d + "\"").orElse(stamp.find() ? stamp.group(1) : ""));
        }
        return Head.of(head.fileName(), lines);
    }

    /**
     * The first sample's {@code "timestamp"} in the document's first lines when it holds epoch seconds
     * ({@code mpstat -U}, {@code pidstat -H}), which settle how the host's slashed {@code "date"} reads; else null.
     */
    public static Instant firstEpoch(Head head) {
        for (String line : head.lines()) {
            Matcher stamp = TIMESTAMP.matcher(line);
            if (stamp.find()) return EpochSeconds.whole(stamp.group(1)).orElse(null);
        }
        return null;
    }

    /** The host's {@code "date"} in a line of a document: the date its text form prints in the banner. */
    public static Optional<String> hostDate(String line) {
        Matcher m = HOST_DATE.matcher(line);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * Whether the input's first lines open a sysstat JSON document: {@code {"sysstat":} starts a line, after whatever
     * came before it (a prompt, a comment, a sentence and a markdown fence), or after a reply's quote markers.
     */
    private static boolean opens(Head head) {
        for (String line : head.lines()) {
            // every sysstat parser asks this of every head: only a line naming "sysstat" is unquoted and matched
            if (line.contains("\"sysstat\"") && START.matcher(Quotes.unquoted(line)).find()) return true;
        }
        return false;
    }

    /** Whether this line (quote markers already taken off) opens the document: {@code {"sysstat":} at its start. */
    public static boolean opensAt(String line) {
        return START.matcher(line).find();
    }

    /** Reads the document, handing its parts to {@code handler}; problems go to {@code sink} as warnings. */
    public static void read(LineSource lines, RecordSink sink, Handler handler) throws IOException {
        read(lines, sink, handler, line -> false);
    }

    /**
     * {@link #read}, where the lines before the document that {@code readBefore} accepts were read by the caller
     * (the command pasted before it, whose options are kept): they are not counted as skipped.
     */
    public static void read(LineSource lines, RecordSink sink, Handler handler, Predicate<String> readBefore) throws IOException {
        String first;
        long skipped = 0;
        while ((first = lines.next()) != null && !START.matcher(Quotes.unquoted(first)).find()) {
            if (!Tokens.isBlank(first) && !readBefore.test(first)) skipped++;
        }
        if (skipped > 0) sink.notice(1, skipped + " line(s) before the JSON document skipped");
        if (first == null) {
            sink.warning(0, "no sysstat JSON document found: expected a line starting with {\"sysstat\":");
            return;
        }
        long offset = lines.lineNumber() - 1;
        try (JsonParser json = FACTORY.createParser(new LineSourceReader(lines, first, Quotes.quoted(first)))) {
            new Walk(json, offset, handler, sink).document();
        } catch (JsonProcessingException e) {
            // at the end of the input, the parser's location is past the last line
            long line = cutShort(e) ? lines.lineNumber() : e.getLocation() == null ? 0 : e.getLocation().getLineNr() + offset;
            sink.warning(line, problem(e) + "; what came before is kept");
        }
    }

    private static boolean cutShort(JsonProcessingException e) {
        return e instanceof JsonEOFException || firstLine(e).startsWith("Unexpected end-of-input");
    }

    private static String firstLine(JsonProcessingException e) {
        return e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
    }

    private static final Pattern UNEXPECTED = Pattern.compile("Unexpected character \\('(.*?)' \\(code \\d+\\)\\)(?::\\s*was expecting (.*))?");
    /** Jackson's own parts of a message: source locations, character codes, feature names. */
    private static final Pattern INTERNALS = Pattern.compile("\\s*\\((?:start marker at )?\\[Source:[^\\]]*\\]\\)|\\s*\\[Source:[^\\]]*\\]"
            + "|\\s*\\(code -?\\d+\\)|\\s*\\(`?StreamReadFeature[^)]*\\)");

    /**
     * What is wrong at the error's line, in the user's terms: what was expected there, without the JSON library's
     * internals (its source location, the character's code, the name of the feature that would show the source).
     */
    static String problem(JsonProcessingException e) {
        String message = firstLine(e);
        if (cutShort(e)) {
            JsonToken open = e instanceof JsonEOFException eof ? eof.getTokenBeingDecoded() : null;
            String rest = open == JsonToken.START_OBJECT || message.contains("Object") ? "an object"
                    : open == JsonToken.START_ARRAY || message.contains("Array") ? "an array"
                    : open == JsonToken.VALUE_STRING || open == JsonToken.FIELD_NAME ? "a string" : "a value";
            return "the JSON document ends here, cut short: expected the rest of " + rest;
        }
        Matcher unexpected = UNEXPECTED.matcher(message);
        if (unexpected.lookingAt()) {
            return "malformed JSON: unexpected character '" + unexpected.group(1) + "'"
                    + (unexpected.group(2) == null ? "" : " (expected " + unexpected.group(2).strip() + ")");
        }
        String plain = INTERNALS.matcher(message).replaceAll("").strip();
        return "malformed JSON: " + (plain.isEmpty() ? "not a JSON value" : Character.toLowerCase(plain.charAt(0)) + plain.substring(1));
    }

    /** One pass over the document. */
    private record Walk(JsonParser json, long offset, Handler handler, RecordSink sink) {
        /** The document's first line starts with {"sysstat": (see {@link #read}), so it opens with an object. */
        void document() throws IOException {
            json.nextToken();
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String name = json.currentName();
                json.nextToken();
                if (name.equals("sysstat") && json.currentToken() == JsonToken.START_OBJECT) sysstat();
                else json.skipChildren();
            }
        }

        private void sysstat() throws IOException {
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String name = json.currentName();
                json.nextToken();
                if (name.equals("hosts") && json.currentToken() == JsonToken.START_ARRAY) {
                    while (json.nextToken() == JsonToken.START_OBJECT) host();
                } else {
                    json.skipChildren();
                }
            }
        }

        private void host() throws IOException {
            Map<String, Object> fields = new LinkedHashMap<>();
            boolean samplesSeen = false;
            while (json.nextToken() == JsonToken.FIELD_NAME) {
                String name = json.currentName();
                JsonToken token = json.nextToken();
                if (name.equals("statistics") && token == JsonToken.START_ARRAY) {
                    handler.host(fields);
                    samplesSeen = true;
                    while (json.nextToken() == JsonToken.START_OBJECT) {
                        long line = line();
                        @SuppressWarnings("unchecked")
                        Map<String, Object> sample = (Map<String, Object>) value();
                        handler.sample(sample, line);
                    }
                } else if (samplesSeen) {
                    long line = line();
                    handler.after(name, value(), line);
                } else if (token.isScalarValue()) {
                    fields.put(name, value());
                } else {
                    json.skipChildren();
                }
            }
            if (!samplesSeen) handler.host(fields);
        }

        /** The value at the current token, with its children. */
        private Object value() throws IOException {
            switch (json.currentToken()) {
                case START_OBJECT -> {
                    Map<String, Object> map = new LinkedHashMap<>();
                    while (json.nextToken() == JsonToken.FIELD_NAME) {
                        String name = json.currentName();
                        json.nextToken();
                        map.put(name, value());
                    }
                    return map;
                }
                case START_ARRAY -> {
                    List<Object> list = new ArrayList<>();
                    while (json.nextToken() != JsonToken.END_ARRAY) list.add(value());
                    return list;
                }
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                    return json.getDoubleValue();
                }
                case VALUE_STRING -> {
                    return json.getText();
                }
                case VALUE_TRUE -> {
                    return Boolean.TRUE;
                }
                case VALUE_FALSE -> {
                    return Boolean.FALSE;
                }
                default -> {
                    return null;
                }
            }
        }

        private long line() {
            return json.currentTokenLocation().getLineNr() + offset;
        }
    }
}
