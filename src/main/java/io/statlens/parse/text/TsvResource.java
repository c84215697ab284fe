package io.statlens.parse.text;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A table shipped beside a class (a tool's translations, sadf's JSON fields): UTF-8, tab-separated, lines starting
 * with {@code #} and blank lines left out. A missing table or a row of the wrong width is a build mistake, so it
 * fails at once rather than leave a parser reading half a table.
 */
public final class TsvResource {
    private TsvResource() {
    }

    /** The rows of the table {@code name} beside {@code owner}, each with exactly {@code fields} fields. */
    public static List<String[]> rows(Class<?> owner, String name, int fields) {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String row;
            while ((row = reader.readLine()) != null) {
                if (row.isBlank() || row.startsWith("#")) continue;
                String[] f = row.split("\t", -1);
                if (f.length != fields) throw new IllegalStateException(name + ": expected " + fields + " fields, found: " + row);
                rows.add(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
