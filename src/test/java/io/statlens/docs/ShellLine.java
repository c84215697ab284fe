package io.statlens.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One command line of a page, split into words the way bash splits the subset the pages use: single and
 * double quotes, backslash escapes and line continuations, {@code $NAME}/{@code ${NAME}} of the page's
 * variables, leading {@code NAME=value} assignments and {@code #} comments. Anything else bash would
 * interpret (pipes, redirections, {@code ;}, {@code &}, sub-shells, {@code $(...)}, {@code $?}, braces)
 * makes the line {@linkplain #simple() not simple}: it is then handed to bash as written.
 *
 * @param assignments the leading {@code NAME=value} words
 * @param words the command and its arguments, quotes removed
 * @param simple true when the line is one command bash would run without interpreting anything else
 */
record ShellLine(Map<String, String> assignments, List<String> words, boolean simple) {

    /** True when {@code text} ends inside quotes or with a backslash: the command goes on on the next line. */
    static boolean continues(String text) {
        Scan scan = new Scan(text, Map.of());
        scan.run();
        return scan.open;
    }

    /** The index of the first {@code |} that bash would read as a pipe, or -1. */
    static int pipe(String text) {
        Scan scan = new Scan(text, Map.of());
        scan.run();
        return scan.firstPipe;
    }

    static ShellLine parse(String text, Map<String, String> variables) {
        Scan scan = new Scan(text, variables);
        scan.run();
        if (scan.open) throw new IllegalArgumentException("unterminated quote or trailing backslash in: " + text);
        Map<String, String> assignments = new LinkedHashMap<>();
        int first = 0;
        while (first < scan.words.size() && scan.assignment.get(first)) {
            String w = scan.words.get(first);
            int eq = w.indexOf('=');
            assignments.put(w.substring(0, eq), w.substring(eq + 1));
            first++;
        }
        return new ShellLine(assignments, List.copyOf(scan.words.subList(first, scan.words.size())), scan.simple);
    }

    /** The character scanner behind the three entry points. */
    private static final class Scan {
        private final String s;
        private final Map<String, String> variables;
        final List<String> words = new ArrayList<>();
        /** Per word: whether it is NAME=value with the name unquoted and the word before it an assignment too. */
        final List<Boolean> assignment = new ArrayList<>();
        boolean simple = true;
        boolean open;
        int firstPipe = -1;
        private StringBuilder word;
        private boolean wordQuoted;

        Scan(String s, Map<String, String> variables) {
            this.s = s;
            this.variables = variables;
        }

        void run() {
            int i = 0;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == ' ' || c == '\t' || c == '\n') {
                    endWord();
                    i++;
                } else if (c == '#' && word == null) {
                    int nl = s.indexOf('\n', i);
                    i = nl < 0 ? s.length() : nl;
                } else if (c == '\'') {
                    int close = s.indexOf('\'', i + 1);
                    if (close < 0) {
                        open = true;
                        return;
                    }
                    append(s.substring(i + 1, close), true);
                    i = close + 1;
                } else if (c == '"') {
                    i = doubleQuoted(i + 1);
                    if (open) return;
                } else if (c == '\\') {
                    if (i + 1 >= s.length()) {
                        open = true;
                        return;
                    }
                    if (s.charAt(i + 1) != '\n') append(String.valueOf(s.charAt(i + 1)), true);
                    i += 2;
                } else if (c == '$') {
                    i = dollar(i + 1, false);
                } else if ("|;&<>()`".indexOf(c) >= 0) {
                    if (c == '|' && firstPipe < 0) firstPipe = i;
                    simple = false;
                    endWord();
                    i++;
                } else {
                    append(String.valueOf(c), false);
                    i++;
                }
            }
            endWord();
            for (String w : words) {
                if (w.equals("{") || w.equals("}")) simple = false;
            }
        }

        private int doubleQuoted(int i) {
            if (word == null) word = new StringBuilder();
            if (word.indexOf("=") < 0) wordQuoted = true;
            while (i < s.length()) {
                char c = s.charAt(i);
                if (c == '"') return i + 1;
                if (c == '\\' && i + 1 < s.length() && "\"\\$`\n".indexOf(s.charAt(i + 1)) >= 0) {
                    if (s.charAt(i + 1) != '\n') word.append(s.charAt(i + 1));
                    i += 2;
                } else if (c == '$') {
                    i = dollar(i + 1, true);
                } else if (c == '`') {
                    simple = false;
                    word.append(c);
                    i++;
                } else {
                    word.append(c);
                    i++;
                }
            }
            open = true;
            return i;
        }

        /** After a {@code $}: a page variable is expanded; {@code $?}, {@code $@}, {@code $(} and others are bash's. */
        private int dollar(int i, boolean quoted) {
            if (i >= s.length()) {
                append("$", quoted);
                return i;
            }
            char c = s.charAt(i);
            String name;
            int end;
            if (c == '{') {
                end = s.indexOf('}', i);
                if (end < 0) {
                    open = true;
                    return s.length();
                }
                name = s.substring(i + 1, end);
                end++;
            } else if (Character.isLetter(c) || c == '_') {
                end = i;
                while (end < s.length() && (Character.isLetterOrDigit(s.charAt(end)) || s.charAt(end) == '_')) end++;
                name = s.substring(i, end);
            } else {
                if ("?@($'!#*-".indexOf(c) >= 0 || Character.isDigit(c)) simple = false;
                append("$", quoted);
                return i;
            }
            if (variables.containsKey(name)) {
                append(variables.get(name), true);
            } else {
                simple = false; // a variable of the environment: bash's business
                append("$" + s.substring(i, end), quoted);
            }
            return end;
        }

        private void append(String text, boolean quoted) {
            if (word == null) word = new StringBuilder();
            if (quoted && !wordQuoted && word.indexOf("=") < 0) wordQuoted = true;
            word.append(text);
        }

        private void endWord() {
            if (word == null) return;
            String w = word.toString();
            boolean previousAssignment = assignment.isEmpty() || assignment.get(assignment.size() - 1);
            int eq = w.indexOf('=');
            boolean isAssignment = previousAssignment && eq > 0 && w.substring(0, eq).matches("[A-Za-z_][A-Za-z0-9_]*")
                    && !wordQuoted;
            words.add(w);
            assignment.add(isAssignment);
            word = null;
            wordQuoted = false;
        }
    }
}
