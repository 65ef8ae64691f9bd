package io.redcron.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The inner layers of shared (operator actions, ports, domain, the cron engine) know no driver,
 * pool, adapter or UI toolkit: that is what lets the CLI and the desktop share them, and tests
 * drive them with in-memory ports.
 */
class LayersTest {
    private static final String[] DRIVERS_AND_ADAPTERS = {"redis.clients..", "java.sql..", "javax.sql..",
            "com.mysql..", "com.zaxxer..", "org.flywaydb..", "io.redcron.store..", "javafx..", "com.cronutils.."};

    private static JavaClasses shared;

    @BeforeAll
    static void importShared() {
        shared = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.redcron");
    }

    @Test
    void operatorActionsUseOnlyPortsAndDomain() {
        check(noClasses().that().resideInAPackage("io.redcron.ops..")
                .should().dependOnClassesThat().resideInAnyPackage(DRIVERS_AND_ADAPTERS));
    }

    @Test
    void portsNameNoDriverType() {
        check(noClasses().that().resideInAPackage("io.redcron.port..")
                .should().dependOnClassesThat().resideInAnyPackage(DRIVERS_AND_ADAPTERS));
    }

    @Test
    void domainAndScheduleStandAlone() {
        check(noClasses().that().resideInAnyPackage("io.redcron.domain..", "io.redcron.schedule..",
                        "io.redcron.workflow..")
                .should().dependOnClassesThat().resideInAnyPackage(DRIVERS_AND_ADAPTERS));
    }

    @Test
    void noLayerReachesForTheOperatorActions() {
        check(noClasses().that().resideInAnyPackage("io.redcron.port..", "io.redcron.domain..",
                        "io.redcron.schedule..", "io.redcron.workflow..", "io.redcron.store..")
                .should().dependOnClassesThat().resideInAPackage("io.redcron.ops.."));
    }

    private static void check(ArchRule rule) {
        rule.check(shared);
    }
}
