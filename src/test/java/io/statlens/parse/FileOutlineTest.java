package io.statlens.parse;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the import plan shows of a file and of each of its parts before reading it: lines, bytes, the host named. */
class FileOutlineTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("target", "no-user-parsers"));
    private static final ImportPlanner PLANNER = new ImportPlanner(CATALOG);
    private static final Path PARTS = Path.of("src/test/resources/parts");

    private static List<String> parts(Path file) {
        return PLANNER.parts(file).stream().map(p -> p.part().name(file.getFileName().toString()) + " "
                + shown(FileOutline.of(file, p))).toList();
    }

    private static String shown(FileOutline outline) {
        return outline.lines() + " lines, " + outline.bytes() + " B, host " + outline.host().orElse("-");
    }

    @Test
    void eachPartOfANoteHasItsLinesTheirBytesAndTheHostItsBannerNames() {
        // the bytes are the parts' sizes the import records (FilePartsImportTest): together the file's 2,788
        // vmstat prints no host; sar's and mpstat's banners name cent8.nobeno.local
        assertEquals(List.of(
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64 64 lines, 2066 B, host cent8.nobeno.local",
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:65-69 5 lines, 269 B, host -",
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79 10 lines, 453 B, host cent8.nobeno.local"),
                parts(PARTS.resolve("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt")));
    }

    @Test
    void eachHostOfPdshOutputHasItsOwnLines() {
        assertEquals(List.of(
                "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:localhost 5 lines, 469 B, host localhost",
                "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:127.0.0.1 5 lines, 469 B, host 127.0.0.1"),
                parts(PARTS.resolve("captured-pdsh-ssh-two-hosts-vmstat-1-3.txt")));
    }

    @Test
    void aWholeFileHasAllItsLinesItsSizeAndTheHostItsLinesName() throws Exception {
        Path sar = Path.of("src/test/resources/corpus/sar/mb-de-sar-u.txt");
        FileOutline outline = FileOutline.of(sar, PLANNER.detect(List.of(sar)).get(0).detected());
        assertEquals(Files.readAllLines(sar, java.nio.charset.StandardCharsets.ISO_8859_1).size(), outline.lines());
        assertEquals(Files.size(sar), outline.bytes());
        // its banner: Linux 2.6.37.1-1.2-desktop (facebook-maria1)   16.04.2012   _x86_64_   (16 CPU)
        assertEquals(Optional.of("facebook-maria1"), outline.host());

        Path vmstat = Path.of("src/test/resources/corpus/vmstat/jc-centos77-vmstat-at.txt");
        assertEquals(Optional.empty(), FileOutline.of(vmstat, PLANNER.detect(List.of(vmstat)).get(0).detected()).host());
    }
}
