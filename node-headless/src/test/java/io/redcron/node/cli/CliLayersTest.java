package io.redcron.node.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The commands work through the operator actions and the ports; only the composition root,
 * {@link CliStores}, knows which stores and drivers are behind them.
 */
class CliLayersTest {

    @Test
    void commandsReachNoDriverOrAdapter() {
        JavaClasses cli = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.redcron.node.cli");
        noClasses().that().resideInAPackage("io.redcron.node.cli..")
                .and().doNotHaveFullyQualifiedName(CliStores.class.getName())
                .should().dependOnClassesThat().resideInAnyPackage("redis.clients..", "java.sql..", "javax.sql..",
                        "com.zaxxer..", "io.redcron.store..")
                .check(cli);
    }
}
