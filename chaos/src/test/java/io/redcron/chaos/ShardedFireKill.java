package io.redcron.chaos;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;

/**
 * SIGKILL of the leader and of a worker while a sharded fire's shards run (six shards of 2 s
 * every 5 s): the dead worker's shards run elsewhere, a new leader goes on splitting and settling.
 * Each fire must end as one parent with exactly its six shards, each ended once (or recorded
 * skipped with its reason), and the parent's status the aggregate of theirs.
 */
final class ShardedFireKill implements Fault {
    private static final String TASK = "sharded";
    private static final int SHARDS = 6;
    private static final Set<RunStatus> FAILURES = EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT);

    private final List<String> problems = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "sharded-fire-kill";
    }

    @Override
    public String description() {
        return "SIGKILL of the leader and of a worker running shards of a sharded fire (6 shards of 2 s every 5 s);"
                + " each fire ends with its six shards, each ended once, and their aggregate";
    }

    @Override
    public void inject(Cluster cluster) {
        cluster.workload().addSharded(cluster.taskStore(), TASK, SHARDS);
        long taskId = cluster.workload().task(TASK).id();
        await(cluster.name() + ": a shard running").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(100))
                .ignoreExceptions().until(() -> runningShard(cluster, taskId).isPresent());
        RunRow shard = runningShard(cluster, taskId).orElseThrow();
        NodeProcess leader = cluster.awaitLeader();
        leader.kill();
        Optional<NodeProcess> worker = cluster.node(shard.node()).filter(NodeProcess::isAlive);
        worker.ifPresent(NodeProcess::kill);
        System.out.println(name() + ": killed leader " + leader.id() + worker.map(node -> " and worker " + node.id())
                .orElse(" (it ran the shard)") + " while run " + shard.id() + " ran");
        cluster.replace(leader);
        worker.ifPresent(cluster::replace);
        Holds.hold(Duration.ofSeconds(15));
    }

    private static Optional<RunRow> runningShard(Cluster cluster, long taskId) {
        return cluster.rows().stream().filter(row -> row.taskId() == taskId && row.triggerType().equals("SHARD")
                && row.status().equals("RUNNING") && row.node() != null).findFirst();
    }

    @Override
    public List<String> problems() {
        List<String> reported = List.copyOf(problems);
        problems.clear();
        return reported;
    }

    @Override
    public List<String> checks(Cluster cluster) {
        List<String> violations = new ArrayList<>();
        long taskId = cluster.workload().task(TASK).id();
        Effects effects = cluster.effects();
        int fires = 0;
        for (RunRow row : cluster.rows()) {
            if (row.taskId() != taskId || !row.triggerType().equals("CRON")) {
                continue;
            }
            fires++;
            Run parent = cluster.runStore().get(row.id()).orElseThrow();
            List<Run> shards = cluster.runStore().shards(parent);
            violations.addAll(check(parent, shards, effects));
        }
        if (fires == 0) {
            violations.add(TASK + ": no fire was recorded");
        }
        return violations;
    }

    /** What one fire of the sharded task must have come to. */
    static List<String> check(Run parent, List<Run> shards, Effects effects) {
        List<String> violations = new ArrayList<>();
        String fire = TASK + " fire at " + parent.scheduledAt() + " (run " + parent.id() + ")";
        if (parent.status() == RunStatus.SKIPPED && parent.shardTotal() == 0) {
            if (!shards.isEmpty() || parent.error() == null) {
                violations.add(fire + ": skipped with " + shards.size() + " shards and reason " + parent.error());
            }
            return violations;
        }
        if (parent.shardTotal() != SHARDS || shards.size() != SHARDS) {
            violations.add(fire + ": " + shards.size() + " shard rows, split into " + parent.shardTotal() + ", not "
                    + SHARDS);
            return violations;
        }
        boolean failed = false;
        boolean cancelled = false;
        for (int index = 0; index < SHARDS; index++) {
            Run shard = shards.get(index);
            if (shard.shardIndex() != index || shard.trigger() != TriggerType.SHARD) {
                violations.add(fire + ": shard " + index + " is run " + shard.id() + " with index " + shard.shardIndex());
            }
            if (!shard.status().isFinal()) {
                violations.add(fire + ": shard " + index + " (run " + shard.id() + ") is still " + shard.status());
            }
            int ends = effects.ends(shard.id()).size();
            if (shard.status() == RunStatus.SUCCEEDED && ends == 0) {
                violations.add(fire + ": shard " + index + " (run " + shard.id() + ") succeeded but never ran");
            }
            // More than one execution only for an attempt recorded lost (its node died).
            if (ends > 1 + shard.lostAttempts() + Math.max(0, shard.attempt() - 1)) {
                violations.add(fire + ": shard " + index + " (run " + shard.id() + ") ran " + ends + " times");
            }
            if (shard.status() == RunStatus.SKIPPED && (shard.error() == null || ends > 0)) {
                violations.add(fire + ": shard " + index + " (run " + shard.id() + ") skipped without a reason, or ran");
            }
            failed |= FAILURES.contains(shard.status());
            cancelled |= shard.status() == RunStatus.CANCELLED;
        }
        RunStatus expected = failed ? RunStatus.FAILED : cancelled ? RunStatus.CANCELLED
                : shards.stream().allMatch(shard -> shard.status() == RunStatus.SKIPPED) ? RunStatus.SKIPPED
                : RunStatus.SUCCEEDED;
        if (parent.status() != expected) {
            violations.add(fire + ": ended " + parent.status() + ", its shards say " + expected
                    + (parent.error() == null ? "" : " (" + parent.error() + ")"));
        }
        return violations;
    }
}
