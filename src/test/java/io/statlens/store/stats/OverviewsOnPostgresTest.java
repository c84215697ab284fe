package io.statlens.store.stats;

import io.statlens.bench.MpstatWorkload;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Overviews are kept for a key of 131,072 samples or more (128 a bucket, 1,024 buckets at least): on PostgreSQL, which
 * stores rows, their rebuild read the rows without their keys, and an import of such a series failed (found with
 * {@code bench --db} at 100 M rows: 257 CPUs of 389,105 samples each). 10 M rows of 257 CPUs keep none.
 */
class OverviewsOnPostgresTest {
    private static final int SAMPLES = 131_072;

    @Test
    void aKeyedSeriesLongEnoughForOverviewsImportsWithThemPerKey(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("mpstat.txt");
        MpstatWorkload.write(file, 1, SAMPLES, 7);
        try (Repository repo = Repository.open(RepositoryEngine.POSTGRES.freshRepository())) {
            new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")))
                    .run(ImportRequest.of("long", ZoneOffset.UTC, file), ImportProgress.NONE);
            Map<String, Long> overviewRowsByKey = new TreeMap<>();
            try (PreparedStatement ps = repo.connection().prepareStatement("SELECT ITEM, COUNT(*) FROM OVERVIEWS GROUP BY ITEM");
                 ResultSet rs = ps.executeQuery()) {
                while (rs.next()) overviewRowsByKey.put(rs.getString(1), rs.getLong(2));
            }
            assertEquals(Set.of("0", "all"), overviewRowsByKey.keySet(), "overviews of both keys: " + overviewRowsByKey);
        }
    }
}
