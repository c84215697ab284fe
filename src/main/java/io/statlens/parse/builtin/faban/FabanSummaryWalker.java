package io.statlens.parse.builtin.faban;

import io.statlens.model.SummaryValue;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.Numbers;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Walks a Faban {@code summary.xml} ({@code benchResults/benchSummary}, {@code driverSummary} with
 * {@code mix}, {@code responseTimes}, {@code delayTimes}) and turns every leaf element into a summary
 * value (numbers) or a fact (text), named after the element.
 */
final class FabanSummaryWalker {
    static final String TOOL = "faban";
    private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");

    /** An open element: its name, attributes, text, and whether it has child elements. */
    private static final class Element {
        final String name;
        final Map<String, String> attributes = new HashMap<>();
        final StringBuilder text = new StringBuilder();
        boolean hasChildren;

        Element(String name) {
            this.name = name;
        }

        String attribute(String key) {
            return attributes.get(key);
        }
    }

    private final RecordSink sink;
    private final long lineOffset;
    private final Deque<Element> open = new ArrayDeque<>();
    private boolean found;

    /** @param lineOffset lines of the file before the XML began, to report file line numbers */
    FabanSummaryWalker(RecordSink sink, long lineOffset) {
        this.sink = sink;
        this.lineOffset = lineOffset;
    }

    /** Whether a benchSummary or driverSummary was found. */
    boolean found() {
        return found;
    }

