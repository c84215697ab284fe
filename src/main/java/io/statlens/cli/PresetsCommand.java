package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.chart.PresetCatalog;
import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code statlens presets}: the named chart definitions, built-in and saved in the repository: list
 * them, show one as text, save an edited one, delete a saved one.
 */
@Command(name = "presets", mixinStandardHelpOptions = true,
        description = {"List, show, save and delete chart presets (named chart definitions).",
                "Without a subcommand: list. To edit a preset, show it into a file, change " +
                        "it and save it (under its own name to replace a built-in one).",
                "The format is described in docs/charts.md."},
        subcommands = {PresetsCommand.ListPresets.class, PresetsCommand.Show.class, PresetsCommand.Save.class,
                PresetsCommand.Delete.class})
public final class PresetsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RepositoryOptions repository;

    @Override
    public Integer call() {
        return list(repository, null, spec.commandLine().getOut());
    }

    /** Built-in presets, and saved ones if the repository exists (listing never creates one). */
    static int list(RepositoryOptions repository, String tool, PrintWriter out) {
        List<PresetCatalog.Preset> presets;
        if (repository.location().exists()) {
            try (Repository repo = repository.openExisting()) {
                presets = new PresetCatalog(repo).list();
            }
        } else {
            presets = new PresetCatalog(null).list();
        }
        TextTable t = new TextTable(ReadableNumbers.ROOT, "NAME", "KIND", "DATA", "ORIGIN", "DESCRIPTION");
        for (PresetCatalog.Preset p : presets) {
            String data = p.definition().isSql() ? "sql" : p.definition().tool() == null ? "" : p.definition().tool();
            boolean ofTool = data.equals(tool) || data.startsWith(tool + ".") || p.name().startsWith(tool + ".");
            if (tool != null && !ofTool) continue;
            t.add(p.name(), p.definition().kind().id(), data, p.origin().text(), p.definition().description());
        }
        t.print(out);
        return ExitCodes.OK;
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the presets (built-in and saved).")
    static final class ListPresets implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RepositoryOptions repository;

        @Option(names = "--tool", paramLabel = "T", description = "Only presets of this tool or data set.")
        String tool;

        @Override
        public Integer call() {
            return list(repository, tool, spec.commandLine().getOut());
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Print a preset's definition as text.")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RepositoryOptions repository;

        @Parameters(paramLabel = "NAME", description = "Preset name.")
        String name;

        @Override
        public Integer call() {
            PresetCatalog.Preset preset;
            if (repository.location().exists()) {
                try (Repository repo = repository.openExisting()) {
                    preset = find(new PresetCatalog(repo), name);
                }
            } else {
                preset = find(new PresetCatalog(null), name);
            }
            spec.commandLine().getOut().print(preset.text());
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }

        private static PresetCatalog.Preset find(PresetCatalog catalog, String name) {
            return catalog.find(name).orElseThrow(() -> new UserException("no chart preset named '" + name
                    + "' (statlens presets lists them)"));
        }
    }

    @Command(name = "save", mixinStandardHelpOptions = true, description = "Save a definition from a file as a named preset.")
    static final class Save implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RepositoryOptions repository;

        @Parameters(paramLabel = "NAME", description = "Preset name: lower-case letters, digits, '.', '_', '-'.")
        String name;

        @Option(names = "--from-file", paramLabel = "F", required = true, description = "The definition (- for standard input).")
        String file;

        @Override
        public Integer call() throws IOException {
            String text;
            try {
                text = file.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                        : Files.readString(Path.of(file), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                throw new UserException("--from-file " + file + ": no such file");
            }
            try (Repository repo = repository.open()) {
                PresetCatalog.Preset saved = new PresetCatalog(repo).save(name, text, file);
                spec.commandLine().getOut().println("saved chart preset '" + saved.name() + "'"
                        + (saved.origin() == PresetCatalog.Origin.SAVED_OVER_BUILT_IN ? " (replaces the built-in one)" : ""));
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Delete a saved preset.")
    static final class Delete implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        RepositoryOptions repository;

        @Parameters(paramLabel = "NAME", description = "Preset name.")
        String name;

        @Override
        public Integer call() {
            try (Repository repo = repository.openExisting()) {
                new PresetCatalog(repo).delete(name);
                spec.commandLine().getOut().println("deleted chart preset '" + name + "'");
            }
            return ExitCodes.OK;
        }
    }
}
