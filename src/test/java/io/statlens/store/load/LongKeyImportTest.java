package io.statlens.store.load;

import io.statlens.model.ParseWarning;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.read.WholeKeys;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keys longer than a repository's ITEM column: two deep {@code ustack()} keys of a DTrace aggregation that agree in
 * their first 400 characters (the same lock taken through one library, from two callers) stay two rows, each told
 * with its file and line, and the same stack gets the same stored key in the next file, so runs compare. The whole
 * key is kept with its data set ({@code V_WHOLE_KEYS}, {@link WholeKeys}) and goes with its run.
 */
@OnEveryEngine
class LongKeyImportTest {
    private final RepositoryEngine engine;

    LongKeyImportTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    @TempDir
    Path dir;

    /** {@code dtrace -n 'plockstat$target:::mutex-block{ @[ustack()] = count() }'}: frames leaf first, then the count. */
    private static String ustacks(int first, int second) {
        List<String> shared = new ArrayList<>();
        for (int i = 0; i < 12; i++) shared.add("libmysqlclient.so.21`mysql_frame_" + i + "+0x" + Integer.toHexString(0x40 + i));
        StringBuilder b = new StringBuilder("dtrace: description 'plockstat4242:::mutex-block' matched 2 probes\n^C\n\n");
        for (String[] caller : List.of(new String[] {"mysqld`do_command+0x1a4", String.valueOf(first)},
                new String[] {"mysqld`handle_connection+0x2f0", String.valueOf(second)})) {
            b.append("              libc.so.1`mutex_lock_queue+0xa9\n");
            for (String frame : shared) b.append("              ").append(frame).append('\n');
            b.append("              ").append(caller[0]).append("\n              libc.so.1`_lwp_start\n");
            b.append("             ").append(caller[1]).append("\n\n");
        }
        return b.toString();
    }

    @Test
    void longKeysStayDistinctAreToldAndAreTheSameInEveryFile() throws Exception {
        try (Repository repo = Repository.open(engine.freshRepository())) {
            ImportService importer = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            Path one = Files.writeString(dir.resolve("locks-1.txt"), ustacks(7, 3));
            Path two = Files.writeString(dir.resolve("locks-2.txt"), ustacks(5, 11));
            ImportResult.FileResult first = importer.run(ImportRequest.of("one", ZoneOffset.UTC, one), ImportProgress.NONE).files().get(0);
            importer.run(ImportRequest.of("two", ZoneOffset.UTC, two), ImportProgress.NONE);

            Map<String, Double> oneRows = rows(repo, "one");
            assertEquals(2, oneRows.size(), "two stacks, two rows: " + oneRows);
            assertEquals(List.of(3.0, 7.0), oneRows.values().stream().sorted().toList());
            for (String key : oneRows.keySet()) {
                assertEquals(DataTable.ITEM_LENGTH, key.length(), key);
                assertTrue(key.startsWith("libc.so.1`mutex_lock_queue+0xa9;libmysqlclient.so.21`mysql_frame_0+0x40;"), key);
            }
            assertEquals(oneRows.keySet(), rows(repo, "two").keySet(), "the same stacks, the same keys in the next file");

            List<String> told = first.warnings().stream().map(w -> w.format(one.toString()))
                    .filter(w -> w.contains("a hash of the whole")).toList();
            assertEquals(2, told.size(), first.warnings().toString());
            List<String> stored = new ArrayList<>(oneRows.keySet());
            for (String w : told) {
                assertTrue(w.startsWith(one + ":"), w);
                assertTrue(w.contains("in dtrace.stack is longer than the 256 a repository holds"), w);
                assertTrue(stored.stream().anyMatch(w::endsWith), "names the key as stored: " + w);
            }
            ParseWarning firstTold = first.warnings().stream().filter(w -> w.message().contains("hash")).findFirst().orElseThrow();
            assertEquals(19, firstTold.line(), "the line of the stack's count");

            Map<String, String> whole = wholeKeys(repo, "one");
            assertEquals(oneRows.keySet(), whole.keySet(), "a whole key for each stored one");
            List<String> stacks = wholeStacks(ustacks(7, 3));
            assertEquals(new TreeSet<>(stacks), new TreeSet<>(whole.values()), "kept whole, frames joined as the key was");
            WholeKeys read = WholeKeys.ofRun(repo, "two");
            for (String key : oneRows.keySet()) assertEquals(whole.get(key), read.whole("dtrace.stack", key));
            assertEquals("cpu0", read.whole("dtrace.stack", "cpu0"), "a key stored whole stands for itself");

            new RunLedger(repo).deleteRun("one");
            assertEquals(Map.of(), wholeKeys(repo, "one"));
            try (Statement s = repo.connection().createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM DATASET_WHOLE_KEYS")) {
                rs.next();
                assertEquals(2, rs.getLong(1), "only run two's are left");
            }

            try (Repository copy = Repository.open(RepositoryLocation.embedded(dir.resolve("copy")))) {
                new RunCopier(repo, copy).copy("two", false);
                assertEquals(wholeKeys(repo, "two"), wholeKeys(copy, "two"), "a copied run keeps its whole keys");
            }
        }
    }

    /** The stacks of {@link #ustacks} as keys: their frames, leaf first, joined with {@code ;}. */
    private static List<String> wholeStacks(String output) {
        List<String> out = new ArrayList<>();
        List<String> frames = new ArrayList<>();
        for (String line : output.split("\n")) {
            String t = line.strip();
            if (t.contains("`")) frames.add(t);
            else if (!frames.isEmpty() && t.matches("\\d+")) {
                out.add(String.join(";", frames));
                frames.clear();
            }
        }
        return out;
    }

    private static Map<String, String> wholeKeys(Repository repo, String run) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT ITEM, WHOLE_KEY FROM V_WHOLE_KEYS WHERE RUN = '" + run + "' AND DATASET = 'dtrace.stack'")) {
            while (rs.next()) out.put(rs.getString(1), rs.getString(2));
        }
        return out;
    }

    private static Map<String, Double> rows(Repository repo, String run) throws Exception {
        Map<String, Double> out = new TreeMap<>();
        try (Statement s = repo.connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM V_DTRACE_STACK WHERE RUN = '" + run + "'")) {
            while (rs.next()) out.put(rs.getString("ITEM"), rs.getDouble(rs.getMetaData().getColumnCount()));
        }
        return out;
    }
}
