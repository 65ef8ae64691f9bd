package io.redcron.node.scale;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * A node on a replicated MariaDB pair through Connector/J's failover URL
 * ({@code jdbc:mysql://primary,replica/db?failOverReadOnly=false}): the primary dies, an operator
 * promotes the replica, and the node goes on scheduling and running on it without a restart,
 * every fire still recorded once.
 */
class MysqlSwitchIT {
    @TempDir
    Path dir;

    private ReplicatedMariaDb databases;
    private ScaleNodes nodes;

    @AfterEach
    void close() {
        if (nodes != null) {
            nodes.close();
        }
        if (databases != null) {
            databases.close();
        }
    }

    @Test
    void theNodeFollowsAPrimarySwitchThroughTheFailoverUrl() throws Exception {
        databases = ReplicatedMariaDb.start(dir.resolve("mariadb"));
        MysqlConfig failover = MysqlConfig.of(databases.failoverUrl(), "root", Secret.NONE).withPoolSize(4)
                .withConnectTimeout(Duration.ofSeconds(3));
        nodes = new ScaleNodes(failover, Map.of("redis.uri", TestRedis.uri(), "mysql.connect-timeout", "3s"),
                dir.resolve("secrets"));
        String namespace = TestRedis.freshNamespace();
        Task tick = nodes.everySecond(namespace, "tick");
        nodes.start("node-a", namespace);
        await().atMost(Duration.ofSeconds(30)).until(() -> succeeded(tick) >= 3);

        databases.awaitReplicaCaughtUp();
        databases.switchToReplica();
        Instant switched = Instant.now();

        await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> nodes.runsOf(tick).stream()
                .filter(run -> run.status() == RunStatus.SUCCEEDED && run.finishedAt().isAfter(switched.plusSeconds(1)))
                .count() >= 3);
        nodes.disable(List.of(tick));
        nodes.awaitAllFinal(List.of(tick), Duration.ofSeconds(45));
        nodes.assertExactlyOnce(tick);
        nodes.reportLateness("MariaDB primary switch", List.of(tick));
    }

    private long succeeded(Task task) {
        return nodes.runsOf(task).stream().map(Run::status).filter(RunStatus.SUCCEEDED::equals).count();
    }
}
