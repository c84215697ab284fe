package io.statlens.store.load;

import io.statlens.parse.ParserCatalog;
import io.statlens.parse.builtin.sysbench.SysbenchParser;
import io.statlens.parse.builtin.vmstat.VmstatParser;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Flavours of one tool that print different quantities under one label (issue 25), imported into one repository: each
 * stored value is in the unit its column holds, so that two runs compared side by side compare one quantity.
 */
class OneLabelOneQuantityTest {
    @TempDir
    Path dir;
    private Repository repo;
    private ImportService importer;

    @BeforeEach
    void open() {
        repo = Repository.open(RepositoryEngine.DERBY.freshRepository());
        importer = new ImportService(repo, new ParserCatalog(List.of(new VmstatParser(), new SysbenchParser())));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    @Test
    void aixVmstatPagesOfMemoryAreStoredInKibBesideBsdKib() throws Exception {
        // AIX's avm and fre count 4 KiB pages (IBM's vmstat documentation); FreeBSD's are KiB
        load("aix", "aix.txt", """
                System configuration: lcpu=8 mem=4096MB

                 kthr          memory                         page                       faults           cpu
                ------- --------------------- ------------------------------------ ------------------ -----------
                  r   b        avm        fre    re    pi    po    fr     sr    cy    in     sy    cs us sy id wa
                  1   1     623244      35470     0     0     0    31     59     0    78   1166   534  1  1 99  0
                """);
        load("bsd", "bsd.txt", """
                 procs      memory      page                    disks     faults         cpu
                 r b w     avm    fre   flt  re  pi  po    fr  sr ad0 da0   in   sy   cs us sy id
                 1 0 0   63720  339504  1158   0   0   0  1022   0   0   0  246 1201  336 22 15 63
                """);
        assertEquals("KiB", unit("VMSTAT", "avm"));
        assertEquals("KiB", unit("VMSTAT", "fre"));
        assertEquals(623244.0 * 4, value("VMSTAT", "avm", "aix"));
        assertEquals(35470.0 * 4, value("VMSTAT", "fre", "aix"));
        assertEquals(63720.0, value("VMSTAT", "avm", "bsd"));
    }

    @Test
    void solarisKibPagedInAreNoBsdPagesPagedIn() throws Exception {
        // FreeBSD prints pi po fr in pages per second, Solaris in KiB per second (vmstat(1M)); a page's size is not printed
        load("bsd", "bsd.txt", """
                 procs      memory      page                    disks     faults         cpu
                 r b w     avm    fre   flt  re  pi  po    fr  sr ad0 da0   in   sy   cs us sy id
                 1 0 0   63720  339504  1158   0   7   5  1022   0   0   0  246 1201  336 22 15 63
                """);
        load("solaris", "solaris.txt", """
                 kthr      memory            page            disk          faults      cpu
                 r b w   swap  free  re  mf pi po fr de sr s0 s1 s2 s3   in   sy   cs us sy id
                 0 0 0 3312376 31840 0  8 40 32 24  0  0  0  0  0  0  297  201  472 82  4 14
                """);
        assertEquals("pages/s", unit("VMSTAT", "pi"));
        assertEquals(7.0, value("VMSTAT", "pi", "bsd"));
        assertTrue(Double.isNaN(value("VMSTAT", "pi", "solaris")), "Solaris's KiB are not stored under BSD's pages");
        for (String[] solaris : new String[][]{{"pi KiB/s", "40"}, {"po KiB/s", "32"}, {"fr KiB/s", "24"}}) {
            assertEquals("KiB/s", unit("VMSTAT", solaris[0]));
            assertEquals(Double.parseDouble(solaris[1]), value("VMSTAT", solaris[0], "solaris"));
        }
    }

    @Test
    void solarisSwapInsPerSecondAreNoLinuxKibSwappedIn() throws Exception {
        // Linux prints si so in KiB per second; Solaris's -S prints swap-ins and swap-outs per second under the same labels
        load("linux", "linux.txt", """
                procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----
                 r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st
                 1  0   2048 2794468   2108 741208   12    8     1     3   29   57  0  0 99  0  0
                """);
        // real: skorpworks/snag's lib/SNAG/Source/SystemStats/SunOS.pm quotes this vmstat -S 10 2
        load("solaris", "solaris.txt", """
                procs     memory            page            disk          faults      cpu
                r b w   swap  free  si  so pi po fr de sr dd dd m0 m1   in   sy   cs us sy id
                0 0 0 2712216 747048 0   0  0  0  0  0  0  3  1  1  2    1  201   80  2  1 97
                0 0 0 2707144 741928 0   0  0  0  0  0  0  1  1  1  1  313  132   82  1  0 98
                """);
        assertEquals("KiB/s", unit("VMSTAT", "si"));
        assertEquals(12.0, value("VMSTAT", "si", "linux"));
        assertTrue(Double.isNaN(value("VMSTAT", "si", "solaris")), "Solaris's swap-ins are not stored as KiB/s");
        assertTrue(Double.isNaN(value("VMSTAT", "so", "solaris")), "Solaris's swap-outs are not stored as KiB/s");
        assertEquals("1/s", unit("VMSTAT", "si swap-ins/s"));
        assertEquals("1/s", unit("VMSTAT", "so swap-outs/s"));
        assertEquals(0.0, value("VMSTAT", "si swap-ins/s", "solaris"));
    }

    @Test
    void sysbenchFileioMebibytesReadAreNoQueriesRead() throws Exception {
        // sysbench 0.5's OLTP prints read and write queries per second as 'reads:', 'writes:'; fileio prints MiB/s there
        load("oltp", "oltp.txt", """
                Number of threads: 1
                Threads started!

                [   2s] threads: 1, tps: 30.00, reads: 420.00, writes: 120.00, response time: 4.16ms (95%), errors: 0.00, reconnects:  0.00
                """);
        load("fileio", "fileio.txt", """
                Number of threads: 1
                Doing random r/w test
                Threads started!

                [ 1s ] reads: 44.72 MiB/s writes: 29.81 MiB/s fsyncs: 189.79/s latency (ms,95%): 0.010
                """);
        assertEquals("1/s", unit("SYSBENCH", "reads"));
        assertEquals(420.0, value("SYSBENCH", "reads", "oltp"));
        assertTrue(Double.isNaN(value("SYSBENCH", "reads", "fileio")), "MiB/s are not stored as queries per second");
        assertEquals("MiB/s", unit("SYSBENCH", "reads MiB/s"));
        assertEquals("MiB/s", unit("SYSBENCH", "writes MiB/s"));
        assertEquals(44.72, value("SYSBENCH", "reads MiB/s", "fileio"));
        assertEquals(29.81, value("SYSBENCH", "writes MiB/s", "fileio"));
    }

    private void load(String run, String name, String text) throws IOException {
        Path file = Files.writeString(dir.resolve(name), text);
        importer.run(ImportRequest.of(run, ZoneOffset.UTC, file), ImportProgress.NONE);
    }

    /** The unit the repository's column of a label holds; fails when there is no such column. */
    private String unit(String table, String label) throws SQLException {
        return catalog(table, label)[1];
    }

    /** The run's first stored value of a label, NaN when the run has none there. */
    private double value(String table, String label, String run) throws SQLException {
        String column = catalog(table, label)[0];
        try (PreparedStatement s = repo.connection().prepareStatement(
                "SELECT " + column + " FROM V_" + table + " WHERE RUN = ? ORDER BY SAMPLE")) {
            s.setString(1, run);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next(), "run " + run + " has rows in " + table);
                double v = rs.getDouble(1);
                return rs.wasNull() ? Double.NaN : v;
            }
        }
    }

    private String[] catalog(String table, String label) throws SQLException {
        try (PreparedStatement s = repo.connection().prepareStatement(
                "SELECT COLUMN_NAME, UNIT FROM METRICS WHERE TABLE_NAME = ? AND LABEL = ?")) {
            s.setString(1, table);
            s.setString(2, label);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next(), "the repository has a column for " + label + " in " + table);
                return new String[]{rs.getString(1), rs.getString(2)};
            }
        }
    }
}
