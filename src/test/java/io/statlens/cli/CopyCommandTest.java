package io.statlens.cli;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code statlens copy} as a user runs it: bundled samples imported into an embedded repository, copied
 * to a repository on each engine and from there into a second embedded one; every data set exports the
 * same bytes, and stats, summary values and notes read the same, in all three.
 */
@OnEveryEngine
class CopyCommandTest {
    private static final Path SAMPLES = Path.of("src/main/resources/statlens/samples");
    private static final List<String> RUNS = List.of("tpcc-2000wh", "ubuntu1804", "sysbench");

    private final RepositoryEngine engine;

    /**
     * The samples imported once for the class rather than once per test and engine (six imports of the eight sample
     * files): every test only copies from this repository and reads it.
     */
    @TempDir
    static Path samples;
    private static Path laptop;

    @TempDir
    Path dir;

    CopyCommandTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private static String sample(String path) {
        return SAMPLES.resolve(path).toString();
    }

    @BeforeAll
    static void importSamples() {
        Path repo = samples.resolve("laptop");
        assertOk(CliRun.in(repo, "import", sample("tpcc-2000wh/meeeejin-2021-tpcc_start-2000wh-unwrapped.txt"),
                sample("tpcc-2000wh/meeeejin-vmstat-1-double-prompt.txt"), sample("tpcc-2000wh/meeeejin-ko-locale-iostat-mx.txt"),
                "--run", "tpcc-2000wh", "--tag", "sample", "--tag", "tpcc"));
        assertOk(CliRun.in(repo, "import", sample("ubuntu1804/ssup-ubuntu1804-mpstat-P-ALL.txt"),
                sample("ubuntu1804/ssup-ubuntu1804-iostat-x.txt"), sample("ubuntu1804/ssup-ubuntu1804-vmstat-1-iowait.txt"),
                sample("ubuntu1804/ssup-nicstat-plain-docker0.txt"), "--run", "ubuntu1804", "--host", "ubuntu-box"));
        assertOk(CliRun.in(repo, "import", sample("sysbench-oltp-rw-16thr/plantegg-1.0.20-oltp_rw-16thr.txt"), "--run", "sysbench"));
        assertOk(CliRun.in(repo, "note", "ubuntu1804", "--at", "3", "cache dropped"));
        assertOk(CliRun.in(repo, "note", "tpcc-2000wh", "--at", "10", "checkpoint, see iostat"));
        laptop = repo;
    }

    @Test
    void runsGoToAServerAndComeBackTheSame() {
        String server = engine.freshRepository().jdbcUrl();

        CliRun to = CliRun.in(laptop, "copy", RUNS.get(0), RUNS.get(1), RUNS.get(2), "--to", server);
        assertOk(to);
        assertEquals(3, to.out().lines().filter(l -> l.endsWith("row counts and checksums match")).count(), to.out());
        assertFalse(to.out().contains("password=owner"), "no password is printed: " + to.out());

        Path back = dir.resolve("back");
        assertOk(CliRun.of("copy", "--all", "--from", server, "--repo", back.toString()));

        List<String> datasets = datasets(RepositoryLocation.embedded(laptop));
        assertTrue(datasets.size() >= 9, datasets.toString());
        String[][] where = {{"--repo", laptop.toString()}, {"--db", server}, {"--repo", back.toString()}};
        for (String question : List.of("runs", "show", "stats", "summary", "notes", "export")) {
            for (String ask : asks(question, datasets)) {
                String[] args = ask.split("\u0001");
                String expected = null;
                for (String[] repo : where) {
                    List<String> line = new ArrayList<>(List.of(args));
                    line.addAll(List.of(repo));
                    CliRun answer = CliRun.of(line.toArray(String[]::new));
                    assertOk(answer);
                    // An annotation's ID is its repository's own; everything else is the same.
                    String said = answer.out().replaceAll("(?m)^ *\\d+(  +\\d{4}-\\d\\d-\\d\\dT)", "#$1");
                    if (expected == null) expected = said;
                    else assertEquals(expected, said, String.join(" ", args) + " in " + repo[1]);
                }
            }
        }
    }

    /** The command lines that must answer the same everywhere, arguments split by \u0001. */
    private static List<String> asks(String question, List<String> datasets) {
        List<String> out = new ArrayList<>();
        switch (question) {
            case "runs" -> out.add("runs");
            case "show" -> RUNS.forEach(r -> out.add("show\u0001" + r));
            case "stats" -> RUNS.forEach(r -> out.add("stats\u0001" + r + "\u0001--format\u0001csv"));
            case "summary" -> RUNS.forEach(r -> out.add("export\u0001" + r + "\u0001--summary"));
            case "notes" -> RUNS.forEach(r -> out.add("note\u0001" + r + "\u0001--list"));
            default -> datasets.forEach(d -> out.add("export\u0001" + d.replace(" ", "\u0001--tool\u0001") + "\u0001--include-since-boot"));
        }
        return out;
    }

    /** {@code RUN DATASET} for every data set of the sample runs. */
    private static List<String> datasets(RepositoryLocation location) {
        List<String> out = new ArrayList<>();
        try (Repository repo = Repository.open(location, false)) {
            RunCatalog catalog = new RunCatalog(repo);
            for (String run : RUNS) {
                for (String d : catalog.datasetNames(run)) out.add(run + " " + d);
            }
        }
        return out;
    }

    @Test
    void aRunTheTargetHoldsIsRefusedUnlessReplacedAndAMisspeltOneCopiesNothing() {
        String server = engine.freshRepository().jdbcUrl();
        assertOk(CliRun.in(laptop, "copy", "sysbench", "--to", server));

        CliRun again = CliRun.in(laptop, "copy", "sysbench", "--to", server);
        assertEquals(1, again.code(), again.out());
        assertTrue(again.err().contains("holds run sysbench already; use --replace"), again.err());
        assertOk(CliRun.in(laptop, "copy", "sysbench", "--to", server, "--replace"));

        CliRun misspelt = CliRun.in(laptop, "copy", "ubuntu1804", "ubuntu1840", "--to", server);
        assertEquals(1, misspelt.code(), misspelt.out());
        assertTrue(misspelt.err().contains("no run named 'ubuntu1840'"), misspelt.err());
        try (Repository repo = Repository.open(RepositoryLocation.url(server), false)) {
            assertEquals(Set.of("sysbench"), Set.copyOf(new RunCatalog(repo).runs().stream().map(RunCatalog.RunInfo::name).toList()),
                    "nothing but the first copy");
        }

        CliRun itself = CliRun.of("copy", "--all", "--from", server, "--to", server);
        assertEquals(1, itself.code());
        assertTrue(itself.err().contains("the same repository"), itself.err());
    }

    private static void assertOk(CliRun r) {
        assertEquals(0, r.code(), r.out() + r.err());
    }
}
