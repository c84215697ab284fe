package io.statlens.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How an example's output shown on a page is compared with what the command printed. The rules, in order
 * (each is in {@link DocsTest}'s class comment, for writers of pages):
 * <ol>
 * <li>the page's scratch folder, which stands in for {@code /tmp} (see {@link PageShell}), is written
 *     {@code /tmp} (another page's too: a shared demo repository names its files there), and the checkout's
 *     own folder {@code /path/to/statlens};</li>
 * <li>trailing spaces and trailing blank lines are dropped;</li>
 * <li>the version printed by {@code statlens -V} is compared as {@code statlens <version>};</li>
 * <li>an ISO-8601 time stamp of 2025 or later is compared as {@code <time>}: such times come from the clock
 *     (the demo's extraction, a file a page writes) or from a checkout's file modification times; the
 *     corpus and the pages' {@code --start} times are all earlier, and are compared as they are;</li>
 * <li>a line {@code ...} on the page stands for any number of lines, none included, but never for the
 *     {@code [exit code N]} line, which is compared on its own;</li>
 * <li>a process id ({@code pid 32474}: a server {@code statlens server start} started) is any process id;</li>
 * <li>a value the test's machine has in place of the one the page shows (a server's port, see
 *     {@link PageShell.Substitution}) is shown as the page shows it;</li>
 * <li>when rule 1, 3, 4, 6 or 7 changed the output of a command, the width of runs of spaces is not compared
 *     for that command (table columns are as wide as the paths and times printed in them).</li>
 * </ol>
 */
final class OutputRules {
    static final String CHECKOUT = "/path/to/statlens";
    private static final Pattern VERSION = Pattern.compile("^statlens (\\d+\\.\\d+\\S*|development)$");
    private static final Pattern TIME = Pattern.compile(
            "\\b(\\d{4})-\\d\\d-\\d\\d[T ]\\d\\d:\\d\\d(?::\\d\\d(?:\\.\\d+)?)?(?:Z|[+-]\\d\\d:?\\d\\d)?\\b");

    private static final Pattern PID = Pattern.compile("\\bpid \\d+\\b");

    private final String scratch;
    private final String checkout;
    private final List<PageShell.Substitution> substitutions;

    OutputRules(String scratch, String checkout) {
        this(scratch, checkout, List.of());
    }

    OutputRules(String scratch, String checkout, List<PageShell.Substitution> substitutions) {
        this.scratch = scratch;
        this.checkout = checkout;
        this.substitutions = substitutions;
    }

    /**
     * Lines as rule 1 and 2 make them; what a page would show.
     *
     * @return the lines, and whether a folder was replaced
     */
    Shown shown(String printed) {
        String text = printed.replace(scratch, "/tmp");
        // another page's folder: a demo repository copied from the page that made it names its files there
        String root = Path.of(scratch).getParent().toString();
        text = text.replaceAll(Pattern.quote(root + java.io.File.separator) + "[^/\\s]+", "/tmp").replace(checkout, CHECKOUT);
        for (PageShell.Substitution s : substitutions) text = s.toShown(text);
        boolean changed = !text.equals(printed);
        List<String> lines = new ArrayList<>();
        for (String l : text.split("\n", -1)) lines.add(l.stripTrailing());
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) lines.remove(lines.size() - 1);
        return new Shown(lines, changed);
    }

    /** Lines as shown, what the command printed once the folders are replaced; {@code folders} says whether any was. */
    record Shown(List<String> lines, boolean folders) {
    }

    /** Whether the expected lines of a page match the printed ones, and where they part if not. */
    static Match match(List<String> expected, Shown actual) {
        // the exit code is compared on its own, so that a "..." cannot hide a failure
        int expectedExit = exitLine(expected);
        int actualExit = exitLine(actual.lines());
        String expectedCode = expectedExit < 0 ? null : expected.get(expectedExit);
        String actualCode = actualExit < 0 ? null : actual.lines().get(actualExit);
        if (!java.util.Objects.equals(expectedCode, actualCode)) {
            return new Match(false, expectedExit < 0 ? expected.size() : expectedExit,
                    actualExit < 0 ? actual.lines().size() : actualExit);
        }
        Volatile e = volatileParts(expected);
        Volatile a = volatileParts(actual.lines());
        Match strict = Match.of(e.lines(), a.lines(), false);
        if (strict.ok() || !(e.changed() || a.changed() || actual.folders())) return strict;
        Match loose = Match.of(e.lines(), a.lines(), true);
        return loose.ok() ? loose : strict;
    }

    /** The index of the last line when it is {@code [exit code N]}, else -1. */
    private static int exitLine(List<String> lines) {
        int last = lines.size() - 1;
        return last >= 0 && lines.get(last).matches("\\[exit code \\d+]") ? last : -1;
    }

    private record Volatile(List<String> lines, boolean changed) {
    }

    private static Volatile volatileParts(List<String> lines) {
        List<String> out = new ArrayList<>();
        boolean changed = false;
        for (String line : lines) {
            String l = VERSION.matcher(line).matches() ? "statlens <version>" : line;
            l = PID.matcher(l).replaceAll("pid <pid>");
            Matcher m = TIME.matcher(l);
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(sb, Integer.parseInt(m.group(1)) >= 2025 ? "<time>" : Matcher.quoteReplacement(m.group()));
            }
            m.appendTail(sb);
            l = sb.toString();
            changed |= !l.equals(line);
            out.add(l);
        }
        return new Volatile(out, changed);
    }

    /**
     * The outcome of matching.
     *
     * @param ok whether they match
     * @param expectedLine the index of the first expected line that did not match (when not ok)
     * @param actualLine the index of the printed line it was compared with (may be past the end)
     */
    record Match(boolean ok, int expectedLine, int actualLine) {

        static Match of(List<String> expected, List<String> actual, boolean loose) {
            Matcher2 m = new Matcher2(expected, actual, loose);
            boolean ok = m.matches(0, 0);
            return new Match(ok, m.worstE, m.worstA);
        }
    }

    /** Matching with {@code ...} lines, remembering how far it got. */
    private static final class Matcher2 {
        private final List<String> e;
        private final List<String> a;
        private final boolean loose;
        private final Boolean[][] memo;
        int worstE = -1;
        int worstA = -1;

        Matcher2(List<String> e, List<String> a, boolean loose) {
            this.e = e;
            this.a = a;
            this.loose = loose;
            this.memo = new Boolean[e.size() + 1][a.size() + 1];
        }

        boolean matches(int i, int j) {
            if (memo[i][j] != null) return memo[i][j];
            boolean r;
            if (i == e.size()) {
                r = j == a.size();
            } else if (e.get(i).strip().equals("...")) {
                r = false;
                for (int k = j; k <= a.size() && !r; k++) r = matches(i + 1, k);
            } else {
                r = j < a.size() && same(e.get(i), a.get(j)) && matches(i + 1, j + 1);
            }
            if (!r && (i > worstE || i == worstE && j > worstA) && (i == e.size() || !e.get(i).strip().equals("..."))) {
                worstE = i;
                worstA = j;
            }
            memo[i][j] = r;
            return r;
        }

        private boolean same(String x, String y) {
            if (!loose) return x.equals(y);
            return x.strip().replaceAll("\\s+", " ").equals(y.strip().replaceAll("\\s+", " "));
        }
    }
}
