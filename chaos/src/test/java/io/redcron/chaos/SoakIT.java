package io.redcron.chaos;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The long mode ({@code -Dchaos.mode=soak}): one cluster under the workload for
 * {@code chaos.soak.minutes} (30 by default), a random fault every 20 to 60 seconds, then the
 * same recovery and checks as the quick scenarios. The seed is printed so a run can be repeated
 * ({@code -Dchaos.seed=...}).
 */
@EnabledIfSystemProperty(named = "chaos.mode", matches = "soak")
class SoakIT {
    private static ChaosSettings settings;
    private static MariaDbServer mariaDb;

    @BeforeAll
    static void startMariaDb() {
        settings = ChaosSettings.fromSystemProperties();
        mariaDb = MariaDbServer.start(settings.workDir().resolve("mariadb-soak"));
    }

    @AfterAll
    static void publish() {
        if (mariaDb != null) {
            mariaDb.close();
        }
        Results.regenerate(settings.reliabilityDoc(), settings.results());
    }

    @Test
    void randomFaultsForHalfAnHourKeepEveryFireExactlyOnce() {
        long seed = Long.getLong("chaos.seed", System.nanoTime());
        System.out.println("soak seed " + seed);
        Random random = new Random(seed);
        List<Fault> faults = Faults.soakable();
        List<String> injected = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Instant started = Instant.now();
        Instant end = started.plus(settings.soakLength());
        Fault plain = Faults.workerKill(0);
        Verdict verdict;
        try (Cluster cluster = new Cluster("soak", settings, mariaDb)) {
            verdict = ScenarioRunner.run(cluster, plain, c -> {
                while (Instant.now().isBefore(end)) {
                    Holds.hold(Duration.ofSeconds(20 + random.nextInt(41))); // faults at random times
                    Fault fault = faults.get(random.nextInt(faults.size()));
                    System.out.println("soak: " + Instant.now() + " " + fault.name());
                    injected.add(fault.name());
                    fault.inject(c);
                    problems.addAll(fault.problems());
                }
            }, () -> {
                // Faults that leave something to check keep what they did on each injection.
                List<String> all = new ArrayList<>(problems);
                faults.stream().filter(fault -> injected.contains(fault.name())).forEach(fault -> all.addAll(fault.checks(cluster)));
                return all;
            });
        }
        String description = settings.soakLength().toMinutes() + " min, " + injected.size()
                + " faults at random times (seed " + seed + ")";
        Results.write(settings.results(), new Results.Row(100, "soak", description, "soak", verdict,
                Duration.between(started, Instant.now()), Instant.now()));
        System.out.println("soak: " + injected + " -> " + verdict);
        assertThat(verdict.violations()).as("soak: broken invariants").isEmpty();
    }
}
