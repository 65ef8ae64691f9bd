package io.redcron.node.scale;

import io.redcron.domain.Task;
import io.redcron.testing.ClusterSetup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two nodes, each serving two namespaces whose keys live on different primaries of a six-process
 * Redis Cluster, while tasks of both fire every second: a CLUSTER FAILOVER under one namespace, then
 * SIGKILL of the other's primary. Every fire of every task still runs exactly once.
 */
class ClusterFailoverIT {
    private static final int TASKS_PER_NAMESPACE = 4;

    @TempDir
    Path dir;

    private ClusterSetup cluster;
    private ScaleNodes nodes;

    @AfterEach
    void close() {
        if (nodes != null) {
            nodes.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void everyFireOfTwoNamespacesOnTwoShardsRunsExactlyOnceAcrossPrimaryFailovers() {
        cluster = ClusterSetup.start(dir.resolve("redis"));
        String first = ClusterSetup.namespaceOnShard(0);
        String second = ClusterSetup.namespaceOnShard(1);
        assertThat(cluster.primaryOf(first)).isNotSameAs(cluster.primaryOf(second));
        nodes = new ScaleNodes(cluster.settings(), dir.resolve("secrets"));
        List<Task> tasks = new ArrayList<>();
        for (int i = 0; i < TASKS_PER_NAMESPACE; i++) {
            tasks.add(nodes.everySecond(first, "tick-" + i));
            tasks.add(nodes.everySecond(second, "tick-" + i));
        }
        nodes.start("node-a", first + "," + second);
        nodes.start("node-b", first + "," + second);
        Task probeFirst = tasks.get(0);
        Task probeSecond = tasks.get(1);
        await().atMost(Duration.ofSeconds(30)).until(() -> nodes.runsOf(probeFirst).size() >= 3
                && nodes.runsOf(probeSecond).size() >= 3);

        cluster.failover(first);
        int firstAfterFailover = nodes.runsOf(probeFirst).size();
        await().atMost(Duration.ofSeconds(30)).until(() -> nodes.runsOf(probeFirst).size() >= firstAfterFailover + 3);

        cluster.killPrimaryOf(second);
        int secondAfterKill = nodes.runsOf(probeSecond).size();
        await().atMost(Duration.ofSeconds(30)).until(() -> nodes.runsOf(probeSecond).size() >= secondAfterKill + 3);

        nodes.disable(tasks);
        nodes.awaitAllFinal(tasks, Duration.ofSeconds(45));
        tasks.forEach(nodes::assertExactlyOnce);
        nodes.reportLateness("Cluster failover and killed primary, 2 nodes x 2 namespaces", tasks);
    }
}
