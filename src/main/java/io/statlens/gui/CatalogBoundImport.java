package io.statlens.gui;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportService;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The import service bound to the installed parser catalogue, for the window's imports. The catalogue is loaded once
 * per state of the user's parser folder ({@link ParserCatalog#load} keeps it) and the service is built once per
 * catalogue, so that the plan detects with the same parsers the import then uses, and a definition saved while the
 * window is open is used by the next import, as before.
 */
final class CatalogBoundImport {
    private final Supplier<ParserCatalog> installed;
    private final Function<ParserCatalog, ImportService> bind;
    private ParserCatalog bound;
    private ImportService service;

    /**
     * @param installed the catalogue as it is now ({@link ParserCatalog#installed}, or a fixed one in tests)
     * @param bind      the import service over the window's repository, for a catalogue
     */
    CatalogBoundImport(Supplier<ParserCatalog> installed, Function<ParserCatalog, ImportService> bind) {
        this.installed = installed;
        this.bind = bind;
    }

    /** The catalogue as it is now (read in the background: it may read the user's definitions). */
    synchronized ParserCatalog catalog() {
        ParserCatalog now = installed.get();
        if (now != bound) {
            bound = now;
            service = null;
        }
        return now;
    }

    /** The import service over the catalogue as it is now. */
    synchronized ImportService service() {
        ParserCatalog now = catalog();
        if (service == null) service = bind.apply(now);
        return service;
    }
}
