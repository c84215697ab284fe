package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.store.schema.DerbyMessages;
import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code statlens} command: one subcommand class per verb.
 *
 * <p>Start-up cost is paid only for the verb used: picocli builds a command's model by reflecting over
 * its options, which loads the classes their types and converters name (the store, analysis, chart and
 * report layers behind them). So only the subcommand a command line names is modelled in full; the
 * others are listed by name and description, read from their {@code @Command} annotation, which is
 * all that {@code --help} and picocli's "did you mean" need.
 */
@Command(name = "statlens", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Load performance-tool output into a repository, then query, export and compare it.")
public final class Main implements Runnable {
    /** The subcommands, in the order {@code --help} lists them. */
    static final List<Class<?>> COMMANDS = List.of(ImportCommand.class, RunsCommand.class, ShowCommand.class,
            ParsersCommand.class, DeleteCommand.class, QueryCommand.class, ExportCommand.class, StatsCommand.class,
            TopCommand.class, NoteCommand.class, WindowCommand.class, AverageCommand.class, CompareCommand.class, CorrelateCommand.class,
            FindingsCommand.class, ChartCommand.class, PresetsCommand.class, ReportCommand.class, CopyCommand.class, DemoCommand.class,
            BenchCommand.class, GuiCommand.class, ServerCommand.class, CollectCommand.class);

    @CommandLine.Spec
    CommandSpec spec;

    @CommandLine.Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "Show stack traces of errors.")
    boolean debug;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        LocalZone.get();
        // Started without arguments (a double-click on the jar) on a desktop: open the window.
        if (args.length == 0 && !java.awt.GraphicsEnvironment.isHeadless()) args = new String[]{"gui"};
        int code = execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
        System.exit(code);
    }

    /** Runs a command line with the given streams and returns the exit code (for tests, too). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        routeDerbyMessages();
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine cl = commandLine(args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("statlens: " + RepositoryLocation.redact(ex.getMessage()));
            String command = qualifiedName(ex.getCommandLine());
            err.println("see: statlens " + (command.isEmpty() ? "" : command + " ") + "--help");
            err.flush();
            return ExitCodes.USER_ERROR;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            UserException user = userCause(ex);
            if (user != null) {
                err.println("statlens: " + RepositoryLocation.redact(user.getMessage()));
                if (debug) err.print(redactedTrace(user));
                err.flush();
                return ExitCodes.USER_ERROR;
            }
            java.util.Optional<String> busy = io.statlens.store.LockConflict.in(ex);
            if (busy.isPresent()) {
                err.println("statlens: the repository is busy: " + RepositoryLocation.redact(busy.get())
                        + " (another client's work holds what this command needs; run it again once that is done)");
                err.flush();
                return ExitCodes.USER_ERROR;
            }
            java.util.Optional<String> denied = io.statlens.store.AccessRefusal.in(ex);
            if (denied.isPresent()) {
                err.println("statlens: not permitted: " + RepositoryLocation.redact(denied.get())
                        + " (this user may read the repository but not change it)");
                err.flush();
                return ExitCodes.USER_ERROR;
            }
            java.util.Optional<String> lost = io.statlens.store.ConnectionLoss.in(ex);
            if (lost.isPresent()) {
                err.println("statlens: lost the repository's server: " + RepositoryLocation.redact(lost.get())
                        + "; it was stopped or shut down during the command, and what the command had not finished was not kept"
                        + (debug ? "" : " (run with --debug for details)"));
                if (debug) err.print(redactedTrace(ex));
                err.flush();
                return ExitCodes.INTERNAL_ERROR;
            }
            DerbyMessages.keep();
            err.println("statlens: internal error: " + RepositoryLocation.redact(ex.toString()) + (debug ? "" : " (run with --debug for details)"));
            if (debug) err.print(redactedTrace(ex));
            err.flush();
            return ExitCodes.INTERNAL_ERROR;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands errors through; the work was abandoned, its repository closed on the way out.
            DerbyMessages.keep();
            err.println(outOfMemory(Runtime.getRuntime().maxMemory(), System.getProperty("jpackage.app-path") != null));
            if (debug) e.printStackTrace(err);
            err.flush();
            return ExitCodes.INTERNAL_ERROR;
        } catch (StackOverflowError e) {
            // an internal error like any other (exit 2, no trace without --debug); picocli hands errors through
            DerbyMessages.keep();
            err.println(STACK_OVERFLOW + (debug ? "" : " (run with --debug for details)"));
            if (debug) e.printStackTrace(err);
            err.flush();
            return ExitCodes.INTERNAL_ERROR;
        }
    }

    /** What to say when the work nested deeper than the thread's stack (an input's deep nesting, found by a sweep). */
    static final String STACK_OVERFLOW = "statlens: internal error: the work nested deeper than Java's stack allows"
            + " (a stack overflow); please report it with the input";

    /**
     * Points embedded Derby's messages at {@link DerbyMessages} (which writes them beside the repository, and only
     * when they matter), unless the user chose where they go (derby.stream.error.style, file, method or field, the
     * first of which Derby takes). Derby reads this once, when its engine boots; set here, before any command runs,
     * no command leaves a derby.log in the working directory, whichever way it reaches Derby. DerbyMessages.FIELD is
     * a constant, copied here by javac: --help still loads no class of the store.
     */
    private static void routeDerbyMessages() {
        for (String chosen : List.of("style", "file", "method", "field")) {
            if (System.getProperty("derby.stream.error." + chosen) != null) return;
        }
        System.setProperty("derby.stream.error.field", DerbyMessages.FIELD);
    }

    /**
     * What to say when the heap ran out: its limit, and how to raise it (the launcher's default is small on purpose).
     * The installed package's launcher (jpackage's, which sets jpackage.app-path) reads no STATLENS_JAVA_OPTS; the
     * JVM's own _JAVA_OPTIONS comes after its options, so that its -Xmx wins (docs/install.md).
     */
    static String outOfMemory(long maxHeapBytes, boolean packaged) {
        return "statlens: out of memory: the Java heap is limited to " + (maxHeapBytes >> 20) + " MiB; give it more, e.g."
                + (packaged ? " _JAVA_OPTIONS=-Xmx2g statlens ..."
                        : " STATLENS_JAVA_OPTS=-Xmx2g statlens ... (or java -Xmx2g -jar statlens.jar ...)");
    }

    /**
     * The command line for these arguments: the subcommands they name modelled in full, the others
     * listed only (see the class comment).
     */
    static CommandLine commandLine(String... args) {
        Set<String> full = namedCommands(args);
        CommandLine cl = new CommandLine(new Main());
        for (Class<?> type : COMMANDS) {
            Command command = type.getAnnotation(Command.class);
            boolean modelled = full == null || full.contains(command.name());
            cl.addSubcommand(command.name(), modelled ? type : listing(command), command.aliases());
        }
        cl.addSubcommand(CommandLine.HelpCommand.class);
        return cl;
    }

    /**
     * The subcommands the arguments name, found the way picocli will: the first argument that is not
     * one of this command's options (all of which start with '-'), and for {@code help X} also X.
     * Null (model all) when an {@code @file} argument may hold the command.
     */
    private static Set<String> namedCommands(String[] args) {
        Map<String, String> byName = new HashMap<>();
        for (Class<?> type : COMMANDS) {
            Command command = type.getAnnotation(Command.class);
            byName.put(command.name(), command.name());
            for (String alias : command.aliases()) byName.put(alias, command.name());
        }
        Set<String> named = new HashSet<>();
        boolean afterHelp = false;
        for (String arg : args) {
            if (arg.equals("--")) break;
            if (arg.startsWith("@")) return null;
            if (arg.startsWith("-")) continue;
            if (!afterHelp && arg.equals("help")) {
                afterHelp = true;
                continue;
            }
            if (byName.containsKey(arg)) named.add(byName.get(arg));
            break;
        }
        return named;
    }

    /** A subcommand as {@code --help} lists it: name, aliases, header and description, nothing to run. */
    private static CommandSpec listing(Command command) {
        CommandSpec spec = CommandSpec.create().name(command.name()).aliases(command.aliases());
        spec.usageMessage().header(command.header()).description(command.description()).hidden(command.hidden());
        return spec;
    }

    /** A stack trace with every password of a JDBC URL in it replaced: passwords are never printed. */
    private static String redactedTrace(Throwable t) {
        java.io.StringWriter trace = new java.io.StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        return RepositoryLocation.redact(trace.toString());
    }

    private static String qualifiedName(CommandLine cl) {
        String name = cl.getCommandSpec().qualifiedName(" ");
        return name.startsWith("statlens ") ? name.substring("statlens ".length()) : "";
    }

    private static UserException userCause(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof UserException u) return u;
        }
        return null;
    }

    /** Version from the jar manifest, or "development" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[]{"statlens " + (v == null ? "development" : v)};
        }
    }
}
