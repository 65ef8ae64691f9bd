package io.redcron.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;

/**
 * SIGKILL of the node running the long {@code forbid} task, late in its run (2.5 s of 3): the
 * run's attempt is lost with its side effect half done. Its re-run must go first, and the task's
 * next fires wait behind it; none of them may be skipped in its place.
 */
final class ForbidRunKill implements Fault {
    private static final String TASK = "long-exclusive";
    private static final Duration INTO_THE_RUN = Duration.ofMillis(2500);
    /** Later than this into the run it may end before the kill lands: wait for the next run. */
    private static final Duration TOO_LATE = Duration.ofMillis(2850);

    private final Duration after;
    private final List<LostRunGoesFirst.Killed> killed = new CopyOnWriteArrayList<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    /** @param after how long the fault lasts after the kill: the fires that wait behind the re-run */
    ForbidRunKill(Duration after) {
        this.after = after;
    }

    @Override
    public String name() {
        return "forbid-run-kill";
    }

    @Override
    public String description() {
        return "SIGKILL of the node running the forbid task (3 s runs every 5 s), 2.5 s into a run; its re-run must go"
                + " before the fires that wait behind it";
    }

    @Override
    public void inject(Cluster cluster) {
        Workload.Planned task = cluster.workload().task(TASK);
        for (int tries = 0; tries < 5; tries++) {
            RunRow running = awaitRunStarting(cluster, task);
            Instant killAt = running.startedAt().plus(INTO_THE_RUN);
            await("2.5 s into run " + running.id()).atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20))
                    .until(() -> !Instant.now().isBefore(killAt));
            Optional<NodeProcess> node = cluster.node(running.node()).filter(NodeProcess::isAlive);
            boolean stillRunning = cluster.rows().stream().anyMatch(row -> row.id() == running.id()
                    && row.status().equals("RUNNING") && row.attempt() == running.attempt());
            if (node.isEmpty() || !stillRunning || Instant.now().isAfter(running.startedAt().plus(TOO_LATE))) {
                continue;
            }
            node.get().kill();
            killed.add(new LostRunGoesFirst.Killed(running.id(), running.attempt()));
            System.out.println(name() + ": killed " + node.get().id() + " 2.5 s into attempt " + running.attempt()
                    + " of run " + running.id());
            cluster.replace(node.get());
            Holds.hold(after);
            return;
        }
        problems.add(name() + ": no run of " + TASK + " could be killed mid-run in five tries");
    }

    /** A run of the task that began within the last second, on a live node. */
    private static RunRow awaitRunStarting(Cluster cluster, Workload.Planned task) {
        await(cluster.name() + ": a run of " + TASK + " starting").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(100))
                .ignoreExceptions().until(() -> runStarting(cluster, task).isPresent());
        return runStarting(cluster, task).orElseThrow();
    }

    private static Optional<RunRow> runStarting(Cluster cluster, Workload.Planned task) {
        Instant recently = Instant.now().minusSeconds(1);
        return cluster.rows().stream().filter(row -> row.taskId() == task.id() && row.status().equals("RUNNING")
                        && row.startedAt() != null && row.startedAt().isAfter(recently)
                        && cluster.node(row.node()).filter(NodeProcess::isAlive).isPresent())
                .findFirst();
    }

    @Override
    public List<String> problems() {
        List<String> reported = List.copyOf(problems);
        problems.clear(); // each problem is reported once, however often the soak injects the fault
        return reported;
    }

    @Override
    public List<String> checks(Cluster cluster) {
        if (killed.isEmpty()) {
            return List.of();
        }
        return LostRunGoesFirst.check(cluster.workload().task(TASK), List.copyOf(killed), cluster.rows(), cluster.effects());
    }
}
