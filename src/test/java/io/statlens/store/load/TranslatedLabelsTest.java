package io.statlens.store.load;

import io.statlens.parse.Corpus;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.DataTable;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A run whose vmstat printed its header in German and one in English land in the same columns; the German
 * labels stay with the German run's data set.
 */
class TranslatedLabelsTest {
    private Repository repo;
    private ImportService importer;

    @BeforeEach
    void open() {
        repo = Repository.open(RepositoryLocation.memory("labels" + UUID.randomUUID()));
        importer = new ImportService(repo, ParserCatalog.load(Path.of("target", "no-user-parsers")));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    private void importRun(String run, String file) {
        importer.run(ImportRequest.of(run, ZoneOffset.UTC, Corpus.root().resolve("vmstat/" + file)), ImportProgress.NONE);
    }

    @Test
    void germanAndEnglishRunsShareColumnsAndKeepWhatWasPrinted() {
        importRun("en", "procps-4.0.2-C-vmstat-wt.txt");
        importRun("de", "procps-4.0.2-de-vmstat-wt.txt");

        DataTable vmstat = repo.tables().table("VMSTAT").orElseThrow();
        assertEquals(List.of("r", "b", "swpd", "free", "buff", "cache", "si", "so", "bi", "bo", "in", "cs", "us", "sy", "id",
                "wa", "st", "gu"), vmstat.metrics().stream().map(DataTable.MetricColumn::label).toList(), "no column for 'frei' or 'Cache'");
        assertEquals("KiB", vmstat.metrics().get(3).unit());

        RunCatalog catalog = new RunCatalog(repo);
        RunCatalog.DatasetInfo german = catalog.details("de").datasets().get(0);
        assertEquals(Map.of("FREE", "frei", "CACHE", "Cache"), german.printed());
        assertEquals("frei", german.printedLabel(vmstat.metrics().get(3)));
        assertEquals("swpd", german.printedLabel(vmstat.metrics().get(2)));
        assertEquals(Map.of(), catalog.details("en").datasets().get(0).printed());
    }
}
