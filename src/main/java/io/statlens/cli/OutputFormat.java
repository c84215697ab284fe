package io.statlens.cli;

/** Output formats of {@code query} and {@code export}. */
enum OutputFormat {
    table, csv, json
}
