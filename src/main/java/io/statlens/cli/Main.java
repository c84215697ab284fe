package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.store.schema.RepositoryLocation;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.Arrays;

/** The {@code statlens} command: one subcommand class per verb. */
@Command(name = "statlens", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Load performance-tool output into a repository, then query, export and compare it.",
        subcommands = {ImportCommand.class, RunsCommand.class, ShowCommand.class, ParsersCommand.class, DeleteCommand.class,
                QueryCommand.class, ExportCommand.class, StatsCommand.class, TopCommand.class, NoteCommand.class,
                AverageCommand.class, CompareCommand.class, CorrelateCommand.class, ChartCommand.class, PresetsCommand.class,
                ReportCommand.class, CopyCommand.class, DemoCommand.class, BenchCommand.class, GuiCommand.class, ServerCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

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
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine cl = new CommandLine(new Main());
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
            err.println("statlens: internal error: " + RepositoryLocation.redact(ex.toString()) + (debug ? "" : " (run with --debug for details)"));
            if (debug) err.print(redactedTrace(ex));
            err.flush();
            return ExitCodes.INTERNAL_ERROR;
        });
        return cl.execute(args);
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
