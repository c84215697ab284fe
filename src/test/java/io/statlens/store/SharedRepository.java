package io.statlens.store;

import io.statlens.store.load.RunLedger;
import io.statlens.store.saved.ChartPresets;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.saved.SavedDashboards;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.EnumMap;
import java.util.Map;
import java.util.UUID;

/**
 * One in-memory repository for all the tests of a class, emptied after each test: booting Derby and
 * migrating a fresh repository for every test method cost more than most tests themselves. Emptied means
 * no run (and so no data set, row, annotation...), no chart preset and no saved dashboard; the data tables and their metric
 * catalog stay, as they stay in a user's repository when runs are deleted. Register it as a static field:
 * {@code @RegisterExtension static final SharedRepository shared = new SharedRepository();}. A class whose
 * tests only read what its {@code @BeforeAll} imported keeps it: {@link #keptBetweenTests()}.
 *
 * <p>A class that runs {@link OnEveryEngine} takes one repository per engine, {@link #repository(RepositoryEngine)},
 * each opened on first use and emptied and closed like the embedded one.
 */
public final class SharedRepository implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {
    private final boolean emptied;
    private final Map<RepositoryEngine, Repository> repos = new EnumMap<>(RepositoryEngine.class);
    private String testClass;

    /** Emptied after each test. */
    public SharedRepository() {
        this(true);
    }

    private SharedRepository(boolean emptied) {
        this.emptied = emptied;
    }

    /** For tests that only read: what the class imported before its tests stays for all of them. */
    public static SharedRepository keptBetweenTests() {
        return new SharedRepository(false);
    }

    /** The embedded repository of the running test class. */
    public Repository repository() {
        return repository(RepositoryEngine.DERBY);
    }

    /** The running test class's repository on that engine, opened on first use. */
    public synchronized Repository repository(RepositoryEngine engine) {
        if (testClass == null) throw new IllegalStateException("the shared repository is opened before the class's tests; register it static");
        return repos.computeIfAbsent(engine, e -> Repository.open(e == RepositoryEngine.DERBY
                ? RepositoryLocation.memory(testClass + UUID.randomUUID()) : e.freshRepository()));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        testClass = context.getRequiredTestClass().getSimpleName();
    }

    /** Undoes what a test left uncommitted and, unless kept, leaves the repository as a new one: no runs, no presets. */
    @Override
    public synchronized void afterEach(ExtensionContext context) {
        for (Repository repo : repos.values()) {
            repo.rollback();
            if (!emptied) continue;
            RunLedger ledger = new RunLedger(repo);
            for (RunCatalog.RunInfo run : new RunCatalog(repo).runs()) ledger.deleteRun(run.name());
            ChartPresets presets = new ChartPresets(repo);
            for (ChartPresets.SavedPreset preset : presets.list()) presets.delete(preset.name());
            SavedDashboards dashboards = new SavedDashboards(repo);
            for (SavedDashboards.Saved dashboard : dashboards.list()) dashboards.delete(dashboard.name());
        }
    }

    @Override
    public synchronized void afterAll(ExtensionContext context) {
        repos.values().forEach(Repository::close);
        repos.clear();
        testClass = null;
    }
}
