package io.statlens.parse.builtin.faban;

import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.text.LineSourceReader;
import io.statlens.parse.text.Quotes;
import io.statlens.parse.timeline.Timeline;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.IOException;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.List;

/**
 * Faban's run summary {@code summary.xml}, read with the JDK's streaming XML parser (StAX). Run totals
 * only: summary values and facts of data set {@code faban}, no rows. See docs/tools/faban.md.
 */
public final class FabanParser implements Parser {
    private static final Pattern ROOT = Pattern.compile("<benchResults\\b|<benchSummary\\b");
    private static final Pattern DRIVER = Pattern.compile("<driverSummary\\b");
    /** Faban runs from its harness, not a shell: no command of its own is pasted with a summary. */
    private static final CommandSyntax SYNTAX = CommandSyntax.of(Set.of("faban"), Set.of());

    private static final ParserInfo INFO = ParserInfo.builtIn(FabanSummaryWalker.TOOL, "summary-xml");

    @Override
    public ParserInfo info() {
        return INFO;
    }

    @Override
    public java.util.Set<String> commandNames() {
        return SYNTAX.names();
    }

    @Override
    public List<String> datasets() {
        return List.of(FabanSummaryWalker.TOOL);
    }

    @Override
    public double sniff(Head head) {
        if (head.anyMatch("<bench", ROOT)) return 1.0;
        return head.anyMatch("<driverSummary", DRIVER) ? 0.9 : 0;
    }

    @Override
    public void parse(LineSource lines, ParseContext context, RecordSink sink) throws IOException {
        sink.variant("summary-xml");
        new Timeline(context, sink).none("summary.xml holds run totals, no time series");
        // Console output or a log may precede the XML: it starts at the first line opening a tag.
        Transcript transcript = new Transcript(lines, SYNTAX);
        TranscriptLine line;
        long skipped = 0;
        while ((line = transcript.next()) != null && !(line.is(TranscriptLine.Kind.TEXT) && line.text().strip().startsWith("<"))) {
            if (line.is(TranscriptLine.Kind.TEXT)) skipped++;
        }
        if (line == null) {
            sink.warning(0, "no XML found: expected Faban's summary.xml (<benchResults>)");
            return;
        }
        long offset = line.number() - 1;
        if (skipped > 0) sink.warning(1, "skipped " + skipped + " line(s) of text before the XML");
        FabanSummaryWalker walker = new FabanSummaryWalker(sink, offset);
        XMLStreamReader xml = null;
        try {
            // The XML itself is read as it is (a line of it may start with '#'), from its first tag (an XML declaration
            // must open the document: a code block's indentation before it is dropped), without the quote markers of a
            // reply when the line after the first is quoted too (a line of XML may start with '>' otherwise).
            String next = lines.peek();
            boolean quoted = next != null && Quotes.quoted(next);
            xml = factory().createXMLStreamReader(new LineSourceReader(lines, line.text().strip(), quoted));
            walker.walk(xml);
        } catch (XMLStreamException e) {
            long at = e.getLocation() == null ? 0 : e.getLocation().getLineNumber() + offset;
            sink.warning(at, "malformed XML, reading stopped: " + e.getMessage().replaceAll("\\s+", " "));
        } finally {
            close(xml);
        }
        if (!walker.found()) sink.warning(0, "no <benchSummary> or <driverSummary> found in the XML");
    }

    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        // A results file is data: no DTDs, no external entities.
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        return factory;
    }

    private static void close(XMLStreamReader xml) {
        if (xml == null) return;
        try {
            xml.close();
        } catch (XMLStreamException e) {
            // Nothing is left to read; a failure to release the parser changes no result.
        }
    }
}
