package io.redcron.desktop;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Keeps the desktop's layers apart: only the session (the composition root of a connection)
 * knows drivers and adapters; screens work on ports and operator actions; view models know
 * JavaFX properties but no controls; a controller never reaches into another.
 */
class DesktopArchitectureTest {
    private static JavaClasses desktop;

    @BeforeAll
    static void importClasses() {
        desktop = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.redcron.desktop");
    }

    @Test
    void onlyTheSessionKnowsDriversPoolsAndAdapters() {
        ArchRule rule = noClasses().that().resideInAPackage("io.redcron.desktop..")
                .and().resideOutsideOfPackage("io.redcron.desktop.session..")
                .should().dependOnClassesThat().resideInAnyPackage("redis.clients..", "java.sql..", "com.zaxxer..",
                        "io.redcron.store..");
        rule.check(desktop);
    }

    /** Chart series ({@code javafx.scene.chart}) are data a chart binds to, as lists and properties are. */
    @Test
    void viewModelsUseNoControls() {
        ArchRule rule = noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene.control..", "javafx.scene.layout..",
                        "javafx.scene.image..", "javafx.stage..", "javafx.fxml..", "org.controlsfx..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("javafx.scene.Node");
        rule.check(desktop);
    }

    @Test
    void noControllerDependsOnAnother() {
        DescribedPredicate<JavaClass> controller = DescribedPredicate.describe("a controller",
                type -> type.getSimpleName().endsWith("Controller"));
        ArchRule rule = noClasses().that(controller).should().dependOnClassesThat(controller);
        rule.check(desktop);
    }
}
