package io.statlens.docs;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell a page's examples run in, one per page, in the checkout's folder (the pages' relative paths,
 * {@code src/test/resources/corpus/...}, are the checkout's).
 *
 * <ul>
 * <li>{@code statlens ARGS} runs in this JVM through picocli ({@code Main.execute}), standard output and
 *     error interleaved as a terminal shows them, then {@code [exit code N]} when N is not 0. The command
 *     line's classes come from a class loader of their own that holds the main classes and the
 *     dependencies but not the test classes, so that it is the shipped command line (the test classes
 *     register a parser of their own, for instance).</li>
 * <li>{@code statlens() { command statlens "$@" EXTRA...; }} (also with {@code target/statlens} or
 *     {@code java -jar target/statlens.jar}) defines the page's shorthand: EXTRA is appended to every later
 *     {@code statlens} command of the page.</li>
 * <li>{@code STATLENS_HOME=DIR statlens ...} sets the statlens home for that command.</li>
 * <li>{@code statlens ARGS | FILTER}: statlens in this JVM, its standard output piped into FILTER run by
 *     bash.</li>
 * <li>{@code NAME=value} alone sets a page variable, which later commands may use as {@code $NAME}.</li>
 * <li>any other command runs in {@code bash -c} (standard error merged into standard output), with the
 *     page's variables in its environment and {@code $?} the exit code of the command before.</li>
 * </ul>
 *
 * <p>Every {@code /tmp} in a command names the page's scratch folder instead, a fresh one per page, so
 * that pages may write where a reader would ({@code --repo /tmp/docs-cli}) without touching the machine's
 * {@code /tmp} or each other. {@code STATLENS_HOME} (and {@code HOME} for bash) point into it too, so an
 * example that forgets {@code --repo} does not touch the user's repository.
 */
final class PageShell implements AutoCloseable {
    private static final Pattern TMP = Pattern.compile("(?<![\\w./-])/tmp(?=[/\\s\"':;,)]|$)");
    private static final Pattern FUNCTION = Pattern.compile(
            "statlens\\(\\)\\s*\\{\\s*(?:command statlens|target/statlens|java -jar target/statlens\\.jar)\\s+\"\\$@\"(.*?);?\\s*}\\s*(#.*)?",
            Pattern.DOTALL);

    /** PgJDBC's system property naming the password file it reads instead of {@code ~/.pgpass}. */
    private static final String PGPASSFILE = "org.postgresql.pgpassfile";

    private final Path checkout;
    private final Path scratch;
    private final Map<String, String> variables = new LinkedHashMap<>();
    /** The page's variables it {@code export}ed: the environment of every later command. */
    private final java.util.Set<String> exported = new java.util.LinkedHashSet<>();
    private final List<Substitution> substitutions;
    private List<String> shorthand = List.of();
    private int lastExitCode;
    /** The JVMs of the commands that need one of their own, by their environment. */
    private final Map<Map<String, String>, CommandJvm> jvms = new HashMap<>();

    PageShell(Path checkout, Path scratch) {
        this(checkout, scratch, List.of());
    }

    PageShell(Path checkout, Path scratch, List<Substitution> substitutions) {
        this.checkout = checkout;
        this.scratch = scratch;
        this.substitutions = substitutions;
        try {
            java.nio.file.Files.createDirectories(home());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * A value a page shows that is another one on the machine the test runs on: a server's port. Commands get
     * {@code actual} where the page says {@code shown}; {@link OutputRules} shows printed output the other way.
     *
     * @param shown what the page says ({@code localhost:5432})
     * @param actual what the test's server has ({@code localhost:41873})
     */
    record Substitution(String shown, String actual) {
        String toActual(String command) {
            return delimited(shown).matcher(command).replaceAll(Matcher.quoteReplacement(actual));
        }

        String toShown(String printed) {
            return delimited(actual).matcher(printed).replaceAll(Matcher.quoteReplacement(shown));
        }

        /** The text where it is not part of a longer number or word (port 15271 is not in 152710, a host vm not in vmstat). */
        private static Pattern delimited(String text) {
            return Pattern.compile("(?<![\\p{Alnum}_])" + Pattern.quote(text) + "(?![\\p{Alnum}_])");
        }
    }

    /** The page's home folder ({@code ~}, {@code $HOME}) in the scratch folder. */
    private Path home() {
        return scratch.resolve("home");
    }

    /** What one command printed (standard output and error as a terminal interleaves them) and its exit code. */
    record Result(String printed, int exitCode) {
        /** The printed text with the {@code [exit code N]} line a page shows after a failing command. */
        String shown() {
            if (exitCode == 0) return printed;
            return printed + (printed.isEmpty() || printed.endsWith("\n") ? "" : "\n") + "[exit code " + exitCode + "]\n";
        }
    }

    /** A path as a page types it, where the test's commands find it ({@code /tmp} is the page's scratch folder). */
    Path path(String typed) {
        return checkout.resolve(TMP.matcher(typed).replaceAll(Matcher.quoteReplacement(scratch.toString()))).normalize();
    }

    Result run(String typed) throws IOException, InterruptedException {
        String command = TMP.matcher(typed).replaceAll(Matcher.quoteReplacement(scratch.toString()));
        for (Substitution s : substitutions) command = s.toActual(command);
        Result result = dispatch(command);
        lastExitCode = result.exitCode();
        return result;
    }

    private Result dispatch(String command) throws IOException, InterruptedException {
        Matcher function = FUNCTION.matcher(command.strip());
        if (function.matches()) {
            ShellLine extra = ShellLine.parse(function.group(1), variables);
            if (!extra.simple() || !extra.assignments().isEmpty()) {
                throw new IllegalArgumentException("a statlens() shorthand may only append plain arguments: " + command);
            }
            shorthand = extra.words();
            return new Result("", 0);
        }
        if (DocPage.HEREDOC.matcher(command).find()) return bash(command, null);
        int pipe = ShellLine.pipe(command);
        if (pipe > 0) {
            ShellLine left = ShellLine.parse(command.substring(0, pipe), variables);
            if (left.simple() && isStatlens(left)) {
                Output statlens = statlens(left);
                Result filter = bash(command.substring(pipe + 1), statlens.standardOut);
                return new Result(statlens.errorOnly + filter.printed(), filter.exitCode());
            }
        }
        ShellLine line = ShellLine.parse(command, variables);
        if (line.simple() && line.assignments().isEmpty() && line.words().size() > 1 && line.words().get(0).equals("export")
                && line.words().stream().skip(1).allMatch(w -> w.matches("[A-Za-z_][A-Za-z0-9_]*=.*"))) {
            for (String w : line.words().subList(1, line.words().size())) {
                int eq = w.indexOf('=');
                variables.put(w.substring(0, eq), w.substring(eq + 1));
                exported.add(w.substring(0, eq));
            }
            return new Result("", 0);
        }
        if (line.simple() && isStatlens(line)) {
            Output out = statlens(line);
            return new Result(out.all, out.exitCode);
        }
        if (line.simple() && line.words().isEmpty() && !line.assignments().isEmpty()) {
            variables.putAll(line.assignments());
            return new Result("", 0);
        }
        if (!line.simple() && line.words().contains("statlens")) {
            throw new IllegalArgumentException("statlens inside a shell construct, which the docs test cannot run"
                    + " in-process; write it as a $ statlens line of its own: " + command);
        }
        return bash(command, null);
    }

    private static boolean isStatlens(ShellLine line) {
        return !line.words().isEmpty() && line.words().get(0).equals("statlens");
    }

    private record Output(String all, String standardOut, String errorOnly, int exitCode) {
    }

    private Output statlens(ShellLine line) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(line.words().subList(1, line.words().size()));
        args.addAll(shorthand);
        Map<String, String> environment = statlensEnvironment(line);
        if (!environment.isEmpty()) return separateJvm(line, args, environment);
        Path demoFolder = demoFolder(args);
        String demoKey = demoFolder == null ? null : String.join("\u0000", args).replace(scratch.toString(), "/tmp");
        if (demoKey != null) {
            Demo done = DEMOS.get(demoKey);
            if (done != null) {
                copyTree(done.folder(), demoFolder);
                String all = done.output().replace(done.scratch().toString(), scratch.toString());
                String standardOut = done.standardOut().replace(done.scratch().toString(), scratch.toString());
                String errorOnly = done.errorOnly().replace(done.scratch().toString(), scratch.toString());
                return new Output(all, standardOut, errorOnly, 0);
            }
        }
        Output out = invoke(line, args);
        if (demoKey != null && out.exitCode == 0) {
            DEMOS.put(demoKey, new Demo(demoFolder, scratch, out.all, out.standardOut, out.errorOnly));
        }
        return out;
    }

    /**
     * {@code statlens demo} takes most of the test's time (eleven imports and two reports), and four pages run
     * it the same way, so it runs once per test run: a later page whose demo command is the same (same
     * arguments, same folder under {@code /tmp}) gets a copy of the folder the first one made (repository,
     * sample files, reports) and the output it printed. The repository is closed, Derby shut down, when the
     * command returns, so the copy is a consistent one. The copied repository names the sample files in the
     * first page's folder, which {@link OutputRules} shows as {@code /tmp} too.
     */
    private static final Map<String, Demo> DEMOS = new java.util.concurrent.ConcurrentHashMap<>();

    private record Demo(Path folder, Path scratch, String output, String standardOut, String errorOnly) {
    }

    /** The folder a {@code statlens demo} would fill (its repository's parent), when it is a fresh one in /tmp. */
    private Path demoFolder(List<String> args) {
        if (args.isEmpty() || !args.get(0).equals("demo")) return null;
        int repo = args.lastIndexOf("--repo");
        if (repo < 0 || repo + 1 >= args.size()) return null;
        Path folder = checkout.resolve(args.get(repo + 1)).normalize().getParent();
        if (folder == null || !folder.startsWith(scratch) || folder.equals(scratch) || java.nio.file.Files.exists(folder)) {
            return null;
        }
        return folder;
    }

    private static void copyTree(Path from, Path to) {
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (java.nio.file.Files.isDirectory(f)) java.nio.file.Files.createDirectories(target);
                else java.nio.file.Files.copy(f, target);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot copy the demo's folder " + from + " to " + to, e);
        }
    }

    /**
     * The variables of the command's environment (exported by the page, or assigned before the command) that
     * statlens or its JDBC drivers read and that this JVM cannot be given: {@code STATLENS_...} but
     * {@code STATLENS_HOME}, and PostgreSQL's {@code PG...}.
     */
    private Map<String, String> statlensEnvironment(ShellLine line) {
        Map<String, String> all = new LinkedHashMap<>();
        for (String name : exported) all.put(name, variables.get(name));
        all.putAll(line.assignments());
        Map<String, String> read = new LinkedHashMap<>();
        all.forEach((name, value) -> {
            if ((name.startsWith("STATLENS_") && !name.equals("STATLENS_HOME")) || name.startsWith("PG")) read.put(name, value);
        });
        return read;
    }

    /**
     * statlens in a JVM of its own, for a command whose environment this JVM cannot take (a password in
     * {@code STATLENS_DB_PASSWORD}): the shipped classes, this JVM's java, the page's environment and home. The page's
     * commands of the same environment run one after another in the same JVM ({@link CommandLoop}), as they would in
     * a reader's shell, rather than start one each. Standard output and error come merged as a terminal shows them (or
     * apart, for a pipe's left side).
     */
    private Output separateJvm(ShellLine line, List<String> args, Map<String, String> environment)
            throws IOException, InterruptedException {
        Map<String, String> env = new HashMap<>(bashEnvironment());
        env.putAll(environment);
        env.putAll(line.assignments());
        CommandJvm jvm = jvms.get(env);
        if (jvm == null) {
            jvm = CommandJvm.start(checkout, scratch, home(), env);
            jvms.put(env, jvm);
        }
        CommandJvm.Answer answer = jvm.run(args);
        // a command prints either a result or an error, seldom both; when both, its warnings come after its table
        return new Output(answer.standardOut() + answer.errorOnly(), answer.standardOut(), answer.errorOnly(), answer.exitCode());
    }

    /** Ends the JVMs the page's commands ran in ({@link #separateJvm}). */
    @Override
    public void close() {
        jvms.values().forEach(CommandJvm::close);
        jvms.clear();
    }

    private Output invoke(ShellLine line, List<String> args) {
        String home = line.assignments().getOrDefault("STATLENS_HOME", scratch.resolve("statlens-home").toString());
        String before = System.getProperty("statlens.home");
        // PgJDBC reads ~/.pgpass of the JVM's user; the page's home is in the scratch folder
        String pgpassBefore = System.getProperty(PGPASSFILE);
        System.setProperty(PGPASSFILE, home().resolve(".pgpass").toString());
        StringWriter all = new StringWriter();
        StringWriter standardOut = new StringWriter();
        StringWriter errorOnly = new StringWriter();
        int code;
        System.setProperty("statlens.home", home);
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        thread.setContextClassLoader(ShippedCli.LOADER);
        try {
            code = (int) ShippedCli.EXECUTE.invoke(null, new PrintWriter(new Tee(all, standardOut), true),
                    new PrintWriter(new Tee(all, errorOnly), true), args.toArray(String[]::new));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("statlens " + String.join(" ", args) + " threw", e.getCause());
        } finally {
            thread.setContextClassLoader(context);
            if (before == null) System.clearProperty("statlens.home");
            else System.setProperty("statlens.home", before);
            if (pgpassBefore == null) System.clearProperty(PGPASSFILE);
            else System.setProperty(PGPASSFILE, pgpassBefore);
        }
        return new Output(all.toString(), standardOut.toString(), errorOnly.toString(), code);
    }

    private Result bash(String command, String input) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "(exit " + lastExitCode + ")\n" + command)
                .directory(checkout.toFile())
                .redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.putAll(new HashMap<>(variables));
        env.putAll(bashEnvironment());
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream()) {
            if (input != null) in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        byte[] printed;
        try (InputStream out = p.getInputStream()) {
            printed = out.readAllBytes();
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("bash did not finish within 120 s: " + command);
        }
        return new Result(new String(printed, StandardCharsets.UTF_8), p.exitValue());
    }

    /**
     * What every command of the page finds in its environment: the page's home, its statlens home, UTC, a
     * UTF-8 locale, and this JVM's {@code java} and {@code keytool} first on the PATH.
     */
    private Map<String, String> bashEnvironment() {
        Map<String, String> env = new HashMap<>();
        env.put("HOME", home().toString());
        env.put("STATLENS_HOME", scratch.resolve("statlens-home").toString());
        env.put("TZ", "UTC");
        env.put("LC_ALL", "C.UTF-8");
        env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        return env;
    }

    /** A JVM running {@link CommandLoop} over the shipped command line, in one environment. */
    private static final class CommandJvm {
        private static final Object END = new Object();

        record Answer(int exitCode, String standardOut, String errorOnly) {
        }

        private final Process process;
        private final java.io.BufferedWriter requests;
        /** The answer lines as the JVM writes them, and {@link #END} once its output ends. */
        private final java.util.concurrent.BlockingQueue<Object> answers = new java.util.concurrent.LinkedBlockingQueue<>();

        private CommandJvm(Process process) {
            this.process = process;
            this.requests = new java.io.BufferedWriter(new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
            Thread reader = new Thread(() -> {
                try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l = lines.readLine(); l != null; l = lines.readLine()) answers.add(l);
                } catch (IOException ended) {
                    // the JVM is gone: END tells the waiting command
                } finally {
                    answers.add(END);
                }
            }, "docs-test-jvm-answers");
            reader.setDaemon(true);
            reader.start();
        }

        static CommandJvm start(Path checkout, Path scratch, Path home, Map<String, String> env) throws IOException {
            String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Path loop = copyLoopClass(scratch);
            List<String> command = List.of(javaCommand, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                    "-Duser.timezone=UTC", "-Djava.awt.headless=true", "-Duser.home=" + home,
                    "-cp", ShippedCli.CLASS_PATH + File.pathSeparator + loop, CommandLoop.class.getName());
            ProcessBuilder pb = new ProcessBuilder(command).directory(checkout.toFile());
            pb.environment().putAll(env);
            pb.redirectError(ProcessBuilder.Redirect.appendTo(scratch.resolve("command-jvms.log").toFile()));
            return new CommandJvm(pb.start());
        }

        /** {@link CommandLoop}'s class alone in a folder of its own: the test classes are not the command line's. */
        private static Path copyLoopClass(Path scratch) throws IOException {
            Path folder = scratch.resolve("command-loop");
            Path file = folder.resolve(CommandLoop.class.getName().replace('.', '/') + ".class");
            if (java.nio.file.Files.exists(file)) return folder;
            java.nio.file.Files.createDirectories(file.getParent());
            try (InputStream in = CommandLoop.class.getResourceAsStream(CommandLoop.class.getSimpleName() + ".class")) {
                java.nio.file.Files.copy(in, file);
            }
            return folder;
        }

        Answer run(List<String> args) throws IOException, InterruptedException {
            StringBuilder request = new StringBuilder();
            java.util.Base64.Encoder base64 = java.util.Base64.getEncoder();
            for (String a : args) {
                if (!request.isEmpty()) request.append(' ');
                request.append('-').append(base64.encodeToString(a.getBytes(StandardCharsets.UTF_8)));
            }
            requests.write(request.append('\n').toString());
            requests.flush();
            Object answer = answers.poll(120, TimeUnit.SECONDS);
            if (answer == null) {
                process.destroyForcibly();
                throw new IllegalStateException("statlens did not finish within 120 s: " + String.join(" ", args));
            }
            if (answer == END) throw new IllegalStateException("the JVM of the page's commands ended (see command-jvms.log): " + String.join(" ", args));
            String[] parts = ((String) answer).split(" ", -1);
            java.util.Base64.Decoder decode = java.util.Base64.getDecoder();
            return new Answer(Integer.parseInt(parts[0]), new String(decode.decode(parts[1]), StandardCharsets.UTF_8),
                    new String(decode.decode(parts[2]), StandardCharsets.UTF_8));
        }

        void close() {
            try {
                requests.close();
                if (!process.waitFor(30, TimeUnit.SECONDS)) process.destroyForcibly();
            } catch (IOException | InterruptedException e) {
                process.destroyForcibly();
            }
        }
    }

    /** The command line as shipped: main classes and dependencies, loaded once for every page. */
    private static final class ShippedCli {
        static final ClassLoader LOADER;
        static final Method EXECUTE;
        /** The same classes as a class path, for a JVM of their own. */
        static final String CLASS_PATH;

        static {
            String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
            List<URL> urls = new ArrayList<>();
            List<String> entries = new ArrayList<>();
            for (String entry : classPath.split(File.pathSeparator)) {
                if (entry.isBlank() || Path.of(entry).endsWith(Path.of("target", "test-classes"))) continue;
                entries.add(entry);
                try {
                    urls.add(Path.of(entry).toUri().toURL());
                } catch (MalformedURLException e) {
                    throw new IllegalStateException(e);
                }
            }
            CLASS_PATH = String.join(File.pathSeparator, entries);
            LOADER = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
            // DriverManager hands a caller only drivers of its own class loader, and loads drivers itself once per
            // JVM, through whichever context class loader the first caller had: when another test came first,
            // the command line's Derby and PostgreSQL drivers were never registered. Loading them registers them.
            for (java.sql.Driver driver : java.util.ServiceLoader.load(java.sql.Driver.class, LOADER)) {
                if (driver.getClass().getClassLoader() != LOADER) continue;
                try {
                    java.sql.DriverManager.registerDriver(driver);
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException("cannot register the command line's JDBC driver " + driver, e);
                }
            }
            try {
                EXECUTE = Class.forName("io.statlens.cli.Main", true, LOADER)
                        .getMethod("execute", PrintWriter.class, PrintWriter.class, String[].class);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot load the command line from " + classPath, e);
            }
        }
    }

    /** Writes to two writers at once: the interleaved terminal and one stream's own copy. */
    private static final class Tee extends Writer {
        private final Writer a;
        private final Writer b;

        Tee(Writer a, Writer b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            a.write(cbuf, off, len);
            b.write(cbuf, off, len);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
