package io.statlens.cli;

import io.statlens.parse.ParserCatalog;

import java.io.PrintWriter;

/**
 * The commands' way to the parsers: the installation's catalog, with a warning on stderr for each user
 * definition that could not be loaded (the other parsers still work).
 */
final class InstalledParsers {
    private InstalledParsers() {
    }

    static ParserCatalog load(PrintWriter err) {
        ParserCatalog catalog = ParserCatalog.installed();
        for (String problem : catalog.problems()) err.println("statlens: warning: " + problem + " (this parser is left out)");
        err.flush();
        return catalog;
    }
}