    void walk(XMLStreamReader xml) throws XMLStreamException {
        while (xml.hasNext()) {
            switch (xml.next()) {
                case XMLStreamConstants.START_ELEMENT -> start(xml);
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
                    if (!open.isEmpty()) open.peek().text.append(xml.getText());
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    Element done = open.pop();
                    if (!done.hasChildren) leaf(done, xml.getLocation().getLineNumber() + lineOffset);
                    // Text after the root element (the rest of a console log) is not XML: stop here.
                    if (open.isEmpty()) return;
                }
                default -> { /* comments, processing instructions, whitespace */ }
            }
        }
    }

    private void start(XMLStreamReader xml) {
        if (!open.isEmpty()) open.peek().hasChildren = true;
        Element e = new Element(xml.getLocalName());
        for (int i = 0; i < xml.getAttributeCount(); i++) {
            e.attributes.put(xml.getAttributeLocalName(i), xml.getAttributeValue(i));
        }
        if (e.name.equals("benchSummary")) {
            found = true;
            if (e.attribute("name") != null) sink.fact("faban.benchmark", e.attribute("name"));
            if (e.attribute("version") != null) sink.fact("faban.benchmark.version", e.attribute("version"));
        } else if (e.name.equals("driverSummary")) {
            found = true;
        }
        Element owner = open.peek();
        open.push(e);
        if (e.name.equals("operation") && owner != null) operationAttributes(e, owner);
    }

    /** {@code r90th="0.500"} on a response-time operation is the required 90th percentile. */
    private void operationAttributes(Element operation, Element group) {
        Scope scope = scope();
        if (scope.driver == null) return;
        String key = scope.driver + "/" + operation.attribute("name");
        for (Map.Entry<String, String> a : operation.attributes.entrySet()) {
            String name = a.getKey();
            if (name.equals("name")) continue;
            String base = prefix(group) + (name.matches("r\\d+th") ? "required_p" + name.substring(1) : snake(name));
            if (Numbers.isNumber(a.getValue())) {
                summary(key, timed(group) ? base + "_" + unit(group) : base, Numbers.parse(a.getValue()),
                        timed(group) ? unit(group) : "");
            } else {
                sink.fact("faban.driver." + scope.driver + "." + snake(group.name) + "." + operation.attribute("name")
                        + "." + snake(name), a.getValue());
            }
        }
    }

    /** Where the elements now open are: bench level, a driver, an operation of a group of a driver. */
    private record Scope(String driver, Element group, Element operation) {
    }

    private Scope scope() {
        String driver = null;
        Element group = null;
        Element operation = null;
        Element previous = null;
        for (Iterator<Element> it = open.descendingIterator(); it.hasNext(); ) {
            Element e = it.next();
            if (e.name.equals("driverSummary")) driver = e.attribute("name") == null ? "driver" : e.attribute("name");
            else if (driver != null && previous != null && previous.name.equals("driverSummary")) group = e;
            else if (group != null && operation == null) operation = e;
            previous = e;
        }
        return new Scope(driver, group, operation);
    }

    private void leaf(Element leaf, long line) {
        String text = leaf.text.toString().strip();
        if (open.isEmpty()) return;
        Scope scope = scope();
        String name = snake(leaf.name);
        if (scope.driver == null) {
            value("", "faban.", name, leaf, text, line, leaf.attribute("unit"));
            return;
        }
        if (scope.group == null) {
            value(scope.driver, "faban.driver." + scope.driver + ".", name, leaf, text, line, leaf.attribute("unit"));
            return;
        }
        Element owner = scope.operation == null ? scope.group : scope.operation;
        String ownerName = owner.attribute("name") != null ? owner.attribute("name") : owner.name;
        String key = scope.driver + "/" + ownerName;
        String factPrefix = "faban.driver." + scope.driver + "." + snake(scope.group.name) + "." + ownerName + ".";
        if (!Numbers.isNumber(text) || name.equals("passed")) {
            value(key, factPrefix, name, leaf, text, line, null);
        } else if (timed(scope.group)) {
            summary(key, prefix(scope.group) + name + "_" + unit(scope.group), Numbers.parse(text), unit(scope.group));
        } else {
            summary(key, prefix(scope.group) + name, Numbers.parse(text), countUnit(name));
        }
    }

    /** A leaf: a number is a summary value; text a fact; {@code passed=false} also a warning. */
    private void value(String key, String factPrefix, String name, Element leaf, String text, long line, String unitAttr) {
        if (name.equals("run_id")) {
            sink.fact(factPrefix + name, text);
        } else if (name.equals("passed")) {
            sink.fact(factPrefix + "passed", text);
            if (text.equalsIgnoreCase("false")) {
                sink.notice(line, "Faban reports a failed criterion: " + factPrefix + "passed = false");
            }
        } else if (!text.isEmpty() && Numbers.isNumber(text)) {
            summary(key, name, Numbers.parse(text), unitAttr == null ? countUnit(name) : unit(unitAttr));
        } else if (!text.isEmpty()) {
            sink.fact(factPrefix + name, text);
        }
    }

    private static String countUnit(String name) {
        return name.equals("successes") || name.equals("failures") ? "count" : "";
    }

    private static boolean timed(Element group) {
        return group.name.equals("responseTimes") || group.name.equals("delayTimes");
    }

    private static String prefix(Element group) {
        return switch (group.name) {
            case "mix" -> "";
            case "responseTimes" -> "rt_";
            case "delayTimes" -> "delay_";
            default -> snake(group.name) + "_";
        };
    }

    /** Response and delay times are in seconds unless the group says otherwise. */
    private static String unit(Element group) {
        return unit(group.attribute("unit") == null ? "seconds" : group.attribute("unit"));
    }

    private static String unit(String printed) {
        return switch (printed.toLowerCase(Locale.ROOT)) {
            case "seconds", "second", "sec" -> "s";
            case "milliseconds", "millisecond", "msec" -> "ms";
            case "microseconds", "microsecond", "usec" -> "us";
            case "operations" -> "count";
            default -> printed;
        };
    }

    private void summary(String key, String name, double value, String unit) {
        sink.summary(new SummaryValue(TOOL, key, name, value, unit));
    }

    static String snake(String camel) {
        return CAMEL.matcher(camel).replaceAll("$1_$2").toLowerCase(Locale.ROOT);
    }
}
