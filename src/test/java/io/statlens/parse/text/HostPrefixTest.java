package io.statlens.parse.text;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HostPrefixTest {
    @Test
    void theHostPdshWroteBeforeEveryLineOfItsOutput() {
        List<String> lines = List.of("but when i passed mpstat comand, i obtain :", "",
                "node008: 11:19:24     CPU    %usr", "node008: 11:19:24     all    2.09", "", "any idea ?");
        HostPrefix prefix = HostPrefix.of(lines).orElseThrow();
        assertEquals("node008", prefix.host());
        assertEquals("11:19:24     all    2.09", prefix.strip("node008: 11:19:24     all    2.09"));
        assertEquals("any idea ?", prefix.strip("any idea ?"));
    }

    /**
     * Every sysstat translation in a Latin script capitalises its average label ({@code Average:}, {@code Média:}), and
     * the others have no case: a name of lower-case letters only is a host ({@code pdsh -w localhost}).
     */
    @Test
    void aNameOfLowerCaseLettersOnlyIsAHost() {
        HostPrefix prefix = HostPrefix.of(List.of("localhost: 11:19:24 all 2.09", "localhost: 11:19:24 0 1.00")).orElseThrow();
        assertEquals("localhost", prefix.host());
        assertEquals("11:19:24 0 1.00", prefix.strip("localhost: 11:19:24 0 1.00"));
    }

    @Test
    void aWordAndAColonOpeningProseIsNoOtherHost() {
        List<String> lines = List.of("note: vmstat during the load,", "taken with pdsh", "",
                "localhost: procs -----------memory----------", "localhost:  r  b   swpd   free", "", "summary: idle after");
        assertEquals("localhost", HostPrefix.of(lines).orElseThrow().host());
        // a line of text among the host's lines still makes them no block
        assertEquals(Optional.empty(), HostPrefix.of(List.of("localhost: procs", "text", "localhost:  r  b")));
    }

    @Test
    void notAToolsOwnLabelNorSeveralHostsNorAMinority() {
        // sysstat's averages, in English or in a translation, are no host
        assertEquals(Optional.empty(), HostPrefix.of(List.of("Average: all 2.09", "Average: 0 1.00")));
        assertEquals(Optional.empty(), HostPrefix.of(List.of("Media: all 2.09", "Media: 0 1.00")));
        // iostat's avg-cpu heads one line of each report
        assertEquals(Optional.empty(), HostPrefix.of(List.of("avg-cpu: %user %nice", "  1.0 0.0", "sda 1 2",
                "avg-cpu: %user %nice", "  1.0 0.0", "sda 1 2")));
        assertEquals(Optional.empty(), HostPrefix.of(List.of("node1: 11:19:24 all 2.09", "node2: 11:19:24 all 3.00")));
        assertEquals(Optional.empty(), HostPrefix.of(List.of("node1: 11:19:24 all 2.09")));
    }

    /** A name is lower-case letters, figures, dots, underscores and hyphens, at least two, opening and ending with a letter or figure. */
    @Test
    void theNameBeforeTheColonAndBlank() {
        assertEquals("db-01.lab_a", hostOfTwoLines("db-01.lab_a: 1 2"));
        assertEquals("n1", hostOfTwoLines("  > n1: 1 2"));
        for (String line : List.of("n: 1 2", "-n1: 1 2", "n1-: 1 2", "n1.: 1 2", "Node1: 1 2", "n1:1 2", "n1 : 1 2", "n\u00e91: 1 2")) {
            assertEquals(Optional.empty(), HostPrefix.of(List.of(line, line)), line);
        }
    }

    private static String hostOfTwoLines(String line) {
        return HostPrefix.of(List.of(line, line)).orElseThrow().host();
    }
}
