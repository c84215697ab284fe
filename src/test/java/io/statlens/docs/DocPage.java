package io.statlens.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The examples of one markdown page, in page order: every fenced block written as a terminal session
 * ({@code $ command} lines, each followed by the output it prints).
 *
 * <p>A fenced block is run when it has no language or {@code console}, {@code shell}, {@code sh} or
 * {@code bash}, and holds a line starting with {@code $ }. Blocks of other languages ({@code text} for a
 * tool's own session, {@code sql}, {@code java}) are not run, and must not hold a {@code $ statlens} line;
 * nor may one appear outside a fenced block: an example the test cannot see is a mistake, not an exemption.
 * A block is left out only when the line before it says why: {@code <!-- docs-test: skip REASON -->}. A block
 * that shows what a second process is told runs while the test holds the repository open in another JVM, when
 * the line before it says so: {@code <!-- docs-test: while another process holds /tmp/REPO open -->}.
 *
 * @param name the page's path relative to the checkout, as messages name it
 * @param lines the page's lines, for rewriting expected output in place
 * @param blocks the runnable blocks, skipped ones included
 * @param problems what is wrong with the page's form (each names its line)
 */
record DocPage(String name, Path file, List<String> lines, List<Block> blocks, List<String> problems) {

    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})\\s*([\\w+-]*).*$");
    private static final Pattern SKIP = Pattern.compile("<!--\\s*docs-test:\\s*skip\\b(.*?)-->");
    /** A block that shows what a second process sees: the test keeps the repository open in another JVM meanwhile. */
    private static final Pattern HELD = Pattern.compile("<!--\\s*docs-test:\\s*while another process holds (\\S+) open\\s*-->");
    /** A statlens command line: the launcher on the PATH or in target/, or the jar run by a java, after assignments or time. */
    private static final Pattern STATLENS_COMMAND = Pattern.compile("^\\s*\\$ (?:[A-Za-z_][A-Za-z0-9_]*=\\S*\\s+)*"
            + "(?:(?:/usr/bin/)?time(?:\\s+-\\w+)*\\s+)?(?:(?:[^\\s=]*/)?statlens(?=\\s|\\(|$)|\\S*java\\b.*-jar\\s+\\S*statlens\\.jar\\b).*");
    /** A here-document ({@code <<'EOF'}): the lines up to the one that ends it belong to the command. */
    static final Pattern HEREDOC = Pattern.compile("<<-?\\s*(['\"]?)(\\w+)\\1");
    private static final List<String> SHELL_LANGUAGES = List.of("", "console", "shell", "sh", "bash");

    /**
     * One runnable fenced block.
     *
     * @param line the 1-based line of its opening fence
     * @param skipReason why it is not run, or null
     * @param heldOpen the embedded repository (as the page names it) another process holds open while the block
     *                 runs, or null
     * @param examples its commands in order
     */
    record Block(int line, String skipReason, String heldOpen, List<Example> examples) {
    }

    /**
     * One command and the output shown under it.
     *
     * @param line the 1-based line of its {@code $}
     * @param command the command as typed (continuation lines joined with newlines, without the {@code $ })
     * @param expected the output lines shown, trailing blank lines dropped
     * @param outputFrom the 0-based index in the page of the first output line (where a rewrite starts)
     * @param outputTo the 0-based index just after the last output line shown
     * @param indent the block's indentation, for a rewrite
     */
    record Example(int line, String command, List<String> expected, int outputFrom, int outputTo, String indent) {
    }

    static DocPage read(Path checkout, Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        String name = checkout.relativize(file).toString().replace('\\', '/');
        List<Block> blocks = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                if (STATLENS_COMMAND.matcher(lines.get(i)).matches()) {
                    problems.add(name + ":" + (i + 1) + ": a $ statlens example outside a fenced block;"
                            + " fence it (```) so that the docs test runs it");
                }
                i++;
                continue;
            }
            String indent = open.group(1);
            String fence = open.group(2);
            String language = open.group(3).toLowerCase();
            int close = i + 1;
            while (close < lines.size() && !isClosing(lines.get(close), fence)) close++;
            List<String> body = new ArrayList<>();
            for (int k = i + 1; k < close; k++) body.add(unindent(lines.get(k), indent.length()));
            String skip = skipReason(lines, i);
            boolean hasCommand = body.stream().anyMatch(l -> l.startsWith("$ "));
            if (SHELL_LANGUAGES.contains(language) && hasCommand) {
                if (skip != null && skip.isBlank()) {
                    problems.add(name + ":" + i + ": docs-test: skip needs a reason");
                }
                blocks.add(new Block(i + 1, skip, marker(lines, i, HELD), examples(name, body, i + 1, indent, problems)));
            } else if (skip == null) {
                for (int k = 0; k < body.size(); k++) {
                    if (STATLENS_COMMAND.matcher(body.get(k)).matches()) {
                        problems.add(name + ":" + (i + 2 + k) + ": a $ statlens example in a ```" + language
                                + " block, which the docs test does not run; use an unmarked fence (```)");
                    }
                }
            }
            i = close + 1;
        }
        return new DocPage(name, file, lines, blocks, problems);
    }

    private static List<Example> examples(String page, List<String> body, int firstLine, String indent,
                                          List<String> problems) {
        List<Example> out = new ArrayList<>();
        int k = 0;
        while (k < body.size() && body.get(k).isBlank()) k++;
        if (k < body.size() && !body.get(k).startsWith("$ ")) {
            problems.add(page + ":" + (firstLine + 1 + k) + ": text before the block's first $ command");
        }
        while (k < body.size()) {
            if (!body.get(k).startsWith("$ ")) {
                k++;
                continue;
            }
            int commandLine = firstLine + 1 + k;
            StringBuilder command = new StringBuilder(body.get(k).substring(2));
            k++;
            while (ShellLine.continues(command.toString()) && k < body.size()) {
                command.append('\n').append(body.get(k));
                k++;
            }
            Matcher heredoc = HEREDOC.matcher(command);
            if (heredoc.find()) {
                String end = heredoc.group(2);
                while (k < body.size() && !body.get(k).strip().equals(end)) {
                    command.append('\n').append(body.get(k));
                    k++;
                }
                if (k == body.size()) {
                    problems.add(page + ":" + commandLine + ": the here-document does not end with a line " + end);
                } else {
                    command.append('\n').append(body.get(k));
                    k++;
                }
            }
            int from = k;
            while (k < body.size() && !body.get(k).startsWith("$ ")) k++;
            int to = k;
            while (to > from && body.get(to - 1).isBlank()) to--;
            List<String> expected = body.subList(from, to).stream().map(DocPage::stripTrailing).toList();
            out.add(new Example(commandLine, command.toString(), expected, firstLine + from, firstLine + to, indent));
        }
        return out;
    }

    private static boolean isClosing(String line, String fence) {
        String t = line.strip();
        return t.length() >= fence.length() && t.chars().allMatch(c -> c == fence.charAt(0));
    }

    private static String unindent(String line, int indent) {
        int k = 0;
        while (k < indent && k < line.length() && line.charAt(k) == ' ') k++;
        return line.substring(k);
    }

    static String stripTrailing(String line) {
        return line.stripTrailing();
    }

    /** The reason of a skip marker on the last non-blank line before the fence, or null when there is none. */
    private static String skipReason(List<String> lines, int fence) {
        String reason = marker(lines, fence, SKIP);
        return reason == null ? null : reason.strip();
    }

    /** The first group of a marker on the last non-blank line before the fence, or null when there is none. */
    private static String marker(List<String> lines, int fence, Pattern marker) {
        for (int k = fence - 1; k >= 0; k--) {
            if (lines.get(k).isBlank()) continue;
            Matcher m = marker.matcher(lines.get(k));
            return m.find() ? m.group(1) : null;
        }
        return null;
    }
}
