package io.statlens.analysis;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.load.ScriptedParser;
import io.statlens.store.schema.Repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Imports hand-written runs through the scripted test parser, and reads numbers back with SQL. */
final class ScriptedRuns {
    private final Repository repo;
    private final Path dir;

    ScriptedRuns(Repository repo, Path dir) {
        this.repo = repo;
        this.dir = dir;
    }

    /** Imports a run from scripted lines ({@code columns a b}, {@code 1700000000 key 1 2}, {@code summary tps 1}...). */
    void run(String name, String... lines) {
        try {
            Path f = Files.writeString(dir.resolve(name + ".txt"), "#scripted\n" + String.join("\n", lines) + "\n");
            new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser())))
                    .run(ImportRequest.of(name, ZoneOffset.UTC, f), ImportProgress.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A row per sample: {@code base + i * step} seconds, key, then the values of each metric at i. */
    static String[] series(long base, int step, String key, double[]... metrics) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < metrics[0].length; i++) {
            StringBuilder line = new StringBuilder().append(base + (long) i * step).append(' ').append(key);
            for (double[] m : metrics) line.append(' ').append(m[i]);
            out.add(line.toString());
        }
        return out.toArray(String[]::new);
    }

    /** Rows of a query, each as a list of strings (numbers as Java prints doubles). */
    List<List<String>> rows(String sql) {
        List<List<String>> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) row.add(String.valueOf(rs.getObject(i)));
                out.add(row);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    double number(String sql) {
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getDouble(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
