package io.statlens.store.load;

import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real files that hold several tools' or hosts' output (src/test/resources/parts/, see its SOURCES.tsv), imported: each
 * part by its own parser, recorded as a file of its own ({@code notes.txt:65-69}) with its facts and its warnings at
 * the file's line numbers.
 */
class FilePartsImportTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("target", "no-user-parsers"));
    private final String name = "parts-" + UUID.randomUUID();
    private Repository repo;

    @BeforeEach
    void open() {
        repo = Repository.open(RepositoryLocation.memory(name));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private static Path fixture(String file) throws URISyntaxException {
        return Path.of(FilePartsImportTest.class.getResource("/parts/" + file).toURI());
    }

    /** Per file of the run, in import order: its path after the last '/', parser, rows, and its facts named. */
    private List<String> files(String run, String... facts) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT F.ID, F.PATH, F.PARSER, F.ROW_COUNT FROM SOURCE_FILES F"
                + " JOIN RUNS R ON R.ID = F.RUN_ID WHERE R.NAME = ? ORDER BY F.ID")) {
            ps.setString(1, run);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String path = rs.getString(2);
                    StringBuilder line = new StringBuilder(path.substring(path.lastIndexOf('/') + 1) + " " + rs.getString(3)
                            + " " + rs.getLong(4));
                    for (String fact : facts) line.append(" ").append(fact).append("=").append(fact(rs.getLong(1), fact));
                    out.add(line.toString());
                }
            }
        }
        return out;
    }

    private String fact(long file, String fact) throws SQLException {
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT NAME, VAL FROM FACTS WHERE FILE_ID = ?")) {
            ps.setLong(1, file);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1).equals(fact)) return rs.getString(2);
                }
            }
        }
        return "-";
    }

    /** Each warning of the run as {@code part:line}: the part's path after its colon, and the warning's line in the file. */
    private List<String> warnings(String run) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT F.PATH, W.LINE_NO FROM WARNINGS W"
                + " JOIN SOURCE_FILES F ON F.ID = W.FILE_ID JOIN RUNS R ON R.ID = W.RUN_ID WHERE R.NAME = ? AND W.LINE_NO > 0"
                + " ORDER BY W.LINE_NO")) {
            ps.setString(1, run);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1).substring(rs.getString(1).lastIndexOf(':') + 1) + ":" + rs.getLong(2));
            }
        }
        return out;
    }

    @Test
    void severalToolsPastedOneAfterAnotherAreEachReadByTheirOwnParser() throws Exception {
        Path notes = fixture("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt");
        new ImportService(repo, CATALOG).run(ImportRequest.of("notes", ZoneOffset.UTC, notes), ImportProgress.NONE);

        // sar's part takes in the note's prose, its sar -V and the unit files printed with cat: detection does not
        // recognise those lines alone
        // each part places its own times: vmstat prints none and goes to the run's start, which sar's part dated
        assertEquals(List.of(
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64 sar 1 time.source=banner date 2020-12-10 + time of day printed"
                        + " on each line, zone Z; each section rolls over midnight on its own",
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:65-69 vmstat 1 time.source=derived: first sample at the run's start"
                        + " (2020-12-10T21:00:10Z)",
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79 mpstat 1 time.source=banner date 2020-12-10 + printed time of day,"
                        + " zone Z"), files("notes", "time.source"));
        for (String warning : warnings("notes")) {
            String[] at = warning.split(":");
            String[] range = at[0].split("-");
            long line = Long.parseLong(at[1]);
            assertTrue(line >= Long.parseLong(range[0]) && line <= Long.parseLong(range[1]), "a warning outside its part: " + warning);
        }
    }

    @Test
    void theOutputOfSeveralHostsIsAPartPerHost() throws Exception {
        Path pdsh = fixture("captured-pdsh-ssh-two-hosts-vmstat-1-3.txt");
        new ImportService(repo, CATALOG).run(ImportRequest.of("pdsh", ZoneOffset.UTC, pdsh), ImportProgress.NONE);

        assertEquals(List.of(
                "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:localhost vmstat 3 host=localhost",
                "captured-pdsh-ssh-two-hosts-vmstat-1-3.txt:127.0.0.1 vmstat 3 host=127.0.0.1"), files("pdsh", "host"));
        assertEquals(List.of(), warnings("pdsh"));
    }

    @Test
    void aHostRunningTwoToolsThroughPdshIsAPartPerHostAndTool() throws Exception {
        // pdsh -R exec -w localhost,127.0.0.1 sh -c 'vmstat 1 2; iostat 1 2': each host's vmstat, then its iostat
        Path pdsh = fixture("captured-pdsh-exec-two-hosts-vmstat-then-iostat-1-2.txt");
        new ImportService(repo, CATALOG).run(ImportRequest.of("two-tools", ZoneOffset.UTC, pdsh), ImportProgress.NONE);

        assertEquals(List.of(
                "captured-pdsh-exec-two-hosts-vmstat-then-iostat-1-2.txt:localhost:1-16 vmstat 2",
                "captured-pdsh-exec-two-hosts-vmstat-then-iostat-1-2.txt:localhost:17-40 iostat 4",
                "captured-pdsh-exec-two-hosts-vmstat-then-iostat-1-2.txt:127.0.0.1:1-8 vmstat 2",
                "captured-pdsh-exec-two-hosts-vmstat-then-iostat-1-2.txt:127.0.0.1:9-40 iostat 4"), files("two-tools"));
        // no line is another tool's output read as a warning: the two left are iostat's banner dates, 12/04/26, which
        // read both ways
        assertEquals(List.of("9-40:9", "17-40:17"), warnings("two-tools"));
    }

    /** The values of a query, each row's columns joined by a blank, rows in order. */
    private List<String> values(String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int c = 1; c <= columns; c++) row.append(c > 1 ? " " : "").append(rs.getString(c));
                out.add(row.toString());
            }
        }
        return out;
    }

    @Test
    void twoToolsWrittenOneAfterTheOtherIntoAPlainFileAreEachReadByTheirOwnParser() throws Exception {
        // { vmstat 1 3; iostat -x 1 2; } > f: no command line between them, iostat's banner right after vmstat's rows
        Path plain = fixture("captured-vmstat-1-3-then-iostat-x-1-2.txt");
        new ImportService(repo, CATALOG).run(ImportRequest.of("plain", ZoneOffset.UTC, plain), ImportProgress.NONE);

        assertEquals(List.of(
                "captured-vmstat-1-3-then-iostat-x-1-2.txt:1-5 vmstat 3",
                "captured-vmstat-1-3-then-iostat-x-1-2.txt:6-21 iostat 4"), files("plain"));
        // lines 3-5: ' 8  0      0 17133188 ... 42  5 53  0  0', '11  0 ... 4237 91  9  0  0  0', ' 8  0 ... 3117 94  7  0  0  0'
        assertEquals(List.of("0 17133188 573.0 42.0 53.0", "1 17133188 4237.0 91.0 0.0", "2 17133188 3117.0 94.0 0.0"),
                values("SELECT SAMPLE, CAST(FREE AS BIGINT), CS, US, ID FROM V_VMSTAT WHERE RUN = 'plain' ORDER BY SAMPLE"));
        // lines 12 and 19: vda's r/s, w/s and %util in each report
        assertEquals(List.of("vda 7.71 40.87 1.18", "vda 11.0 0.0 0.0"),
                values("SELECT ITEM, R_S, W_S, PCT_UTIL FROM V_IOSTAT WHERE RUN = 'plain' ORDER BY SAMPLE"));
        // lines 9 and 16: avg-cpu's %user and %idle
        assertEquals(List.of("18.07 52.53", "53.0 0.0"),
                values("SELECT PCT_USER, PCT_IDLE FROM V_IOSTAT_CPU WHERE RUN = 'plain' ORDER BY SAMPLE"));
        // vmstat's lines are no warnings of iostat's, nor iostat's of vmstat's: iostat's banner date 12/04/26 reads
        // both ways (month first, or year first), as in every capture of this sysstat in the C locale
        assertEquals(List.of("6-21:6"), warnings("plain"));
    }

    @Test
    void twoSysstatToolsEachWithItsOwnBannerAreEachReadByTheirOwnParser() throws Exception {
        // { iostat 1 2; mpstat -P ALL 1 2; } > g: the same banner line twice, no command line
        Path plain = fixture("captured-iostat-1-2-then-mpstat-P-ALL-1-2.txt");
        new ImportService(repo, CATALOG).run(ImportRequest.of("sysstat", ZoneOffset.UTC, plain), ImportProgress.NONE);

        assertEquals(List.of(
                "captured-iostat-1-2-then-mpstat-P-ALL-1-2.txt:1-16 iostat 4",
                "captured-iostat-1-2-then-mpstat-P-ALL-1-2.txt:17-32 mpstat 6"), files("sysstat"));
        // lines 7 and 14: vda's tps and kB_read/s
        assertEquals(List.of("vda 83.33 189.59", "vda 3.0 36.0"),
                values("SELECT ITEM, TPS, KB_READ_S FROM V_IOSTAT WHERE RUN = 'sysstat' ORDER BY SAMPLE"));
        // lines 20-22 and 25-27: %usr of all, 0 and 1 at 11:37:28, then at 11:37:29
        assertEquals(List.of("2026-12-04 11:37:28.0 0 94.95", "2026-12-04 11:37:28.0 1 7.0", "2026-12-04 11:37:28.0 all 50.75",
                        "2026-12-04 11:37:29.0 0 75.0", "2026-12-04 11:37:29.0 1 37.76", "2026-12-04 11:37:29.0 all 56.57"),
                values("SELECT TS, ITEM, PCT_USR FROM V_MPSTAT WHERE RUN = 'sysstat' ORDER BY TS, ITEM"));
    }

    @Test
    void aPartsSizeIsTheBytesOfItsOwnLines() throws Exception {
        Path notes = fixture("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt");
        new ImportService(repo, CATALOG).run(ImportRequest.of("sizes", ZoneOffset.UTC, notes), ImportProgress.NONE);

        // lines 1-64, 65-69 and 70-79 as `sed -n 1,64p | wc -c` counts them: together the whole file's 2,788 bytes
        List<Long> sizes = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement("SELECT F.SIZE_BYTES FROM SOURCE_FILES F"
                + " JOIN RUNS R ON R.ID = F.RUN_ID WHERE R.NAME = 'sizes' ORDER BY F.ID");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) sizes.add(rs.getLong(1));
        }
        assertEquals(List.of(2066L, 269L, 453L), sizes);
        assertEquals(java.nio.file.Files.size(notes), sizes.stream().mapToLong(Long::longValue).sum());
    }

    @Test
    void proseAroundTheHostsLinesIsWarnedAboutOnce(@TempDir Path dir) throws Exception {
        String pdsh = java.nio.file.Files.readString(fixture("captured-pdsh-ssh-two-hosts-vmstat-1-3.txt"));
        Path noted = java.nio.file.Files.writeString(dir.resolve("noted.txt"),
                "note: vmstat of both hosts during the load,\ntaken with pdsh over ssh\n\n" + pdsh + "\nBoth were busy.\n");
        new ImportService(repo, CATALOG).run(ImportRequest.of("noted", ZoneOffset.UTC, noted), ImportProgress.NONE);

        assertEquals(List.of("noted.txt:localhost vmstat 3", "noted.txt:127.0.0.1 vmstat 3"), files("noted"));
        // the prose's three lines, each once, in the first host's part
        assertEquals(List.of("localhost:1", "localhost:2", "localhost:15"), warnings("noted"));
    }

    @Test
    void theSamePartsImportedAgainAreTheSameContentButNotEachOther() throws Exception {
        Path notes = fixture("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt");
        ImportService importer = new ImportService(repo, CATALOG);
        importer.run(ImportRequest.of("again", ZoneOffset.UTC, notes), ImportProgress.NONE);
        UserException refused = assertThrows(UserException.class,
                () -> importer.run(ImportRequest.of("again", ZoneOffset.UTC, notes), ImportProgress.NONE));
        assertTrue(refused.getMessage().contains("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64: run 'again' already holds this file"),
                refused.getMessage());
        importer.run(ImportRequest.of("again", ZoneOffset.UTC, notes).replacing(), ImportProgress.NONE);
        assertEquals(3, files("again").size());
    }
    @Test
    void aToolChosenPerPartReadsEachPartWithItAndLeavesOutThePartsNotChosen() throws Exception {
        // the window's plan: the sar part read as mpstat (sar -u prints mpstat's columns), vmstat's part unticked
        Path notes = fixture("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt");
        ImportRequest request = ImportRequest.of("chosen", ZoneOffset.UTC, notes)
                .choosingParts(java.util.Map.of(notes, java.util.Map.of("1-64", "mpstat", "70-79", "mpstat")));
        new ImportService(repo, CATALOG).run(request, ImportProgress.NONE);

        assertEquals(List.of(
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:1-64 mpstat 1",
                "ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt:70-79 mpstat 1"), files("chosen"));
    }

    @Test
    void aToolChosenForAPartTheFileDoesNotHaveIsRefused() throws Exception {
        Path pdsh = fixture("captured-pdsh-ssh-two-hosts-vmstat-1-3.txt");
        ImportRequest request = ImportRequest.of("gone", ZoneOffset.UTC, pdsh)
                .choosingParts(java.util.Map.of(pdsh, java.util.Map.of("localhost", "vmstat", "node9", "vmstat")));
        UserException refused = assertThrows(UserException.class,
                () -> new ImportService(repo, CATALOG).run(request, ImportProgress.NONE));
        assertEquals(pdsh + ":node9: a tool was chosen for this part, but the file has no such part (its parts: localhost,"
                + " 127.0.0.1)", refused.getMessage());
    }

    @Test
    void theProgressIsToldTheBytesEveryPartReads() throws Exception {
        // each part reads its file from the start (its lines picked as they come): a progress bar over the file's size once
        // was full after the first of its three parts
        Path notes = fixture("ja-notes-rhel8-sar-vmstat-mpstat-pasted.txt");
        List<Long> planned = new ArrayList<>();
        List<Long> finished = new ArrayList<>();
        new ImportService(repo, CATALOG).run(ImportRequest.of("notes", ZoneOffset.UTC, notes), new ImportProgress() {
            @Override
            public void planned(long bytesToRead) {
                planned.add(bytesToRead);
            }

            @Override
            public void fileFinished(ImportResult.FileResult result) {
                finished.add(result.path().toFile().length());
            }
        });
        assertEquals(List.of(3 * notes.toFile().length()), planned);
        assertEquals(planned.get(0), finished.stream().mapToLong(Long::longValue).sum());
    }
}
