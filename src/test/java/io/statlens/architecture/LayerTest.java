package io.statlens.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

/**
 * The one-way layering of docs/architecture.md, enforced: each rule says why it exists.
 */
class LayerTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.statlens");
    }

    @Test
    void layersDependOnlyDownwards() {
        // model <- parse <- store <- analysis <- chart <- report <- cli, gui (cli only launches the gui: statlens gui).
        // A lower layer that reached up
        // would tie parsers to the database or the database to the user interface.
        layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("model").definedBy("io.statlens.model..")
                .layer("parse").definedBy("io.statlens.parse..")
                .layer("store").definedBy("io.statlens.store..")
                .layer("analysis").definedBy("io.statlens.analysis..")
                .layer("chart").definedBy("io.statlens.chart..")
                .layer("report").definedBy("io.statlens.report..")
                .layer("cli").definedBy("io.statlens.cli..")
                .layer("gui").definedBy("io.statlens.gui..")
                .whereLayer("gui").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("report").mayOnlyBeAccessedByLayers("cli", "gui")
                .whereLayer("chart").mayOnlyBeAccessedByLayers("report", "cli", "gui")
                .whereLayer("analysis").mayOnlyBeAccessedByLayers("chart", "report", "cli", "gui")
                .whereLayer("store").mayOnlyBeAccessedByLayers("analysis", "chart", "report", "cli", "gui")
                .whereLayer("parse").mayOnlyBeAccessedByLayers("store", "analysis", "chart", "report", "cli", "gui")
                .check(classes);
    }

    @Test
    void parsersNeverSeeJdbc() {
        // Parsers stream records to a sink; keeping SQL out of them is what lets the store change engines.
        noClasses().that().resideInAnyPackage("io.statlens.model..", "io.statlens.parse..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..", "org.apache.derby..")
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
    void derbySpecificsStayBehindTheDialectSeam() {
        // Derby is retired upstream: only its dialect classes may name it.
        noClasses().that().resideOutsideOfPackage("io.statlens.store..")
                .should().dependOnClassesThat().resideInAPackage("org.apache.derby..")
                .check(classes);
    }

    @Test
    void theGuiBuildsNoSql() {
        // The GUI asks store and analysis services; SQL strings in views would bypass the dialect seam.
        noClasses().that().resideInAPackage("io.statlens.gui..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..")
                .allowEmptyShould(true)
                .check(classes);
    }
}
