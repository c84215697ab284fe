package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.ParserInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/**
 * {@code statlens parsers}: every parser known, built-in and declarative, with its version, source and
 * variants; a user definition that could not be loaded is a warning naming its file and line.
 */
@Command(name = "parsers", mixinStandardHelpOptions = true,
        description = "List the parsers (built-in and declarative, including ~/.statlens/parsers) and their variants.")
public final class ParsersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        ParserCatalog catalog = InstalledParsers.load(spec.commandLine().getErr());
        TextTable t = new TextTable(ReadableNumbers.ROOT, "TOOL", "VERSION", "SOURCE", "VARIANTS");
        for (Parser p : catalog.all()) {
            ParserInfo info = p.info();
            t.add(info.tool(), info.version(), info.source(), String.join("; ", info.variants()));
        }
        t.print(out);
        return ExitCodes.OK;
    }
}
