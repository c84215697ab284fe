package io.statlens.chart;

import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.model.UserException;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@OnEveryEngine
class PresetCatalogTest {
    private final RepositoryEngine engine;

    PresetCatalogTest(RepositoryEngine engine) {
        this.engine = engine;
    }

    private Repository repo;
    private PresetCatalog catalog;

    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @BeforeEach
    void open() {
        repo = shared.repository(engine);
        catalog = new PresetCatalog(repo);
    }

    @Test
    void saveShowDeleteRoundTrip() {
        String text = "# my disks\nname = ignored\nkind = line\ntool = iostat\nmetric = %util\nkey = sda\n";
        PresetCatalog.Preset saved = catalog.save("db.disks", text, "disks.chart");
        assertEquals(PresetCatalog.Origin.SAVED, saved.origin());
        PresetCatalog.Preset shown = catalog.find("db.disks").orElseThrow();
        assertEquals("name = db.disks\n# my disks\nkind = line\ntool = iostat\nmetric = %util\nkey = sda\n", shown.text(),
                "the text as written, comments kept, under the saved name");
        assertEquals(List.of("sda"), shown.definition().keys());
        assertEquals(shown.definition(), ChartDefinitionFormat.parseOne(shown.text(), "shown"),
                "what show prints saves back unchanged");

        catalog.save("db.disks", shown.text().replace("key = sda", "key = sdb"), "edited");
        assertEquals(List.of("sdb"), catalog.find("db.disks").orElseThrow().definition().keys(), "saving again replaces");

        catalog.delete("db.disks");
        assertFalse(catalog.find("db.disks").isPresent());
        assertEquals("no saved preset named 'db.disks'",
                assertThrows(UserException.class, () -> catalog.delete("db.disks")).getMessage());
    }

    @Test
    void aSavedPresetReplacesTheBuiltInOneOfItsNameUntilDeleted() {
        ChartDefinition builtIn = catalog.find("iostat.util").orElseThrow().definition();
        assertEquals(8, builtIn.top());
        String edited = ChartDefinitionFormat.write(builtIn).replace("top = 8", "top = 3");
        PresetCatalog.Preset mine = catalog.save("iostat.util", edited, "f");
        assertEquals(PresetCatalog.Origin.SAVED_OVER_BUILT_IN, mine.origin());
        assertEquals(3, catalog.find("iostat.util").orElseThrow().definition().top());
        assertEquals(1, catalog.list().stream().filter(p -> p.name().equals("iostat.util")).count());
        catalog.delete("iostat.util");
        assertEquals(8, catalog.find("iostat.util").orElseThrow().definition().top(), "the built-in one is back");
        assertEquals("'iostat.util' is a built-in preset; only saved presets can be deleted",
                assertThrows(UserException.class, () -> catalog.delete("iostat.util")).getMessage());
    }

    @Test
    void badDefinitionsAndNamesAreRefusedAndNothingIsSaved() {
        assertEquals("f:1: unknown chart kind 'pie'; expected one of: line, area, heatmap, overlay, bars",
                assertThrows(UserException.class, () -> catalog.save("x", "kind = pie\nmetric = a", "f")).getMessage());
        assertTrue(assertThrows(UserException.class, () -> catalog.save("My Chart", "metric = a", "f")).getMessage()
                .startsWith("preset name 'My Chart': expected lower-case letters"));
        assertFalse(catalog.find("x").isPresent());
    }

    @Test
    void aToolNameStandsForAllItsPresetsAndRunsGetThePresetsOfTheirDataSets() {
        assertEquals(List.of("vmstat.cpu", "vmstat.procs", "vmstat.memory", "vmstat.io", "vmstat.system", "vmstat.swap",
                        "vmstat.disk", "vmstat.disk-io"),
                catalog.resolve("vmstat").stream().map(PresetCatalog.Preset::name).toList());
        assertEquals(List.of("iostat.cpu", "sysbench.tps", "sysbench.qps", "sysbench.latency", "sysbench.errors", "sysbench.fileio",
                        "sysbench.memory", "sysbench.result"),
                catalog.applicable(List.of("sysbench", "iostat.cpu")).stream().map(PresetCatalog.Preset::name).toList());
        assertTrue(assertThrows(UserException.class, () -> catalog.resolve("nope")).getMessage()
                .startsWith("no chart preset named 'nope'"));
    }
}
