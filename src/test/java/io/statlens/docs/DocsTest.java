package io.statlens.docs;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Docs that run: every {@code $ statlens ...} example of {@code docs/*.md}, {@code docs/tools/*.md} and
 * {@code README.md} is run against the real command line, page by page, in page order, and its output
 * compared with the output the page shows. A page that no longer says what statlens does fails the suite.
 *
 * <h2>Running it</h2>
 * <pre>
 * ./mvnw -q -B test -Dtest=DocsTest                        # every page
 * ./mvnw -q -B test -Dtest=DocsTest -Ddocs.page=cli.md     # one page (several: cli.md,stats.md)
 * ./mvnw -q -B test -Dtest=DocsTest -Ddocs.page=cli.md -Ddocs.update=true
 * </pre>
 * {@code docs.update=true} writes what the commands printed into the page, in place of the output of every
 * example that did not match (a shortened output keeps as many lines before and after its {@code ...} as it
 * had); read the diff before committing it: it is what the code does now, right or wrong. A failure names the
 * page, the line of the block and of the command, and the expected and printed lines; the commands' files
 * stay in {@code target/docs-test/<page>/} for a look.
 *
 * <h2>What a page is held to</h2>
 * <ul>
 * <li>Examples are fenced blocks (```, no language) written as a terminal session: {@code $ command}, then
 *     what it prints, standard output and error interleaved, then {@code [exit code N]} when it fails.
 *     Nothing shown under a command means it prints nothing. A line {@code ...} stands for lines left out
 *     (never for the {@code [exit code N]} line: a command shown without one must succeed).
 *     A command may go on over several lines (an open quote, a trailing backslash, a here-document).</li>
 * <li>A page runs top to bottom in one shell, in the root of the checkout (relative paths such as
 *     {@code src/test/resources/corpus/vmstat/...} are the checkout's), on nothing but what its own
 *     commands make: it must create or name its inputs ({@code statlens demo}'s samples, the corpus).</li>
 * <li>{@code /tmp} in a command is a fresh folder for the page; write repositories and outputs there,
 *     never into the checkout. How commands run ({@code statlens} in this JVM, or in a JVM of its own when the
 *     page gives it a password in its environment; a page's {@code statlens()} shorthand, {@code export},
 *     other commands in bash): {@link PageShell}.</li>
 * <li>A page that needs a server its reader has (team.md: a PostgreSQL on {@code localhost:5432} with a
 *     user and a database an administrator made) gets it from the test, and a server the page starts itself
 *     ({@code statlens server start}) runs as shown; the ports the page shows stand for the test's
 *     ({@link PageServers}). A page ends by stopping what it started; the test stops what is left, and fails.</li>
 * <li>Output is compared line by line, with these rules for what differs from machine to machine
 *     ({@link OutputRules}): the scratch folder is shown as {@code /tmp} and the checkout's folder as
 *     {@code /path/to/statlens}; trailing spaces and blank lines do not count; {@code statlens -V}'s version
 *     is any version; time stamps of 2025 or later (the clock, a file's modification time) are any time;
 *     a process id ({@code pid 32474}) is any one; a substituted port is shown as the page's;
 *     and where one of these changed a command's output, the width of runs of spaces is not compared for it
 *     (columns are as wide as those paths and times).</li>
 * <li>A block that shows what a second process is told about a repository another one holds open is preceded by
 *     {@code <!-- docs-test: while another process holds /tmp/REPO open -->}: the test keeps it open in a JVM of
 *     its own ({@link RepositoryHolder}) while the block runs.</li>
 * <li>A block the test cannot run (timings, a window, a benchmark of minutes, a Java other than the test's) is
 *     preceded by {@code <!-- docs-test: skip REASON -->}, with a reason, and listed in
 *     {@link #EXEMPT}; a marker that the list does not name fails the page. Other languages
 *     ({@code ```text} for a tool's own output, {@code ```sql}) are not run, and must not hold
 *     {@code $ statlens} lines; nor may an indented code block.</li>
 * </ul>
 */
class DocsTest {
    private static final int MAX_REPORTED = 8;

    /**
     * The only blocks the test does not run, each marked on its page with {@code <!-- docs-test: skip REASON -->}
     * and listed by its page and first command in {@code src/test/resources/docs-exemptions.tsv} (a line each, data
     * rather than code), so that an exemption is a decision in review, not a
     * marker slipped into a page. Every one of them is a measurement, a window or another Java: timings differ on
     * every machine, a window needs a display, and the packaged jar and a Java 17 are not there when the tests run.
     * What they show is tested elsewhere (named).
     */
    static final List<Exemption> EXEMPT = Exemption.read(Path.of("src/test/resources/docs-exemptions.tsv"));

    /**
     * A block the test does not run.
     *
     * @param page the page, relative to the checkout
     * @param command the block's first command, as typed after {@code $ }
     * @param why the reason, for the reader of this list
     */
    record Exemption(String page, String command, String why) {
        /** The list, a line each: page, command and why, separated by tabs; {@code #} starts a comment line. */
        static List<Exemption> read(Path tsv) {
            try {
                return Files.readAllLines(tsv).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).map(l -> {
                    String[] f = l.split("\t");
                    if (f.length != 3) throw new IllegalStateException(tsv + ": expected page, command and why, separated by tabs: " + l);
                    return new Exemption(f[0], f[1], f[2]);
                }).toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        boolean covers(String pageName, DocPage.Block block) {
            return page.equals(pageName) && !block.examples().isEmpty() && block.examples().get(0).command().equals(command);
        }
    }

    /** Every listed exemption is still a marked block of its page: the list says what is not run, no more. */
    @Test
    void everyExemptionIsAMarkedBlockOfItsPage() throws IOException {
        Path checkout = Path.of("").toAbsolutePath();
        List<DocPage> pages = new ArrayList<>();
        for (Path p : pages(checkout)) pages.add(DocPage.read(checkout, p));
        List<String> stale = new ArrayList<>();
        for (Exemption e : EXEMPT) {
            boolean found = pages.stream().anyMatch(page -> page.blocks().stream()
                    .anyMatch(b -> b.skipReason() != null && e.covers(page.name(), b)));
            if (!found) stale.add(e.page() + ": no block marked docs-test: skip starts with $ " + e.command());
        }
        assertTrue(stale.isEmpty(), "DocsTest.EXEMPT lists blocks the pages no longer hold; remove them:\n"
                + String.join("\n", stale));
    }

    @TestFactory
    Stream<DynamicTest> pages() throws IOException {
        Path checkout = Path.of("").toAbsolutePath();
        assertTrue(Files.isDirectory(checkout.resolve("docs")) && Files.isDirectory(checkout.resolve("src/test/resources/corpus")),
                "the docs test runs in the root of the checkout (where docs/ and src/ are), not in " + checkout);
        String only = System.getProperty("docs.page", "");
        boolean update = Boolean.getBoolean("docs.update");
        List<Path> pages = pages(checkout);
        if (!only.isBlank()) {
            List<String> wanted = List.of(only.split(","));
            pages = pages.stream().filter(p -> wanted.stream().anyMatch(w -> p.toString().endsWith(w.strip()))).toList();
            assertTrue(!pages.isEmpty(), "-Ddocs.page=" + only + " names no page");
        }
        return pages.stream().map(p -> DynamicTest.dynamicTest(checkout.relativize(p).toString(),
                () -> runPage(checkout, p, update)));
    }

    private static List<Path> pages(Path checkout) throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(checkout.resolve("README.md"));
        for (Path dir : List.of(checkout.resolve("docs"), checkout.resolve("docs/tools"))) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.toString().endsWith(".md")).sorted(Comparator.naturalOrder()).forEach(pages::add);
            }
        }
        return pages;
    }

    static void runPage(Path checkout, Path file, boolean update) throws Exception {
        DocPage page = DocPage.read(checkout, file);
        if (!page.problems().isEmpty()) fail(String.join("\n", page.problems()));
        Path scratch = checkout.resolve("target/docs-test").resolve(page.name().replace('/', '_'));
        deleteTree(scratch);
        Files.createDirectories(scratch);
        List<PageShell.Substitution> substitutions = PageServers.prepare(page.name());
        PageShell shell = new PageShell(checkout, scratch, substitutions);
        OutputRules rules = new OutputRules(scratch.toString(), checkout.toString(), substitutions);
        List<String> failures = new ArrayList<>();
        List<Rewrite> rewrites = new ArrayList<>();
        int run = 0;
        List<Timing> timings = new ArrayList<>();
        long pageStart = System.nanoTime();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        try {
            run = runBlocks(page, shell, rules, failures, rewrites, timings);
        } finally {
            shell.close();
            for (String left : PageServers.stopLeftovers(scratch)) {
                failures.add(page.name() + ": the page left a statlens server running, stopped by the test: " + left
                        + " (end the page with statlens server stop)");
            }
        }
        printTimings(page, run, System.nanoTime() - pageStart, threads.getCurrentThreadCpuTime() - cpuStart, timings);
        if (update && !rewrites.isEmpty()) rewrite(page, rewrites);
        if (!failures.isEmpty()) {
            StringBuilder message = new StringBuilder(page.name() + ": " + failures.size() + " of " + run
                    + " examples do not print what the page shows"
                    + (update ? " (rewritten in the page: check the diff)" : "") + "\n");
            failures.stream().limit(MAX_REPORTED).forEach(f -> message.append('\n').append(f).append('\n'));
            if (failures.size() > MAX_REPORTED) {
                message.append("\n... and ").append(failures.size() - MAX_REPORTED).append(" more\n");
            }
            message.append("\nrerun this page alone: ./mvnw -q -B test -Dtest=DocsTest -Ddocs.page=")
                    .append(page.name().substring(page.name().lastIndexOf('/') + 1))
                    .append(" (add -Ddocs.update=true to write the printed output into the page)");
            fail(message.toString());
        }
    }

    /** Runs the page's blocks in order, collecting failures and rewrites; returns how many examples ran. */
    private static int runBlocks(DocPage page, PageShell shell, OutputRules rules, List<String> failures,
                                 List<Rewrite> rewrites, List<Timing> timings) throws Exception {
        int run = 0;
        for (DocPage.Block block : page.blocks()) {
            if (block.skipReason() != null) {
                if (EXEMPT.stream().noneMatch(e -> e.covers(page.name(), block))) {
                    failures.add(page.name() + ":" + block.line() + ": a block marked docs-test: skip ("
                            + block.skipReason() + ") that DocsTest.EXEMPT does not list; make it run, or list it"
                            + " there with the reason (exemptions are few: measurements, windows, another Java)");
                }
                continue;
            }
            if (block.heldOpen() != null) {
                try (RepositoryHolder ignored = RepositoryHolder.start(shell.path(block.heldOpen()), shell.path("/tmp"))) {
                    run += runExamples(page, block, shell, rules, failures, rewrites, timings);
                }
            } else {
                run += runExamples(page, block, shell, rules, failures, rewrites, timings);
            }
        }
        return run;
    }

    private static int runExamples(DocPage page, DocPage.Block block, PageShell shell, OutputRules rules, List<String> failures,
                                   List<Rewrite> rewrites, List<Timing> timings) throws Exception {
        int run = 0;
        for (DocPage.Example example : block.examples()) {
            run++;
            PageShell.Result result;
            long start = System.nanoTime();
            try {
                result = shell.run(example.command());
                timings.add(new Timing(example, System.nanoTime() - start));
            } catch (RuntimeException e) {
                failures.add(page.name() + ":" + example.line() + " (block at line " + block.line() + "): "
                        + e.getMessage());
                continue;
            }
            OutputRules.Shown shown = rules.shown(result.shown());
            OutputRules.Match match = OutputRules.match(example.expected(), shown);
            if (!match.ok()) {
                failures.add(describe(page, block, example, shown.lines(), match));
                rewrites.add(new Rewrite(example, shown.lines()));
            }
        }
        return run;
    }

    private static String describe(DocPage page, DocPage.Block block, DocPage.Example example, List<String> actual,
                                   OutputRules.Match match) {
        StringBuilder sb = new StringBuilder();
        sb.append(page.name()).append(':').append(example.line()).append(" (block at line ").append(block.line())
                .append("): $ ").append(example.command().replace("\n", "\n    ")).append('\n');
        List<String> expected = example.expected();
        if (match.expectedLine() < expected.size()) {
            sb.append("  first difference at ").append(page.name()).append(':')
                    .append(example.outputFrom() + match.expectedLine() + 1).append('\n');
            sb.append("    expected: ").append(expected.get(match.expectedLine())).append('\n');
            sb.append("    printed:  ").append(match.actualLine() < actual.size() ? actual.get(match.actualLine())
                    : "(nothing more)").append('\n');
        } else {
            sb.append("  the page's output ends at ").append(page.name()).append(':')
                    .append(example.outputTo()).append(", but the command printed more:\n");
            sb.append("    printed:  ").append(actual.get(Math.min(match.actualLine(), actual.size() - 1))).append('\n');
        }
        sb.append("  expected (").append(expected.size()).append(" lines):\n");
        expected.forEach(l -> sb.append("    | ").append(l).append('\n'));
        sb.append("  printed (").append(actual.size()).append(" lines):\n");
        actual.forEach(l -> sb.append("    | ").append(l).append('\n'));
        return sb.toString();
    }

    private record Timing(DocPage.Example example, long nanos) {
    }

    /** One line per page on standard output, naming its slowest commands: the test must stay quick. */
    private static void printTimings(DocPage page, int run, long nanos, long cpuNanos, List<Timing> timings) {
        if (run == 0) return;
        StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT,
                "docs test: %s: %d examples in %.1f s (test thread CPU %.1f s)", page.name(), run, nanos / 1e9, cpuNanos / 1e9));
        List<Timing> slowest = timings.stream().sorted(Comparator.comparingLong(Timing::nanos).reversed())
                .limit(3).filter(t -> t.nanos() > 500_000_000L).toList();
        if (!slowest.isEmpty()) sb.append("; slowest:");
        for (Timing t : slowest) {
            String command = t.example().command().lines().findFirst().orElse("");
            if (command.length() > 60) command = command.substring(0, 57) + "...";
            sb.append(String.format(java.util.Locale.ROOT, " line %d %.1f s (%s);", t.example().line(), t.nanos() / 1e9, command));
        }
        System.out.println(sb);
    }

    private record Rewrite(DocPage.Example example, List<String> printed) {
    }

    /** Writes the printed output into the page in place of each mismatching example's output. */
    private static void rewrite(DocPage page, List<Rewrite> rewrites) throws IOException {
        List<String> lines = new ArrayList<>(page.lines());
        for (int k = rewrites.size() - 1; k >= 0; k--) {
            Rewrite r = rewrites.get(k);
            DocPage.Example e = r.example();
            List<String> replacement = shortened(e.expected(), r.printed()).stream()
                    .map(l -> l.isEmpty() ? l : e.indent() + l).toList();
            List<String> target = lines.subList(e.outputFrom(), e.outputTo());
            target.clear();
            target.addAll(replacement);
        }
        Files.writeString(page.file(), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    /**
     * The printed lines, cut where the expected ones were: the lines that match the page's lines are anchors,
     * and what lies between the anchors around a {@code ...} of the page stays {@code ...}.
     */
    static List<String> shortened(List<String> expected, List<String> printed) {
        if (expected.stream().noneMatch(DocsTest::isEllipsis)) return printed;
        int n = expected.size();
        int m = printed.size();
        int[][] common = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = !isEllipsis(expected.get(i)) && expected.get(i).equals(printed.get(j))
                        ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        int[] anchor = new int[n];
        java.util.Arrays.fill(anchor, -1);
        for (int i = 0, j = 0; i < n && j < m; ) {
            if (!isEllipsis(expected.get(i)) && expected.get(i).equals(printed.get(j))) {
                anchor[i++] = j++;
            } else if (common[i + 1][j] >= common[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        List<String> out = new ArrayList<>();
        int cursor = 0;
        for (int i = 0; i < n; i++) {
            if (isEllipsis(expected.get(i))) {
                int k = i + 1;
                int unmatched = 0;
                while (k < n && anchor[k] < 0) {
                    if (!isEllipsis(expected.get(k))) unmatched++;
                    k++;
                }
                int next = k < n ? anchor[k] : m;
                out.add("...");
                cursor = Math.max(cursor, next - unmatched);
            } else if (anchor[i] >= 0) {
                out.addAll(printed.subList(cursor, anchor[i] + 1));
                cursor = anchor[i] + 1;
            }
        }
        out.addAll(printed.subList(cursor, m));
        // a "..." never stands for the exit code (OutputRules compares it on its own)
        String last = m == 0 ? "" : printed.get(m - 1);
        if (last.matches("\\[exit code \\d+]") && !out.get(out.size() - 1).equals(last)) out.add(last);
        return out;
    }

    private static boolean isEllipsis(String line) {
        return line.strip().equals("...");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
