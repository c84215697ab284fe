package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.parse.ParserRegistry;
import io.statlens.parse.spi.Parser;
import io.statlens.store.RepositoryLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code statlens parsers}: every parser known, built-in and declarative, with its variants. */
@Command(name = "parsers", mixinStandardHelpOptions = true,
        description = "List the parsers (built-in and declarative, including ~/.statlens/parsers) and their variants.")
public final class ParsersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ParserRegistry registry = ParserRegistry.load(RepositoryLocation.statlensHome().resolve("parsers"));
        TextTable t = new TextTable(ReadableNumbers.ROOT, "TOOL", "KIND", "VERSION", "VARIANTS");
        for (Parser p : registry.all()) {
            String kind = p.getClass().getPackageName().contains(".declarative") ? "declarative" : "built-in";
            t.add(p.tool(), kind, p.version(), String.join("; ", p.variants()));
        }
        t.print(out);
        return ExitCodes.OK;
    }
}
