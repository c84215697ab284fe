package io.statlens.cli;

import io.statlens.analysis.ReadableNumbers;
import picocli.CommandLine.Option;

/** {@code --locale TAG}: the style of the numbers in printed tables, shared by the commands that print them. */
public final class NumberOptions {
    @Option(names = "--locale", paramLabel = "TAG", defaultValue = "${env:STATLENS_LOCALE}",
            description = "Numbers in tables as this locale writes them: de-DE (1.234,5), fr, system (the JVM's locale);"
                    + " default root: 1,234.5, or $STATLENS_LOCALE. CSV and JSON keep full precision regardless.")
    String locale;

    ReadableNumbers numbers() {
        return ReadableNumbers.parse(locale);
    }
}
