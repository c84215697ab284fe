package io.statlens.cli;

import io.statlens.model.SummaryValue;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.saved.ChartPresets;
import io.statlens.store.read.DatasetChecksum;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.saved.SavedDashboards;
import io.statlens.store.schema.Repository;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What a repository holds for its user, one fact a line: its runs, each data set's rows (count and checksum), the
 * statistics stored at import, summary values, notes, saved chart presets and saved dashboards. Written beside a
 * release's repository when it is made ({@link ReleaseRepository}) and compared, line by line, with the same repository
 * opened by a later statlens ({@link ReleaseUpgradeTest}): a line that is gone is data an upgrade lost or changed.
 * Lines of kinds added here later are simply not in an older snapshot; a kind is never changed once released.
 */
final class RepositorySnapshot {
    private RepositorySnapshot() {
    }

    static List<String> of(Repository repo) {
        List<String> lines = new ArrayList<>();
        RunCatalog catalog = new RunCatalog(repo);
        AnnotationStore notes = new AnnotationStore(repo);
        for (RunCatalog.RunInfo run : catalog.runs()) {
            lines.add(line("run", run.name(), "host=" + run.host(), "start=" + run.start(), "tags=" + run.tags(),
                    "files=" + run.files(), "rows=" + run.rows()));
            RunCatalog.RunDetails details = catalog.details(run.name());
            for (RunCatalog.FileInfo f : details.files()) {
                lines.add(line("file", run.name(), fileName(f.path()), "bytes=" + f.sizeBytes(), "sha256=" + f.sha256(),
                        "parser=" + f.parser()));
            }
            for (RunCatalog.DatasetInfo d : details.datasets()) {
                lines.add(line("dataset", run.name(), d.qualifiedName(), "key=" + d.keyLabel(), "rows=" + d.rows(),
                        "first=" + d.first(), "last=" + d.last(), "checksum=" + DatasetChecksum.of(repo, d.id())));
            }
            for (SummaryValue v : catalog.summary(catalog.id(run.name()))) lines.add(line("summary", run.name(), v.dataset(), v.key(), v.name(), v.value() + " " + v.unit()));
            for (Annotation a : notes.list(run.name())) lines.add(line("note", run.name(), a.time().toString(), a.text()));
        }
        lines.addAll(rows("stats", "SELECT RUN, DATASET, ITEM, LABEL, UNIT, N, MIN_V, MAX_V, MEAN_V, STDDEV_V, P50, P90, P95, P99"
                + " FROM V_STATS ORDER BY RUN, DATASET, ITEM, LABEL", repo));
        for (ChartPresets.SavedPreset p : new ChartPresets(repo).list()) lines.add(line("preset", p.name(), p.definition()));
        for (SavedDashboards.Saved d : new SavedDashboards(repo).list()) {
            lines.add(line("dashboard", d.name(), "runs=" + d.runs(), d.charts()));
        }
        return lines;
    }

    /** The file's name: the fixture's paths are those of the machine it was made on. */
    private static String fileName(String path) {
        return path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    }

    private static List<String> rows(String kind, String sql, Repository repo) {
        List<String> out = new ArrayList<>();
        try (Statement s = repo.connection().createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                List<String> cells = new ArrayList<>();
                cells.add(kind);
                for (int i = 1; i <= md.getColumnCount(); i++) cells.add(md.getColumnLabel(i) + "=" + rs.getString(i));
                out.add(line(cells.toArray(String[]::new)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** Fields separated by tabs; a tab, line break or backslash inside one is escaped, so that a fact is one line. */
    private static String line(String... fields) {
        List<String> escaped = new ArrayList<>();
        for (String f : fields) {
            escaped.add(String.valueOf(f).replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n"));
        }
        return String.join("\t", escaped);
    }
}
