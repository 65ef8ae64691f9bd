package io.redcron.node.alert;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.config.GroupTargets;
import io.redcron.config.Secret;
import io.redcron.domain.AlertRule;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.scheduler.BacklogWatch;
import io.redcron.node.scheduler.DeadManSwitch;
import io.redcron.node.testkit.ManualCluster;
import io.redcron.node.worker.SlowRunWatch;
import io.redcron.testkit.InMemoryAlertOutbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Each kind added with alert rules, provoked on a cluster driven by hand and delivered by the
 * node's dispatcher to a local HTTP server.
 */
class NewAlertKindsDeliveredTest {
    private final WebhookReceiver receiver = new WebhookReceiver();
    private final InMemoryAlertOutbox outbox = new InMemoryAlertOutbox();
    private AlertDispatcher dispatcher;
    private ManualCluster cluster;

    @AfterEach
    void stop() throws Exception {
        cluster.close();
        dispatcher.close();
        receiver.close();
    }

    @Test
    void recoveredSlowNoSuccessAndBacklogReachTheWebhook() {
        // The dispatcher reads the cluster's stores, the cluster raises into the dispatcher: a forwarding
        // sink ties them. Delivery goes by real time: the cluster's jumps would make its claims look lapsed.
        AlertSink[] sink = new AlertSink[1];
        cluster = new ManualCluster(ManualCluster.Settings.defaults().withLease(Duration.ofHours(2)),
                alert -> sink[0].raise(alert));
        dispatcher = new AlertDispatcher(config(), outbox, ManualCluster.NAMESPACE, "node-a", java.time.Clock.systemUTC(),
                new SimpleMeterRegistry(), cluster.stores().tasks()::get, ActiveSilences.NONE,
                new AlertDispatcher.Timing(Duration.ofMillis(20), Duration.ofMillis(20), Duration.ofMinutes(1)));
        sink[0] = dispatcher;

        Task flaky = cluster.add(task("flaky"));
        Run failed = cluster.trigger(flaky);
        cluster.workerIntake();
        cluster.fail(failed, "exit code 2");
        cluster.advance(Duration.ofSeconds(1));
        Run recovered = cluster.trigger(flaky);
        cluster.workerIntake();
        cluster.succeed(recovered);

        Task slow = cluster.add(task("slow"));
        cluster.stores().alertRules().change(ManualCluster.NAMESPACE, slow.id(),
                new AlertRule(Duration.ofMinutes(1), null, Duration.ofHours(1)), "alice");
        cluster.trigger(slow);
        cluster.workerIntake();
        cluster.advance(Duration.ofMinutes(2));
        new SlowRunWatch(cluster.worker(), ManualCluster.NAMESPACE, cluster.stores().alertRules(),
                cluster.stores().statistics(), sink[0], cluster.clock()).run();

        Task waiting = cluster.add(task("waiting").group("etl"));
        cluster.trigger(waiting);
        cluster.advance(Duration.ofHours(1));
        new DeadManSwitch(ManualCluster.NAMESPACE, cluster.stores().alertRules(), cluster.stores().tasks(),
                cluster.stores().runs(), sink[0], () -> true, cluster.clock()).run();
        new BacklogWatch(ManualCluster.NAMESPACE, cluster.stores().scheduler(), cluster.stores().recovery(), sink[0],
                Duration.ofMinutes(5), Duration.ofMinutes(10), () -> true, cluster.clock()).run();

        await().untilAsserted(() -> assertThat(receiver.received()).extracting(r -> r.header("X-Redcron-Event"))
                .containsExactlyInAnyOrder("RUN_FAILED", "RUN_RECOVERED", "RUN_SLOW", "NO_SUCCESS", "BACKLOG"));
        assertThat(receiver.received()).filteredOn(r -> "RUN_RECOVERED".equals(r.header("X-Redcron-Event")))
                .singleElement().satisfies(r -> assertThat(r.body()).contains("\"previousStatus\":\"FAILED\"")
                        .contains("\"runId\":" + recovered.id()));
    }

    private AlertConfig config() {
        return new AlertConfig(Optional.of((AlertTarget.Webhook) AlertTarget.parse(receiver.url("/hook"))),
                Secret.of("whsec"), 5, Optional.empty(), Duration.ofMinutes(10), 100,
                List.of(Pattern.compile(Pattern.quote(receiver.url("/")) + ".*")))
                .withGroups(GroupTargets.parse(List.of()), Duration.ofMinutes(5));
    }

    private static Task.Builder task(String name) {
        return Task.builder().name(name).cron("0 12 * * *").concurrencyPolicy(ConcurrencyPolicy.ALLOW);
    }
}
