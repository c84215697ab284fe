package io.statlens.parse.declarative;

import io.statlens.parse.spi.ParserDefinitionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DefinitionReaderTest {
    private static final String MINIMAL = """
            tool = demo
            detect = 0.8 ^A\\s+B
            header = ^A\\s+B
            """;

    @Test
    void aFileWithoutSectionsIsOneTableWithDefaults() {
        ParserDefinition d = DefinitionReader.read("demo.parser", MINIMAL);
        assertEquals("demo", d.tool());
        assertEquals("1", d.version());
        assertEquals(Duration.ofSeconds(1), d.intervalDefault());
        assertEquals(1, d.tables().size());
        TableDefinition t = d.tables().get(0);
        assertEquals("", t.dataset());
        assertEquals(TableKind.SERIES, t.kind());
        assertEquals(List.of(), t.keyColumns());
        assertEquals(TimeSpec.none(), t.time());
        assertEquals(Set.of(ReportStart.HEADER), t.reportStart());
        assertEquals(Set.of("-"), t.columns().missing());
        assertTrue(d.timeLines().isEmpty());
    }

    @Test
    void sectionsInheritTheTopKeysAndOverrideThem() {
        ParserDefinition d = DefinitionReader.read("demo.parser", """
                # a comment
                tool = demo
                version = 3
                variants = a, b
                detect = 0.9 ^X && ^Y
                detect = 0.5 ^Z
                time.lines = ^(\\d{10})$
                interval.default = 2.5
                unit.default = ms
                unit.%busy = percent
                unit.T = duration h:m:s
                value.suffixes = 1024
                value.suffixes.N = 1000
                since.boot = true

                [table]
                header = ^K\\s+V
                key = K
                unit.default = s
                since.boot = false

                [table]
                dataset = second
                header = ^(?<time>\\d\\d:\\d\\d:\\d\\d)\\s+V
                columns.leading = K
                key = K, V
                time = header HH:mm:ss
                report.start = header, time.line

                [line]
                dataset = total
                match = ^total (?<n>\\d+) (?<m>\\d+)
                unit.n = count
                """);
        assertEquals("3", d.version());
        assertEquals(List.of("a", "b"), d.variants());
        assertEquals(2, d.detectRules().size());
        assertEquals(2, d.detectRules().get(0).patterns().size());
        assertEquals(Duration.ofMillis(2500), d.intervalDefault());
        TableDefinition first = d.tables().get(0);
        assertEquals("s", first.columns().unit("V"));
        assertEquals("percent", first.columns().unit("%busy"));
        assertEquals("s", first.columns().unit("T"));
        assertEquals(5025.0, first.columns().reader("T").read("1:23:45"));
        assertEquals(2048.0, first.columns().reader("V").read("2K"));
        assertEquals(2000.0, first.columns().reader("N").read("2K"));
        assertEquals(false, first.sinceBoot());
        TableDefinition second = d.tables().get(1);
        assertEquals("second", second.dataset());
        assertEquals("ms", second.columns().unit("V"));
        assertEquals("%", second.columns().unit("%idle"));
        assertEquals(List.of("K"), second.leadingColumns());
        assertEquals(List.of("K", "V"), second.keyColumns());
        assertEquals(TimeSpec.Source.HEADER, second.time().source());
        assertEquals(Set.of(ReportStart.HEADER, ReportStart.TIME_LINE), second.reportStart());
        assertEquals(true, second.sinceBoot());
        LineDefinition line = d.lines().get(0);
        assertEquals(List.of("n", "m"), line.groups());
        assertEquals("count", line.columns().unit("n"));
        assertEquals("ms", line.columns().unit("m"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            tool = demo\\nheadr = ^A | x.parser:2: unknown key 'headr'; expected one of
            detect = 0.5 ^A\\nheader = ^A | x.parser:1: missing 'tool = <id>' before the first section
            tool = Demo | x.parser:1: expected a lower-case tool id such as 'nicstat', found 'Demo'
            tool = demo\\nheader = ^A | x.parser:1: missing 'detect = <confidence> <regex>'
            tool = demo\\ndetect = high ^A | x.parser:2: expected 'detect = <confidence 0..1> <regex>[ && <regex>...]'
            tool = demo\\ndetect = 0.5 ^(A | x.parser:2: invalid regular expression '^(A': Unclosed group
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nstack.frame = ^(\\S+)$ | x.parser:4: expected a regex with a group (?<frame>...) around the frame
            tool = demo\\ndetect = 0.5 ^A\\n[line]\\nmatch = ^(?<row>.+)$\\nheading = ^[A-Z]+ | x.parser:5: 'heading' names the cells of a 'split' group
            tool = demo\\ndetect = 0.5 ^A\\n[line]\\nmatch = ^(?<k>\\S+) (?<row>.+)$\\nsplit = row | x.parser:4: with 'split', the other named groups
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\ntool = again | x.parser:4: 'tool' is already set at line 1
            tool = demo\\ndetect = 0.5 ^A | x.parser:1: nothing to parse
            tool = demo\\ndetect = 0.5 ^A\\n[table]\\nkey = A | x.parser:3: [table] has no 'header = <regex>'
            tool = demo\\ndetect = 0.5 ^A\\n[tabel] | x.parser:3: expected a section line '[table]', '[line]' or '[section]', found '[tabel]'
            tool = demo\\ndetect = 0.5 ^A\\nheader ^A | x.parser:3: expected 'key = value', '[table]', '[line]' or a # comment
            tool = demo\\ndetect = 0.5 ^A\\n[table]\\nheader = ^A\\nskip = ^B | x.parser:5: 'skip' belongs before the first
            tool = demo\\ndetect = 0.5 ^A\\n[line]\\nheader = ^A | x.parser:4: 'header' cannot be used in a [line] section
            tool = demo\\ndetect = 0.5 ^A\\n[line]\\nmatch = ^A (\\d+) | x.parser:4: expected named groups (?<name>...) around
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\ntime = header HH:mm:ss | x.parser:4: 'time = header ...' needs a named
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\ntime = T HH:mm{ | x.parser:4: expected a time format such as HH:mm:ss
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\ntime = T | x.parser:4: expected 'time = <column> <format>'
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nreport.start = time.change | x.parser:4: 'time.change' needs a time
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nreport.start = time.line | x.parser:4: 'time.line' needs 'time.lines =
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nreport.start = footer | x.parser:4: expected 'report.start' to list
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nsince.boot = yes | x.parser:4: expected 'since.boot = true' or 'false'
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nvalue.suffixes = 1042 | x.parser:4: expected 'value.suffixes = 1024'
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nunit.T = duration h:x | x.parser:4: expected 'duration <fields>'
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\ndataset = Two | x.parser:4: expected a lower-case data set name
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nkind = list | x.parser:4: expected 'kind = series' or 'kind = facts'
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\ninterval.default = 0 | x.parser:4: expected a positive number of seconds
            tool = demo\\ndetect = 0.5 ^A\\nheader = ^A\\nfact.x = ^v\\S+ | x.parser:4: expected a regex with a group (...)
            tool = demo\\nvariants = a\\nvariant.default = b\\ndetect = 0.5 ^A\\nheader = ^A | x.parser:3: expected 'variant.default' to be one of 'variants' (a), found 'b'
            """)
    void malformedDefinitionsNameFileAndLine(String text, String expected) {
        ParserDefinitionException e = assertThrows(ParserDefinitionException.class,
                () -> DefinitionReader.read("x.parser", text.replace("\\n", "\n")));
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }
}
