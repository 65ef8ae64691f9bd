package io.redcron.chaos;

import io.redcron.store.redis.RedisKeys;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XPendingParams;
import org.awaitility.core.ConditionTimeoutException;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;

/**
 * Two entries no node wrote, added to the live stream of the workload's group: one whose
 * {@code run} is not a number, one without a {@code run} field. Each must be logged, acknowledged
 * and deleted, and the leader's duties that read the stream must keep working: a worker is killed
 * right after (the reaper must recover its runs), and a manual run is recorded in MySQL only, as
 * if Redis had lost its entry (the reconciler must queue it).
 */
final class MalformedEntries implements Fault {
    private static final String GROUP = "default";
    private static final Duration CLEARED_WITHIN = Duration.ofSeconds(60);

    private final List<String> problems = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "malformed-entry";
    }

    @Override
    public String description() {
        return "two malformed entries (run 'not-a-number', no run field) added to the live group stream, then a worker"
                + " SIGKILLed and a run recorded in MySQL only";
    }

    @Override
    public void inject(Cluster cluster) {
        RedisKeys keys = cluster.keys();
        String stream = keys.stream(GROUP);
        StreamEntryID notANumber = cluster.redisClient().xadd(stream, XAddParams.xAddParams(), Map.of("run", "not-a-number"));
        StreamEntryID noRun = cluster.redisClient().xadd(stream, XAddParams.xAddParams(), Map.of("note", "no run field"));
        Workload.Planned task = cluster.workload().task("short-1");
        cluster.runStore().insertManual(task.id(), Instant.now(), 3, Map.of());
        NodeProcess victim = cluster.busyWorker();
        victim.kill();
        Holds.hold(Duration.ofSeconds(2));
        cluster.replace(victim);
        try {
            await(cluster.name() + ": the malformed entries gone").atMost(CLEARED_WITHIN).pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions().until(() -> gone(cluster, stream, keys.consumerGroup(), notANumber)
                            && gone(cluster, stream, keys.consumerGroup(), noRun));
        } catch (ConditionTimeoutException e) {
            problems.add(stream + ": the malformed entries " + notANumber + " and " + noRun + " were not all acknowledged"
                    + " and deleted within " + CLEARED_WITHIN.toSeconds() + " s");
        }
    }

    /** Neither in the stream nor pending for any consumer of the group. */
    private static boolean gone(Cluster cluster, String stream, String group, StreamEntryID id) {
        boolean inStream = !cluster.redisClient().xrange(stream, id, id, 1).isEmpty();
        boolean pending = !cluster.redisClient().xpending(stream, group, XPendingParams.xPendingParams(id, id, 1)).isEmpty();
        return !inStream && !pending;
    }

    @Override
    public List<String> problems() {
        List<String> reported = List.copyOf(problems);
        problems.clear(); // each problem is reported once, however often the soak injects the fault
        return reported;
    }
}
