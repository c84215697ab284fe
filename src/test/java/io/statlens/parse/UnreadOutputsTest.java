package io.statlens.parse;

import io.statlens.parse.spi.Head;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real outputs of tools statlens does not read (src/test/resources/unread, SOURCES.tsv): no parser takes them,
 * and the refusal says what they are.
 */
class UnreadOutputsTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "smartos-tips-vfsstat-M-Z-5.txt|vfsstat",
            "smartos-tips-ziostat-Z-5.txt|ziostat",
            "smartos-tips-zpool-iostat-v-zones-10.txt|zpool iostat",
            "smartos-tips-intrstat.txt|intrstat",
            "smartos-tips-netstat-I-igb0-1-6.txt|netstat -i",
            "gstat-rs-issue59-freebsd-gstat-pdos.txt|gstat",
    })
    void aRefusalNamesTheToolStatlensDoesNotRead(String file, String tool) throws IOException {
        var detection = new AutoDetectParser(ParserCatalog.load(java.nio.file.Path.of("target", "no-user-parsers"))).detect(head(file));
        assertTrue(detection.parser().isEmpty(), file + " is read as " + detection.parser());
        assertTrue(detection.closest().startsWith("it is " + tool + " output, which statlens does not read"), detection.closest());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "    c1t0d0           Soft Errors: 0 Hard Errors: 0 Transport Errors: 0|iostat -E",
            "Processes: 312 total, 3 running, 309 sleeping, 1528 threads|top -l",
    })
    void linesThatNameATool(String line, String tool) {
        assertEquals(java.util.Optional.of(tool), UnreadOutputs.of(Head.of("t", List.of("$ command", line))));
    }

    private static Head head(String file) throws IOException {
        try (InputStream in = UnreadOutputsTest.class.getResourceAsStream("/unread/" + file)) {
            return Head.of(file, new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        }
    }
}
