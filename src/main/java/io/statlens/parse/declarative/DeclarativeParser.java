package io.statlens.parse.declarative;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.transcript.Transcript;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A {@link Parser} whose behaviour comes from a {@link ParserDefinition} rather than Java code. */
public final class DeclarativeParser implements Parser {
    private final ParserDefinition definition;
    private final ParserInfo info;

    public DeclarativeParser(ParserDefinition definition) {
        this.definition = definition;
        this.info = new ParserInfo(definition.tool(), definition.version(), definition.variants(), definition.source());
    }

    public ParserDefinition definition() {
        return definition;
    }

    @Override
    public ParserInfo info() {
        return info;
    }

    /** The data sets of the definition's tables and line records, each once. */
    @Override
    public java.util.Set<String> commandNames() {
        return definition.command().names();
    }

    @Override
    public List<String> datasets() {
        List<String> names = new ArrayList<>();
        // A table of facts (nicstat -l's interface list) is configuration, not a data set.
        for (TableDefinition t : definition.tables()) {
            if (t.kind() == TableKind.FACTS) continue;
            if (t.dataset().equals(SectionDefinition.FROM_SECTION)) {
                definition.sections().forEach(s -> names.add(qualified(s.dataset())));
                // a table pasted without its section's title (a blog's snippet) lands in the tool's own data set
                names.add(qualified(""));
            } else {
                names.add(qualified(t.dataset()));
            }
        }
        definition.lines().forEach(l -> names.add(qualified(l.dataset())));
        return names.stream().distinct().toList();
    }

    private String qualified(String dataset) {
        return dataset == null || dataset.isEmpty() ? definition.tool() : definition.tool() + "." + dataset;
    }

    /**
     * The highest confidence among the {@code detect} rules that match the head; 0 when none does. Rules see
     * the lines as the parser does: cleaned by the transcript kit (terminal control sequences and quote markers
     * removed, every Unicode space a space) and without indentation.
     */
    @Override
    public double sniff(Head head) {
        Head cleaned = new Head(head.fileName(),
                Transcript.read(head, definition.command()).stream().map(line -> line.text().strip()).toList());
        double best = 0;
        for (DetectRule rule : definition.detectRules()) {
            if (rule.confidence() > best && rule.matches(cleaned)) best = rule.confidence();
        }
        return best;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        new DeclarativeRun(definition, context, sink).run(lines);
    }

    @Override
    public String toString() {
        return "declarative parser " + definition.tool() + " (" + definition.source() + ")";
    }
}
