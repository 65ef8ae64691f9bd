package io.redcron.node.alert;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.config.GroupTargets;
import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.AlertSilences.NewSilence;
import io.redcron.store.mysql.MutableClock;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryAlertOutbox;
import io.redcron.testkit.InMemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Where an alert goes besides the node's own targets (its group's, its task's) and what silences it. */
class AlertRoutingAndSilencesTest {
    private static final AlertDispatcher.Timing TIMING = new AlertDispatcher.Timing(Duration.ofMillis(20),
            Duration.ofMillis(20), Duration.ofMinutes(1));

    private final WebhookReceiver receiver = new WebhookReceiver();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T12:00:00Z"));
    private final InMemoryAlertOutbox outbox = new InMemoryAlertOutbox();
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final String ns = "prod";
    private AlertDispatcher dispatcher;

    @AfterEach
    void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
        receiver.close();
    }

    @Test
    void aGroupsTargetsGetItsTasksAlertsAndItsOwnButNoOtherGroups() {
        dispatcher = dispatcher(Map.of("gpu", receiver.url("/gpu"), "etl", receiver.url("/etl")));

        dispatcher.raise(alert(AlertKind.RUN_FAILED, 7L, "train", 1L, "gpu"));
        dispatcher.raise(Alert.backlog("gpu", 4, clock.instant().minusSeconds(600), Duration.ofMinutes(5),
                clock.instant()));
        dispatcher.raise(alert(AlertKind.RUN_FAILED, 8L, "report", 2L, "default"));

        await().untilAsserted(() -> assertThat(outbox.delivered(ns)).isEqualTo(3));
        assertThat(receiver.received()).extracting(WebhookReceiver.Received::path)
                .containsExactlyInAnyOrder("/global", "/global", "/global", "/gpu", "/gpu");
    }

    @Test
    void aDeadRunRaisedWithoutItsTaskGetsTheTasksOwnerGroupAndTargets() {
        Task task = stores.tasks().create(TaskFixtures.shell(ns, "nightly").group("gpu").owner("alice")
                .alertTargets(List.of(receiver.url("/alice"))).build(), "ops");
        Run run = stores.runs().insertManual(task.id(), clock.instant(), 1, Map.of());
        dispatcher = dispatcher(Map.of("gpu", receiver.url("/gpu")));
        Alert raised = Alert.runEnded(AlertKind.RUN_DEAD, null, run, RunStatus.FAILED, "lost 3 times", null,
                clock.instant());

        Alert completed = new AlertRoutes(config(Map.of()), stores.tasks()::get, new AlertMetrics(meters), clock)
                .complete(raised);
        dispatcher.raise(raised);

        assertThat(raised.owner()).isNull();
        assertThat(completed.owner()).isEqualTo("alice");
        assertThat(completed.group()).isEqualTo("gpu");
        assertThat(completed.taskTargets()).containsExactly(receiver.url("/alice"));
        await().untilAsserted(() -> assertThat(receiver.received()).extracting(WebhookReceiver.Received::path)
                .containsExactlyInAnyOrder("/global", "/gpu", "/alice"));
    }

    @Test
    void aSilencedAlertIsRecordedAsSuchAndCountedButNotSent() {
        stores.silences().add(new NewSilence(ns, null, "gpu", "RUN_FAILED", clock.instant().plusSeconds(3600),
                "driver upgrade"), "alice");
        dispatcher = dispatcher(Map.of());

        dispatcher.raise(alert(AlertKind.RUN_FAILED, 7L, "train", 1L, "gpu"));
        dispatcher.raise(alert(AlertKind.RUN_TIMED_OUT, 7L, "train", 2L, "gpu"));
        dispatcher.raise(alert(AlertKind.RUN_FAILED, 8L, "report", 3L, "default"));

        await().untilAsserted(() -> assertThat(outbox.delivered(ns)).isEqualTo(3));
        assertThat(receiver.received()).hasSize(2);
        assertThat(meters.counter("redcron.alerts.silenced", "kind", "RUN_FAILED").count()).isOne();
        assertThat(outbox.notes(ns)).singleElement().asString().startsWith("silenced by silence 1 (group=gpu kind=RUN_FAILED)");
    }

    @Test
    void aSilenceEndedByHandLetsAlertsThroughOnceTheCacheIsRefreshed() {
        long id = stores.silences().add(new NewSilence(ns, "train", null, null, clock.instant().plusSeconds(3600),
                "noisy"), "alice").id();
        dispatcher = dispatcher(Map.of());
        dispatcher.raise(alert(AlertKind.RUN_FAILED, 7L, "train", 1L, "gpu"));
        await().untilAsserted(() -> assertThat(outbox.delivered(ns)).isOne());

        stores.silences().end(ns, id, "alice");
        clock.advance(ActiveSilences.REFRESH);
        dispatcher.raise(alert(AlertKind.RUN_FAILED, 7L, "train", 2L, "gpu"));

        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(1));
        assertThat(outbox.notes(ns)).hasSize(1);
    }

    private AlertDispatcher dispatcher(Map<String, String> groups) {
        return new AlertDispatcher(config(groups), outbox, ns, "node-a", clock, meters, stores.tasks()::get,
                new ActiveSilences(now -> stores.silences().active(ns, now), clock), TIMING);
    }

    private AlertConfig config(Map<String, String> groups) {
        GroupTargets targets = GroupTargets.parse(groups.entrySet().stream()
                .map(entry -> entry.getKey() + "=" + entry.getValue()).toList());
        return new AlertConfig(Optional.of((AlertTarget.Webhook) AlertTarget.parse(receiver.url("/global"))),
                Secret.of("whsec"), 5, Optional.empty(), Duration.ofMinutes(10), 100,
                List.of(Pattern.compile(Pattern.quote(receiver.url("/")) + ".*"))).withGroups(targets, Duration.ofMinutes(5));
    }

    private Alert alert(AlertKind kind, long taskId, String taskName, long runId, String group) {
        return new Alert(kind, clock.instant(), taskId, taskName, runId, null, "exit code 3",
                Map.of("attempt", "1"), List.of(), "bob", group);
    }
}
