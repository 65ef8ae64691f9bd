package io.redcron.chaos;

import org.awaitility.core.ConditionTimeoutException;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import static org.awaitility.Awaitility.await;

/**
 * Runs the workload on a cluster, injects faults, waits for recovery, stops the workload and
 * checks the invariants. Timeouts are generous: the machine may be busy with other builds.
 */
final class ScenarioRunner {
    /** Fires this close to the moment the tasks are disabled are not checked: the scheduler may not have reached them. */
    private static final Duration CUTOFF_MARGIN = Duration.ofSeconds(5);

    private ScenarioRunner() {
    }

    /** One fault: steady state, the fault, recovery, then the checks. */
    static Verdict run(Cluster cluster, Fault fault) {
        return run(cluster, fault, fault::inject, () -> {
            List<String> problems = new ArrayList<>(fault.problems());
            problems.addAll(fault.checks(cluster));
            return problems;
        });
    }

    static Verdict run(Cluster cluster, Fault setup, Consumer<Cluster> faults, Supplier<List<String>> extraProblems) {
        List<String> problems = new ArrayList<>();
        cluster.createWorkload();
        setup.startNodes(cluster);
        cluster.awaitLeader();
        await(cluster.name() + ": every task succeeds before the fault").atMost(Cluster.PATIENCE)
                .pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                .until(() -> cluster.everyTaskSucceededSince(Instant.EPOCH));

        faults.accept(cluster);
        Instant faultEnd = Instant.now();

        Duration recovery = Cluster.PATIENCE;
        try {
            await(cluster.name() + ": recovery").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions().until(() -> cluster.everyRunBeforeFinal(faultEnd)
                            && cluster.everyTaskSucceededSince(faultEnd));
            recovery = Duration.between(faultEnd, Instant.now());
        } catch (ConditionTimeoutException e) {
            problems.add("no recovery within " + Cluster.PATIENCE.toMinutes() + " min after the fault");
        }

        Instant cutoff = Instant.now().minus(CUTOFF_MARGIN);
        cluster.disableWorkload();
        try {
            await(cluster.name() + ": every run final").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions().until(() -> cluster.rows().stream().allMatch(RunRow::isFinal)
                            && cluster.queueState().pendingDeliveries() == 0 && cluster.queueState().delayedRetries() == 0);
        } catch (ConditionTimeoutException e) {
            problems.add("runs or deliveries still open " + Cluster.PATIENCE.toMinutes() + " min after the workload stopped");
        }
        for (NodeProcess node : cluster.nodes()) {
            if (!node.isAlive()) {
                problems.add("node " + node.id() + " died (see " + node.log() + ")");
            }
        }
        problems.addAll(extraProblems.get());

        Verdict verdict = Invariants.check(cluster.workload().tasks(), cluster.rows(), cluster.effects(), cutoff,
                cluster.queueState()).withRecovery(recovery);
        List<String> all = new ArrayList<>(problems);
        all.addAll(verdict.violations());
        return new Verdict(verdict.firesExpected(), verdict.runs(), verdict.lost(), verdict.doubled(),
                verdict.lostAttempts(), verdict.reExecutions(), verdict.recovery(), List.copyOf(all));
    }
}
