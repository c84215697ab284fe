package io.statlens.store.schema;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.read.RunCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A run of two hosts' vmstat (the folder of a collect of {@code --host db01 --host app01}): each row of its data
 * view names the host of the file it came from, not the run's list of hosts (issue 24). A file that names no host is of
 * the run's host.
 */
@OnEveryEngine
class HostViewsTest {
    private final RepositoryEngine engine;

    HostViewsTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @TempDir
    Path dir;

    /** {@code vmstat -t 1 4} in the C locale: 3 samples after the since-boot line, at this run queue. */
    private static String vmstat(int r) {
        StringBuilder b = new StringBuilder("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----\n"
                + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 UTC\n");
        for (int i = 0; i <= 3; i++) {
            b.append(String.format("%2d  0      0 19175728  47256 4919852    0    0     4    24  219  249  1  1 98  0  0 2026-12-02 10:00:%02d%n", r, i));
        }
        return b.toString();
    }

    @Test
    void eachRowIsOfItsFilesHost() throws Exception {
        Path db01 = Files.createDirectories(dir.resolve("collect/db01"));
        Path app01 = Files.createDirectories(dir.resolve("collect/app01"));
        Files.writeString(db01.resolve("vmstat.txt"), vmstat(7));
        Files.writeString(app01.resolve("vmstat.txt"), vmstat(1));
        // a collect's folder, known by its state file: vmstat, which prints no host, is of its host folder's
        Files.writeString(dir.resolve("collect").resolve(io.statlens.parse.CollectSideFile.STATE), "run=two-hosts\n");
        Path alone = Files.writeString(dir.resolve("vmstat.txt"), vmstat(3));
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService imports = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            imports.run(ImportRequest.of("two-hosts", ZoneOffset.UTC, db01, app01), ImportProgress.NONE);
            imports.run(new ImportRequest(List.of(alone), "one-host", java.util.Optional.of("db09"), List.of(), java.util.Optional.empty(),
                    java.util.Optional.empty(), java.util.Optional.empty(), ZoneOffset.UTC, false, false, false), ImportProgress.NONE);
            assertEquals(List.of("two-hosts app01 1.0 4", "two-hosts db01 7.0 4"), hosts(repo, "two-hosts"));
            assertEquals(List.of("one-host db09 3.0 4"), hosts(repo, "one-host"));
        }
    }

    @Test
    void aDataSetIsOfTheSameHostInItsViewAndInTheCatalog() throws Exception {
        // pdsh -w localhost,127.0.0.1 'vmstat 1 2; iostat 1 2': each iostat part names two hosts, its pdsh prefix and
        // the machine's own name in sysstat's banner (vm on both); the catalog (show, the dashboard's lanes) named
        // both parts vm while their view rows said localhost and 127.0.0.1
        Path pdsh = Path.of("src/test/resources/parts/captured-pdsh-exec-two-hosts-vmstat-then-iostat-1-2.txt");
        try (Repository repo = Repository.open(engine.freshRepository())) {
            new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")))
                    .run(ImportRequest.of("pdsh", ZoneOffset.UTC, pdsh), ImportProgress.NONE);
            List<String> hosts = sameInViewsAndCatalog(repo, "pdsh");
            assertEquals(List.of("vmstat localhost", "iostat.cpu localhost", "iostat localhost",
                    "vmstat 127.0.0.1", "iostat.cpu 127.0.0.1", "iostat 127.0.0.1"), hosts);
            // the name the banner printed is kept, under a fact of its own
            try (PreparedStatement ps = repo.connection().prepareStatement(
                    "SELECT COUNT(*) FROM FACTS WHERE NAME = 'host.printed' AND VAL = 'vm'");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(2, rs.getLong(1));
            }
            // an earlier statlens wrote both names of such a part as host facts, the banner's first: the least of a file's
            // host facts is its host, in the views and in the catalog alike (here a banner's 'db01' after 'localhost')
            try (PreparedStatement ps = repo.connection().prepareStatement("INSERT INTO FACTS (RUN_ID, FILE_ID, NAME, VAL)"
                    + " SELECT RUN_ID, FILE_ID, 'host', 'db01' FROM FACTS WHERE NAME = 'host.printed'")) {
                assertEquals(2, ps.executeUpdate());
            }
            assertEquals(List.of("vmstat localhost", "iostat.cpu db01", "iostat db01",
                    "vmstat 127.0.0.1", "iostat.cpu 127.0.0.1", "iostat 127.0.0.1"), sameInViewsAndCatalog(repo, "pdsh"));
        }
    }

    /** Each data set of the run and its host, as the catalog tells it, checked against its rows' hosts in its view. */
    private static List<String> sameInViewsAndCatalog(Repository repo, String run) throws Exception {
        RunCatalog catalog = new RunCatalog(repo);
        List<String> inCatalog = new ArrayList<>();
        List<String> inViews = new ArrayList<>();
        for (RunCatalog.DatasetInfo d : catalog.datasets(catalog.id(run))) {
            inCatalog.add(d.qualifiedName() + " " + d.host());
            try (PreparedStatement ps = repo.connection().prepareStatement(
                    "SELECT DISTINCT HOST FROM " + DataTables.viewName(d.table()) + " WHERE DATASET_ID = ?")) {
                ps.setLong(1, d.id());
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) inViews.add(d.qualifiedName() + " " + rs.getString(1));
                }
            }
        }
        assertEquals(inViews, inCatalog);
        return inCatalog;
    }

    /** Per host of the run's rows in V_VMSTAT: the run, the host, the mean run queue and the rows. */
    private static List<String> hosts(Repository repo, String run) throws Exception {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = repo.connection().prepareStatement(
                "SELECT RUN, HOST, AVG(R), COUNT(*) FROM V_VMSTAT WHERE RUN = ? GROUP BY RUN, HOST ORDER BY HOST")) {
            ps.setString(1, run);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(rs.getString(1) + " " + rs.getString(2) + " " + rs.getDouble(3) + " " + rs.getLong(4));
            }
        }
        return out;
    }
}
