package io.redcron.node.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.redcron.config.RedisConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunRequest;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.ops.RequestedRun;
import io.redcron.store.mysql.MysqlAuditLog;
import io.redcron.store.redis.RedisDeadLetters;
import io.redcron.store.redis.RedisEventBus;
import io.redcron.store.redis.RedisLiveOutput;
import io.redcron.store.redis.RedisRunQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** One-off runs on real nodes: started at their time, not before; one cancelled before it never runs. */
class OneOffRunsIT {
    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    private Operations operations() {
        return new Operations(new OperatorPorts(cluster.tasks(), cluster.runs(),
                new RedisRunQueue(cluster.redis(), cluster.keys()),
                new RedisEventBus(cluster.redis(), cluster.keys(), RedisConfig.fromUri("redis://127.0.0.1:6379")),
                new MysqlAuditLog(cluster.dataSource()), new RedisDeadLetters(cluster.redis(), cluster.keys()),
                new RedisLiveOutput(cluster.redis(), cluster.keys())), cluster.namespace(), "test", Clock.systemUTC());
    }

    @Test
    void aOneOffRunStartsAtItsTimeAndOneCancelledBeforeItNeverRuns() {
        Task task = cluster.add(cluster.shell("later", "0 0 0 1 1 ? 2099", "echo ran at $(date +%s%3N)"));
        cluster.start("node-a");
        Instant at = Instant.now().plusSeconds(5);

        RequestedRun kept = operations().trigger().request(task.name(), new RunRequest(Map.of(), at, null));
        RequestedRun dropped = operations().trigger().request(task.name(), new RunRequest(Map.of(), at, "dropped"));
        assertThat(kept.run().run().trigger()).isEqualTo(TriggerType.ONE_OFF);
        operations().cancel().cancel(dropped.run().run().id());

        await().atMost(Duration.ofSeconds(30)).until(() -> cluster.runs().get(kept.run().run().id()).orElseThrow()
                .status().isFinal());
        Run ran = cluster.runs().get(kept.run().run().id()).orElseThrow();
        assertThat(ran.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(ran.startedAt()).as("not before its time").isAfterOrEqualTo(ran.scheduledAt());
        assertThat(ran.attempt()).isEqualTo(1);
        Run cancelled = cluster.runs().get(dropped.run().run().id()).orElseThrow();
        assertThat(cancelled.status()).isEqualTo(RunStatus.CANCELLED);
        assertThat(cancelled.attempt()).as("never claimed").isZero();
        assertThat(operations().trigger().request(task.name(), new RunRequest(Map.of(), at, "dropped")).recorded())
                .as("its key still names it").isFalse();
    }
}
