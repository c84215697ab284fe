package io.statlens.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.statlens.bench.Workload;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.timeline.TimeSource;
import io.statlens.store.block.SampleBlock;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.DataTable;
import io.statlens.store.Jdbc;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noCodeUnits;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-way layering of docs/architecture.md, enforced: each rule says why it exists. Every layer must
 * exist and every class must sit in one, so that renaming a package fails the test instead of slipping out
 * of the rules. A class breaks a rule only through {@link AllowedToUse}, which names the packages and says why.
 */
class LayerTest {
    private static final String[] LAYERS = {"model", "parse", "store", "analysis", "chart", "report", "cli", "gui", "bench", "collect"};
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.statlens");
    }

    /** Dependencies an {@link AllowedToUse} permits: of the annotated class, its nested classes and its lambdas. */
    private static final DescribedPredicate<Dependency> ALLOWED = new DescribedPredicate<>("allowed by @AllowedToUse") {
        @Override
        public boolean test(Dependency d) {
            return allowedPackages(d.getOriginClass()).anyMatch(p -> PackageMatcher.of(p).matches(d.getTargetClass().getPackageName()));
        }
    };

    private static Stream<String> allowedPackages(JavaClass c) {
        return enclosing(c).flatMap(k -> exception(k).stream()).flatMap(a -> Arrays.stream((String[]) a.get("value").orElseThrow()));
    }

    /** The class and the classes it is nested in, innermost first. */
    private static Stream<JavaClass> enclosing(JavaClass c) {
        return Stream.iterate(c, k -> k.getEnclosingClass().orElse(null)).takeWhile(Objects::nonNull);
    }

    private static Optional<JavaAnnotation<JavaClass>> exception(JavaClass c) {
        return c.getAnnotations().stream().filter(a -> a.getRawType().isEquivalentTo(AllowedToUse.class)).findFirst();
    }

    /** Depends on a class in one of the packages, other than as its {@link AllowedToUse} permits. */
    private static ArchCondition<JavaClass> useClassesIn(String... packages) {
        return new ArchCondition<>("use classes in " + String.join(", ", packages)) {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                for (Dependency d : c.getDirectDependenciesFromSelf()) {
                    String target = d.getTargetClass().getPackageName();
                    if (Arrays.stream(packages).anyMatch(p -> PackageMatcher.of(p).matches(target)) && !ALLOWED.test(d)) {
                        events.add(SimpleConditionEvent.satisfied(d, d.getDescription()));
                    }
                }
            }
        };
    }

    static ArchRule layers(JavaClasses scope) {
        // model <- parse <- store <- analysis <- chart <- report <- cli, gui; bench beside cli, reached from cli only
        // (statlens bench); collect beside analysis, on parse and store, reached from cli only (statlens collect); only cli
        // starts the gui (statlens gui). A lower layer that reached up would tie parsers
        // to the database or the database to the user interface.
        var layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
        for (String layer : LAYERS) layers = layers.layer(layer).definedBy("io.statlens." + layer + "..");
        for (JavaClass excepted : scope.stream().filter(c -> exception(c).isPresent()).toList()) {
            DescribedPredicate<JavaClass> origin = DescribedPredicate.describe(excepted.getName() + " and its nested classes",
                    c -> enclosing(c).anyMatch(excepted::equals));
            for (String allowed : allowedPackages(excepted).toList()) layers = layers.ignoreDependency(origin, resideInAPackage(allowed));
        }
        layers = layers
                .whereLayer("bench").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("collect").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("gui").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "gui", "bench")
                .whereLayer("chart").mayOnlyBeAccessedByLayers("report", "cli", "gui", "bench")
                .whereLayer("analysis").mayOnlyBeAccessedByLayers("chart", "report", "cli", "gui", "bench")
                .whereLayer("store").mayOnlyBeAccessedByLayers("analysis", "chart", "report", "cli", "gui", "bench", "collect")
                .whereLayer("parse").mayOnlyBeAccessedByLayers("store", "analysis", "chart", "report", "cli", "gui", "bench", "collect");
        return layers;
    }

    static ArchRule everyClassInALayer() {
        // A package outside every layer is outside every rule: a renamed or new package must be placed.
        return classes().that().resideInAPackage("io.statlens..").and().doNotHaveFullyQualifiedName(AllowedToUse.class.getName())
                .should().resideInAnyPackage(Arrays.stream(LAYERS).map(l -> "io.statlens." + l + "..").toArray(String[]::new));
    }

    static ArchRule jdbcAndDerbyOnlyInTheStore() {
        // Parsers stream records to a sink and the GUI asks store and analysis services: SQL engine specifics stay
        // behind the store's dialect seam, so that the store can change engines (Derby is retired upstream).
        return noClasses().that().resideOutsideOfPackage("io.statlens.store..")
                .should(useClassesIn("java.sql..", "javax.sql..", "org.apache.derby.."));
    }

    static ArchRule benchReachedOnlyFromTheCommandLine() {
        // The harness generates data and times things; nothing a user runs, other than statlens bench, may lean on it.
        return noClasses().that().resideOutsideOfPackages("io.statlens.cli..", "io.statlens.bench..")
                .should(useClassesIn("io.statlens.bench.."));
    }

    /**
     * The GUI's composition root ({@code Workbench}, which builds every service once and hands it to the view models)
     * and the classes that choose and open a repository (the application, its Open repository... and Try again
     * windows, and the responsiveness benchmark's WindowDriver, which wires the window over the repository the benchmark opened).
     */
    static final List<String> GUI_ROOT = List.of("io.statlens.gui.Workbench", "io.statlens.gui.StatlensApp",
            "io.statlens.gui.OpenRepositoryViewModel", "io.statlens.gui.UnopenedRepositoryViewModel", "io.statlens.gui.WindowDriver");

    static ArchRule guiSeesTheSchemaOnlyIn(List<String> root) {
        // A view model gets its services handed to it by the composition root, which builds each once over the open
        // repository: one that took the repository would build its own services again (and could not be tested with
        // others). So below the root, and the classes that open a repository, the GUI never sees store.schema (the
        // metric columns the read services hand back are the store's DataTable, in its root).
        DescribedPredicate<JavaClass> inRoot = DescribedPredicate.describe("the composition root " + root,
                c -> enclosing(c).anyMatch(k -> root.contains(k.getName())));
        return noClasses().that().resideInAPackage("io.statlens.gui..").and(not(inRoot)).should(useClassesIn("io.statlens.store.schema.."));
    }

    /**
     * The store types other layers may use, by why they may. Everything else in the store (the block engine, the
     * schema's catalog, views and migrations, the import's session, spills and loaders, the writers of the statistics,
     * JDBC's wrapping) is its own business, so that a room can change inside without a caller changing with it.
     */
    static final Map<String, List<String>> STORE_API = Map.of(
            "what the repository's failures are, for the one-line message and exit code (cli) and the window that offers"
                    + " another repository (gui)",
            List.of("io.statlens.store.StoreException", "io.statlens.store.LockConflict", "io.statlens.store.AccessRefusal",
                    "io.statlens.store.ConnectionLoss", "io.statlens.store.schema.RepositoryInUse",
                    "io.statlens.store.schema.DerbyMessages"),
            "choosing and opening a repository, the one connection every service is built over (the commands, the window's"
                    + " composition root, collect, bench), the template a new one is copied from and the Derby network server"
                    + " (statlens server)",
            List.of("io.statlens.store.schema.Repository", "io.statlens.store.schema.RepositoryLocation",
                    "io.statlens.store.schema.RepositoryTemplate", "io.statlens.store.server.DerbyNetworkServer",
                    "io.statlens.store.server.ServerDatabase", "io.statlens.store.server.ServerFolder"),
            "a data set's table and metric columns, as the read services hand them back (RunCatalog's details, SeriesReader's"
                    + " selections)",
            List.of("io.statlens.store.DataTable"),
            "the benchmark times a data table by its shape and writes its baselines' tables in the engine's types",
            List.of("io.statlens.store.schema.DataTables", "io.statlens.store.schema.SqlDialect", "io.statlens.store.load.CsvBulkLoader"),
            "the import and what else writes runs: a file's import with its request, progress and result, the samples shipped"
                    + " for the demo, a collect's live import, an average's derived run, deleting and copying runs",
            List.of("io.statlens.store.load.ImportService", "io.statlens.store.load.ImportRequest",
                    "io.statlens.store.load.ImportProgress", "io.statlens.store.load.ImportResult",
                    "io.statlens.store.load.ImportTimes", "io.statlens.store.load.BundledSamples",
                    "io.statlens.store.load.LiveImport", "io.statlens.store.load.DerivedRunWriter",
                    "io.statlens.store.load.RunLedger", "io.statlens.store.load.RunCopier"),
            "the answers: runs, series (read alone, or once for several readers of the same rows: a report's findings and"
                    + " charts), a window of time, the user's own SQL, a selection's SQL over its view (the chart shows"
                    + " it), whole keys, running collects; the statistics stored at import and the overviews a chart reads (kept at import or"
                    + " grouped by the database as it reads)",
            List.of("io.statlens.store.read.RunCatalog", "io.statlens.store.read.SeriesReader", "io.statlens.store.read.RowSource",
                    "io.statlens.store.read.RowPass", "io.statlens.store.read.TimeWindow",
                    "io.statlens.store.read.ReadOnlyQuery", "io.statlens.store.read.SelectionQuery",
                    "io.statlens.store.read.WholeKeys", "io.statlens.store.read.ActiveCollects",
                    "io.statlens.store.stats.SeriesStats", "io.statlens.store.stats.SeriesSummary",
                    "io.statlens.store.stats.Moments", "io.statlens.store.stats.StoredStats", "io.statlens.store.stats.Overviews",
                    "io.statlens.store.stats.GroupedOverviews"),
            "what users save: notes on a run, chart presets, dashboards, named time windows",
            List.of("io.statlens.store.saved.AnnotationStore", "io.statlens.store.saved.Annotation",
                    "io.statlens.store.saved.ChartPresets", "io.statlens.store.saved.SavedDashboards",
                    "io.statlens.store.saved.TimeWindows"));

    static ArchRule otherLayersUseOnlyTheStoreTypes(Collection<String> api) {
        // The store's public classes are public for its rooms' sake (Java has no package between public and a package's
        // own); a caller outside the store that reached past its services (a gui that packed blocks, a report that wrote
        // statistics) would tie the engine's inside to the user interface again. Nested types go with their class.
        return noClasses().that().resideOutsideOfPackage("io.statlens.store..")
                .should(new ArchCondition<>("use store types other than those listed in LayerTest.STORE_API") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        for (Dependency d : c.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass();
                            if (!target.getPackageName().startsWith("io.statlens.store") || ALLOWED.test(d)) continue;
                            // by its binary name: a class the import only saw used carries no enclosing class
                            String outermost = target.getName().split("\\$")[0];
                            if (!api.contains(outermost)) events.add(SimpleConditionEvent.satisfied(d, d.getDescription()));
                        }
                    }
                });
    }

    /** The constant pool entry of the text {@code time.source}: tag 1 (UTF-8), its length, its bytes. */
    private static final byte[] TIME_SOURCE_CONSTANT = constant("time.source");

    private static byte[] constant(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(3 + utf8.length).put((byte) 1).putShort((short) utf8.length).put(utf8).array();
    }

    /** Writes a fact to a sink: calls a {@link RecordSink}'s {@code fact}, on the interface or a sink of its own. */
    private static final DescribedPredicate<JavaClass> WRITE_FACTS = DescribedPredicate.describe("write facts to a sink",
            c -> c.getMethodCallsFromSelf().stream().anyMatch(call -> call.getName().equals("fact")
                    && call.getTargetOwner().isAssignableTo(RecordSink.class)));

    /** Holds the text {@code time.source} among its class file's constants, however the source spelled it. */
    static boolean namesTheTimeSource(JavaClass c) {
        URI classFile = c.getSource().orElseThrow(() -> new AssertionError("no class file for " + c.getName())).getUri();
        try (InputStream in = classFile.toURL().openStream()) {
            byte[] bytes = in.readAllBytes();
            return indexOf(bytes, TIME_SOURCE_CONSTANT) >= 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int k = 0; k < part.length; k++) if (bytes[i + k] != part[k]) continue outer;
            return i;
        }
        return -1;
    }

    static ArchRule onlyTheTimelineWritesTheTimeSource() {
        // Every tool, and every collector to come, says how its times were obtained the same way: through the one
        // timeline, which alone composes the time.source fact and the notices about assumed times. So no class
        // outside parse.timeline that could write it (the parse layer, or any class that hands a sink a fact) may
        // name it. The class file is read because javac copies a string constant into each class that uses it:
        // there is no field access to see.
        return noClasses().that().resideOutsideOfPackage("io.statlens.parse.timeline..")
                .and(resideInAPackage("io.statlens.parse..").or(WRITE_FACTS))
                .should(new ArchCondition<>("name the time.source fact") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        if (namesTheTimeSource(c)) events.add(SimpleConditionEvent.satisfied(c, c.getName() + " names time.source"));
                    }
                });
    }

    @Test
    void layersDependOnlyDownwards() {
        layers(classes).check(classes);
    }

    @Test
    void everyClassSitsInALayer() {
        everyClassInALayer().check(classes);
    }

    @Test
    void jdbcAndDerbyStayInTheStore() {
        jdbcAndDerbyOnlyInTheStore().check(classes);
    }

    @Test
    void onlyTheCommandLineReachesTheBenchmarks() {
        benchReachedOnlyFromTheCommandLine().check(classes);
    }

    @Test
    void theGuiSeesTheRepositoryOnlyInItsCompositionRoot() {
        guiSeesTheSchemaOnlyIn(GUI_ROOT).check(classes);
    }

    @Test
    void theStoreRoomsDependOneWay() {
        // block <- schema <- read <- stats, saved <- load: the block engine packs and unpacks samples and knows no table
        // or view; the repository's shape knows no pipeline; reading never needs the import, the statistics written at
        // import or what users save; the statistics and the things users save know nothing of each other or the import.
        noClasses().that().resideInAPackage("io.statlens.store.block..").should(useClassesIn("io.statlens.store.schema..",
                "io.statlens.store.read..", "io.statlens.store.stats..", "io.statlens.store.saved..", "io.statlens.store.load..")).check(classes);
        noClasses().that().resideInAPackage("io.statlens.store.schema..").should(useClassesIn("io.statlens.store.read..",
                "io.statlens.store.stats..", "io.statlens.store.saved..", "io.statlens.store.load..")).check(classes);
        noClasses().that().resideInAPackage("io.statlens.store.read..").should(useClassesIn("io.statlens.store.stats..",
                "io.statlens.store.saved..", "io.statlens.store.load..")).check(classes);
        noClasses().that().resideInAPackage("io.statlens.store.stats..")
                .should(useClassesIn("io.statlens.store.saved..", "io.statlens.store.load..")).check(classes);
        noClasses().that().resideInAPackage("io.statlens.store.saved..")
                .should(useClassesIn("io.statlens.store.stats..", "io.statlens.store.load..")).check(classes);
    }

    @Test
    void otherLayersUseOnlyTheStoreTypesListed() {
        otherLayersUseOnlyTheStoreTypes(STORE_API.values().stream().flatMap(List::stream).toList()).check(classes);
    }

    @Test
    void theStoreSpeaksNoJdbcToItsCallers() {
        // Callers see StoreException (the repository failed) or UserException, never JDBC's checked SQLException,
        // which would make them import java.sql only to wrap it again. The one exception is the JDBC work that Jdbc
        // itself wraps (its Work and Call, public for the rooms in other packages), which no caller outside the store
        // reaches (STORE_API).
        DescribedPredicate<JavaClass> wrappedByJdbc = DescribedPredicate.describe("the work Jdbc wraps",
                c -> c.getEnclosingClass().map(e -> e.isEquivalentTo(Jdbc.class)).orElse(false));
        noCodeUnits().that().arePublic().and().areDeclaredInClassesThat().arePublic()
                .and().areDeclaredInClassesThat().resideInAPackage("io.statlens.store..")
                .and().areDeclaredInClassesThat(not(wrappedByJdbc))
                .should().declareThrowableOfType(SQLException.class)
                .check(classes);
    }

    @Test
    void onlyTheCommandLinePrintsToTheConsole() {
        // Everything else reports through return values, sinks and progress callbacks, so the GUI can show it.
        noClasses().that().resideOutsideOfPackage("io.statlens.cli..")
                .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
                .check(classes);
    }

    @Test
    void onlyTheTimelineWritesTheTimeSourceFact() {
        assertTrue(namesTheTimeSource(classes.get(TimeSource.class)), "the timeline's own class names it: the check reads something");
        onlyTheTimelineWritesTheTimeSource().check(classes);
    }

    @Test
    void everyExceptionSaysWhyAndIsNeeded() {
        List<JavaClass> annotated = classes.stream().filter(c -> exception(c).isPresent()).toList();
        assertTrue(!annotated.isEmpty(), "the benchmark's window driver is an exception; finding none means the check reads nothing");
        for (JavaClass c : annotated) assertSaysWhyAndIsNeeded(c);
    }

    private static void assertSaysWhyAndIsNeeded(JavaClass c) {
        JavaAnnotation<JavaClass> a = exception(c).orElseThrow();
        String reason = (String) a.get("reason").orElseThrow();
        assertTrue(reason.strip().length() >= 20, c.getName() + ": @AllowedToUse must say why (reason = \"" + reason + "\")");
        for (String allowed : (String[]) a.get("value").orElseThrow()) {
            boolean used = classes.stream().filter(k -> enclosing(k).anyMatch(c::equals)).flatMap(k -> k.getDirectDependenciesFromSelf().stream())
                    .anyMatch(d -> PackageMatcher.of(allowed).matches(d.getTargetClass().getPackageName()));
            assertTrue(used, c.getName() + ": @AllowedToUse(\"" + allowed + "\") is not needed; remove it");
        }
    }

    /** What the rules must catch, built from the real classes and a few of this test's own. */
    @Test
    void theRulesFailWhenTheCodeBreaksThem() {
        // Renaming gui: its classes leave every layer, so the layer is empty and they sit in none.
        JavaClasses renamedGui = classes.that(not(resideInAPackage("io.statlens.gui..")));
        AssertionError empty = assertThrows(AssertionError.class, () -> layers(renamedGui).check(renamedGui));
        assertTrue(empty.getMessage().contains("Layer 'gui' is empty"), empty.getMessage());
        JavaClasses strays = new ClassFileImporter().importClasses(JdbcOutsideTheStore.class, BenchOutsideTheCommandLine.class);
        assertThrows(AssertionError.class, () -> everyClassInALayer().check(new ClassFileImporter().importClasses(Stray.class)));
        AssertionError jdbc = assertThrows(AssertionError.class, () -> jdbcAndDerbyOnlyInTheStore().check(strays));
        assertTrue(jdbc.getMessage().contains(JdbcOutsideTheStore.class.getName()), jdbc.getMessage());
        AssertionError bench = assertThrows(AssertionError.class, () -> benchReachedOnlyFromTheCommandLine().check(strays));
        assertTrue(bench.getMessage().contains(BenchOutsideTheCommandLine.class.getName()), bench.getMessage());
        // A fact named time.source written by hand, outside the timeline, is refused; another fact is not.
        JavaClasses byHand = new ClassFileImporter().importClasses(TimeSourceByHand.class, RecordSink.class);
        AssertionError timeSource = assertThrows(AssertionError.class, () -> onlyTheTimelineWritesTheTimeSource().check(byHand));
        assertTrue(timeSource.getMessage().contains(TimeSourceByHand.class.getName() + " names time.source"), timeSource.getMessage());
        onlyTheTimelineWritesTheTimeSource().check(new ClassFileImporter().importClasses(OtherFact.class, RecordSink.class));
        // Without its composition root, the GUI's own classes that build services over the repository break the rule.
        AssertionError root = assertThrows(AssertionError.class, () -> guiSeesTheSchemaOnlyIn(List.of()).check(classes));
        assertTrue(root.getMessage().contains("io.statlens.gui.Workbench"), root.getMessage());
        // A class outside the store that reaches past the listed store types into a room's inside is refused.
        JavaClasses pastTheServices = new ClassFileImporter().importClasses(StoreInsideOutside.class, StoreServiceOutside.class);
        List<String> api = STORE_API.values().stream().flatMap(List::stream).toList();
        AssertionError inside = assertThrows(AssertionError.class, () -> otherLayersUseOnlyTheStoreTypes(api).check(pastTheServices));
        assertTrue(inside.getMessage().contains(StoreInsideOutside.class.getName()) && inside.getMessage().contains("SampleBlock")
                && !inside.getMessage().contains(StoreServiceOutside.class.getName()), inside.getMessage());
        // An exception with its reason lets the class through; one without a reason is refused.
        jdbcAndDerbyOnlyInTheStore().check(new ClassFileImporter().importClasses(ExplainedJdbc.class));
        JavaClass unexplained = new ClassFileImporter().importClasses(UnexplainedJdbc.class).get(UnexplainedJdbc.class);
        AssertionError why = assertThrows(AssertionError.class, () -> assertSaysWhyAndIsNeeded(unexplained));
        assertTrue(why.getMessage().startsWith(UnexplainedJdbc.class.getName() + ": @AllowedToUse must say why"), why.getMessage());
    }

    static final class JdbcOutsideTheStore {
        Connection connection;
    }

    static final class BenchOutsideTheCommandLine {
        Workload workload;
    }

    static final class Stray {
    }

    static final class StoreInsideOutside {
        SampleBlock block;
    }

    static final class StoreServiceOutside {
        RunCatalog catalog;
        DataTable.MetricColumn column;
    }

    static final class TimeSourceByHand {
        void write(RecordSink sink) {
            sink.fact("time.source", "banner date 2019-10-09 + printed time of day");
        }
    }

    static final class OtherFact {
        void write(RecordSink sink) {
            sink.fact("host", "db01");
        }
    }

    @AllowedToUse(value = "java.sql..", reason = "a test of the exception mechanism itself")
    static final class ExplainedJdbc {
        Connection connection;
    }

    @AllowedToUse(value = "java.sql..", reason = "")
    static final class UnexplainedJdbc {
        Connection connection;
    }
}
