package io.redcron.node.scale;

import io.redcron.domain.Task;
import io.redcron.testing.SentinelSetup;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * Two nodes on Redis Sentinel (primary, replica, three sentinels) while tasks fire every second:
 * a clean SENTINEL FAILOVER, then SIGKILL of the new primary. The nodes follow the sentinels to
 * each new primary, the reconciler re-queues what the killed primary took with it, and every fire
 * still runs exactly once.
 */
class SentinelFailoverIT {
    private static final int TASKS = 6;

    @TempDir
    Path dir;

    private SentinelSetup sentinel;
    private ScaleNodes nodes;

    @AfterEach
    void close() {
        if (nodes != null) {
            nodes.close();
        }
        if (sentinel != null) {
            sentinel.close();
        }
    }

    @Test
    void everyFireRunsExactlyOnceAcrossACleanFailoverAndAKilledPrimary() {
        sentinel = SentinelSetup.start(dir.resolve("redis"));
        nodes = new ScaleNodes(sentinel.settings(dir.resolve("secrets")), dir.resolve("secrets"));
        String namespace = TestRedis.freshNamespace();
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            tasks.add(nodes.everySecond(namespace, "tick-" + i));
        }
        nodes.start("node-a", namespace);
        nodes.start("node-b", namespace);
        Task probe = tasks.get(TASKS - 1);
        await().atMost(Duration.ofSeconds(30)).until(() -> nodes.runsOf(probe).size() >= 3);

        sentinel.failover();
        int afterFailover = nodes.runsOf(probe).size();
        await().atMost(Duration.ofSeconds(30)).until(() -> nodes.runsOf(probe).size() >= afterFailover + 3);

        sentinel.awaitReplicaInSync();
        sentinel.killPrimary();
        int afterKill = nodes.runsOf(probe).size();
        await().atMost(Duration.ofSeconds(30)).until(() -> nodes.runsOf(probe).size() >= afterKill + 3);

        nodes.disable(tasks);
        nodes.awaitAllFinal(tasks, Duration.ofSeconds(45));
        tasks.forEach(nodes::assertExactlyOnce);
        nodes.reportLateness("Sentinel failover and killed primary, 2 nodes", tasks);
    }
}
