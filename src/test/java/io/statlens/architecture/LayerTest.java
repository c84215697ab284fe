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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
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
    private static final String[] LAYERS = {"model", "parse", "store", "analysis", "chart", "report", "cli", "gui", "bench"};
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
        // (statlens bench); only cli starts the gui (statlens gui). A lower layer that reached up would tie parsers
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
                .whereLayer("gui").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "gui", "bench")
                .whereLayer("chart").mayOnlyBeAccessedByLayers("report", "cli", "gui", "bench")
                .whereLayer("analysis").mayOnlyBeAccessedByLayers("chart", "report", "cli", "gui", "bench")
                .whereLayer("store").mayOnlyBeAccessedByLayers("analysis", "chart", "report", "cli", "gui", "bench")
                .whereLayer("parse").mayOnlyBeAccessedByLayers("store", "analysis", "chart", "report", "cli", "gui", "bench");
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
    void theStoreRoomsDependOneWay() {
        // schema <- read <- load: the repository's shape knows no pipeline, and reading never needs the import.
        noClasses().that().resideInAPackage("io.statlens.store.schema..")
                .should(useClassesIn("io.statlens.store.load..", "io.statlens.store.read..")).check(classes);
        noClasses().that().resideInAPackage("io.statlens.store.read..")
                .should(useClassesIn("io.statlens.store.load..")).check(classes);
    }

    @Test
    void theStoreSpeaksNoJdbcToItsCallers() {
        // Callers see StoreException (the repository failed) or UserException, never JDBC's checked SQLException,
        // which would make them import java.sql only to wrap it again.
        noCodeUnits().that().arePublic().and().areDeclaredInClassesThat().arePublic()
                .and().areDeclaredInClassesThat().resideInAPackage("io.statlens.store..")
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

    @AllowedToUse(value = "java.sql..", reason = "a test of the exception mechanism itself")
    static final class ExplainedJdbc {
        Connection connection;
    }

    @AllowedToUse(value = "java.sql..", reason = "")
    static final class UnexplainedJdbc {
        Connection connection;
    }
}
