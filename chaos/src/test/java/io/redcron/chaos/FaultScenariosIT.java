package io.redcron.chaos;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quick mode: each fault once, on a fresh cluster of three node processes, about a minute
 * each. Every scenario is its own test and writes its own results file; the table in
 * docs/RELIABILITY.md is regenerated from them at the end.
 */
@DisabledIfSystemProperty(named = "chaos.mode", matches = "soak", disabledReason = "the soak (SoakIT) runs instead")
class FaultScenariosIT {
    private static ChaosSettings settings;
    private static MariaDbServer mariaDb;

    @BeforeAll
    static void startMariaDb() {
        settings = ChaosSettings.fromSystemProperties();
        mariaDb = MariaDbServer.start(settings.workDir().resolve("mariadb"));
    }

    @AfterAll
    static void publish() {
        if (mariaDb != null) {
            mariaDb.close();
        }
        if (settings != null) {
            Results.regenerate(settings.reliabilityDoc(), settings.results());
        }
    }

    @TestFactory
    Stream<DynamicTest> eachFaultKeepsEveryFireExactlyOnce() {
        List<DynamicTest> tests = new ArrayList<>();
        List<Fault> faults = Faults.quick();
        List<String> only = List.of(System.getProperty("chaos.only", "").split(",")).stream().map(String::trim)
                .filter(name -> !name.isEmpty()).toList();
        for (int i = 0; i < faults.size(); i++) {
            Fault fault = faults.get(i);
            int order = i + 1;
            if (!only.isEmpty() && !only.contains(fault.name())) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(fault.name(), () -> runScenario(order, fault)));
        }
        return tests.stream();
    }

    private static void runScenario(int order, Fault fault) {
        Instant started = Instant.now();
        Verdict verdict;
        try (Cluster cluster = new Cluster(fault.name(), settings, mariaDb, fault.nodeSettings())) {
            verdict = ScenarioRunner.run(cluster, fault);
        }
        Results.write(settings.results(), new Results.Row(order, fault.name(), fault.description(), "quick", verdict,
                Duration.between(started, Instant.now()), Instant.now()));
        System.out.println(fault.name() + ": " + verdict);
        assertThat(verdict.violations()).as(fault.name() + ": broken invariants").isEmpty();
    }
}
